// Prepare-time validation of tensor quantization parameters, with messages that name the op and the tensor.
#ifndef MOTE_KERNELS_GLUE_QUANTIZATION_CHECKS_H_
#define MOTE_KERNELS_GLUE_QUANTIZATION_CHECKS_H_

#include <cstdint>

#include "mote/c/common.h"

namespace mote {

// The affine quantization of `tensor`, or nullptr when it has none.
const TfLiteAffineQuantization* GetAffineQuantization(const TfLiteTensor* tensor);

// Number of scales of an affine-quantized tensor (0 without quantization).
int QuantizationScaleCount(const TfLiteTensor* tensor);

// Integer range of a quantized type (INT8, UINT8, INT16, INT32); false for other types.
bool QuantizedTypeRange(TfLiteType type, int32_t* min, int32_t* max);

// A per-tensor quantized tensor: affine quantization with exactly one scale, the scale finite and > 0, the
// zero point inside the range of the tensor's type. `what` names the tensor in messages ("input1").
TfLiteStatus CheckPerTensorQuantization(TfLiteContext* context, const char* op_name, const char* what,
                                        const TfLiteTensor* tensor);

// Only the legacy per-tensor `params` of `tensor`: the scale finite and > 0, the zero point inside the range of
// the tensor's type (the part of CheckPerTensorQuantization that never reads `quantization`).
TfLiteStatus CheckLegacyQuantizationParams(TfLiteContext* context, const char* op_name, const char* what,
                                           const TfLiteTensor* tensor);

// CheckPerTensorQuantization of "input", then of "output" (the quantized one-input ops).
TfLiteStatus CheckPerTensorInputOutput(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                       const TfLiteTensor* output);

// True when the scale is finite and > 0.
bool IsValidScale(float scale);

// True when a requantization with `shift` (QuantizeMultiplier's exponent) of values of magnitude up to
// `max_abs` cannot overflow int32: MultiplyByQuantizedMultiplier shifts left by max(shift, 0) before it
// multiplies, as TFLM does.
bool LeftShiftFitsInt32(int64_t max_abs, int shift);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_QUANTIZATION_CHECKS_H_
