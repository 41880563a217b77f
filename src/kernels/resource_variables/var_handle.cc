// VAR_HANDLE: the id of the resource variable (container, shared_name), created in the interpreter's table
// on first use; its output tensor points at the id (TFLM's scheme), so it needs no arena memory.
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/micro_resource_variable.h"

namespace mote {
namespace {

struct OpData {
  int32_t resource_id;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteVarHandleParams*>(node->builtin_data);
  MicroResourceVariables* variables = GetMicroContext(context)->graph().GetResourceVariables();
  if (variables == nullptr) {
    TF_LITE_KERNEL_LOG(context, "VAR_HANDLE requires resource variables. Please create ResourceVariables and pass "
                       "it to the interpreter.");
    return kTfLiteError;
  }
  TfLiteEvalTensor* output = NumOutputs(node) == 1 ? micro::GetEvalOutput(context, node, 0) : nullptr;
  // The output points at 4 bytes of op data: a bigger tensor would be read past them.
  if (output == nullptr || (output->type != kTfLiteResource && output->type != kTfLiteInt32) ||
      ElementCount(*output->dims) != 1) {
    TF_LITE_KERNEL_LOG(context, "VAR_HANDLE: the node must have one output, a RESOURCE (or INT32) tensor of one "
                       "element");
    return kTfLiteError;
  }
  data->resource_id = variables->CreateIdIfNoneFound(params->container, params->shared_name);
  if (data->resource_id < 0) return kTfLiteError;  // table full, reported
  output->data.i32 = &data->resource_id;
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext*, TfLiteNode*) {
  return kTfLiteOk;  // the output has pointed at the id since prepare
}

}  // namespace

TfLiteStatus ParseVarHandle(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteVarHandleParams>(allocator, "VAR_HANDLE");
  if (params == nullptr) return kTfLiteError;
  if (const schema::VarHandleOptions* options = op->builtin_options_as_VarHandleOptions()) {
    // The strings live in the model, which outlives the interpreter.
    params->container = options->container() != nullptr ? options->container()->c_str() : nullptr;
    params->shared_name = options->shared_name() != nullptr ? options->shared_name()->c_str() : nullptr;
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_VAR_HANDLE (PLAIN, "var_handle/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
