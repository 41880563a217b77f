// SOFTMAX int8 -> int8 / int16, Cortex-M DSP variant (compiled only for cores with the DSP extension). Contract
// in softmax_variants.h.
//
// Per row, as the reference: the maximum (four byte lanes per step: SSUB8 sets the per-lane GE flags, SEL keeps
// the larger bytes), the sum of exp(x - max) over the entries at or above diff_min, TFLite's GetReciprocal of
// the sum (once per row, the shared fixed_point code), then each output. The exp stays scalar (its barrel
// shifter picks constants per element), but every gemmlowp rounding doubling high multiply in it is one
// instruction instead of a 64-bit multiply, a nudge and a division:
//   SRDHM(a, b) = floor((a * b + 2^30) / 2^31)           (TFLite's nudge-and-truncate, for every a, b but
//                                                         a = b = INT32_MIN, which never occurs here)
//               = SMMULR(a, 2b)         when 2b fits an int32 (|b| <= 2^30)
//               = SMMLAR(a, int32(2b), a)  when b is in [2^30, 2^31): 2b read as int32 is 2b - 2^32, which the
//                                         accumulate operand a * 2^32 compensates (arm_dsp::FastRequantize)
// The operands of each multiply are bounded by the exp's own ranges: the Taylor part works on x in [-1/8, 1/8)
// (|raw| <= 2^28, so 2x and 2x^2 fit), the constants 1/3 and exp(-2^k) are fixed, and the reciprocal is in
// [1/2, 1] (checked per row: other values take the generic multiply). Rounding shifts of values known to be
// non-negative are (v + 2^(e-1)) >> e in unsigned arithmetic; the one signed one keeps the sign fix-up.
// Short rows compute each exp twice (sum, then output) as the reference does; rows with at least as many
// entries as distinct values (max - min + 1) tabulate the exp, then the output, per distinct value (1 KB of
// stack) and look them up. No scratch.
#include <arm_acle.h>

#include <cstdint>
#include <cstring>

#include "kernels/simd/arm_dsp.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/fixed_point.h"
#include "kernels/softmax/softmax_variants.h"

namespace mote {
namespace softmax {
namespace {

constexpr int kAccumulationIntegerBits = 12;

// (a * b + 2^31) >> 32: SMMULR.
inline int32_t Smmulr(int32_t a, int32_t b) {
  int32_t r;
  __asm__("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

// SRDHM(a, kB) for a constant kB in [2^30, 2^31) (see the file comment).
template <int32_t kB>
inline int32_t MulLarge(int32_t a) {
  static_assert(kB >= (1 << 30), "use MulSmall");
  return arm_dsp::Smmlar(a, static_cast<int32_t>(static_cast<uint32_t>(kB) << 1), a);
}
// SRDHM(a, kB) for a constant kB in [0, 2^30).
template <int32_t kB>
inline int32_t MulSmall(int32_t a) {
  static_assert(kB >= 0 && kB < (1 << 30), "use MulLarge");
  return Smmulr(a, kB * 2);
}

// result * exp(-2^k) when bit `kBit` of remainder is set (ExpOnNegativeValues' barrel shifter).
template <int kBit, int32_t kConstant>
inline int32_t Barrel(int32_t result, int32_t remainder) {
  if ((static_cast<uint32_t>(remainder) & (uint32_t{1} << kBit)) == 0) return result;
  if constexpr (kConstant >= (1 << 30)) {
    return MulLarge<kConstant>(result);
  } else {
    return MulSmall<kConstant>(result);
  }
}

// fixed_point::ExpOnNegativeValues(Fixed<5>::FromRaw(a)).raw for a <= 0: exp(a / 2^26) in Q0.31.
inline int32_t ExpQ5(int32_t a) {
  constexpr int32_t kQuarter = 1 << 24;                   // 1/4 in Q5.26
  const int32_t a_mod = (a & (kQuarter - 1)) - kQuarter;  // in [-1/4, 0)
  const int32_t x = a_mod * 32 + (1 << 28);               // Q0.31, + 1/8: in [-2^28, 2^28)
  const int32_t x_twice = x * 2;
  const int32_t x2 = Smmulr(x, x_twice);  // in [0, 2^25]
  const int32_t x3 = Smmulr(x2, x_twice);
  const int32_t x4 = Smmulr(x2, x2 * 2);
  const int32_t x4_over_4 = (x4 + 2) >> 2;                     // x4 >= 0
  const int32_t v = MulSmall<715827883>(x4_over_4 + x3) + x2;  // (x^4/4 + x^3) / 3 + x^2
  const int32_t half = (v + 1 + (v >> 31)) >> 1;               // RoundingDivideByPOT(v, 1), any sign
  constexpr int32_t kExpMinusOneEighth = 1895147668;
  int32_t result = kExpMinusOneEighth + MulLarge<kExpMinusOneEighth>(x + half);
  const int32_t remainder = a_mod - a;
  result = Barrel<24, 1672461947>(result, remainder);
  result = Barrel<25, 1302514674>(result, remainder);
  result = Barrel<26, 790015084>(result, remainder);
  result = Barrel<27, 290630308>(result, remainder);
  result = Barrel<28, 39332535>(result, remainder);
  result = Barrel<29, 720401>(result, remainder);
  result = Barrel<30, 242>(result, remainder);
  return a == 0 ? 0x7FFFFFFF : result;
}

// exp of the row difference d (in [diff_min, 0]) in Q0.31: the reference's ExpOfScaledDiff, with the rescaling
// multiply SRDHM(d << left_shift, m) for m in [2^30, 2^31) as one SMMLAR.
inline int32_t ExpOfDiff(int32_t diff, int left_shift, int32_t multiplier2) {
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(diff) << left_shift);
  return ExpQ5(arm_dsp::Smmlar(shifted, multiplier2, shifted));
}

// Row minimum and maximum, four byte lanes per step (SSUB8 sets the per-lane GE flags, SEL picks).
void RowMinMax(const int8_t* in, int depth, int32_t* min_out, int32_t* max_out) {
  uint32_t max4 = 0x80808080u, min4 = 0x7F7F7F7Fu;
  int c = 0;
  for (; c + 4 <= depth; c += 4) {
    const uint32_t w = arm_dsp::Load32(in + c);
    __ssub8(w, max4);
    max4 = __sel(w, max4);
    __ssub8(w, min4);
    min4 = __sel(min4, w);
  }
  int32_t mx = -128, mn = 127;
  for (int k = 0; k < 32; k += 8) {
    const int32_t hi = static_cast<int8_t>(max4 >> k), lo = static_cast<int8_t>(min4 >> k);
    if (hi > mx) mx = hi;
    if (lo < mn) mn = lo;
  }
  for (; c < depth; ++c) {
    if (in[c] > mx) mx = in[c];
    if (in[c] < mn) mn = in[c];
  }
  *min_out = mn;
  *max_out = mx;
}

template <typename OutputT>
void Run(const SoftmaxInt8Problem& p) {
  constexpr int kOutputBits = static_cast<int>(sizeof(OutputT) * 8);
  constexpr int32_t kOutputMin = sizeof(OutputT) == 1 ? -128 : -32768;
  constexpr int32_t kOutputMax = sizeof(OutputT) == 1 ? 127 : 32767;
  const int depth = p.depth;
  const int left_shift = p.input_left_shift;
  const int32_t multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(p.input_multiplier) << 1);
  const int32_t diff_min = p.diff_min;
  // Per-value table for rows with at least as many entries as distinct values: exp(x - max) for every int8 x in
  // [row min, row max] (0 below diff_min: it adds nothing to the sum and gives the type's minimum, exactly as the
  // reference's skipped entries), then, once the reciprocal is known, the output for each x.
  int32_t table_storage[256];
  int32_t* const table = table_storage + 128;  // table[x] for int8 x
  for (int i = 0; i < p.outer_size; ++i) {
    const int8_t* in = p.input + static_cast<size_t>(i) * depth;
    OutputT* out = static_cast<OutputT*>(p.output) + static_cast<size_t>(i) * depth;
    int32_t min_in_row = 0, max_in_row = 0;
    RowMinMax(in, depth, &min_in_row, &max_in_row);
    const bool tabulate = depth >= max_in_row - min_in_row + 1;
    auto exp_of = [&](int32_t x) {
      const int32_t diff = x - max_in_row;
      return diff >= diff_min ? ExpOfDiff(diff, left_shift, multiplier2) : 0;
    };

    // Sum in Q12.19: Rescale<12> of a non-negative Q0.31 value is (e + 2^11) >> 12 (unsigned: e may be
    // INT32_MAX; 0 for the entries below diff_min). AppliesArm's depth bound keeps the sum below 2^31.
    uint32_t sum = 0;
    if (tabulate) {
      for (int x = min_in_row; x <= max_in_row; ++x) table[x] = exp_of(x);
      for (int c = 0; c < depth; ++c) sum += (static_cast<uint32_t>(table[in[c]]) + 2048u) >> 12;
    } else {
      for (int c = 0; c < depth; ++c) sum += (static_cast<uint32_t>(exp_of(in[c])) + 2048u) >> 12;
    }

    int num_bits_over_unit = 0;
    const int32_t scale =
        fixed_point::GetReciprocal(static_cast<int32_t>(sum), kAccumulationIntegerBits, &num_bits_over_unit);
    int exponent = num_bits_over_unit + 31 - kOutputBits;
    exponent = exponent < 0 ? 0 : exponent > 31 ? 31 : exponent;
    // Output of an exp value e >= 0 (e = 0, the entries below diff_min included, gives the type's minimum, as
    // the reference). For scale in [2^30, 2^31) -- always, for a sum in [2^19, 2^31), where the reciprocal is in
    // (1/2, 1] -- SRDHM(scale, e) is one SMMLAR and non-negative, RoundingDivideByPOT by `exponent` is a
    // rounding shift, and USAT is the upper clamp (the value is never below the offset); any other scale takes
    // the reference arithmetic.
    const uint32_t round = exponent > 0 ? uint32_t{1} << (exponent - 1) : 0u;
    const int32_t scale2 = static_cast<int32_t>(static_cast<uint32_t>(scale) << 1);
    const bool fast = scale >= (1 << 30);
    auto output_of = [&](int32_t e) -> int32_t {
      if (fast) {
        const uint32_t unsat = (static_cast<uint32_t>(arm_dsp::Smmlar(e, scale2, e)) + round) >> exponent;
        return static_cast<int32_t>(__usat(static_cast<int32_t>(unsat), kOutputBits)) + kOutputMin;
      }
      const int32_t value = RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(scale, e), exponent) + kOutputMin;
      return value > kOutputMax ? kOutputMax : value < kOutputMin ? kOutputMin : value;
    };
    if (tabulate) {
      for (int x = min_in_row; x <= max_in_row; ++x) table[x] = output_of(table[x]);
      for (int c = 0; c < depth; ++c) out[c] = static_cast<OutputT>(table[in[c]]);
    } else {
      for (int c = 0; c < depth; ++c) out[c] = static_cast<OutputT>(output_of(exp_of(in[c])));
    }
  }
}

}  // namespace

void SoftmaxInt8Dsp(const SoftmaxInt8Problem& p, void*) {
  if (p.int16_output) {
    Run<int16_t>(p);
  } else {
    Run<int8_t>(p);
  }
}

void ExpQ5Dsp(const int32_t* a, int32_t* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = ExpQ5(a[i]);
}

}  // namespace softmax
}  // namespace mote
