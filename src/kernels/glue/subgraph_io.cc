#include "kernels/glue/subgraph_io.h"

#include <cstring>

#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

size_t Bytes(const TfLiteEvalTensor& t) {
  return static_cast<size_t>(ElementCount(*t.dims)) * TfLiteTypeSizeOf(t.type);
}

void Move(TfLiteEvalTensor* to, const TfLiteEvalTensor* from) {
  const size_t bytes = Bytes(*from);
  if (bytes > 0 && to->data.raw != from->data.raw) std::memmove(to->data.raw, from->data.raw, bytes);
}

}  // namespace

TfLiteStatus CheckSubgraphTensors(TfLiteContext* context, const char* op, const TfLiteIntArray* tensors, int first,
                                  const char* what, int subgraph, SubgraphSide side) {
  MicroGraph& graph = GetMicroContext(context)->graph();
  const bool inputs = side == SubgraphSide::kInputs;
  const char* side_name = inputs ? "input" : "output";
  const int count = static_cast<int>(inputs ? graph.NumSubgraphInputs(subgraph) : graph.NumSubgraphOutputs(subgraph));
  if (tensors->size - first != count) {
    TF_LITE_KERNEL_LOG(context, "%s: subgraph %d has %d %ss but the node passes %d", op, subgraph, count, side_name,
                       tensors->size - first);
    return kTfLiteError;
  }
  for (int i = 0; i < count; ++i) {
    const TfLiteEvalTensor* mine = context->GetEvalTensor(context, tensors->data[first + i]);
    const TfLiteEvalTensor* theirs = inputs ? graph.GetSubgraphInput(subgraph, i) : graph.GetSubgraphOutput(subgraph, i);
    if (mine == nullptr) {
      TF_LITE_KERNEL_LOG(context, "%s: %s %d is missing", op, what, first + i);
      return kTfLiteError;
    }
    if (mine->type != theirs->type) {
      TF_LITE_KERNEL_LOG(context, "%s: %s %d is %s but subgraph %d's %s %d is %s", op, what, first + i,
                         TfLiteTypeGetName(mine->type), subgraph, side_name, i, TfLiteTypeGetName(theirs->type));
      return kTfLiteError;
    }
    if (Bytes(*mine) != Bytes(*theirs)) {
      TF_LITE_KERNEL_LOG(context, "%s: %s %d holds %u bytes but subgraph %d's %s %d holds %u bytes", op, what,
                         first + i, static_cast<unsigned>(Bytes(*mine)), subgraph, side_name, i,
                         static_cast<unsigned>(Bytes(*theirs)));
      return kTfLiteError;
    }
    // Before the plan only constants and variables have data: neither may be written by a copy.
    if (inputs && theirs->data.data != nullptr) {
      TF_LITE_KERNEL_LOG(context,
                         "%s: subgraph %d's input %d is a constant or variable tensor: the node cannot pass a value "
                         "into it",
                         op, subgraph, i);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

void CopyToSubgraphInputs(TfLiteContext* context, const TfLiteIntArray* tensors, int first, int subgraph) {
  MicroGraph& graph = GetMicroContext(context)->graph();
  for (int i = 0; first + i < tensors->size; ++i)
    Move(graph.GetSubgraphInput(subgraph, i), context->GetEvalTensor(context, tensors->data[first + i]));
}

void CopyFromSubgraphOutputs(TfLiteContext* context, const TfLiteIntArray* tensors, int subgraph) {
  MicroGraph& graph = GetMicroContext(context)->graph();
  for (int i = 0; i < tensors->size; ++i)
    Move(context->GetEvalTensor(context, tensors->data[i]), graph.GetSubgraphOutput(subgraph, i));
}

void CopyNodeTensors(TfLiteContext* context, const TfLiteIntArray* from, int first, const TfLiteIntArray* to) {
  for (int i = 0; i < to->size; ++i)
    Move(context->GetEvalTensor(context, to->data[i]), context->GetEvalTensor(context, from->data[first + i]));
}

}  // namespace mote
