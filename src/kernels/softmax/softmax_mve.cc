// SOFTMAX int8 -> int8 / int16, Cortex-M Helium variant (compiled only for cores with MVE: Cortex-M55). Contract
// in softmax_variants.h.
//
// Per row, as the reference: the maximum (VMAXV over 16 bytes per step, the tail predicated; VMINV alongside), the sum
// of exp(x - max) over the entries at or above diff_min, TFLite's GetReciprocal of the sum (scalar, once per row, the
// shared fixed_point code), then the outputs. Everything per element runs on four int32 lanes, exactly: VQRDMULH is
// gemmlowp's SaturatingRoundingDoublingHighMul (it saturates only for INT32_MIN * INT32_MIN, which none of these
// operands reach: the Taylor part works on x in [-1/8, 1/8), the other factors are positive), the barrel shifter of
// ExpOnNegativeValues is a predicated VQRDMULH per bit of the remainder, rounding shifts of non-negative values are
// VRSHR/VRSHL (round half up = away from zero there; computed without overflow), and the one signed rounding shift
// keeps gemmlowp's sign fix-up. Entries below diff_min are masked: they add 0 and output the type's minimum. Short rows
// compute each exp twice (sum, then outputs) as the reference does; rows with at least as many entries as distinct
// values tabulate the exp, then the output, per distinct value (1 KB of stack, four values per vector) and read them
// back with gathers. No scratch.
#include <arm_mve.h>

#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/fixed_point.h"
#include "kernels/softmax/softmax_variants.h"

namespace mote {
namespace softmax {
namespace {

constexpr int kAccumulationIntegerBits = 12;

// result * exp(-2^k) in the lanes where bit `kBit` of the remainder is set (that bit moved to the sign bit;
// GCC 12 crashes on the VAND + VCMP form).
template <int kBit, int32_t kConstant>
inline int32x4_t Barrel(int32x4_t result, int32x4_t remainder) {
  const mve_pred16_t set = vcmpltq_n_s32(vshlq_n_s32(remainder, 31 - kBit), 0);
  return vqrdmulhq_m_n_s32(result, result, kConstant, set);
}

// fixed_point::ExpOnNegativeValues(Fixed<5>::FromRaw(a)).raw per lane, for a <= 0.
inline int32x4_t ExpQ5(int32x4_t a) {
  constexpr int32_t kQuarter = 1 << 24;
  const int32x4_t a_mod = vsubq_n_s32(vandq_s32(a, vdupq_n_s32(kQuarter - 1)), kQuarter);  // [-1/4, 0)
  const int32x4_t x = vaddq_n_s32(vshlq_n_s32(a_mod, 5), 1 << 28);                         // Q0.31, + 1/8
  const int32x4_t x2 = vqrdmulhq_s32(x, x);
  const int32x4_t x3 = vqrdmulhq_s32(x2, x);
  const int32x4_t x4 = vqrdmulhq_s32(x2, x2);
  const int32x4_t x4_over_4 = vrshrq_n_s32(x4, 2);  // x4 >= 0
  const int32x4_t v = vaddq_s32(vqrdmulhq_n_s32(vaddq_s32(x4_over_4, x3), 715827883), x2);
  // RoundingDivideByPOT(v, 1) for either sign: gemmlowp's fix-up (v - 1 when negative), then round half up.
  const int32x4_t half = vrshrq_n_s32(vqaddq_s32(v, vshrq_n_s32(v, 31)), 1);
  constexpr int32_t kExpMinusOneEighth = 1895147668;
  int32x4_t result = vaddq_n_s32(vqrdmulhq_n_s32(vaddq_s32(x, half), kExpMinusOneEighth), kExpMinusOneEighth);
  const int32x4_t remainder = vsubq_s32(a_mod, a);
  result = Barrel<24, 1672461947>(result, remainder);
  result = Barrel<25, 1302514674>(result, remainder);
  result = Barrel<26, 790015084>(result, remainder);
  result = Barrel<27, 290630308>(result, remainder);
  result = Barrel<28, 39332535>(result, remainder);
  result = Barrel<29, 720401>(result, remainder);
  result = Barrel<30, 242>(result, remainder);
  return vpselq_s32(vdupq_n_s32(0x7FFFFFFF), result, vcmpeqq_n_s32(a, 0));
}

// exp of the row differences (the reference's ExpOfScaledDiff): (d << left_shift) wraps as in the reference
// (VSHL by a register drops the high bits), then the rescaling multiply.
inline int32x4_t ExpOfDiff(int32x4_t diff, int32x4_t left_shift, int32_t multiplier) {
  return ExpQ5(vqrdmulhq_n_s32(vshlq_s32(diff, left_shift), multiplier));
}

void RowMinMax(const int8_t* in, int depth, int32_t* min_out, int32_t* max_out) {
  int8_t mx = -128, mn = 127;
  for (int c = 0; c < depth; c += 16) {
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(depth - c));
    const int8x16_t v = vldrbq_z_s8(in + c, active);
    mx = vmaxvq_p_s8(mx, v, active);
    mn = vminvq_p_s8(mn, v, active);
  }
  *min_out = mn;
  *max_out = mx;
}

template <typename OutputT>
inline void StoreOutputs(OutputT* out, int32x4_t value, mve_pred16_t active) {
  if constexpr (sizeof(OutputT) == 1) {
    vstrbq_p_s32(reinterpret_cast<int8_t*>(out), value, active);
  } else {
    vstrhq_p_s32(reinterpret_cast<int16_t*>(out), value, active);
  }
}

template <typename OutputT>
void Run(const SoftmaxInt8Problem& p) {
  constexpr int kOutputBits = static_cast<int>(sizeof(OutputT) * 8);
  constexpr int32_t kOutputMin = sizeof(OutputT) == 1 ? -128 : -32768;
  constexpr int32_t kOutputMax = sizeof(OutputT) == 1 ? 127 : 32767;
  const int depth = p.depth;
  const int32x4_t left_shift = vdupq_n_s32(p.input_left_shift);
  const int32_t multiplier = p.input_multiplier;
  const int32_t diff_min = p.diff_min;
  const int32x4_t lane = vreinterpretq_s32_u32(vidupq_n_u32(0, 1));  // 0, 1, 2, 3
  // Per-value table (as the DSP variant): table_storage[x + 128] for int8 x, read back with gathers.
  int32_t table_storage[256];
  int32_t* const table = table_storage + 128;
  for (int i = 0; i < p.outer_size; ++i) {
    const int8_t* in = p.input + static_cast<size_t>(i) * depth;
    OutputT* out = static_cast<OutputT*>(p.output) + static_cast<size_t>(i) * depth;
    int32_t min_in_row = 0, max_in_row = 0;
    RowMinMax(in, depth, &min_in_row, &max_in_row);
    const bool tabulate = depth >= max_in_row - min_in_row + 1;
    // exp(x - max) of four values, 0 below diff_min (nothing added; the type's minimum as output).
    auto exp_of = [&](int32x4_t x) {
      const int32x4_t diff = vsubq_n_s32(x, max_in_row);
      return vpselq_s32(ExpOfDiff(diff, left_shift, multiplier), vdupq_n_s32(0), vcmpgeq_n_s32(diff, diff_min));
    };

    // Sum in Q12.19 (Rescale<12> of non-negative values: VRSHR #12). Lanes past the row end are predicated off.
    int32_t sum = 0;
    if (tabulate) {
      for (int x = min_in_row; x <= max_in_row; x += 4) {
        vstrwq_p_s32(table + x, exp_of(vaddq_n_s32(lane, x)), vctp32q(static_cast<uint32_t>(max_in_row - x + 1)));
      }
      for (int c = 0; c < depth; c += 4) {
        const mve_pred16_t active = vctp32q(static_cast<uint32_t>(depth - c));
        const uint32x4_t index = vreinterpretq_u32_s32(vaddq_n_s32(vldrbq_z_s32(in + c, active), 128));
        sum = vaddvaq_p_s32(sum, vrshrq_n_s32(vldrwq_gather_shifted_offset_z_s32(table_storage, index, active), 12),
                            active);
      }
    } else {
      for (int c = 0; c < depth; c += 4) {
        const mve_pred16_t active = vctp32q(static_cast<uint32_t>(depth - c));
        sum = vaddvaq_p_s32(sum, vrshrq_n_s32(exp_of(vldrbq_z_s32(in + c, active)), 12), active);
      }
    }

    int num_bits_over_unit = 0;
    const int32_t scale = fixed_point::GetReciprocal(sum, kAccumulationIntegerBits, &num_bits_over_unit);
    int exponent = num_bits_over_unit + 31 - kOutputBits;
    exponent = exponent < 0 ? 0 : exponent > 31 ? 31 : exponent;
    if (scale < 0) {  // never for a sum in [2^19, 2^31) (the reciprocal is in (1/2, 1]); kept exact
      for (int c = 0; c < depth; ++c) {
        const int32_t diff = in[c] - max_in_row;
        int32_t value = kOutputMin;
        if (diff >= diff_min) {
          const int32_t e = vgetq_lane_s32(ExpOfDiff(vdupq_n_s32(diff), left_shift, multiplier), 0);
          value = RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(scale, e), exponent) + kOutputMin;
          value = value > kOutputMax ? kOutputMax : value < kOutputMin ? kOutputMin : value;
        }
        out[c] = static_cast<OutputT>(value);
      }
      continue;
    }
    // VQRDMULH(scale, e) >= 0, then RoundingDivideByPOT by `exponent` (VRSHL by -exponent: round half up, exact
    // for non-negative values), the offset and the upper clamp (the value is never below the offset; e = 0 gives
    // the offset, the type's minimum).
    const int32x4_t right = vdupq_n_s32(-exponent);
    auto output_of = [&](int32x4_t e) {
      const int32x4_t product = vqrdmulhq_n_s32(e, scale);
      return vminq_s32(vaddq_n_s32(vrshlq_s32(product, right), kOutputMin), vdupq_n_s32(kOutputMax));
    };
    if (tabulate) {
      for (int x = min_in_row; x <= max_in_row; x += 4) {
        const mve_pred16_t active = vctp32q(static_cast<uint32_t>(max_in_row - x + 1));
        vstrwq_p_s32(table + x, output_of(vldrwq_z_s32(table + x, active)), active);
      }
      for (int c = 0; c < depth; c += 4) {
        const mve_pred16_t active = vctp32q(static_cast<uint32_t>(depth - c));
        const uint32x4_t index = vreinterpretq_u32_s32(vaddq_n_s32(vldrbq_z_s32(in + c, active), 128));
        StoreOutputs(out + c, vldrwq_gather_shifted_offset_z_s32(table_storage, index, active), active);
      }
    } else {
      for (int c = 0; c < depth; c += 4) {
        const mve_pred16_t active = vctp32q(static_cast<uint32_t>(depth - c));
        StoreOutputs(out + c, output_of(exp_of(vldrbq_z_s32(in + c, active))), active);
      }
    }
  }
}

}  // namespace

void SoftmaxInt8Mve(const SoftmaxInt8Problem& p, void*) {
  if (p.int16_output) {
    Run<int16_t>(p);
  } else {
    Run<int8_t>(p);
  }
}

void ExpQ5Mve(const int32_t* a, int32_t* out, int n) {
  for (int i = 0; i < n; i += 4) {
    const mve_pred16_t active = vctp32q(static_cast<uint32_t>(n - i));
    vstrwq_p_s32(out + i, ExpQ5(vldrwq_z_s32(a + i, active)), active);
  }
}

}  // namespace softmax
}  // namespace mote
