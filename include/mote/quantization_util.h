// Prepare-time quantization helpers: turning real scales into (multiplier, shift) pairs exactly as
// TFLite/TFLM do (tensorflow/lite/kernels/quantization/quantization_util.cc), so kernels stay bit-exact.
#ifndef MOTE_QUANTIZATION_UTIL_H_
#define MOTE_QUANTIZATION_UTIL_H_

#include <cstdint>

namespace mote {

// Shift QuantizeMultiplier reports for an infinite or NaN multiplier: above every kernel's limit, so prepare
// refuses the scales that produced it.
constexpr int kNonFiniteMultiplierShift = 1000;

// real_multiplier = quantized_multiplier * 2^(shift - 31), quantized_multiplier in [2^30, 2^31).
// 0 gives (0, 0); multipliers too small to represent (shift < -31) give (0, 0) as TFLite does; infinity and
// NaN give (0, kNonFiniteMultiplierShift).
void QuantizeMultiplier(double double_multiplier, int32_t* quantized_multiplier, int* shift);
// For 0 < m < 1: *left_shift <= 0.
void QuantizeMultiplierSmallerThanOneExp(double double_multiplier, int32_t* quantized_multiplier,
                                         int* left_shift);
// For m > 1: *left_shift >= 0.
void QuantizeMultiplierGreaterThanOne(double double_multiplier, int32_t* quantized_multiplier,
                                      int* left_shift);

// Softmax / logistic / tanh input scaling (TFLite's PreprocessSoftmaxScaling, CalculateInputRadius).
void PreprocessSoftmaxScaling(double beta, double input_scale, int input_integer_bits,
                              int32_t* quantized_multiplier, int* left_shift);
int CalculateInputRadius(int input_integer_bits, int input_left_shift, int total_signed_bits = 31);

}  // namespace mote

#endif  // MOTE_QUANTIZATION_UTIL_H_
