// Building blocks shared by the Cortex-M Helium kernel variants (*_mve.cc; M-profile Vector Extension, integer:
// Cortex-M55). INCLUDE ONLY FROM *_mve.cc FILES: those are compiled only for cores with MVE (CMakeLists.txt),
// and every function here has internal linkage.
//
// Hot loops are small asm blocks (tail-predicated DLSTP/LETP loops over 16-byte vectors): GCC 12 does not form
// tail-predicated loops from the intrinsics, shuffles the predicate through VMRS/VMSR and a VPST per load, and
// spills the accumulators of VMLADAVA (which must live in even registers); the same loop from intrinsics costs
// 3-4x the instructions (instruction counts under QEMU, docs/cortex-m-optimized.md). The straight-line vector
// arithmetic (requantization) is written with <arm_mve.h> intrinsics.
#ifndef MOTE_KERNELS_SIMD_ARM_MVE_H_
#define MOTE_KERNELS_SIMD_ARM_MVE_H_

#include <arm_mve.h>

#include <cstdint>

namespace mote {
namespace arm_mve {

// Four dot products of one int8 row x[0, k) with four int8 rows w0..w3 (k >= 1): VMLADAVA per 16 values and
// row, one load of x shared by the four rows, 10 instructions per 64 multiply-accumulates; returned as one
// vector (row i in lane i).
__attribute__((always_inline)) static inline int32x4_t Dot4V(const int8_t* x, const int8_t* w0, const int8_t* w1,
                                                             const int8_t* w2, const int8_t* w3, int k) {
  register int32_t a0 __asm__("r0") = 0;
  register int32_t a1 __asm__("r2") = 0;
  register int32_t a2 __asm__("r4") = 0;
  register int32_t a3 __asm__("r6") = 0;
  int32x4_t v;
  __asm__ volatile(
      "dlstp.8 lr, %[k]\n"
      "1:\n"
      "vldrb.8 q0, [%[x]], #16\n"
      "vldrb.8 q1, [%[w0]], #16\n"
      "vmladava.s8 %[a0], q0, q1\n"
      "vldrb.8 q1, [%[w1]], #16\n"
      "vmladava.s8 %[a1], q0, q1\n"
      "vldrb.8 q1, [%[w2]], #16\n"
      "vmladava.s8 %[a2], q0, q1\n"
      "vldrb.8 q1, [%[w3]], #16\n"
      "vmladava.s8 %[a3], q0, q1\n"
      "letp lr, 1b\n"
      "vmov %q[v][2], %q[v][0], %[a0], %[a2]\n"
      "vmov %q[v][3], %q[v][1], %[a1], %[a3]\n"
      : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1),
        [w2] "+r"(w2), [w3] "+r"(w3), [v] "=w"(v)
      : [k] "r"(k)
      : "q0", "q1", "lr", "memory");
  return v;
}

// A group of four output channels over `pixels` consecutive pixels of a 1x1 convolution with stride 1: the
// input rows follow each other (k values apart) and the four filter rows are w0..w3. Everything stays in one
// asm loop so the constants live in vector registers: per pixel the four VMLADAVA sums (k / 16 steps, started
// from the folded bias: two VMOVs instead of four zeroings and a vector add), one vector, VQRDMULH, the rounding
// right shift with ties away from zero (arm_mve::Requantize without its left shift), the output offset, the
// clamp and one narrowing store at dst (then dst += stride).
// Needs k a multiple of 16 (the pointers then end where the next pixel starts) and no left shift (shift <= 0
// in every lane). 14 general registers: r0, r2, r4, r6 are the sums.
__attribute__((noinline)) static inline void PointwiseGroup(const int8_t* x, const int8_t* w0, const int8_t* w1,
                                                            const int8_t* w2, const int8_t* w3, int k, int8_t* dst,
                                                            int stride, int pixels, int32x4_t bias,
                                                            int32x4_t multiplier, int32x4_t right, int32x4_t offset,
                                                            int32x4_t act_min, int32x4_t act_max) {
  register int32_t a0 __asm__("r0");
  register int32_t a1 __asm__("r2");
  register int32_t a2 __asm__("r4");
  register int32_t a3 __asm__("r6");
  __asm__ volatile(
      "2:\n"
      "vmov %[a0], %[a2], %q[bias][2], %q[bias][0]\n"
      "vmov %[a1], %[a3], %q[bias][3], %q[bias][1]\n"
      "dlstp.8 lr, %[k]\n"
      "1:\n"
      "vldrb.8 q0, [%[x]], #16\n"
      "vldrb.8 q1, [%[w0]], #16\n"
      "vmladava.s8 %[a0], q0, q1\n"
      "vldrb.8 q1, [%[w1]], #16\n"
      "vmladava.s8 %[a1], q0, q1\n"
      "vldrb.8 q1, [%[w2]], #16\n"
      "vmladava.s8 %[a2], q0, q1\n"
      "vldrb.8 q1, [%[w3]], #16\n"
      "vmladava.s8 %[a3], q0, q1\n"
      "letp lr, 1b\n"
      "sub %[w0], %[w0], %[k]\n"
      "sub %[w1], %[w1], %[k]\n"
      "sub %[w2], %[w2], %[k]\n"
      "sub %[w3], %[w3], %[k]\n"
      "vmov q0[2], q0[0], %[a0], %[a2]\n"
      "vmov q0[3], q0[1], %[a1], %[a3]\n"
      "vqrdmulh.s32 q0, q0, %q[mult]\n"
      "vand q1, q0, %q[right]\n"
      "vshr.s32 q1, q1, #31\n"
      "vqadd.s32 q0, q0, q1\n"
      "vrshl.s32 q0, q0, %q[right]\n"
      "vadd.i32 q0, q0, %q[off]\n"
      "vmax.s32 q0, q0, %q[lo]\n"
      "vmin.s32 q0, q0, %q[hi]\n"
      "vstrb.32 q0, [%[dst]]\n"
      "add %[dst], %[dst], %[stride]\n"
      "subs %[n], %[n], #1\n"
      "bne 2b\n"
      : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1),
        [w2] "+r"(w2), [w3] "+r"(w3), [dst] "+l"(dst), [n] "+r"(pixels)
      : [k] "r"(k), [stride] "r"(stride), [bias] "w"(bias), [mult] "w"(multiplier), [right] "w"(right),
        [off] "w"(offset), [lo] "w"(act_min), [hi] "w"(act_max)
      : "q0", "q1", "lr", "cc", "memory");
}

// PointwiseGroup for 1 <= k < 16 (an input row fits one vector): no inner loop. VCTP once sets the predicate
// of the first k byte lanes; per pixel the input row and the four filter rows are loaded under it (lanes >= k
// are not read from memory and load as zero, so they add nothing), then one VMLADAVA per row on top of the
// folded bias, and the same requantization and store as PointwiseGroup. Needs no left shift (shift <= 0).
__attribute__((noinline)) static inline void PointwiseGroupShort(const int8_t* x, const int8_t* w0, const int8_t* w1,
                                                                 const int8_t* w2, const int8_t* w3, int k,
                                                                 int8_t* dst, int stride, int pixels, int32x4_t bias,
                                                                 int32x4_t multiplier, int32x4_t right,
                                                                 int32x4_t offset, int32x4_t act_min,
                                                                 int32x4_t act_max) {
  register int32_t a0 __asm__("r0");
  register int32_t a1 __asm__("r2");
  register int32_t a2 __asm__("r4");
  register int32_t a3 __asm__("r6");
  __asm__ volatile(
      "vctp.8 %[k]\n"
      "2:\n"
      "vmov %[a0], %[a2], %q[bias][2], %q[bias][0]\n"
      "vmov %[a1], %[a3], %q[bias][3], %q[bias][1]\n"
      "vpstt\n"
      "vldrbt.8 q0, [%[x]]\n"
      "vldrbt.8 q1, [%[w0]]\n"
      "vmladava.s8 %[a0], q0, q1\n"
      "vpst\n"
      "vldrbt.8 q1, [%[w1]]\n"
      "vmladava.s8 %[a1], q0, q1\n"
      "vpst\n"
      "vldrbt.8 q1, [%[w2]]\n"
      "vmladava.s8 %[a2], q0, q1\n"
      "vpst\n"
      "vldrbt.8 q1, [%[w3]]\n"
      "vmladava.s8 %[a3], q0, q1\n"
      "add %[x], %[x], %[k]\n"
      "vmov q0[2], q0[0], %[a0], %[a2]\n"
      "vmov q0[3], q0[1], %[a1], %[a3]\n"
      "vqrdmulh.s32 q0, q0, %q[mult]\n"
      "vand q1, q0, %q[right]\n"
      "vshr.s32 q1, q1, #31\n"
      "vqadd.s32 q0, q0, q1\n"
      "vrshl.s32 q0, q0, %q[right]\n"
      "vadd.i32 q0, q0, %q[off]\n"
      "vmax.s32 q0, q0, %q[lo]\n"
      "vmin.s32 q0, q0, %q[hi]\n"
      "vstrb.32 q0, [%[dst]]\n"
      "add %[dst], %[dst], %[stride]\n"
      "subs %[n], %[n], #1\n"
      "bne 2b\n"
      : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [x] "+r"(x), [dst] "+l"(dst),
        [n] "+r"(pixels)
      : [w0] "r"(w0), [w1] "r"(w1), [w2] "r"(w2), [w3] "r"(w3), [k] "r"(k), [stride] "r"(stride), [bias] "w"(bias),
        [mult] "w"(multiplier), [right] "w"(right), [off] "w"(offset), [lo] "w"(act_min), [hi] "w"(act_max)
      : "q0", "q1", "cc", "memory");
}

// Sums of four int8 rows w0..w3 of k >= 1 values (VADDVA), added to sum[0..3].
__attribute__((noinline)) static inline void Sum4(const int8_t* w0, const int8_t* w1, const int8_t* w2,
                                                  const int8_t* w3, int k, int32_t* sum) {
  register int32_t s0 __asm__("r0") = sum[0];
  register int32_t s1 __asm__("r2") = sum[1];
  register int32_t s2 __asm__("r4") = sum[2];
  register int32_t s3 __asm__("r6") = sum[3];
  __asm__ volatile(
      "dlstp.8 lr, %[k]\n"
      "1:\n"
      "vldrb.8 q0, [%[w0]], #16\n"
      "vaddva.s8 %[s0], q0\n"
      "vldrb.8 q0, [%[w1]], #16\n"
      "vaddva.s8 %[s1], q0\n"
      "vldrb.8 q0, [%[w2]], #16\n"
      "vaddva.s8 %[s2], q0\n"
      "vldrb.8 q0, [%[w3]], #16\n"
      "vaddva.s8 %[s3], q0\n"
      "letp lr, 1b\n"
      : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2),
        [w3] "+r"(w3)
      : [k] "r"(k)
      : "q0", "lr", "memory");
  sum[0] = s0;
  sum[1] = s1;
  sum[2] = s2;
  sum[3] = s3;
}

// Three dot products of one int8 row x[0, k) with int8 rows w0..w2 (k >= 1) and the sums of those rows, for
// layers whose input offset is folded as offset * sum(w) at run time (FULLY_CONNECTED, where each weight is
// used once per row): 11 instructions per 48 multiply-accumulates. Results as vectors (lane 3 is 0).
__attribute__((always_inline)) static inline void Dot3SumV(const int8_t* x, const int8_t* w0, const int8_t* w1,
                                                           const int8_t* w2, int k, int32x4_t* dots, int32x4_t* sums) {
  register int32_t a0 __asm__("r0") = 0;
  register int32_t a1 __asm__("r2") = 0;
  register int32_t a2 __asm__("r4") = 0;
  register int32_t s0 __asm__("r6") = 0;
  register int32_t s1 __asm__("r8") = 0;
  register int32_t s2 __asm__("r10") = 0;
  int32x4_t d, s;
  __asm__ volatile(
      "dlstp.8 lr, %[k]\n"
      "1:\n"
      "vldrb.8 q0, [%[x]], #16\n"
      "vldrb.8 q1, [%[w0]], #16\n"
      "vmladava.s8 %[a0], q0, q1\n"
      "vaddva.s8 %[s0], q1\n"
      "vldrb.8 q1, [%[w1]], #16\n"
      "vmladava.s8 %[a1], q0, q1\n"
      "vaddva.s8 %[s1], q1\n"
      "vldrb.8 q1, [%[w2]], #16\n"
      "vmladava.s8 %[a2], q0, q1\n"
      "vaddva.s8 %[s2], q1\n"
      "letp lr, 1b\n"
      "vmov %q[d][2], %q[d][0], %[a0], %[a2]\n"
      "vmov %q[d][3], %q[d][1], %[a1], %[z]\n"
      "vmov %q[s][2], %q[s][0], %[s0], %[s2]\n"
      "vmov %q[s][3], %q[s][1], %[s1], %[z]\n"
      : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [x] "+r"(x),
        [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [d] "=&w"(d), [s] "=&w"(s)
      : [k] "r"(k), [z] "r"(0)
      : "q0", "q1", "lr", "memory");
  *dots = d;
  *sums = s;
}

// Sum of one int8 row of k >= 1 values.
static inline int32_t Sum(const int8_t* x, int k) {
  register int32_t s __asm__("r0") = 0;
  __asm__ volatile(
      "dlstp.8 lr, %[k]\n"
      "1:\n"
      "vldrb.8 q0, [%[x]], #16\n"
      "vaddva.s8 %[s], q0\n"
      "letp lr, 1b\n"
      : [s] "+r"(s), [x] "+r"(x)
      : [k] "r"(k)
      : "q0", "lr", "memory");
  return s;
}

// dst[0, n) = src[0, n) and dst[0, n) = value (n >= 0): 16 bytes per step, tail-predicated.
static inline void Copy(int8_t* dst, const int8_t* src, int n) {
  if (n <= 0) return;
  __asm__ volatile(
      "dlstp.8 lr, %[n]\n"
      "1:\n"
      "vldrb.8 q0, [%[src]], #16\n"
      "vstrb.8 q0, [%[dst]], #16\n"
      "letp lr, 1b\n"
      : [dst] "+r"(dst), [src] "+r"(src)
      : [n] "r"(n)
      : "q0", "lr", "memory");
}
static inline void Fill(int8_t* dst, int8_t value, int n) {
  if (n <= 0) return;
  __asm__ volatile(
      "vdup.8 q0, %[v]\n"
      "dlstp.8 lr, %[n]\n"
      "1:\n"
      "vstrb.8 q0, [%[dst]], #16\n"
      "letp lr, 1b\n"
      : [dst] "+r"(dst)
      : [n] "r"(n), [v] "r"(static_cast<int32_t>(value))
      : "q0", "lr", "memory");
}

// TFLite's MultiplyByQuantizedMultiplier on four lanes, bit-exact for every int32 accumulator (shift > 0 is a
// left shift): VSHL wraps as TFLite's x * (1 << left) does; VQRDMULH is SaturatingRoundingDoublingHighMul
// (it saturates only for INT32_MIN * INT32_MIN, which a multiplier >= 0 never gives); the rounding right shift
// is gemmlowp's RoundingDivideByPOT: subtract 1 from negative values (saturating), then VRSHL rounds half up.
static inline int32x4_t Requantize(int32x4_t acc, int32x4_t multiplier, int32x4_t shift) {
  const int32x4_t zero = vdupq_n_s32(0);
  const int32x4_t left = vmaxq_s32(shift, zero);
  const int32x4_t right = vminq_s32(shift, zero);  // -e
  const int32x4_t y = vqrdmulhq_s32(vshlq_s32(acc, left), multiplier);
  const int32x4_t fixup = vshrq_n_s32(vandq_s32(y, right), 31);
  return vrshlq_s32(vqaddq_s32(y, fixup), right);
}

// Requantize, add the output offset, clamp: the int8 outputs of four lanes, still in int32 lanes.
static inline int32x4_t Finish(int32x4_t acc, int32x4_t multiplier, int32x4_t shift, int32_t offset, int32_t act_min,
                               int32_t act_max) {
  const int32x4_t v = vaddq_n_s32(Requantize(acc, multiplier, shift), offset);
  return vminq_s32(vmaxq_s32(v, vdupq_n_s32(act_min)), vdupq_n_s32(act_max));
}

// Four scalars into one vector (two VMOVs from register pairs).
static inline int32x4_t Vector4(int32_t a0, int32_t a1, int32_t a2, int32_t a3) {
  int32x4_t v = vdupq_n_s32(a0);
  v = vsetq_lane_s32(a1, v, 1);
  v = vsetq_lane_s32(a2, v, 2);
  return vsetq_lane_s32(a3, v, 3);
}

}  // namespace arm_mve
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_ARM_MVE_H_
