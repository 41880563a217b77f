// Building blocks of the Armv6-M kernel variants (Cortex-M0/M0+; *_v6m.cc, compiled only for Armv6-M cores).
//
// Armv6-M has no DSP or SIMD instructions, one 32x32->32 multiply (MULS, destroying one operand), eight low
// registers for most instructions, byte loads only with a register offset (LDRSB Rt, [Rn, Rm]) and no 64-bit
// multiply: a C `int64_t * int64_t` becomes a call to libgcc's __aeabi_lmul. So:
//   - MultiplyByQuantizedMultiplierV6m: TFLite's requantization (SaturatingRoundingDoublingHighMul then
//     RoundingDivideByPOT) computed exactly with four 16x16->32 partial products, no library call.
//   - Dot4V6m: four dot products sharing each input load (hand-written loop, dot_v6m.cc): the accumulators live
//     in r8-r11 and the input offset in r12, so the loop keeps every value in a register.
#ifndef MOTE_KERNELS_SIMD_ARM_V6M_H_
#define MOTE_KERNELS_SIMD_ARM_V6M_H_

#include <cstdint>

namespace mote {
namespace arm_v6m {

// Bits 31..62 of ua * ub + round (ua <= 2^31, ub < 2^31, round < 2^31), from four 16x16->32 products and an
// ADDS/ADCS carry chain: 20 instructions.
inline uint32_t MulHighRound(uint32_t ua, uint32_t ub, uint32_t round) {
#if defined(__ARM_ARCH_6M__)
  uint32_t al, bl, p0;
  __asm__(
      ".syntax unified\n\t"  // GCC wraps Thumb-1 inline asm in divided syntax (-masm-syntax-unified is off)
      "uxth %[al], %[ua]\n\t"
      "lsrs %[ua], %[ua], #16\n\t"  // ah
      "uxth %[bl], %[ub]\n\t"
      "lsrs %[ub], %[ub], #16\n\t"  // bh
      "movs %[p0], %[al]\n\t"
      "muls %[p0], %[bl], %[p0]\n\t"   // al * bl
      "muls %[bl], %[ua], %[bl]\n\t"   // ah * bl
      "muls %[al], %[ub], %[al]\n\t"   // al * bh
      "muls %[ua], %[ub], %[ua]\n\t"   // ah * bh: the high word
      "adds %[bl], %[bl], %[al]\n\t"   // the middle sum (< 2^32)
      "movs %[ub], #0\n\t"
      "adds %[p0], %[p0], %[round]\n\t"
      "adcs %[ua], %[ua], %[ub]\n\t"
      "lsls %[al], %[bl], #16\n\t"
      "lsrs %[bl], %[bl], #16\n\t"
      "adds %[p0], %[p0], %[al]\n\t"
      "adcs %[ua], %[ua], %[bl]\n\t"
      "lsls %[ua], %[ua], #1\n\t"
      "lsrs %[p0], %[p0], #31\n\t"
      "orrs %[ua], %[ua], %[p0]\n\t"
      : [ua] "+&l"(ua), [ub] "+&l"(ub), [al] "=&l"(al), [bl] "=&l"(bl), [p0] "=&l"(p0)
      : [round] "l"(round)
      : "cc");
  return ua;
#else
  const uint64_t m = static_cast<uint64_t>(ua) * ub + round;
  return static_cast<uint32_t>(m >> 31);
#endif
}

// Exactly mote::MultiplyByQuantizedMultiplier(x, quantized_multiplier, shift) (integer_arithmetic.h) for every
// input, without 64-bit arithmetic. The doubling high multiply is done on magnitudes: for a product m = |a| * |b|
// (< 2^62 but for the saturating INT32_MIN * INT32_MIN case), gemmlowp's nudged, truncating division gives
// (m + 2^30) >> 31 for a non-negative product and -((m + 2^30 - 1) >> 31) for a negative one.
inline int32_t MultiplyByQuantizedMultiplierV6m(int32_t x, int32_t quantized_multiplier, int shift) {
  const int left_shift = shift > 0 ? shift : 0;
  const int right_shift = shift > 0 ? 0 : -shift;
  const int32_t a = static_cast<int32_t>(static_cast<uint32_t>(x) << left_shift);
  const int32_t b = quantized_multiplier;
  if (b >= 0) {
    // Every TFLite multiplier (0 or [2^30, 2^31)). On magnitudes, with s = 0 or -1 the sign mask of a: the
    // doubling high multiply is s-signed (|a| * b + 2^30 + s) >> 31, and RoundingDivideByPOT of an s-signed q by
    // 2^e is s-signed (q + 2^e / 2) >> e (ties away from zero on both sides).
    const uint32_t s = static_cast<uint32_t>(a >> 31);
    const uint32_t ua = (static_cast<uint32_t>(a) ^ s) - s;
    const uint32_t q = MulHighRound(ua, static_cast<uint32_t>(b), (1u << 30) + s);
    const uint32_t magnitude = (q + ((1u << right_shift) >> 1)) >> right_shift;
    return static_cast<int32_t>((magnitude ^ s) - s);
  }
  // Negative multipliers (never written by a converter, accepted as TFLM does): the general form.
  const bool negative = (a ^ b) < 0;
  const uint32_t ua = a < 0 ? 0u - static_cast<uint32_t>(a) : static_cast<uint32_t>(a);
  const uint32_t ub = b < 0 ? 0u - static_cast<uint32_t>(b) : static_cast<uint32_t>(b);
  const uint32_t al = ua & 0xFFFFu, ah = ua >> 16;  // ah, bh <= 2^15
  const uint32_t bl = ub & 0xFFFFu, bh = ub >> 16;
  const uint32_t low = al * bl;               // < 2^32
  const uint32_t mid = ah * bl + al * bh;     // each < 2^31
  const uint32_t high = ah * bh;              // <= 2^30
  const uint32_t round = negative ? (1u << 30) - 1u : (1u << 30);
  // (high:low) + (mid << 16) + round, then bits 31..62.
  uint32_t lo = low + round;
  uint32_t hi = high + (lo < round ? 1u : 0u);
  const uint32_t mid_lo = mid << 16;
  lo += mid_lo;
  hi += (mid >> 16) + (lo < mid_lo ? 1u : 0u);
  const uint32_t q = (hi << 1) | (lo >> 31);  // < 2^31
  int32_t srdhm = negative ? -static_cast<int32_t>(q) : static_cast<int32_t>(q);
  if (a == b && a == INT32_MIN) srdhm = INT32_MAX;  // the one saturating case
  // RoundingDivideByPOT(srdhm, right_shift), right_shift in [0, 31].
  const int32_t mask = static_cast<int32_t>((1u << right_shift) - 1u);
  const int32_t remainder = srdhm & mask;
  const int32_t threshold = (mask >> 1) + (srdhm < 0 ? 1 : 0);
  return (srdhm >> right_shift) + (remainder > threshold ? 1 : 0);
}

// One call of Dot4V6m: acc[r] += sum over i < n of f[r][i] * (x[i] + input_offset), r = 0..3, wrapping
// modulo 2^32 as TFLM's int32 accumulators. The field offsets are part of the assembly's contract.
struct Dot4Job {
  const int8_t* x;     // offset 0
  const int8_t* f[4];  // offsets 4, 8, 12, 16 (may repeat a row; its results are then simply ignored)
  int32_t n;           // offset 20, >= 0
  int32_t input_offset;  // offset 24
  int32_t acc[4];      // offsets 28..40, in and out
};

// Per value: one input load and offset, then per row a load, a MULS and an ADD: 14 instructions per 4
// multiply-accumulates, two values per loop iteration. About 50 instructions of call overhead.
void Dot4V6m(Dot4Job* job);

// One call of TapsV6m: for channel c < channels, acc[c * step] = sum over taps t of
// f[c * step + tap[t].filter] * (in[c + tap[t].input] + input_offset), wrapping (a depthwise pixel: every
// channel walks the same table of in-image taps; step is the channel multiplier, one call per multiplier index).
struct TapOffsets {
  int32_t input;
  int32_t filter;
};
struct TapsJob {
  const int8_t* in;         // offset 0
  const int8_t* f;          // offset 4
  const TapOffsets* taps;   // offset 8
  int32_t tap_count;        // offset 12, >= 1
  int32_t channels;         // offset 16, >= 1
  int32_t input_offset;     // offset 20
  int32_t* acc;             // offset 24, [channels * step], out
  int32_t step;             // offset 28, >= 1
};
// Per tap one LDM of the offset pair, two loads, the offset add, MULS, ADDS and the loop test: 8 instructions
// per multiply-accumulate, about 15 per channel.
void TapsV6m(const TapsJob* job);

}  // namespace arm_v6m
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_ARM_V6M_H_
