// READ_VARIABLE: copies a resource variable's value into the output. Prepare checks the id and that the
// output's size is the variable's (the interpreter then refuses variables read but never assigned).
#include "kernels/glue/registration.h"
#include "kernels/resource_variables/resource_id.h"
#include "mote/kernel_util.h"

namespace mote {
namespace {

struct OpData {
  MicroResourceVariables* variables;
  int32_t resource_id;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "READ_VARIABLE: the node has %d inputs and %d outputs (it takes 1 and 1)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareResourceId(context, node, "READ_VARIABLE", &data->variables, &data->resource_id));
  const TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  const size_t bytes = static_cast<size_t>(ElementCount(*output->dims)) * TfLiteTypeSizeOf(output->type);
  return data->variables->NoteRead(data->resource_id, bytes);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  return data->variables->Read(data->resource_id, micro::GetEvalOutput(context, node, 0));
}

}  // namespace

#define MOTE_KERNEL_READ_VARIABLE (PLAIN, "read_variable/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
