#include "kernels/resource_variables/resource_id.h"

#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {

TfLiteStatus PrepareResourceId(TfLiteContext* context, const TfLiteNode* node, const char* op,
                               MicroResourceVariables** variables, int32_t* id) {
  *variables = GetMicroContext(context)->graph().GetResourceVariables();
  if (*variables == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s requires resource variables. Please create ResourceVariables and pass it to the "
                       "interpreter.", op);
    return kTfLiteError;
  }
  const TfLiteEvalTensor* handle = NumInputs(node) > 0 ? micro::GetEvalInput(context, node, 0) : nullptr;
  if (handle == nullptr || (handle->type != kTfLiteResource && handle->type != kTfLiteInt32) ||
      ElementCount(*handle->dims) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: input 0 must be a RESOURCE (or INT32) tensor of one element", op);
    return kTfLiteError;
  }
  if (handle->data.data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input 0 is not produced by a VAR_HANDLE earlier in this subgraph (the resource "
                       "id must be known when the model is prepared)", op);
    return kTfLiteError;
  }
  *id = handle->data.i32[0];
  if ((*variables)->variable(*id) == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: resource variable %d does not exist", op, static_cast<int>(*id));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace mote
