// IF: runs the then- or else-subgraph on the node's inputs 1.. (input 0 is the bool condition) and copies the
// branch's outputs into the node's. TFLM's kernel copies through two persistent intermediate buffers because it
// plans the subgraphs apart; mote's planner keeps a called subgraph's inputs and outputs apart from the caller's
// tensors (mote/micro_graph.h), so the copies are direct and cost no persistent bytes.
#include "kernels/glue/bool_byte.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/subgraph_io.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

struct OpData {
  int then_subgraph_index;
  int else_subgraph_index;
};

TfLiteStatus CheckBranch(TfLiteContext* context, const TfLiteNode* node, int subgraph) {
  TF_LITE_ENSURE_STATUS(CheckSubgraphTensors(context, "IF", node->inputs, 1, "input", subgraph, SubgraphSide::kInputs));
  return CheckSubgraphTensors(context, "IF", node->outputs, 0, "output", subgraph, SubgraphSide::kOutputs);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteIfParams*>(node->builtin_data);
  data->then_subgraph_index = params->then_subgraph_index;
  data->else_subgraph_index = params->else_subgraph_index;
  if (NumInputs(node) < 1) {
    TF_LITE_KERNEL_LOG(context, "IF: the node has no inputs (input 0 is the condition)");
    return kTfLiteError;
  }
  const TfLiteEvalTensor* cond = micro::GetEvalInput(context, node, 0);
  if (cond == nullptr || cond->type != kTfLiteBool || ElementCount(*cond->dims) != 1) {
    TF_LITE_KERNEL_LOG(context, "IF: the condition (input 0) must be a bool tensor of one element");
    return kTfLiteError;
  }
  // Indices were range-checked at load (CheckSubgraphCalls); TFLM checks the then-branch's counts only, and
  // an else-branch that differs would be read out of bounds.
  TF_LITE_ENSURE_STATUS(CheckBranch(context, node, data->then_subgraph_index));
  return CheckBranch(context, node, data->else_subgraph_index);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  // The condition's byte may be any value (a graph input): read it as a byte, never load it as a C++ bool.
  const bool cond = AsBoolBytes(micro::GetEvalInput(context, node, 0)->data.b)[0];
  const int branch = cond ? data->then_subgraph_index : data->else_subgraph_index;
  CopyToSubgraphInputs(context, node->inputs, 1, branch);
  TF_LITE_ENSURE_STATUS(GetMicroContext(context)->graph().InvokeSubgraph(branch));
  CopyFromSubgraphOutputs(context, node->outputs, branch);
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseIf(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteIfParams>(allocator, "IF");
  if (params == nullptr) return kTfLiteError;
  if (const schema::IfOptions* options = op->builtin_options_as_IfOptions()) {
    params->then_subgraph_index = options->then_subgraph_index();
    params->else_subgraph_index = options->else_subgraph_index();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_IF (PLAIN, "if/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
