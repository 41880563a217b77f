// Prepare-time input scaling shared by the quantized LOGISTIC and TANH kernels, computed exactly as TFLM's
// logistic_common.cc / tanh.cc do.
//
// INT8 (gemmlowp fixed point): the input difference x - zero_point is rescaled into Q4.27 by
// (input_multiplier, input_left_shift) = frexp(input_scale * 2^27) with the mantissa rounded to 31 bits;
// |x - zero_point| >= input_range_radius saturates (the function is flat there and the Q4.27 value would
// overflow).
//
// INT16 (sigmoid table): the input is mapped to units of 1/(3 * 4096) (so +-2^17 spans +-10.7) by
// (x * input_multiplier + round) >> input_left_shift. A power-of-two input scale whose shift TFLM accepts
// (LOGISTIC: 2^-12; TANH: 2^-12 or 2^-11) is marked with input_multiplier == 0 and applied at invoke as
// 3 << input_left_shift; any other scale gets a 15-bit multiplier found by doubling.
#ifndef MOTE_KERNELS_QUANTIZATION_SIGMOID_TANH_SCALING_H_
#define MOTE_KERNELS_QUANTIZATION_SIGMOID_TANH_SCALING_H_

#include <cmath>
#include <cstdint>

#include "kernels/quantization/quantization_util.h"

namespace mote {

struct SigmoidTanhInt8Params {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;
  int input_left_shift;  // may be negative (a right shift); >= -31
};

struct SigmoidTanhInt16Params {
  int32_t input_multiplier;  // 0: power-of-two scale, see above
  int input_left_shift;      // in [0, 31]
};

// TFLite's CheckedLog2: *log2_result = round(log2(x)); true when x is within 1e-3 (in log2) of that power of
// two. Computed in float with log(), as TFLite does, so borderline scales decide the same way.
inline bool CheckedLog2(float x, int* log2_result) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  const float x_log2_rounded = std::round(x_log2);
  const float x_log2_fracpart = x_log2 - x_log2_rounded;
  *log2_result = static_cast<int>(x_log2_rounded);
  return std::fabs(x_log2_fracpart) < 1e-3f;
}

// False when the scale is so small that the rescale would shift right by more than 31 bits.
inline bool ComputeSigmoidTanhInt8Params(float input_scale, int32_t input_zero_point, SigmoidTanhInt8Params* p) {
  constexpr int kInputIntegerBits = 4;
  const double input_real_multiplier =
      static_cast<double>(input_scale) * static_cast<double>(1 << (31 - kInputIntegerBits));
  int shift = 0;
  const double q = std::frexp(input_real_multiplier, &shift);
  if (shift < -31) return false;
  p->input_zero_point = input_zero_point;
  p->input_left_shift = shift;
  p->input_multiplier = static_cast<int32_t>(std::round(q * static_cast<double>(1ll << 31)));
  p->input_range_radius = CalculateInputRadius(kInputIntegerBits, shift, 31);
  return true;
}

// max_pot_shift: 0 for LOGISTIC, 1 for TANH. False when the scale needs a multiplier above 65535 (input scale
// above ~5.33), where the int32 product of a 16-bit input could overflow (TFLM DCHECKs 32767 but computes up to
// the overflow; mote matches it there), or below 1 (input scale below ~4e-14).
inline bool ComputeSigmoidTanhInt16Params(float input_scale, int max_pot_shift, SigmoidTanhInt16Params* p) {
  constexpr int kInputIntegerBits = 3;
  int input_scale_log2_rounded = 0;
  bool param_scale_pot = CheckedLog2(input_scale, &input_scale_log2_rounded);
  p->input_left_shift = (15 - kInputIntegerBits) + input_scale_log2_rounded;
  param_scale_pot &= p->input_left_shift >= 0 && p->input_left_shift <= max_pot_shift;
  if (param_scale_pot) {
    p->input_multiplier = 0;
    return true;
  }
  double multiplier = static_cast<double>(input_scale) * 4096.0 * 3.0;
  p->input_left_shift = 0;
  while (multiplier <= 32767.0 / 2.0 && p->input_left_shift <= 30) {
    p->input_left_shift++;
    multiplier = multiplier * 2.0;
  }
  // Below 1 the multiplier would truncate to 0, which the kernels read as the power-of-two path with a
  // 31-bit shift: scales under ~4e-14 (denormal, hostile) are refused too.
  if (!(multiplier <= 65535.0) || multiplier < 1.0) return false;
  p->input_multiplier = static_cast<int32_t>(multiplier);
  return true;
}

}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZATION_SIGMOID_TANH_SCALING_H_
