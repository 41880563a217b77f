// SPLIT_V glue: input 0 cut along a constant axis (input 2, one INT32 value; TFLM refuses a runtime axis too)
// into parts of the output tensors' sizes. The size_splits input (1) is not read, as in TFLM, which sizes the
// parts from the outputs' shapes: it may be a runtime tensor, and values that disagree with the outputs change
// nothing. num_splits is parsed and not used, as in TFLM.
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
  if (NumInputs(node) != 3 || NumOutputs(node) < 1) {
    TF_LITE_KERNEL_LOG(context, "SPLIT_V: %d inputs and %d outputs given (3: input, size_splits, axis; at least 1)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor axis_tensor(context, micro_context->AllocateTempInputTensor(node, 2));
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SPLIT_V: input tensor is missing");
    return kTfLiteError;
  }
  const int rank = input->dims->size;
  int axis = 0;
  TF_LITE_ENSURE_STATUS(ReadConstantAxis(context, "SPLIT_V", axis_tensor.get(), rank, rank, &axis));
  auto* data = static_cast<SplitOpData*>(node->user_data);
  data->input_index = 0;
  TF_LITE_ENSURE_STATUS(PrepareSplit(context, node, "SPLIT_V", SplitKind::kKeepAxis, input.get(), axis, data));
  ReportKernelVariant(context, "split_v/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SPLIT_V (PLAIN, "split_v/any/reference", InitOpData<SplitOpData>, Prepare, EvalSplit)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSplitV(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSplitVParams>(allocator, "SPLIT_V");
  if (params == nullptr) return kTfLiteError;
  const schema::SplitVOptions* options = op->builtin_options_as_SplitVOptions();
  if (options != nullptr) params->num_splits = options->num_splits();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
