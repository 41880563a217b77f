// Reference HARD_SWISH, element-wise, bit-exact with TFLM's reference kernel.
//
//   float32  y = x * min(6, max(0, x + 3)) / 6 (in this order of operations).
//   int8     TFLM's 16-bit fixed-point scheme. With d = x - input_zp (|d| <= 255) put on a "hires" scale
//            h = d * 2^7 (input_scale / 128 per unit):
//              out_pre  = SRDHM16(h, output_multiplier)          h on the output scale, before the output shift
//              r        = h rescaled by the reluish multiplier and exponent onto the scale where 3.0 is 2^15,
//                         saturating at int16 (left shift: by exponent - 1 saturating, the multiplier, then the
//                         last bit saturating; right shift: RoundingDivideByPOT16), i.e. clamp(x / 3, -1, 1)
//              r01      = (r + 2^15) >> 1                         relu6(x + 3) / 6 in [0, 1) as Q0.15
//              y        = output_zp + RoundingDivideByPOT16(DoublingHighMul16(r01, out_pre), -output_exponent)
//            clamped to int8, where DoublingHighMul16 is (a * b * 2) >> 16 truncated toward zero (no rounding,
//            TFLM chose it to cancel the bias of the rounding one above) and SRDHM16 is
//            SaturatingRoundingDoublingHighMul16. The multipliers are int16 (QuantizeMultiplier's int32 value
//            rounded to its upper 16 bits):
//              output:  (input_scale / 128) / output_scale, exponent <= 0 (prepare refuses others, as TFLM)
//              reluish: (input_scale / 128) / (3 / 32768), exponent <= 31
// The output may alias the input.
#ifndef MOTE_KERNELS_HARD_SWISH_HARD_SWISH_REFERENCE_H_
#define MOTE_KERNELS_HARD_SWISH_HARD_SWISH_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct HardSwishQuantParams {
  int16_t input_zero_point;
  int16_t output_zero_point;
  int16_t output_multiplier;   // Q0.15
  int output_exponent;         // <= 0
  int16_t reluish_multiplier;  // Q0.15
  int reluish_exponent;        // <= 31
};

inline void HardSwishFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    output[i] = x * std::min(6.f, std::max(0.f, x + 3.f)) / 6.f;
  }
}

namespace hard_swish_internal {

inline int16_t SaturatingLeftShift16(int16_t value, int amount) {
  const int64_t shifted = static_cast<int64_t>(value) * (int64_t{1} << amount);
  return static_cast<int16_t>(std::min<int64_t>(std::numeric_limits<int16_t>::max(),
                                                std::max<int64_t>(std::numeric_limits<int16_t>::min(), shifted)));
}

// (a * b * 2) >> 16 truncated toward zero, saturating the single overflow case.
inline int16_t SaturatingDoublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min()) return std::numeric_limits<int16_t>::max();
  return static_cast<int16_t>((static_cast<int32_t>(a) * static_cast<int32_t>(b)) / (1 << 15));
}

}  // namespace hard_swish_internal

inline int8_t HardSwishInt8Element(const HardSwishQuantParams& p, int8_t x) {
  using hard_swish_internal::SaturatingDoublingHighMul16;
  using hard_swish_internal::SaturatingLeftShift16;
  const int16_t d = static_cast<int16_t>(x - p.input_zero_point);
  const int16_t hires = static_cast<int16_t>(d * (1 << 7));
  const int16_t out_pre = SaturatingRoundingDoublingHighMul16(hires, p.output_multiplier);
  int16_t reluish = hires;
  // Saturation in the first left shift is overwritten by the last bit's, so it never shows in the result.
  if (p.reluish_exponent > 0) reluish = SaturatingLeftShift16(reluish, p.reluish_exponent - 1);
  reluish = SaturatingRoundingDoublingHighMul16(reluish, p.reluish_multiplier);
  if (p.reluish_exponent > 0) reluish = SaturatingLeftShift16(reluish, 1);
  if (p.reluish_exponent < 0) reluish = RoundingDivideByPOT16(reluish, -p.reluish_exponent);
  reluish = static_cast<int16_t>((static_cast<int32_t>(reluish) + (1 << 15)) >> 1);
  const int16_t pre = SaturatingDoublingHighMul16(reluish, out_pre);
  const int16_t y = static_cast<int16_t>(RoundingDivideByPOT16(pre, -p.output_exponent) + p.output_zero_point);
  return static_cast<int8_t>(std::min<int16_t>(127, std::max<int16_t>(-128, y)));
}

inline void HardSwishInt8(const HardSwishQuantParams& p, int size, const int8_t* input, int8_t* output) {
  for (int i = 0; i < size; ++i) output[i] = HardSwishInt8Element(p, input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_HARD_SWISH_HARD_SWISH_REFERENCE_H_
