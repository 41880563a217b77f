// QUANTIZE reference compute, bit-exact with TFLite's reference_ops::AffineQuantize (float -> int) and
// reference_ops::Requantize (int -> int), as TFLM runs them.
//
//   AffineQuantize: q = clamp(int32(round_half_away(x / scale)) + zero_point)     (float division, float round)
//   Requantize:     q = clamp(MultiplyByQuantizedMultiplier(x - in_zp, multiplier, shift) + out_zp)
// clamped to the output type's range. (TFLite's int8<->uint8 "xor 0x80" fast path gives the same values as
// the general formula, so it needs no special case.) Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_QUANTIZE_QUANTIZE_REFERENCE_H_
#define MOTE_KERNELS_QUANTIZE_QUANTIZE_REFERENCE_H_

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

template <typename OutT>
inline void AffineQuantize(const float* input, int count, float scale, int32_t zero_point, OutT* output) {
  constexpr int64_t kMin = std::numeric_limits<OutT>::min();
  constexpr int64_t kMax = std::numeric_limits<OutT>::max();
  for (int i = 0; i < count; ++i) {
    const float rounded = std::round(input[i] / scale);
    // TFLite converts with a plain int32 cast, undefined (platform-specific) outside int32; mote saturates,
    // and maps NaN to the zero point (real 0).
    int64_t value;
    if (std::isnan(rounded)) {
      value = 0;
    } else if (rounded >= 2147483648.f) {
      value = std::numeric_limits<int32_t>::max();
    } else if (rounded < -2147483648.f) {
      value = std::numeric_limits<int32_t>::min();
    } else {
      value = static_cast<int32_t>(rounded);
    }
    value += zero_point;
    value = value < kMin ? kMin : (value > kMax ? kMax : value);
    output[i] = static_cast<OutT>(value);
  }
}

template <typename InT, typename OutT>
inline void Requantize(const InT* input, int count, int32_t multiplier, int shift, int32_t input_zero_point,
                       int32_t output_zero_point, OutT* output) {
  constexpr int32_t kMin = std::numeric_limits<OutT>::min();
  constexpr int32_t kMax = std::numeric_limits<OutT>::max();
  for (int i = 0; i < count; ++i) {
    // TFLite's int32 arithmetic, with its wrap-around made explicit (INT32 inputs and zero points can overflow).
    const int32_t value =
        static_cast<int32_t>(static_cast<uint32_t>(input[i]) - static_cast<uint32_t>(input_zero_point));
    const int32_t scaled = static_cast<int32_t>(
        static_cast<uint32_t>(MultiplyByQuantizedMultiplier(value, multiplier, shift)) +
        static_cast<uint32_t>(output_zero_point));
    output[i] = static_cast<OutT>(scaled < kMin ? kMin : (scaled > kMax ? kMax : scaled));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZE_QUANTIZE_REFERENCE_H_
