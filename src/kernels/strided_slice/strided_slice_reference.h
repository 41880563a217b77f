// STRIDED_SLICE reference compute: copies a strided box of the input, in output order.
//
// Prepare resolves begin/end/strides and all masks into one entry per (effective) dimension: how many
// elements it yields and the input offset step between them. Invoke walks those entries like an odometer,
// last dimension fastest, writing the output sequentially (TFLM's loop order). SLICE is the same box with
// steps of one element, BROADCAST_TO with steps of 0 along the broadcast dimensions.
#ifndef MOTE_KERNELS_STRIDED_SLICE_STRIDED_SLICE_REFERENCE_H_
#define MOTE_KERNELS_STRIDED_SLICE_STRIDED_SLICE_REFERENCE_H_

#include <cstddef>
#include <cstdint>

#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct StridedSliceParams {
  int rank;                                // effective dimensions (input rank + new axes)
  int32_t count[RuntimeShape::kMaxDims];   // elements taken along each dimension (1 for shrunk / new axes)
  int64_t step[RuntimeShape::kMaxDims];    // input element offset between consecutive ones (may be negative)
  int64_t first;                           // input element offset of the first element
  int64_t output_elements;
};

// T: any trivially copyable element type (only its size matters).
template <typename T>
void StridedSlice(const StridedSliceParams& p, const T* input, T* output) {
  if (p.output_elements == 0) return;
  int32_t index[RuntimeShape::kMaxDims] = {};
  int64_t offset = p.first;
  for (int64_t i = 0; i < p.output_elements; ++i) {
    output[i] = input[offset];
    for (int d = p.rank - 1; d >= 0; --d) {
      offset += p.step[d];
      if (++index[d] < p.count[d]) break;
      offset -= p.step[d] * p.count[d];
      index[d] = 0;
    }
  }
}

// StridedSlice on elements of `element_size` bytes (1, 2, 4 or 8; prepare guarantees it): the form the
// type-generic ops call (STRIDED_SLICE, SLICE, BROADCAST_TO).
inline void StridedSliceBytes(const StridedSliceParams& p, size_t element_size, const void* input, void* output) {
  switch (element_size) {
    case 1:
      StridedSlice(p, static_cast<const uint8_t*>(input), static_cast<uint8_t*>(output));
      break;
    case 2:
      StridedSlice(p, static_cast<const uint16_t*>(input), static_cast<uint16_t*>(output));
      break;
    case 4:
      StridedSlice(p, static_cast<const uint32_t*>(input), static_cast<uint32_t*>(output));
      break;
    default:
      StridedSlice(p, static_cast<const uint64_t*>(input), static_cast<uint64_t*>(output));
      break;
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_STRIDED_SLICE_STRIDED_SLICE_REFERENCE_H_
