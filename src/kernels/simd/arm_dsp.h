// Building blocks shared by the Cortex-M DSP kernel variants (*_dsp.cc; Armv7E-M / Armv8-M Mainline DSP
// extension). INCLUDE ONLY FROM *_dsp.cc AND *_mve.cc FILES: those are compiled only for cores that have the
// instructions (CMakeLists.txt), and every function here has internal linkage.
//
// Instructions come from ACLE intrinsics (<arm_acle.h>: __smlad, __sxtb16, __sxtab16, __ssat, __ssub8, __sel).
// GCC 12's ACLE lacks a few single instructions the kernels need, and GCC does not combine their C spelling into
// them: SXTB16/SXTAB16 with the built-in rotation (GCC emits ROR + SXTB16) and SMMLAR (GCC emits a 64-bit
// multiply-accumulate and moves). Those are one-instruction asm wrappers below, as CMSIS-Core's __SXTB16_RORn
// and __SMMLA are; each saves one or more instructions per use.
//
// Operand order convention ("SXTB16 order"): a word w = [b0 b1 b2 b3] of int8 values gives
//   Even(w) = SXTB16(w)          = (b0, b2)   as two int16 halves (low, high)
//   Odd(w)  = SXTB16(w, ROR #8)  = (b1, b3)
// so a dot product of 4 int8 weights with 4 int16 activations stored as (x0, x2), (x1, x3) is two SMLADs:
//   acc = SMLAD(x02, Even(w), SMLAD(x13, Odd(w), acc)).
// Activations converted with SXTAB16 (input offset added) land in exactly that order.
#ifndef MOTE_KERNELS_SIMD_ARM_DSP_H_
#define MOTE_KERNELS_SIMD_ARM_DSP_H_

#include <arm_acle.h>

#include <cstdint>
#include <cstring>

namespace mote {
namespace arm_dsp {

// Unaligned 32/16-bit loads and stores (LDR/STR/LDRH/STRH accept any alignment on these cores; LDRD/LDM do not).
static inline uint32_t Load32(const void* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
static inline void Store16(void* p, uint32_t v) {
  const uint16_t h = static_cast<uint16_t>(v);
  std::memcpy(p, &h, 2);
}

// (b1, b3) of w sign-extended to int16 halves: SXTB16 Rd, Rm, ROR #8.
static inline uint32_t SxtB16Ror8(uint32_t w) {
  uint32_t r;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(w));
  return r;
}
// (b1 + o.lo, b3 + o.hi): SXTAB16 Rd, Rn, Rm, ROR #8.
static inline uint32_t SxtAB16Ror8(uint32_t o, uint32_t w) {
  uint32_t r;
  __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(o), "r"(w));
  return r;
}
// c + ((a * b + 2^31) >> 32): the rounded high word of the product plus c, SMMLAR (exact: computed in 64 bits).
static inline int32_t Smmlar(int32_t a, int32_t b, int32_t c) {
  int32_t r;
  __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

// The fast requantization, exact where FastRequantApplies. TFLite computes, for e = -shift >= 1,
//   y = SaturatingRoundingDoublingHighMul(X, m) = floor((X * 2m + 2^31) / 2^32)   (m in [2^30, 2^31): no saturation)
//   q = RoundingDivideByPOT(y, e)               = (y + h - [y < 0]) >> e,  h = 2^(e-1)
// 2m does not fit an int32, but read as one it is 2m - 2^32, and SMMLAR adds its third operand times 2^32 to the
// 64-bit product, so
//   y = SMMLAR(X, int32(2m), X) = (X * 2^32 + X * (2m - 2^32) + 2^31) >> 32     (one instruction, any int32 X)
//   q = (y + h + (X >> 31)) >> e
// The sign of X stands in for the sign of y: they differ only when y = 0, where h - 1 and h both floor to 0. The
// sum y + h must not overflow: |y| <= |X|, so |X| + h < 2^31 is enough (FastRequantApplies).
//
// Whether FastRequantize is exact for a channel (multiplier m != 0, TFLite shift) whose accumulator, bias
// included, stays within +-max_abs_acc (a bound for a whole layer, or the accumulator's own magnitude).
static inline bool FastRequantApplies(int32_t multiplier, int32_t shift, int64_t max_abs_acc) {
  if (multiplier < (1 << 30) || shift > -1 || shift < -31) return false;
  return max_abs_acc + (int64_t{1} << (-shift - 1)) < (int64_t{1} << 31);
}

// Requantized output (before the output offset) of accumulator x; multiplier2 = int32(2m), round = 2^(e-1),
// right_shift = e.
static inline int32_t FastRequantize(int32_t x, int32_t multiplier2, int32_t round, int32_t right_shift) {
  return (Smmlar(x, multiplier2, x) + round + (x >> 31)) >> right_shift;
}

// Output clamp on packed int8 lanes: every byte lane of `v` limited to [lo, hi] (bytes of `lo4`/`hi4`, which
// hold the activation bounds in all four lanes). SSUB8 sets the GE flags per lane, SEL picks.
static inline uint32_t ClampBytes(uint32_t v, uint32_t lo4, uint32_t hi4) {
  __ssub8(v, lo4);
  v = __sel(v, lo4);
  __ssub8(hi4, v);
  return __sel(v, hi4);
}

static inline uint32_t Splat8(int32_t v) { return (static_cast<uint32_t>(v) & 0xFFu) * 0x01010101u; }

// v in both 16-bit halves (the offset operand of SXTAB16).
static inline uint32_t Splat16(int32_t v) { return (static_cast<uint32_t>(v) & 0xFFFFu) * 0x00010001u; }

}  // namespace arm_dsp
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_ARM_DSP_H_
