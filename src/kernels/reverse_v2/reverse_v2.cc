// REVERSE_V2 glue. Inputs: 0 input (FLOAT32, INT8, UINT8, INT16, INT32, INT64, BOOL, as TFLM), 1 axis (INT32,
// 1-D, 1..rank values). As TFLM, the axes may be negative and must be distinct and contiguous once sorted.
// A constant axis tensor is checked in prepare. A runtime one, which TFLM reads at invoke, is checked there
// too: invoke then ends with "REVERSE_V2: axis ... " instead of copying (a cheap check over at most 8
// values, the one exception to "invoke never validates").
#include <cstdint>

#include "kernels/glue/data_movement.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/reverse_v2/reverse_v2_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "REVERSE_V2";
constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8) | TypeBit(kTfLiteUInt8) |
                           TypeBit(kTfLiteInt16) | TypeBit(kTfLiteInt32) | TypeBit(kTfLiteInt64) |
                           TypeBit(kTfLiteBool);

struct OpData {
  StridedCopyOpData copy;  // first: EvalStridedCopy reads it
  bool constant_axis;
  int rank;
  int32_t dims[RuntimeShape::kMaxDims];
};

void LogBadAxes(TfLiteContext* context, int count, int rank) {
  TF_LITE_KERNEL_LOG(context,
                     "REVERSE_V2: the %d axis values must be distinct, in [-%d, %d) and contiguous once sorted",
                     count, rank, rank);
}

TfLiteStatus CheckAxisTensor(TfLiteContext* context, const TfLiteTensor* axis, int rank) {
  if (axis->type != kTfLiteInt32 || axis->dims->size != 1) {
    TF_LITE_KERNEL_LOG(context, "REVERSE_V2: axis must be a 1-D INT32 tensor");
    return kTfLiteError;
  }
  if (axis->dims->data[0] < 1 || axis->dims->data[0] > rank) {
    TF_LITE_KERNEL_LOG(context, "REVERSE_V2: axis has %d values for an input of %d dimensions (1..%d)",
                       axis->dims->data[0], rank, rank);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* axis,
                            const TfLiteTensor* output, OpData* data) {
  if (input == nullptr || axis == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "REVERSE_V2: input, axis and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, input, output, kTypes,
                                        "FLOAT32, INT8, UINT8, INT16, INT32, INT64, BOOL"));
  const int rank = input->dims->size;
  TF_LITE_ENSURE_STATUS(CheckAxisTensor(context, axis, rank));
  TF_LITE_ENSURE_STATUS(CheckOutputShape(context, kOp, output, input->dims));
  data->rank = rank;
  for (int d = 0; d < rank; ++d) data->dims[d] = input->dims->data[d];
  data->copy.element_size = TfLiteTypeSizeOf(input->type);
  data->constant_axis = IsConstantTensor(axis) && axis->data.raw != nullptr;
  if (!data->constant_axis) return kTfLiteOk;
  uint32_t bits = 0;
  if (!reference::ReverseAxesValid(GetTensorData<int32_t>(axis), axis->dims->data[0], rank, &bits)) {
    LogBadAxes(context, axis->dims->data[0], rank);
    return kTfLiteError;
  }
  reference::MakeReversePlan(data->dims, rank, bits, &data->copy.plan);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "REVERSE_V2: %d inputs and %d outputs given (input, axis; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor axis(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(
      PrepareTensors(context, input.get(), axis.get(), output.get(), static_cast<OpData*>(node->user_data)));
  ReportKernelVariant(context, "reverse_v2/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto& data = *static_cast<OpData*>(node->user_data);
  if (!data.constant_axis) {  // runtime axes: the bounds check TFLM also makes at invoke
    const TfLiteEvalTensor* axis = micro::GetEvalInput(context, node, 1);
    const int count = axis->dims->data[0];
    uint32_t bits = 0;
    if (!reference::ReverseAxesValid(micro::GetTensorData<int32_t>(axis), count, data.rank, &bits)) {
      LogBadAxes(context, count, data.rank);
      return kTfLiteError;
    }
    reference::MakeReversePlan(data.dims, data.rank, bits, &data.copy.plan);
  }
  return EvalStridedCopy(context, node);
}

}  // namespace

#define MOTE_KERNEL_REVERSE_V2 (PLAIN, "reverse_v2/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
