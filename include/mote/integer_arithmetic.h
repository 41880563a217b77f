// Integer arithmetic shared by every quantized kernel, bit-exact with TFLite/TFLM's reference kernels
// (gemmlowp's rounding doubling high multiply and rounding right shift; TFLite's MultiplyByQuantizedMultiplier).
//
// Conventions: a real multiplier M is stored as (quantized_multiplier, shift) with
// M = quantized_multiplier * 2^(shift - 31), quantized_multiplier in [2^30, 2^31) (or 0); shift > 0 is a
// left shift. These functions are pure, header-only and allocation-free; invoke paths call them per element.
#ifndef MOTE_INTEGER_ARITHMETIC_H_
#define MOTE_INTEGER_ARITHMETIC_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace mote {

// a + b and a * b with two's-complement wrap-around for integers, plain arithmetic for floating point.
// TFLite's reference kernels accumulate in int32/int64 and wrap on every target they run on when hostile
// weights, biases or zero points overflow the accumulator; in C++ that overflow is undefined, so mote's kernels
// accumulate through these (same instructions, same bits, no UB).
template <typename T>
inline T WrappingAdd(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = typename std::make_unsigned<T>::type;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}
template <typename T>
inline T WrappingMul(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = typename std::make_unsigned<T>::type;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// (a * b * 2) >> 32 rounded to nearest (ties away from zero), saturating the single overflow case.
inline int32_t SaturatingRoundingDoublingHighMul(int32_t a, int32_t b) {
  const bool overflow = a == b && a == std::numeric_limits<int32_t>::min();
  const int64_t ab_64 = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  const int32_t nudge = ab_64 >= 0 ? (1 << 30) : (1 - (1 << 30));
  const int32_t ab_x2_high32 = static_cast<int32_t>((ab_64 + nudge) / (1ll << 31));
  return overflow ? std::numeric_limits<int32_t>::max() : ab_x2_high32;
}

// x / 2^exponent rounded to nearest, ties away from zero. exponent in [0, 31].
inline int32_t RoundingDivideByPOT(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((1ll << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + ((x < 0) ? 1 : 0);
  return (x >> exponent) + ((remainder > threshold) ? 1 : 0);
}

// The 16-bit forms of the two above (gemmlowp's int16 specialisations, used by HARD_SWISH).
// (a * b * 2) >> 16 rounded to nearest (ties away from zero), saturating the single overflow case.
inline int16_t SaturatingRoundingDoublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min()) return std::numeric_limits<int16_t>::max();
  const int32_t ab = static_cast<int32_t>(a) * static_cast<int32_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));
}

// x / 2^exponent rounded to nearest, ties away from zero, exponent in [0, 31]. As gemmlowp's, the mask is
// 2^exponent - 1 truncated to 16 bits, so exponents from 16 on give 1 for x >= 0 and -1 for x < 0.
inline int16_t RoundingDivideByPOT16(int16_t x, int exponent) {
  const int16_t mask = static_cast<int16_t>((1ll << exponent) - 1);
  const int16_t remainder = static_cast<int16_t>(x & mask);
  const int16_t threshold = static_cast<int16_t>((mask >> 1) + ((x < 0) ? 1 : 0));
  return static_cast<int16_t>((x >> exponent) + ((remainder > threshold) ? 1 : 0));
}

// x * M for M = (quantized_multiplier, shift), TFLite's reference (non-"double rounding"-free) variant.
inline int32_t MultiplyByQuantizedMultiplier(int32_t x, int32_t quantized_multiplier, int shift) {
  const int left_shift = shift > 0 ? shift : 0;
  const int right_shift = shift > 0 ? 0 : -shift;
  // TFLite writes x * (1 << left_shift), which wraps on every target it runs on for inputs far outside a
  // model's quantized range; the unsigned shift gives the same bits without signed-overflow UB.
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(x) << left_shift);
  return RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(shifted, quantized_multiplier), right_shift);
}

// 64-bit accumulator form used by the 16x8 kernels (TFLite's int64 MultiplyByQuantizedMultiplier).
inline int32_t MultiplyByQuantizedMultiplier(int64_t x, int32_t quantized_multiplier, int shift) {
  // Inputs are at most 48 bits; the multiplier is reduced to 16 bits as TFLite does.
  const int32_t reduced_multiplier =
      quantized_multiplier < 0x7FFF0000 ? ((quantized_multiplier + (1 << 15)) >> 16) : 0x7FFF;
  const int total_shift = 15 - shift;
  const int64_t round = static_cast<int64_t>(1) << (total_shift - 1);
  int64_t result = WrappingAdd(WrappingMul(x, static_cast<int64_t>(reduced_multiplier)), round);
  result = result >> total_shift;
  return static_cast<int32_t>(result);
}

// For multipliers < 1 whose shift is already known to be <= 0.
inline int32_t MultiplyByQuantizedMultiplierSmallerThanOneExp(int32_t x, int32_t quantized_multiplier,
                                                               int left_shift) {
  return RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(x, quantized_multiplier), -left_shift);
}

// For multipliers > 1 (shift >= 0).
inline int32_t MultiplyByQuantizedMultiplierGreaterThanOne(int32_t x, int32_t quantized_multiplier,
                                                            int left_shift) {
  return SaturatingRoundingDoublingHighMul(x * (1 << left_shift), quantized_multiplier);
}

template <typename T>
inline T ActivationFunctionWithMinMax(T x, T output_activation_min, T output_activation_max) {
  return std::min(std::max(x, output_activation_min), output_activation_max);
}

}  // namespace mote

#endif  // MOTE_INTEGER_ARITHMETIC_H_
