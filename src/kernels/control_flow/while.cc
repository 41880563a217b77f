// WHILE: loop state is the node's outputs. The inputs seed them, the condition subgraph reads them (its output
// 0, a bool, decides), the body subgraph maps them to the next state, as TFLM's kernel does. A condition that
// never turns false runs for as long as the model says (TFLM's behaviour) unless the application bounds it
// (MicroInterpreter::SetMaxLoopIterations).
#include "kernels/glue/bool_byte.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/subgraph_io.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

struct OpData {
  int cond_subgraph_index;
  int body_subgraph_index;
};

TfLiteStatus CheckCondition(TfLiteContext* context, const TfLiteNode* node, int cond) {
  TF_LITE_ENSURE_STATUS(CheckSubgraphTensors(context, "WHILE", node->inputs, 0, "input", cond, SubgraphSide::kInputs));
  const TfLiteEvalTensor* out = GetMicroContext(context)->graph().GetSubgraphOutput(cond, 0);
  if (out == nullptr || out->type != kTfLiteBool || ElementCount(*out->dims) < 1) {
    TF_LITE_KERNEL_LOG(context, "WHILE: the condition subgraph %d must output a bool tensor (its output 0)", cond);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteWhileParams*>(node->builtin_data);
  data->cond_subgraph_index = params->cond_subgraph_index;
  data->body_subgraph_index = params->body_subgraph_index;
  if (NumInputs(node) != NumOutputs(node)) {
    TF_LITE_KERNEL_LOG(context, "WHILE: the node has %d inputs but %d outputs (they must match)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  // The inputs seed the outputs: pairwise the same type and size (subgraph indices were checked at load).
  TF_LITE_ENSURE_STATUS(CheckSubgraphTensors(context, "WHILE", node->inputs, 0, "input", data->body_subgraph_index,
                                             SubgraphSide::kInputs));
  TF_LITE_ENSURE_STATUS(CheckSubgraphTensors(context, "WHILE", node->outputs, 0, "output", data->body_subgraph_index,
                                             SubgraphSide::kInputs));
  TF_LITE_ENSURE_STATUS(CheckSubgraphTensors(context, "WHILE", node->outputs, 0, "output", data->body_subgraph_index,
                                             SubgraphSide::kOutputs));
  return CheckCondition(context, node, data->cond_subgraph_index);
}

TfLiteStatus RunCondition(TfLiteContext* context, int cond, const TfLiteIntArray* state, bool* value) {
  MicroGraph& graph = GetMicroContext(context)->graph();
  CopyToSubgraphInputs(context, state, 0, cond);
  TF_LITE_ENSURE_STATUS(graph.InvokeSubgraph(cond));
  *value = AsBoolBytes(graph.GetSubgraphOutput(cond, 0)->data.b)[0];
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  MicroGraph& graph = GetMicroContext(context)->graph();
  const uint32_t limit = graph.max_loop_iterations();
  CopyNodeTensors(context, node->inputs, 0, node->outputs);
  bool more = false;
  TF_LITE_ENSURE_STATUS(RunCondition(context, data->cond_subgraph_index, node->outputs, &more));
  for (uint32_t iterations = 0; more; ++iterations) {
    if (limit != 0 && iterations == limit) {
      TF_LITE_KERNEL_LOG(context, "WHILE: the loop reached the interpreter's limit of %u iterations "
                         "(MicroInterpreter::SetMaxLoopIterations)", static_cast<unsigned>(limit));
      return kTfLiteError;
    }
    CopyToSubgraphInputs(context, node->outputs, 0, data->body_subgraph_index);
    TF_LITE_ENSURE_STATUS(graph.InvokeSubgraph(data->body_subgraph_index));
    CopyFromSubgraphOutputs(context, node->outputs, data->body_subgraph_index);
    TF_LITE_ENSURE_STATUS(RunCondition(context, data->cond_subgraph_index, node->outputs, &more));
  }
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseWhile(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteWhileParams>(allocator, "WHILE");
  if (params == nullptr) return kTfLiteError;
  if (const schema::WhileOptions* options = op->builtin_options_as_WhileOptions()) {
    params->cond_subgraph_index = options->cond_subgraph_index();
    params->body_subgraph_index = options->body_subgraph_index();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_WHILE (PLAIN, "while/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
