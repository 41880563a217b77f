// Building blocks shared by the Cortex-M DSP kernel variants (*_dsp.cc; Armv7E-M / Armv8-M Mainline DSP
// extension). INCLUDE ONLY FROM *_dsp.cc AND *_mve.cc FILES: those are compiled only for cores that have the
// instructions (CMakeLists.txt), and every function here has internal linkage.
//
// Instructions come from ACLE intrinsics (<arm_acle.h>: __smlad, __sxtb16, __sxtab16, __ssat, __ssub8, __sel).
// GCC 12's ACLE lacks a few single instructions the kernels need, and GCC does not combine their C spelling into
// them: SXTB16/SXTAB16 with the built-in rotation (GCC emits ROR + SXTB16), SMMLAR (GCC emits a 64-bit
// multiply-accumulate and moves) and PKHBT/PKHTB (GCC emits UXTH + ORR). Those are one-instruction asm wrappers
// below, as CMSIS-Core's __SXTB16_RORn, __SMMLA and __PKHBT are; each saves one or more instructions per use.
//
// Operand order convention ("SXTB16 order"): a word w = [b0 b1 b2 b3] of int8 values gives
//   Even(w) = SXTB16(w)          = (b0, b2)   as two int16 halves (low, high)
//   Odd(w)  = SXTB16(w, ROR #8)  = (b1, b3)
// so a dot product of 4 int8 weights with 4 int16 activations stored as (x0, x2), (x1, x3) is two SMLADs:
//   acc = SMLAD(x02, Even(w), SMLAD(x13, Odd(w), acc)).
// Activations converted with SXTAB16 (input offset added) land in exactly that order.
#ifndef MOTE_KERNELS_INTERNAL_ARM_DSP_H_
#define MOTE_KERNELS_INTERNAL_ARM_DSP_H_

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
// (lo.lo, hi.lo): PKHBT Rd, lo, hi, LSL #16.
static inline uint32_t PackLowHalves(uint32_t lo, uint32_t hi) {
  uint32_t r;
  __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(r) : "r"(lo), "r"(hi));
  return r;
}
// (lo.hi, hi.hi): PKHTB Rd, hi, lo, ASR #16.
static inline uint32_t PackHighHalves(uint32_t lo, uint32_t hi) {
  uint32_t r;
  __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(r) : "r"(hi), "r"(lo));
  return r;
}

// c + ((a * b + 2^31) >> 32): the rounded high word of the product plus c, SMMLAR (exact: computed in 64 bits).
static inline int32_t Smmlar(int32_t a, int32_t b, int32_t c) {
  int32_t r;
  __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

static inline int32_t Smlad(uint32_t a, uint32_t b, int32_t acc) {
  return __smlad(a, b, acc);
}
static inline int32_t Smlabb(uint32_t a, uint32_t b, int32_t acc) {
  return __smlabb(a, b, acc);
}

// Per-output-channel requantization constants, exact for every int32 accumulator (TFLite's
// MultiplyByQuantizedMultiplier, kernels/internal/common.h). With x the accumulator shifted left by
// max(shift, 0), m the Q31 multiplier (0 <= m < 2^31) and e = max(-shift, 0), TFLite computes
//   q1 = SaturatingRoundingDoublingHighMul(x, m)  = round-half-up(x * m / 2^31)  (m >= 0: never saturates)
//   q  = RoundingDivideByPOT(q1, e)              = round-half-away-from-zero(q1 / 2^e)
// Both roundings are symmetric in sign (see kernels/internal/requantize_avx2.h), so q = sign(x) * f(|x|) with
//   f(a) = floor((a * m + 2^30 - [x < 0] + h * 2^31) / 2^(31 + e)),   h = 2^e / 2 (0 for e = 0).
// Doubling numerator and denominator, and using that the numerator is even (so -1 and -2 floor alike):
//   f(a) = floor((a * 2m + 2^31 - [x < 0] + h * 2^32) / 2^(32 + e)) = hi >> e,
// where hi:lo = a * 2m + (h : 2^31 - [x < 0]) is one UMLAL (a <= 2^31 and 2m < 2^32: no 64-bit overflow), and
// the low word never carries into the result because lo < 2^32. Nine instructions, no branch.
struct ChannelQuant {
  int32_t bias;         // bias[c], or 0 without a bias tensor
  uint32_t multiplier2;  // 2 * m (fits in uint32)
  uint32_t round_high;   // h
  int32_t right_shift;   // e
  int32_t left_shift;    // max(shift, 0)
};

static inline ChannelQuant MakeChannelQuant(const int32_t* bias, const int32_t* multiplier, const int32_t* shift,
                                            int c) {
  ChannelQuant q;
  const int32_t s = shift[c];
  q.bias = bias != nullptr ? bias[c] : 0;
  q.multiplier2 = static_cast<uint32_t>(multiplier[c]) << 1;
  q.left_shift = s > 0 ? s : 0;
  q.right_shift = s > 0 ? 0 : -s;
  q.round_high = (1u << q.right_shift) >> 1;
  return q;
}

// The requantized accumulator before the output offset and clamp (exactly MultiplyByQuantizedMultiplier).
static inline int32_t Requantize(int32_t acc, uint32_t multiplier2, uint32_t round_high, int32_t right_shift,
                                 int32_t left_shift) {
  // TFLite's x * (1 << left_shift) wraps; the unsigned shift gives the same bits.
  const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(acc) << left_shift);
  const int32_t sign = x >> 31;                                         // 0 or -1
  const uint32_t a = static_cast<uint32_t>((x ^ sign) - sign);          // |x| (2^31 for INT32_MIN)
  const uint64_t round = (static_cast<uint64_t>(round_high) << 32) | (0x80000000u + static_cast<uint32_t>(sign));
  const uint64_t total = static_cast<uint64_t>(a) * multiplier2 + round;  // UMLAL
  const int32_t q = static_cast<int32_t>(static_cast<uint32_t>(total >> 32) >> right_shift);
  return (q ^ sign) - sign;
}

static inline int32_t Requantize(int32_t acc, const ChannelQuant& q) {
  return Requantize(acc, q.multiplier2, q.round_high, q.right_shift, q.left_shift);
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
struct FastQuant {
  int32_t bias;         // bias[c] (0 without a bias tensor)
  int32_t multiplier2;  // int32(2m)
  int32_t round;        // h = 2^(e-1)
  int32_t right_shift;  // e
};

// Whether FastRequantize is exact for a channel (multiplier m != 0, TFLite shift) whose accumulator, bias
// included, stays within +-max_abs_acc (a bound for a whole layer, or the accumulator's own magnitude).
static inline bool FastRequantApplies(int32_t multiplier, int32_t shift, int64_t max_abs_acc) {
  if (multiplier < (1 << 30) || shift > -1 || shift < -31) return false;
  return max_abs_acc + (int64_t{1} << (-shift - 1)) < (int64_t{1} << 31);
}

static inline FastQuant MakeFastQuant(const int32_t* bias, const int32_t* multiplier, const int32_t* shift, int c) {
  const int32_t e = -shift[c];
  FastQuant q;
  q.bias = bias != nullptr ? bias[c] : 0;
  q.multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(multiplier[c]) << 1);
  q.round = static_cast<int32_t>(1u << (e - 1));
  q.right_shift = e;
  return q;
}

// Constants for a channel the fast form does not apply to (its caller computes it another way): whatever the
// accumulator, FastRequantize stays free of overflow (y = (x + 1) / 2, then >> 31) and gives 0 or -1.
static inline FastQuant InertFastQuant() { return FastQuant{0, INT32_MIN, 0, 31}; }

// Requantized output (before the output offset) of accumulator x.
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

// x + offset (both int32) packed for the two halves of an SXTAB16: (offset, offset).
static inline uint32_t Splat16(int32_t v) { return (static_cast<uint32_t>(v) & 0xFFFFu) * 0x00010001u; }

}  // namespace arm_dsp
}  // namespace mote

#endif  // MOTE_KERNELS_INTERNAL_ARM_DSP_H_
