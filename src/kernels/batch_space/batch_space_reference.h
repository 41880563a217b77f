// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND reference (TFLite's reference_ops, which TFLM runs), on NHWC
// (a 3-D input is NHC: W = 1 with block width 1 and no width padding / crop):
//   SPACE_TO_BATCH_ND  output batch ob = (sh * bw + sw) * in_batch + b holds input (b, oh * bh + sh - pad_top,
//                      ow * bw + sw - pad_left, :), or the pad byte (the output zero point of INT8, 0 for
//                      FLOAT32) where that position is in the padding;
//   BATCH_TO_SPACE_ND  input batch ib = (sh * bw + sw) * out_batch + b goes to output (b, ih * bh + sh - crop_top,
//                      iw * bw + sw - crop_left, :) when that position is not cropped.
// Rows of `depth` elements are copied as bytes. Preconditions (prepare): blocks >= 1, paddings / crops >= 0,
// the shapes consistent as TFLite requires (the padded size divisible by the block; the input batch by
// bh * bw), so every written and read position is inside its tensor.
#ifndef MOTE_KERNELS_BATCH_SPACE_BATCH_SPACE_REFERENCE_H_
#define MOTE_KERNELS_BATCH_SPACE_BATCH_SPACE_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct BatchSpaceParams {
  int32_t batch, height, width;      // of the spatial (un-blocked) tensor: SPACE_TO_BATCH's input,
                                     // BATCH_TO_SPACE's output
  int32_t blocked_height, blocked_width;  // of the blocked tensor
  int32_t block_h, block_w;
  int32_t before_h, before_w;        // padding (SPACE_TO_BATCH) or crop (BATCH_TO_SPACE) at the start
  size_t row_bytes;                  // depth * element size
  uint8_t pad_byte;
};

namespace batch_space_internal {
// Calls f(blocked offset, spatial offset or -1) for every element row of the blocked tensor, in order.
template <typename F>
void ForEachRow(const BatchSpaceParams& p, F f) {
  const int64_t blocks = static_cast<int64_t>(p.block_h) * p.block_w;
  int64_t blocked = 0;
  for (int64_t ob = 0; ob < blocks * p.batch; ++ob) {
    const int64_t b = ob % p.batch, spatial = ob / p.batch;
    const int64_t sh = spatial / p.block_w, sw = spatial % p.block_w;
    for (int64_t y = 0; y < p.blocked_height; ++y) {
      const int64_t h = y * p.block_h + sh - p.before_h;
      for (int64_t x = 0; x < p.blocked_width; ++x, ++blocked) {
        const int64_t w = x * p.block_w + sw - p.before_w;
        const bool inside = h >= 0 && h < p.height && w >= 0 && w < p.width;
        f(blocked, inside ? (b * p.height + h) * p.width + w : -1);
      }
    }
  }
}
}  // namespace batch_space_internal

inline void SpaceToBatchNd(const BatchSpaceParams& p, const void* input, void* output) {
  const auto* in = static_cast<const uint8_t*>(input);
  auto* out = static_cast<uint8_t*>(output);
  batch_space_internal::ForEachRow(p, [&](int64_t blocked, int64_t spatial) {
    uint8_t* to = out + blocked * p.row_bytes;
    if (spatial < 0) {
      std::memset(to, p.pad_byte, p.row_bytes);
    } else {
      std::memcpy(to, in + spatial * p.row_bytes, p.row_bytes);
    }
  });
}

inline void BatchToSpaceNd(const BatchSpaceParams& p, const void* input, void* output) {
  const auto* in = static_cast<const uint8_t*>(input);
  auto* out = static_cast<uint8_t*>(output);
  batch_space_internal::ForEachRow(p, [&](int64_t blocked, int64_t spatial) {
    if (spatial >= 0) std::memcpy(out + spatial * p.row_bytes, in + blocked * p.row_bytes, p.row_bytes);
  });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_BATCH_SPACE_BATCH_SPACE_REFERENCE_H_
