// PAD reference compute: the input placed inside a larger output filled with a constant.
//
// Works on any rank up to RuntimeShape::kMaxDims (TFLM: 5). For each dimension d, output dim =
// left[d] + input dim + right[d]; paddings are non-negative (prepare checks). The output is written in
// order: per dimension, a left padding block, the padded sub-blocks of the input rows, a right padding block.
#ifndef MOTE_KERNELS_PAD_PAD_REFERENCE_H_
#define MOTE_KERNELS_PAD_PAD_REFERENCE_H_

#include <cstdint>

#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct PadParams {
  int rank;
  int32_t input_dims[RuntimeShape::kMaxDims];
  int32_t left[RuntimeShape::kMaxDims];
  int32_t right[RuntimeShape::kMaxDims];
  int64_t output_block[RuntimeShape::kMaxDims];  // output elements per index of dimension d
};

namespace pad_internal {
template <typename T>
inline T* Fill(T* out, int64_t count, T value) {
  for (int64_t i = 0; i < count; ++i) out[i] = value;
  return out + count;
}

template <typename T>
void PadDim(const PadParams& p, int d, const T** in, T** out, T pad_value) {
  *out = Fill(*out, p.left[d] * p.output_block[d], pad_value);
  if (d == p.rank - 1) {
    for (int32_t i = 0; i < p.input_dims[d]; ++i) (*out)[i] = (*in)[i];
    *in += p.input_dims[d];
    *out += p.input_dims[d];
  } else {
    for (int32_t i = 0; i < p.input_dims[d]; ++i) PadDim(p, d + 1, in, out, pad_value);
  }
  *out = Fill(*out, p.right[d] * p.output_block[d], pad_value);
}
}  // namespace pad_internal

template <typename T>
void Pad(const PadParams& params, const T* input, T pad_value, T* output) {
  if (params.rank == 0) {
    output[0] = input[0];
    return;
  }
  pad_internal::PadDim(params, 0, &input, &output, pad_value);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_PAD_PAD_REFERENCE_H_
