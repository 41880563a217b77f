// GATHER reference (TFLM's Gather): with the input viewed as [batch, outer, axis_size, inner] and the
// indices as [batch, coord_count], output[b, o, c, :] = input[b, o, indices[b, c], :]. Copies elements of
// `element_size` bytes, so one instantiation serves every type. Precondition (checked by the glue, at
// invoke for runtime indices): every index is in [0, axis_size).
#ifndef MOTE_KERNELS_GATHER_GATHER_REFERENCE_H_
#define MOTE_KERNELS_GATHER_GATHER_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct GatherParams {
  int64_t batch_size, outer_size, inner_size, coord_count;
  int32_t axis_size;
  size_t element_size;
};

inline void Gather(const GatherParams& p, const void* input, const int32_t* indices, void* output) {
  const size_t row = static_cast<size_t>(p.inner_size) * p.element_size;
  const auto* in = static_cast<const uint8_t*>(input);
  auto* out = static_cast<uint8_t*>(output);
  for (int64_t b = 0; b < p.batch_size; ++b) {
    const int32_t* batch_indices = indices + b * p.coord_count;
    for (int64_t o = 0; o < p.outer_size; ++o) {
      const uint8_t* block = in + static_cast<size_t>((b * p.outer_size + o) * p.axis_size) * row;
      for (int64_t c = 0; c < p.coord_count; ++c, out += row) {
        std::memcpy(out, block + static_cast<size_t>(batch_indices[c]) * row, row);
      }
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_GATHER_GATHER_REFERENCE_H_
