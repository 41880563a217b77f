// EXPAND_DIMS glue: inserts a size-1 dimension at a constant axis (input 1, one INT32 value, negative axes
// counting from the end of the output shape, as TFLM); the data is the input's bytes (byte_copy_op.h). Types
// as TFLM's kernel: FLOAT32, INT8, INT16. TFLM refuses a non-constant axis too; it does not range-check a
// negative axis, which mote refuses instead of reading outside the shape.
#include <cstdint>

#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/reshape/byte_copy_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

bool ExpandDimsType(TfLiteType type) { return type == kTfLiteFloat32 || type == kTfLiteInt8 || type == kTfLiteInt16; }
constexpr ByteCopyTypes kExpandDimsTypes = {ExpandDimsType, "FLOAT32, INT8, INT16"};

bool IsInsertedOne(const TfLiteIntArray* in, int axis, const TfLiteIntArray* out) {
  if (out->size != in->size + 1 || out->data[axis] != 1) return false;
  for (int d = 0; d < in->size; ++d) {
    if (out->data[d < axis ? d : d + 1] != in->data[d]) return false;
  }
  return true;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "EXPAND_DIMS: %d inputs and %d outputs given (2: tensor, axis; 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor axis_tensor(context, micro_context->AllocateTempInputTensor(node, 1));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "EXPAND_DIMS: missing input or output tensor");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareByteCopy(context, "EXPAND_DIMS", kExpandDimsTypes, input.get(), output.get(),
                                        static_cast<ByteCopyOpData*>(node->user_data)));
  const int rank = input->dims->size;
  int axis = 0;
  TF_LITE_ENSURE_STATUS(ReadConstantAxis(context, "EXPAND_DIMS", axis_tensor.get(), rank + 1, rank, &axis));
  if (!IsInsertedOne(input->dims, axis, output->dims)) {
    TF_LITE_KERNEL_LOG(context, "EXPAND_DIMS: the output shape is not the input shape with a 1 inserted at %d", axis);
    return kTfLiteError;
  }
  ReportKernelVariant(context, "expand_dims/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_EXPAND_DIMS (PLAIN, "expand_dims/any/reference", InitOpData<ByteCopyOpData>, Prepare, EvalByteCopy)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
