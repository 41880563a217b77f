// Strided copy: the compute of the ops that only move elements (TRANSPOSE, REVERSE_V2, SPACE_TO_DEPTH,
// DEPTH_TO_SPACE). The output is written in order, as a contiguous array of shape dims[0..rank); the element
// at output index (i_0, ..., i_{rank-1}) is read from input[offset + sum_d i_d * in_stride[d]]. Each op's
// prepare turns its parameters into such a plan (a transpose permutes the strides, a reverse negates some and
// moves the offset, a block rearrangement splits a dimension in two), checked there so that every read is
// inside the input: for each d, 0 <= offset + sum of the extreme i_d * in_stride[d] < input elements.
//
// Bit-exact with TFLM by construction: these kernels copy elements and never compute on them, so the copy
// goes by element size (1, 2, 4 or 8 bytes), not by type.
#ifndef MOTE_KERNELS_GLUE_STRIDED_COPY_H_
#define MOTE_KERNELS_GLUE_STRIDED_COPY_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct StridedCopyPlan {
  static constexpr int kMaxRank = 10;  // 8 tensor dimensions, plus the splits of the block rearrangements
  int rank;                            // 0: a single element
  int32_t dims[kMaxRank];              // output view dimensions (>= 1 each, or an empty output)
  int64_t in_stride[kMaxRank];         // input elements per output-view index step (may be negative)
  int64_t offset;                      // input index of output element 0
};

namespace strided_copy_internal {
template <typename T>
void CopyDim(const StridedCopyPlan& p, int d, const T* in, T** out) {
  const int64_t stride = p.in_stride[d];
  if (d == p.rank - 1) {
    for (int32_t i = 0; i < p.dims[d]; ++i) (*out)[i] = in[i * stride];
    *out += p.dims[d];
    return;
  }
  for (int32_t i = 0; i < p.dims[d]; ++i) CopyDim(p, d + 1, in + i * stride, out);
}
}  // namespace strided_copy_internal

template <typename T>
void StridedCopy(const StridedCopyPlan& plan, const T* input, T* output) {
  if (plan.rank == 0) {
    output[0] = input[plan.offset];
    return;
  }
  strided_copy_internal::CopyDim(plan, 0, input + plan.offset, &output);
}

// StridedCopy over elements of `element_size` bytes (1, 2, 4 or 8; the data is suitably aligned, as tensor
// data in the arena is).
inline void StridedCopyBytes(const StridedCopyPlan& plan, size_t element_size, const void* input, void* output) {
  switch (element_size) {
    case 1: StridedCopy(plan, static_cast<const uint8_t*>(input), static_cast<uint8_t*>(output)); break;
    case 2: StridedCopy(plan, static_cast<const uint16_t*>(input), static_cast<uint16_t*>(output)); break;
    case 4: StridedCopy(plan, static_cast<const uint32_t*>(input), static_cast<uint32_t*>(output)); break;
    default: StridedCopy(plan, static_cast<const uint64_t*>(input), static_cast<uint64_t*>(output)); break;
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_STRIDED_COPY_H_
