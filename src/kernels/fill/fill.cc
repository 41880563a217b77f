// FILL glue: the output, of the model's shape, filled with a scalar value (input 1, of the output's type:
// FLOAT32, INT8 or INT32, the types TFLM's kernel fills). The dims input (0) is checked when its values are
// known at prepare (a constant, or any tensor with data then, as TFLM checks `dims->data.data != nullptr`):
// 1-D, INT8/INT16/INT32/INT64, equal to the output's dims (which is how negative or huge dims are refused).
// A dims tensor computed at run time is accepted unchecked, as in TFLM: Eval never reads it, the output's
// shape is the model's.
#include <cstdint>

#include "kernels/fill/fill_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kDimsTensor = 0;
constexpr int kValueTensor = 1;

struct OpData {
  int64_t count;  // output elements
};

int64_t DimsValue(const TfLiteTensor* dims, int i) {
  switch (dims->type) {
    case kTfLiteInt8:
      return GetTensorData<int8_t>(dims)[i];
    case kTfLiteInt16:
      return GetTensorData<int16_t>(dims)[i];
    case kTfLiteInt32:
      return GetTensorData<int32_t>(dims)[i];
    default:
      return GetTensorData<int64_t>(dims)[i];
  }
}

TfLiteStatus CheckDims(TfLiteContext* context, const TfLiteTensor* dims, const TfLiteIntArray* out) {
  if (dims->type != kTfLiteInt8 && dims->type != kTfLiteInt16 && dims->type != kTfLiteInt32 &&
      dims->type != kTfLiteInt64) {
    TF_LITE_KERNEL_LOG(context, "FILL: dims type %s is not supported (INT8, INT16, INT32, INT64)",
                       TfLiteTypeGetName(dims->type));
    return kTfLiteError;
  }
  if (dims->data.data == nullptr) return kTfLiteOk;  // computed at run time: nothing to compare at prepare
  if (dims->dims->size != 1 || dims->dims->data[0] != out->size) {
    TF_LITE_KERNEL_LOG(context, "FILL: dims input must be 1-D with %d elements (the output's rank)", out->size);
    return kTfLiteError;
  }
  for (int i = 0; i < out->size; ++i) {
    if (DimsValue(dims, i) != out->data[i]) {
      TF_LITE_KERNEL_LOG(context, "FILL: dims[%d] is %lld but the output's dimension is %d", i,
                         static_cast<long long>(DimsValue(dims, i)), out->data[i]);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus CheckValue(TfLiteContext* context, const TfLiteTensor* value, const TfLiteTensor* output) {
  if (value->dims->size != 0) {
    TF_LITE_KERNEL_LOG(context, "FILL: value input must be a scalar, it has rank %d", value->dims->size);
    return kTfLiteError;
  }
  if (value->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "FILL: value type %s and output type %s differ", TfLiteTypeGetName(value->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (value->type != kTfLiteFloat32 && value->type != kTfLiteInt8 && value->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "FILL: type %s is not supported (FLOAT32, INT8, INT32)",
                       TfLiteTypeGetName(value->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "FILL: %d inputs and %d outputs given (2: dims, value; 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor dims(context, micro_context->AllocateTempInputTensor(node, kDimsTensor));
  ScopedTempTensor value(context, micro_context->AllocateTempInputTensor(node, kValueTensor));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (dims == nullptr || value == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "FILL: missing input or output tensor");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckValue(context, value.get(), output.get()));
  TF_LITE_ENSURE_STATUS(CheckDims(context, dims.get(), output->dims));
  static_cast<OpData*>(node->user_data)->count = ElementCount(*output->dims);
  ReportKernelVariant(context, "fill/any/reference");
  return kTfLiteOk;
}

template <typename T>
void Run(const TfLiteEvalTensor* value, TfLiteEvalTensor* output, int64_t count) {
  reference::Fill(micro::GetTensorData<T>(value)[0], micro::GetTensorData<T>(output), count);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const int64_t count = static_cast<const OpData*>(node->user_data)->count;
  const TfLiteEvalTensor* value = micro::GetEvalInput(context, node, kValueTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  if (value->type == kTfLiteInt8) {
    Run<int8_t>(value, output, count);
  } else {
    Run<int32_t>(value, output, count);  // FLOAT32 and INT32: 4-byte copies
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FILL (PLAIN, "fill/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
