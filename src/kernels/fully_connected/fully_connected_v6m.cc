// FULLY_CONNECTED int8, Armv6-M variant (Cortex-M0/M0+; compiled only for Armv6-M cores). Contract in
// fully_connected_variants.h; building blocks in kernels/simd/arm_v6m.h.
//
// A GEMV per batch row, weights read in place, no scratch: four output channels at a time share each input load
// (Dot4V6m), a last group of 1-3 channels repeats its last row. Requantization without 64-bit arithmetic
// (MultiplyByQuantizedMultiplierV6m). Symmetric weights only (filter_offset == 0, what every converter writes);
// others take the reference.
#include <algorithm>
#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/arm_v6m.h"

namespace mote {
namespace fully_connected {

void FullyConnectedInt8V6m(const FullyConnectedInt8Problem& p, void*) {
  const int depth = p.accum_depth;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* in_row = p.input + b * depth;
    int8_t* out_row = p.output + b * p.output_depth;
    for (int c0 = 0; c0 < p.output_depth; c0 += 4) {
      const int count = std::min(4, p.output_depth - c0);
      arm_v6m::Dot4Job job;
      job.x = in_row;
      job.n = depth;
      job.input_offset = p.input_offset;
      for (int r = 0; r < 4; ++r) {
        const int c = c0 + std::min(r, count - 1);
        job.f[r] = p.filter + c * depth;
        job.acc[r] = p.bias != nullptr ? p.bias[c] : 0;
      }
      arm_v6m::Dot4V6m(&job);
      for (int r = 0; r < count; ++r) {
        const int c = c0 + r;
        const int32_t multiplier = p.per_channel_multiplier != nullptr ? p.per_channel_multiplier[c]
                                                                       : p.output_multiplier;
        const int shift = p.per_channel_shift != nullptr ? p.per_channel_shift[c] : p.output_shift;
        int32_t v = arm_v6m::MultiplyByQuantizedMultiplierV6m(job.acc[r], multiplier, shift);
        v = static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(p.output_offset));
        v = std::min(std::max(v, p.activation_min), p.activation_max);
        out_row[c] = static_cast<int8_t>(v);
      }
    }
  }
}

}  // namespace fully_connected
}  // namespace mote
