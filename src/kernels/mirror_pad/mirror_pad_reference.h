// MIRROR_PAD reference (TFLM's mirror_pad.cc): along each dimension, output index o maps to input index
//   o < left                  -> left - 1 + offset - o              (the mirror of the left border)
//   o >= left + size          -> size - 1 - offset - (o - left - size)  (the mirror of the right border)
//   otherwise                 -> o - left
// with offset 1 for REFLECT (the border element is not repeated) and 0 for SYMMETRIC. Preconditions
// (prepare): left, right <= size - offset for every dimension, so every mapped index is inside the input.
// Below the last padded dimension nothing is padded, so each of its output indices is one contiguous block of
// the input (input_stride elements) and its unpadded middle one block of size of them: those are copied whole
// (the same elements in the same order as one at a time).
#ifndef MOTE_KERNELS_MIRROR_PAD_MIRROR_PAD_REFERENCE_H_
#define MOTE_KERNELS_MIRROR_PAD_MIRROR_PAD_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct MirrorPadParams {
  int rank;
  int offset;  // 1 REFLECT, 0 SYMMETRIC
  int32_t input_dims[RuntimeShape::kMaxDims];
  int32_t output_dims[RuntimeShape::kMaxDims];
  int32_t left[RuntimeShape::kMaxDims];
  int64_t input_stride[RuntimeShape::kMaxDims];
  int unpadded_from;  // the dimensions from this one on have no padding (rank when the last one has)
};

inline int32_t MirrorIndex(const MirrorPadParams& p, int d, int32_t o) {
  const int32_t left = p.left[d], size = p.input_dims[d];
  if (o < left) return left - 1 + p.offset - o;
  if (o >= left + size) return size - 1 - p.offset - (o - left - size);
  return o - left;
}

namespace mirror_pad_internal {
template <typename T>
void CopyBlock(const T* from, int64_t n, T** out) {
  std::memcpy(*out, from, static_cast<size_t>(n) * sizeof(T));
  *out += n;
}

template <typename T>
void PadDim(const MirrorPadParams& p, int d, const T* in, T** out) {
  if (d + 1 >= p.unpadded_from) {  // no padding below d: blocks of input_stride[d] contiguous elements
    const int64_t block = p.input_stride[d];
    const int32_t left = p.left[d], size = p.input_dims[d];
    for (int32_t o = 0; o < p.output_dims[d];) {
      if (o == left && size > 0) {
        CopyBlock(in, block * size, out);
        o += size;
      } else {
        CopyBlock(in + MirrorIndex(p, d, o) * block, block, out);
        ++o;
      }
    }
    return;
  }
  for (int32_t o = 0; o < p.output_dims[d]; ++o) {
    const T* from = in + MirrorIndex(p, d, o) * p.input_stride[d];
    if (d == p.rank - 1) {
      *(*out)++ = *from;
    } else {
      PadDim(p, d + 1, from, out);
    }
  }
}
}  // namespace mirror_pad_internal

template <typename T>
void MirrorPad(const MirrorPadParams& params, const T* input, T* output) {
  mirror_pad_internal::PadDim(params, 0, input, &output);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_MIRROR_PAD_MIRROR_PAD_REFERENCE_H_
