// 32-bit fixed-point arithmetic for the quantized transcendental kernels (SOFTMAX int8, LOGISTIC int8,
// TANH int8, RSQRT int8/int16), reproducing gemmlowp's fixedpoint.h scalar semantics bit for bit, as
// TFLite/TFLM's reference kernels use them.
//
// A value of type Fixed<kIntegerBits> is a signed Q(kIntegerBits).(31 - kIntegerBits) number held in one
// int32_t `raw`: real = raw * 2^(kIntegerBits - 31). Fixed<0> covers [-1, 1); its One() is INT32_MAX (the
// closest representable value), exactly as in gemmlowp.
//
// Operations (same names as gemmlowp, lower-camel where they are functions):
//   a + b, a - b          raw add/sub of the same format (callers keep values in range; wraps, no UB)
//   Mul(a, b)             Fixed<A> x Fixed<B> -> Fixed<A + B>, saturating rounding doubling high multiply
//   Rescale<D>(a)         Fixed<S> -> Fixed<D>, SaturatingRoundingMultiplyByPOT<S - D> on the raw value
//   ExactMulByPot<E>(a)   Fixed<S> -> Fixed<S + E> with the same raw value (multiplies the value by 2^E)
//   ExpOnNegativeValues   exp(a) for a <= 0                      -> Fixed<0>
//   OneOverOnePlusXForXIn01, OneMinusXOverOnePlusXForXIn01      -> Fixed<0>   (Newton-Raphson, 3 steps)
//   Logistic, Tanh        the gemmlowp approximations              -> Fixed<0>
//   GetReciprocal         TFLite's 1/x helper for softmax's sum of exponentials
//   GetInvSqrtQuantizedMultiplierExp   TFLite's 1/sqrt(x) as a multiplier and shift (quantized RSQRT)
// All functions are pure, header-only, allocation-free and free of undefined behaviour for every int32 input
// (gemmlowp's wrap-around cases are computed in unsigned arithmetic).
#ifndef MOTE_KERNELS_QUANTIZATION_FIXED_POINT_H_
#define MOTE_KERNELS_QUANTIZATION_FIXED_POINT_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace fixed_point {

inline int32_t WrappingAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
inline int32_t WrappingSub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
inline int32_t WrappingNeg(int32_t a) { return static_cast<int32_t>(0u - static_cast<uint32_t>(a)); }

// Number of leading zero bits of x (32 for 0).
inline int CountLeadingZeros32(uint32_t x) {
  if (x == 0) return 32;
#if defined(__GNUC__)
  return __builtin_clz(x);
#else
  int n = 0;
  while ((x & 0x80000000u) == 0) {
    x <<= 1;
    ++n;
  }
  return n;
#endif
}

// x * 2^kExponent, rounded to nearest (ties away from zero) for negative exponents and saturated to the
// int32 range for positive ones.
template <int kExponent>
inline int32_t SaturatingRoundingMultiplyByPOT(int32_t x) {
  static_assert(kExponent > -32 && kExponent < 32, "exponent out of range");
  if constexpr (kExponent == 0) {
    return x;
  } else if constexpr (kExponent < 0) {
    return RoundingDivideByPOT(x, -kExponent);
  } else {
    constexpr int32_t kThreshold = static_cast<int32_t>((int64_t{1} << (31 - kExponent)) - 1);
    if (x > kThreshold) return std::numeric_limits<int32_t>::max();
    if (x < -kThreshold) return std::numeric_limits<int32_t>::min();
    return static_cast<int32_t>(static_cast<uint32_t>(x) << kExponent);
  }
}

template <int kIntegerBits>
struct Fixed {
  static_assert(kIntegerBits >= 0 && kIntegerBits <= 31, "integer bits must be in [0, 31]");
  static constexpr int kFractionalBits = 31 - kIntegerBits;

  int32_t raw;

  static constexpr Fixed FromRaw(int32_t r) { return Fixed{r}; }
  static constexpr Fixed Zero() { return Fixed{0}; }
  static constexpr Fixed One() {
    return Fixed{kIntegerBits == 0 ? std::numeric_limits<int32_t>::max()
                                   : static_cast<int32_t>(int32_t{1} << (kFractionalBits % 31))};
  }
  // 2^kExponent, exactly representable.
  template <int kExponent>
  static constexpr Fixed ConstantPOT() {
    static_assert(kFractionalBits + kExponent >= 0 && kFractionalBits + kExponent < 31, "not representable");
    return Fixed{static_cast<int32_t>(int32_t{1} << (kFractionalBits + kExponent))};
  }

  friend Fixed operator+(Fixed a, Fixed b) { return Fixed{WrappingAdd(a.raw, b.raw)}; }
  friend Fixed operator-(Fixed a, Fixed b) { return Fixed{WrappingSub(a.raw, b.raw)}; }
  friend Fixed operator-(Fixed a) { return Fixed{WrappingNeg(a.raw)}; }
};

template <int kA, int kB>
inline Fixed<kA + kB> Mul(Fixed<kA> a, Fixed<kB> b) {
  return Fixed<kA + kB>::FromRaw(SaturatingRoundingDoublingHighMul(a.raw, b.raw));
}

template <int kDst, int kSrc>
inline Fixed<kDst> Rescale(Fixed<kSrc> a) {
  return Fixed<kDst>::FromRaw(SaturatingRoundingMultiplyByPOT<kSrc - kDst>(a.raw));
}

template <int kExponent, int kSrc>
inline Fixed<kSrc + kExponent> ExactMulByPot(Fixed<kSrc> a) {
  return Fixed<kSrc + kExponent>::FromRaw(a.raw);
}

// (a + b) / 2 rounded to nearest, ties away from zero, without overflow.
inline Fixed<0> RoundingHalfSum(Fixed<0> a, Fixed<0> b) {
  const int64_t sum = static_cast<int64_t>(a.raw) + static_cast<int64_t>(b.raw);
  const int64_t sign = sum >= 0 ? 1 : -1;
  return Fixed<0>::FromRaw(static_cast<int32_t>((sum + sign) / 2));
}

// exp(a) for a in [-1/4, 0): a 4th-order Taylor expansion around -1/8.
inline Fixed<0> ExpOnIntervalBetweenNegativeOneQuarterAnd0Excl(Fixed<0> a) {
  using F = Fixed<0>;
  const F kExpMinusOneEighth = F::FromRaw(1895147668);  // exp(-1/8)
  const F kOneThird = F::FromRaw(715827883);            // 1/3
  const F x = a + F::ConstantPOT<-3>();
  const F x2 = Mul(x, x);
  const F x3 = Mul(x2, x);
  const F x4 = Mul(x2, x2);
  const F x4_over_4 = F::FromRaw(SaturatingRoundingMultiplyByPOT<-2>(x4.raw));
  const F x4_over_24_plus_x3_over_6_plus_x2_over_2 =
      F::FromRaw(SaturatingRoundingMultiplyByPOT<-1>((Mul(x4_over_4 + x3, kOneThird) + x2).raw));
  return kExpMinusOneEighth + Mul(kExpMinusOneEighth, x + x4_over_24_plus_x3_over_6_plus_x2_over_2);
}

namespace internal {
// exp(-2^kExponent) in Q0.31, the barrel shifter's factors.
template <int kExponent>
constexpr int32_t ExpOfMinusPowerOfTwo() {
  static_assert(kExponent >= -2 && kExponent <= 4, "no constant for this exponent");
  return kExponent == -2 ? 1672461947
         : kExponent == -1 ? 1302514674
         : kExponent == 0  ? 790015084
         : kExponent == 1  ? 290630308
         : kExponent == 2  ? 39332535
         : kExponent == 3  ? 720401
                           : 242;
}

// Multiplies result by exp(-2^kExponent) when that bit of the remainder is set.
template <int kIntegerBits, int kExponent>
inline Fixed<0> ExpBarrelShift(Fixed<0> result, int32_t remainder) {
  if constexpr (kIntegerBits > kExponent) {
    constexpr int kShift = Fixed<kIntegerBits>::kFractionalBits + kExponent;
    if ((static_cast<uint32_t>(remainder) & (uint32_t{1} << kShift)) != 0) {
      return Mul(result, Fixed<0>::FromRaw(ExpOfMinusPowerOfTwo<kExponent>()));
    }
  }
  return result;
}
}  // namespace internal

// exp(a) for a <= 0 (a > 0 is outside the contract; the result is then meaningless but defined).
template <int kIntegerBits>
inline Fixed<0> ExpOnNegativeValues(Fixed<kIntegerBits> a) {
  using InputF = Fixed<kIntegerBits>;
  const InputF kOneQuarter = InputF::template ConstantPOT<-2>();
  const InputF mask = kOneQuarter - InputF::FromRaw(1);
  const InputF a_mod_quarter_minus_one_quarter = InputF::FromRaw(a.raw & mask.raw) - kOneQuarter;
  Fixed<0> result = ExpOnIntervalBetweenNegativeOneQuarterAnd0Excl(Rescale<0>(a_mod_quarter_minus_one_quarter));
  const int32_t remainder = (a_mod_quarter_minus_one_quarter - a).raw;

  result = internal::ExpBarrelShift<kIntegerBits, -2>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, -1>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, 0>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, 1>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, 2>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, 3>(result, remainder);
  result = internal::ExpBarrelShift<kIntegerBits, 4>(result, remainder);

  if constexpr (kIntegerBits > 5) {
    // Below -32 the result underflows to 0.
    constexpr int32_t kClamp = -(int32_t{1} << (36 - kIntegerBits));
    if (a.raw < kClamp) result = Fixed<0>::Zero();
  }
  if (a.raw == 0) result = Fixed<0>::One();
  return result;
}

namespace internal {
// Newton-Raphson iterations for 1 / half_denominator in Q2.29, half_denominator in [0.5, 1).
inline Fixed<2> NewtonRaphsonReciprocal(Fixed<0> half_denominator) {
  using F2 = Fixed<2>;
  const F2 kConstant48Over17 = F2::FromRaw(1515870810);
  const F2 kConstantNeg32Over17 = F2::FromRaw(-1010580540);
  F2 x = kConstant48Over17 + Mul(half_denominator, kConstantNeg32Over17);
  for (int i = 0; i < 3; ++i) {
    const F2 half_denominator_times_x = Mul(half_denominator, x);
    const F2 one_minus_half_denominator_times_x = F2::One() - half_denominator_times_x;
    x = x + Rescale<2>(Mul(x, one_minus_half_denominator_times_x));
  }
  return x;
}
}  // namespace internal

// 1 / (1 + a) for a in [0, 1).
inline Fixed<0> OneOverOnePlusXForXIn01(Fixed<0> a) {
  const Fixed<0> half_denominator = RoundingHalfSum(a, Fixed<0>::One());
  const Fixed<2> x = internal::NewtonRaphsonReciprocal(half_denominator);
  return Rescale<0>(ExactMulByPot<-1>(x));
}

// (1 - a) / (1 + a) for a in [0, 1).
inline Fixed<0> OneMinusXOverOnePlusXForXIn01(Fixed<0> a) {
  const Fixed<0> half_denominator = RoundingHalfSum(a, Fixed<0>::One());
  const Fixed<2> x = internal::NewtonRaphsonReciprocal(half_denominator);
  return Rescale<0>(x - Fixed<2>::One());
}

// 1 / (1 + exp(-a)).
template <int kIntegerBits>
inline Fixed<0> Logistic(Fixed<kIntegerBits> a) {
  if (a.raw == 0) return Fixed<0>::FromRaw(int32_t{1} << 30);  // exactly 1/2
  const bool positive = a.raw > 0;
  const Fixed<kIntegerBits> abs_input = positive ? a : -a;
  const Fixed<0> result_if_positive = OneOverOnePlusXForXIn01(ExpOnNegativeValues(-abs_input));
  return positive ? result_if_positive : Fixed<0>::One() - result_if_positive;
}

// tanh(a), via (1 - exp(2n)) / (1 + exp(2n)) with n = -|a|.
template <int kIntegerBits>
inline Fixed<0> Tanh(Fixed<kIntegerBits> a) {
  if (a.raw == 0) return Fixed<0>::Zero();
  const bool negative = a.raw < 0;
  const Fixed<kIntegerBits> n = negative ? a : -a;
  const Fixed<0> t = OneMinusXOverOnePlusXForXIn01(ExpOnNegativeValues(ExactMulByPot<1>(n)));
  return negative ? -t : t;
}

// TFLite's GetReciprocal: for x > 0 in Q(x_integer_digits).(31 - x_integer_digits), returns r in Q0.31 and
// *num_bits_over_unit such that 1/x = r * 2^-num_bits_over_unit (x is normalised to [1, 2) first).
inline int32_t GetReciprocal(int32_t x, int x_integer_digits, int* num_bits_over_unit) {
  const int headroom_plus_one = CountLeadingZeros32(static_cast<uint32_t>(x));
  *num_bits_over_unit = x_integer_digits - headroom_plus_one;
  // x normalised to [1, 2), minus 1; a zero x (never passed by the kernels) maps to 0 instead of shifting by 32.
  const uint32_t normalised = headroom_plus_one < 32 ? static_cast<uint32_t>(x) << headroom_plus_one : 0u;
  const int32_t shifted_sum_minus_one = static_cast<int32_t>(normalised - (uint32_t{1} << 31));
  return OneOverOnePlusXForXIn01(Fixed<0>::FromRaw(shifted_sum_minus_one)).raw;
}

// x * 2^exponent for a run-time exponent in [0, 31], saturated to the int32 range (TFLite's
// SaturatingRoundingMultiplyByPOTParam, which only left-shifts).
inline int32_t SaturatingMultiplyByPOTParam(int32_t x, int exponent) {
  if (exponent == 0) return x;
  const int32_t threshold = static_cast<int32_t>((int64_t{1} << (31 - exponent)) - 1);
  if (x > threshold) return std::numeric_limits<int32_t>::max();
  if (x < -threshold) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(static_cast<uint32_t>(x) << exponent);
}

inline int32_t SaturatingAdd32(int32_t a, int32_t b) {
  const int64_t sum = static_cast<int64_t>(a) + b;
  return static_cast<int32_t>(std::min<int64_t>(std::numeric_limits<int32_t>::max(),
                                                std::max<int64_t>(std::numeric_limits<int32_t>::min(), sum)));
}

inline int32_t SaturatingSub32(int32_t a, int32_t b) {
  const int64_t diff = static_cast<int64_t>(a) - b;
  return static_cast<int32_t>(std::min<int64_t>(std::numeric_limits<int32_t>::max(),
                                                std::max<int64_t>(std::numeric_limits<int32_t>::min(), diff)));
}

// TFLite's log_x_for_x_greater_than_or_equal_to_1: ln(x) for x >= 1 (LOG_SOFTMAX's log of the sum of
// exponentials). x = 2^k * r with r in [sqrt(1/2), sqrt(2)) chosen from two candidate normalisations, then
// ln(x) = k ln 2 + a rational approximation in q = 2 (r - 2^-1/4), accumulated with one extra integer bit.
template <int kOutputIntegerBits, int kInputIntegerBits>
inline Fixed<kOutputIntegerBits> LogXForXGreaterThanOrEqualTo1(Fixed<kInputIntegerBits> input) {
  constexpr int kAccumBits = kOutputIntegerBits + 1;
  using F0 = Fixed<0>;
  using FAccum = Fixed<kAccumBits>;
  const F0 log_2 = F0::FromRaw(1488522236);
  const F0 sqrt_sqrt_half = F0::FromRaw(1805811301);
  const F0 sqrt_half = F0::FromRaw(1518500250);
  const F0 one_quarter = F0::FromRaw(536870912);
  const F0 alpha_n = F0::FromRaw(117049297);   // 11/240 * 2^1/4
  const F0 alpha_d = F0::FromRaw(127690142);   // 1/20 * 2^1/4
  const F0 alpha_i = F0::FromRaw(1057819769);  // 2 / 2^1/4 - 2^1/4
  const F0 alpha_f = F0::FromRaw(638450708);   // 1/4 * 2^1/4
  const FAccum shifted_quarter = Rescale<kAccumBits>(one_quarter);

  const F0 z_a = F0::FromRaw(input.raw);
  const int z_a_headroom_plus_1 = CountLeadingZeros32(static_cast<uint32_t>(z_a.raw));
  const F0 r_a_tmp = F0::FromRaw(SaturatingMultiplyByPOTParam(z_a.raw, z_a_headroom_plus_1 - 1));
  const int32_t r_a_raw = SaturatingMultiplyByPOTParam(Mul(r_a_tmp, sqrt_half).raw, 1);
  const FAccum z_a_pow_2_adj = FAccum::FromRaw(SaturatingAdd32(
      SaturatingMultiplyByPOTParam(kInputIntegerBits - z_a_headroom_plus_1, 31 - kAccumBits), shifted_quarter.raw));

  const F0 z_b = Mul(z_a, sqrt_half);
  const int z_b_headroom = CountLeadingZeros32(static_cast<uint32_t>(z_b.raw)) - 1;
  const int32_t r_b_raw = SaturatingMultiplyByPOTParam(z_a.raw, z_b_headroom);
  const FAccum z_b_pow_2_adj = FAccum::FromRaw(SaturatingSub32(
      SaturatingMultiplyByPOTParam(kInputIntegerBits - z_b_headroom, 31 - kAccumBits), shifted_quarter.raw));

  const F0 r = F0::FromRaw(std::min(r_a_raw, r_b_raw));
  const FAccum z_pow_2_adj = FAccum::FromRaw(std::max(z_a_pow_2_adj.raw, z_b_pow_2_adj.raw));

  const F0 p = RoundingHalfSum(r, sqrt_sqrt_half);
  F0 q = r - sqrt_sqrt_half;
  q = q + q;
  const F0 common_sq = Mul(q, q);
  const F0 num = Mul(q, r) + Mul(Mul(q, common_sq), alpha_n);
  const F0 denom_minus_one = Mul(p, alpha_i + q + Mul(alpha_d, common_sq)) + Mul(alpha_f, q);
  const F0 recip_denom = OneOverOnePlusXForXIn01(denom_minus_one);
  const FAccum num_scaled = Rescale<kAccumBits>(num);
  return Rescale<kOutputIntegerBits>(Mul(z_pow_2_adj, log_2) + Mul(num_scaled, recip_denom));
}

// 1 / sqrt(input) as a quantized multiplier and shift (TFLite's GetInvSqrtQuantizedMultiplierExp, used by
// quantized RSQRT): *output_inv_sqrt * 2^(*output_shift * reverse_shift - 31) ~ 1 / sqrt(input) for
// input >= 2, by five Newton-Raphson steps x <- 1.5 x - (input / 2) x^3 in Q3.28 on the input normalised to
// [2^27, 2^29) by shifts of two bits (each pair halves the root). input 0 and 1 give (INT32_MAX, 0), as TFLite
// does (0 has no inverse root; TFLite treats it as 1). Precondition: input >= 0.
inline void GetInvSqrtQuantizedMultiplierExp(int32_t input, int reverse_shift, int32_t* output_inv_sqrt,
                                             int* output_shift) {
  if (input <= 1) {
    *output_inv_sqrt = std::numeric_limits<int32_t>::max();
    *output_shift = 0;
    return;
  }
  int shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++shift;
  }
  // Normalise to [2^27, 2^29): as many bit pairs as fit below bit 29.
  const int pairs = (CountLeadingZeros32(static_cast<uint32_t>(input)) - 1) / 2 - 1;
  shift -= pairs;
  input = static_cast<int32_t>(static_cast<uint32_t>(input) << (2 * pairs));
  using F3 = Fixed<3>;
  const F3 half_input = F3::FromRaw(SaturatingRoundingMultiplyByPOT<-1>(input >> 1));
  const F3 three_halves = F3::FromRaw((1 << 28) + (1 << 27));
  F3 x = F3::One();  // the starting guess; five steps converge from it over the normalised range
  for (int i = 0; i < 5; ++i) {
    const F3 x3 = Rescale<3>(Mul(Mul(x, x), x));
    x = Rescale<3>(Mul(three_halves, x) - Mul(half_input, x3));
  }
  constexpr int32_t kHalfSqrt2 = 1518500250;  // sqrt(2) / 2 in Q0.31: the odd power of two left by the pairs
  int32_t result = Mul(x, Fixed<0>::FromRaw(kHalfSqrt2)).raw;
  if (shift < 0) {
    result = static_cast<int32_t>(static_cast<uint32_t>(result) << -shift);
    shift = 0;
  }
  *output_inv_sqrt = result;
  *output_shift = shift * reverse_shift;
}

}  // namespace fixed_point
}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZATION_FIXED_POINT_H_
