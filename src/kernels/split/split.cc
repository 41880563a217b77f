// SPLIT glue: input 1 cut into NumOutputs() equal parts along a constant axis (input 0, one INT32 value; TFLM
// refuses a runtime axis too). TFLM sizes every part from output 0, so outputs of different sizes are
// refused. num_splits is parsed and, as in TFLM, not used: the outputs are the parts.
#include <cstdint>

#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/split/split_common.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) < 1) {
    TF_LITE_KERNEL_LOG(context, "SPLIT: %d inputs and %d outputs given (2: axis, input; at least 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor axis_tensor(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 1));
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SPLIT: input tensor is missing");
    return kTfLiteError;
  }
  const int rank = input->dims->size;
  int axis = 0;
  TF_LITE_ENSURE_STATUS(ReadConstantAxis(context, "SPLIT", axis_tensor.get(), rank, rank, &axis));
  auto* data = static_cast<SplitOpData*>(node->user_data);
  data->input_index = 1;
  TF_LITE_ENSURE_STATUS(PrepareSplit(context, node, "SPLIT", SplitKind::kKeepAxis, input.get(), axis, data));
  for (int i = 1; i < data->num_outputs; ++i) {
    if (data->chunk_bytes[i] != data->chunk_bytes[0]) {
      TF_LITE_KERNEL_LOG(context,
                         "SPLIT: output %d differs in size from output 0 along axis %d (the parts of SPLIT "
                         "are equal; SPLIT_V takes sizes)",
                         i, axis);
      return kTfLiteError;
    }
  }
  ReportKernelVariant(context, "split/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SPLIT (PLAIN, "split/any/reference", InitOpData<SplitOpData>, Prepare, EvalSplit)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSplit(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSplitParams>(allocator, "SPLIT");
  if (params == nullptr) return kTfLiteError;
  const schema::SplitOptions* options = op->builtin_options_as_SplitOptions();
  if (options != nullptr) params->num_splits = options->num_splits();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
