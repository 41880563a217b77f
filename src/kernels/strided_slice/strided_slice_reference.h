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

// The box as prepare resolves it, one entry per effective dimension.
struct StridedBox {
  int rank;                                // effective dimensions (input rank + new axes)
  int32_t count[RuntimeShape::kMaxDims];   // elements taken along each dimension (1 for shrunk / new axes)
  int64_t step[RuntimeShape::kMaxDims];    // input element offset between consecutive ones (may be negative)
  int64_t first;                           // input element offset of the first element
  int64_t output_elements;
};

// One loop of the walk invoke runs, outermost first.
struct SliceLoop {
  int64_t step;   // input element offset between consecutive elements
  int32_t count;  // elements taken
};

// The walk: the box's dimensions of one element dropped and neighbours that step contiguously (the outer step
// is the inner loop's whole span) merged, which visits the same input offsets in the same order.
struct StridedSliceParams {
  int rank;                 // loops (0: a single element, or none when output_elements is 0)
  const SliceLoop* loops;   // `rank` of them (op data points at persistent memory of that size)
  int64_t first;
  int64_t output_elements;
};

// Writes the box's walk loops into `loops` (room for RuntimeShape::kMaxDims); returns their count.
inline int CompactStridedBox(const StridedBox& box, SliceLoop* loops) {
  if (box.output_elements == 0) return 0;
  int count = 0;
  for (int d = 0; d < box.rank; ++d) {
    if (box.count[d] == 1) continue;
    SliceLoop* outer = count > 0 ? &loops[count - 1] : nullptr;
    if (outer != nullptr && outer->step == box.step[d] * box.count[d] &&
        static_cast<int64_t>(outer->count) * box.count[d] <= INT32_MAX) {
      outer->count *= box.count[d];
      outer->step = box.step[d];
      continue;
    }
    loops[count++] = {box.step[d], box.count[d]};
  }
  return count;
}

// T: any trivially copyable element type (only its size matters).
template <typename T>
void StridedSlice(const StridedSliceParams& p, const T* input, T* output) {
  if (p.output_elements == 0) return;
  int32_t index[RuntimeShape::kMaxDims] = {};
  int64_t offset = p.first;
  for (int64_t i = 0; i < p.output_elements; ++i) {
    output[i] = input[offset];
    for (int d = p.rank - 1; d >= 0; --d) {
      const SliceLoop& loop = p.loops[d];
      offset += loop.step;
      if (++index[d] < loop.count) break;
      offset -= loop.step * loop.count;
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
