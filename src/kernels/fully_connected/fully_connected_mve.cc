// FULLY_CONNECTED int8, Cortex-M Helium variant (compiled only for cores with MVE: Cortex-M55). Contract in
// fully_connected_variants.h; building blocks in kernels/simd/arm_mve.h.
//
// Per batch row, three output channels at a time: one tail-predicated loop (arm_mve::Dot3Sum) does the int8
// dot products with VMLADAVA and, since each weight is used once, the weight sums with VADDVA in the same pass.
// The offsets are then applied exactly as the reference's sum of (w + filter_offset) * (x + input_offset),
// regrouped modulo 2^32:  sum w x + input_offset * sum w + filter_offset * sum x + k * filter_offset *
// input_offset. The three results are requantized on vector lanes (arm_mve::Requantize, exact), clamped and
// stored with one predicated narrowing store. No scratch.
#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/arm_mve.h"

namespace mote {
namespace fully_connected {

void FullyConnectedInt8Mve(const FullyConnectedInt8Problem& p, void*) {
  const int k = p.accum_depth;
  const bool per_channel = p.per_channel_multiplier != nullptr;
  const int32x4_t tensor_multiplier = vdupq_n_s32(p.output_multiplier);
  const int32x4_t tensor_shift = vdupq_n_s32(p.output_shift);
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* x = p.input + b * k;
    int8_t* out = p.output + b * p.output_depth;
    // Terms shared by every output of the row (asymmetric weights only).
    const uint32_t row_term =
        p.filter_offset == 0 ? 0u
                             : static_cast<uint32_t>(p.filter_offset) *
                                   (static_cast<uint32_t>(arm_mve::Sum(x, k)) +
                                    static_cast<uint32_t>(k) * static_cast<uint32_t>(p.input_offset));
    for (int c = 0; c < p.output_depth; c += 3) {
      const int rows = p.output_depth - c < 3 ? p.output_depth - c : 3;
      const mve_pred16_t lanes = vctp32q(rows);
      const int8_t* w0 = p.filter + c * k;
      const int8_t* w1 = rows > 1 ? w0 + k : w0;
      const int8_t* w2 = rows > 2 ? w0 + 2 * k : w0;
      int32x4_t dots, sums;
      arm_mve::Dot3SumV(x, w0, w1, w2, k, &dots, &sums);
      int32x4_t v = vmlaq_n_s32(dots, sums, p.input_offset);
      if (p.bias != nullptr) v = vaddq_s32(v, vldrwq_z_s32(p.bias + c, lanes));
      if (row_term != 0) v = vaddq_n_s32(v, static_cast<int32_t>(row_term));
      const int32x4_t multiplier = per_channel ? vldrwq_z_s32(p.per_channel_multiplier + c, lanes) : tensor_multiplier;
      const int32x4_t shift = per_channel ? vldrbq_z_s32(p.per_channel_shift + c, lanes) : tensor_shift;
      v = arm_mve::Finish(v, multiplier, shift, p.output_offset, p.activation_min, p.activation_max);
      vstrbq_p_s32(out + c, v, lanes);
    }
  }
}

}  // namespace fully_connected
}  // namespace mote
