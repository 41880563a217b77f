// ASSIGN_VARIABLE: copies input 1 into a resource variable. The first assignment's prepare sizes the variable
// (persistent arena memory, filled with the value's zero point, TFLM's default); later ones must match it.
#include "kernels/glue/registration.h"
#include "kernels/resource_variables/resource_id.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

struct OpData {
  MicroResourceVariables* variables;
  int32_t resource_id;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  if (NumInputs(node) != 2 || NumOutputs(node) != 0) {
    TF_LITE_KERNEL_LOG(context, "ASSIGN_VARIABLE: the node has %d inputs and %d outputs (it takes 2 and none)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareResourceId(context, node, "ASSIGN_VARIABLE", &data->variables, &data->resource_id));
  TfLiteTensor* value = GetMicroContext(context)->AllocateTempInputTensor(node, 1);
  if (value == nullptr) {
    TF_LITE_KERNEL_LOG(context, "ASSIGN_VARIABLE: input 1 (the value) is missing");
    return kTfLiteError;
  }
  return data->variables->Allocate(data->resource_id, context, value);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* value = micro::GetEvalInput(context, node, 1);
  const size_t bytes = static_cast<size_t>(ElementCount(*value->dims)) * TfLiteTypeSizeOf(value->type);
  return data->variables->Assign(data->resource_id, bytes, value->data.data);
}

}  // namespace

#define MOTE_KERNEL_ASSIGN_VARIABLE (PLAIN, "assign_variable/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
