// ADD int8, Cortex-M Helium variant (compiled only for cores with MVE: Cortex-M55). Contract in add_variants.h.
//
// Same-shape inputs (the plan is one contiguous run), four elements per vector: widen to int32 lanes, apply
// the input offset and left shift, rescale both inputs and the sum with TFLite's
// MultiplyByQuantizedMultiplierSmallerThanOneExp (VQRDMULH + the rounding right shift of arm_mve::Requantize,
// exact), add the output offset, clamp, narrow and store. The last 1-3 elements use predicated loads/stores.
#include <cstdint>

#include "kernels/add/add_variants.h"
#include "kernels/simd/arm_mve.h"

namespace mote {
namespace add {
namespace {

inline int32x4_t ScaleInput(int32x4_t x, int32_t offset, int32_t left_shift, int32x4_t multiplier, int32x4_t shift) {
  return arm_mve::Requantize(vshlq_s32(vaddq_n_s32(x, offset), vdupq_n_s32(left_shift)), multiplier, shift);
}

}  // namespace

void AddInt8Mve(const AddInt8Problem& p, void*) {
  const int32x4_t m1 = vdupq_n_s32(p.input1_multiplier), s1 = vdupq_n_s32(p.input1_shift);
  const int32x4_t m2 = vdupq_n_s32(p.input2_multiplier), s2 = vdupq_n_s32(p.input2_shift);
  const int32x4_t mo = vdupq_n_s32(p.output_multiplier), so = vdupq_n_s32(p.output_shift);
  const int32x4_t lo = vdupq_n_s32(p.activation_min), hi = vdupq_n_s32(p.activation_max);
  const int8_t* a = p.input1;
  const int8_t* b = p.input2;
  int8_t* out = p.output;
  int n = p.elements;
  for (; n >= 4; n -= 4, a += 4, b += 4, out += 4) {
    const int32x4_t x = ScaleInput(vldrbq_s32(a), p.input1_offset, p.left_shift, m1, s1);
    const int32x4_t y = ScaleInput(vldrbq_s32(b), p.input2_offset, p.left_shift, m2, s2);
    const int32x4_t v = vaddq_n_s32(arm_mve::Requantize(vaddq_s32(x, y), mo, so), p.output_offset);
    vstrbq_s32(out, vminq_s32(vmaxq_s32(v, lo), hi));
  }
  if (n > 0) {
    const mve_pred16_t tail = vctp32q(n);
    const int32x4_t x = ScaleInput(vldrbq_z_s32(a, tail), p.input1_offset, p.left_shift, m1, s1);
    const int32x4_t y = ScaleInput(vldrbq_z_s32(b, tail), p.input2_offset, p.left_shift, m2, s2);
    const int32x4_t v = vaddq_n_s32(arm_mve::Requantize(vaddq_s32(x, y), mo, so), p.output_offset);
    vstrbq_p_s32(out, vminq_s32(vmaxq_s32(v, lo), hi), tail);
  }
}

}  // namespace add
}  // namespace mote
