// CALL_ONCE: runs its init subgraph on the first Invoke() (resource-variable initialisers in converted models).
// Like TFLM's kernel it has no reset: after Reset() the init subgraph does not run again (the variables it set
// go back to their defaults with the others).
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

struct OpData {
  int init_subgraph_index;
  bool has_run;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  data->init_subgraph_index = static_cast<const TfLiteCallOnceParams*>(node->builtin_data)->init_subgraph_index;
  data->has_run = false;
  if (NumInputs(node) != 0 || NumOutputs(node) != 0) {
    TF_LITE_KERNEL_LOG(context, "CALL_ONCE: the node has %d inputs and %d outputs (it takes none)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  // The interpreter range-checked the index at load (CheckSubgraphCalls); a kernel run alone (KernelRunner's
  // mock graph) is checked here, as TFLM does.
  const int subgraphs = GetMicroContext(context)->graph().NumSubgraphs();
  if (data->init_subgraph_index < 0 || data->init_subgraph_index >= subgraphs) {
    TF_LITE_KERNEL_LOG(context, "CALL_ONCE: init subgraph %d does not exist (the model has %d)",
                       data->init_subgraph_index, subgraphs);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  if (data->has_run) return kTfLiteOk;
  TF_LITE_ENSURE_STATUS(GetMicroContext(context)->graph().InvokeSubgraph(data->init_subgraph_index));
  data->has_run = true;
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseCallOnce(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteCallOnceParams>(allocator, "CALL_ONCE");
  if (params == nullptr) return kTfLiteError;
  if (const schema::CallOnceOptions* options = op->builtin_options_as_CallOnceOptions()) {
    params->init_subgraph_index = options->init_subgraph_index();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_CALL_ONCE (PLAIN, "call_once/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
