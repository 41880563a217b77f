// AArch64 NEON requantization, bit for bit the reference's MultiplyByQuantizedMultiplier (integer_arithmetic.h)
// on four int32 lanes. Baseline Armv8.0 Advanced SIMD only, so any AArch64 translation unit may include it;
// include it only from *_neon.cc / *_dotprod.cc files (internal linkage: copies built with different -march
// flags never meet at link time).
//
// SSHL by the left shift (wraps, like the reference's unsigned shift), SQRDMULH (=
// SaturatingRoundingDoublingHighMul), then RoundingDivideByPOT as a rounding shift (SRSHL, ties upward) after
// subtracting 1 from negative values when the shift is non-zero (ties away from zero); the subtraction
// saturates, as in gemmlowp's NEON path, so INT32_MIN stays exact.
#ifndef MOTE_KERNELS_SIMD_REQUANTIZE_NEON_H_
#define MOTE_KERNELS_SIMD_REQUANTIZE_NEON_H_

#include <arm_neon.h>

#include <cstdint>

namespace mote {
namespace neon {
namespace {

// With the shift already split: left = max(shift, 0), right = min(shift, 0) (= -exponent), so kernels that
// requantize the same channels many times split it once.
int32x4_t RequantizeSplit(int32x4_t acc, int32x4_t multiplier, int32x4_t left, int32x4_t right) {
  const int32x4_t y = vqrdmulhq_s32(vshlq_s32(acc, left), multiplier);
  const int32x4_t fixup = vshrq_n_s32(vandq_s32(y, right), 31);
  return vrshlq_s32(vqaddq_s32(y, fixup), right);
}

int32x4_t Requantize(int32x4_t acc, int32x4_t multiplier, int32x4_t shift) {
  const int32x4_t zero = vdupq_n_s32(0);
  return RequantizeSplit(acc, multiplier, vmaxq_s32(shift, zero), vminq_s32(shift, zero));
}

// Requantize, then the output offset and the activation clamp: int8 values still in int32 lanes.
int32x4_t RequantizeClamp(int32x4_t acc, int32x4_t multiplier, int32x4_t shift, int32_t offset, int32_t act_min,
                          int32_t act_max) {
  const int32x4_t v = vaddq_s32(Requantize(acc, multiplier, shift), vdupq_n_s32(offset));
  return vminq_s32(vmaxq_s32(v, vdupq_n_s32(act_min)), vdupq_n_s32(act_max));
}

// Eight clamped lanes (two vectors) as eight int8 (the narrowing is exact after the clamp).
int8x8_t NarrowToInt8(int32x4_t lo, int32x4_t hi) { return vmovn_s16(vcombine_s16(vmovn_s32(lo), vmovn_s32(hi))); }

}  // namespace
}  // namespace neon
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_REQUANTIZE_NEON_H_
