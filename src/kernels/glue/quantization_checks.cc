#include "kernels/glue/quantization_checks.h"

#include <cmath>

namespace mote {

const TfLiteAffineQuantization* GetAffineQuantization(const TfLiteTensor* tensor) {
  if (tensor->quantization.type != kTfLiteAffineQuantization) return nullptr;
  return static_cast<const TfLiteAffineQuantization*>(tensor->quantization.params);
}

int QuantizationScaleCount(const TfLiteTensor* tensor) {
  const TfLiteAffineQuantization* q = GetAffineQuantization(tensor);
  return q == nullptr || q->scale == nullptr ? 0 : q->scale->size;
}

bool QuantizedTypeRange(TfLiteType type, int32_t* min, int32_t* max) {
  switch (type) {
    case kTfLiteInt8: *min = -128; *max = 127; return true;
    case kTfLiteUInt8: *min = 0; *max = 255; return true;
    case kTfLiteInt16: *min = -32768; *max = 32767; return true;
    case kTfLiteInt32: *min = INT32_MIN; *max = INT32_MAX; return true;
    default: return false;
  }
}

bool IsValidScale(float scale) { return std::isfinite(scale) && scale > 0.f; }

bool LeftShiftFitsInt32(int64_t max_abs, int shift) {
  if (shift <= 0) return true;
  return shift <= 31 && (max_abs << shift) <= INT32_MAX;
}

TfLiteStatus CheckPerTensorQuantization(TfLiteContext* context, const char* op_name, const char* what,
                                        const TfLiteTensor* tensor) {
  const TfLiteAffineQuantization* q = GetAffineQuantization(tensor);
  if (q == nullptr || q->scale == nullptr || q->scale->size < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %s (%s) has no quantization parameters (a scale and zero point are needed)",
                       op_name, what, TfLiteTypeGetName(tensor->type));
    return kTfLiteError;
  }
  if (q->scale->size != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %s has %d scales; only per-tensor quantization (1 scale) is supported here",
                       op_name, what, q->scale->size);
    return kTfLiteError;
  }
  return CheckLegacyQuantizationParams(context, op_name, what, tensor);
}

TfLiteStatus CheckLegacyQuantizationParams(TfLiteContext* context, const char* op_name, const char* what,
                                           const TfLiteTensor* tensor) {
  if (!IsValidScale(tensor->params.scale)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s scale %g is not a finite number > 0", op_name, what,
                       static_cast<double>(tensor->params.scale));
    return kTfLiteError;
  }
  int32_t lo = 0;
  int32_t hi = 0;
  if (QuantizedTypeRange(tensor->type, &lo, &hi) &&
      (tensor->params.zero_point < lo || tensor->params.zero_point > hi)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s zero point %d is outside the %s range [%d, %d]", op_name, what,
                       static_cast<int>(tensor->params.zero_point), TfLiteTypeGetName(tensor->type),
                       static_cast<int>(lo), static_cast<int>(hi));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckPerTensorInputOutput(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                       const TfLiteTensor* output) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, op_name, "input", input));
  return CheckPerTensorQuantization(context, op_name, "output", output);
}

}  // namespace mote
