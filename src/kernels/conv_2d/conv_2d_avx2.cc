// CONV_2D int8, AVX2 variants (compiled with -mavx2 -mfma; run only when the CPU has AVX2). Contract in
// conv_2d_variants.h; arithmetic in kernels/internal/gemm_avx2.h.
//
// Both variants turn the convolution into the shared dot-product GEMM: one int16 row per output pixel (its
// receptive field with the input offset applied, zeros for taps outside the image, i.e. exactly the terms the
// reference skips), times the filter rows as stored in the model. Rows are built per tile of output pixels in
// a stack buffer (at most 32 KiB), so the variants need no arena scratch: on x86-64 hosts the stack is large,
// and arena scratch would add to the peak of exactly the early, largest layers.
#include <cstdint>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/internal/gemm_avx2.h"

namespace mote {
namespace conv_2d {
namespace {

constexpr int kTileBufferElements = 16384;  // int16 elements: 32 KiB
constexpr int kMaxTileRows = 32;

int TileRows(int a_stride) {
  int rows = kTileBufferElements / a_stride;
  if (rows > kMaxTileRows) rows = kMaxTileRows;
  rows &= ~1;
  return rows < 2 ? 2 : rows;
}

avx2::GemmQuant QuantOf(const ConvInt8Problem& p) {
  return avx2::GemmQuant{p.bias, p.output_multiplier, p.output_shift, true, p.output_offset,
                         p.output_activation_min, p.output_activation_max};
}

// Writes the im2col row of output pixel (b, oy, ox): filter_height segments of filter_width * depth values.
void BuildPatchRow(const ConvInt8Problem& p, int b, int oy, int ox, const int8_t* input_end, int16_t* dst) {
  const int depth = p.input_depth;
  const int fw = p.filter_width;
  const int seg = fw * depth;
  const int iy0 = oy * p.stride_height - p.pad_height;
  const int ix0 = ox * p.stride_width - p.pad_width;
  const int32_t offset = p.input_offset;
  const int8_t* batch = p.input + static_cast<int64_t>(b) * p.input_height * p.input_width * depth;
  for (int fy = 0; fy < p.filter_height; ++fy) {
    int16_t* d = dst + fy * seg;
    const int iy = iy0 + fy * p.dilation_height;
    if (iy < 0 || iy >= p.input_height) {
      avx2::ZeroSegment(seg, d);
      continue;
    }
    const int8_t* row = batch + static_cast<int64_t>(iy) * p.input_width * depth;
    if (p.dilation_width == 1) {
      int fx_begin = ix0 < 0 ? -ix0 : 0;
      int fx_end = p.input_width - ix0;
      if (fx_end > fw) fx_end = fw;
      if (fx_begin > fw) fx_begin = fw;
      if (fx_end < fx_begin) fx_end = fx_begin;
      if (fx_begin > 0) avx2::ZeroSegment(fx_begin * depth, d);
      if (fx_end > fx_begin) {
        avx2::ConvertSegment(row + static_cast<int64_t>(ix0 + fx_begin) * depth, (fx_end - fx_begin) * depth, offset,
                             input_end, d + fx_begin * depth);
      }
      if (fx_end < fw) avx2::ZeroSegment((fw - fx_end) * depth, d + fx_end * depth);
    } else {
      for (int fx = 0; fx < fw; ++fx) {
        const int ix = ix0 + fx * p.dilation_width;
        if (ix < 0 || ix >= p.input_width) {
          avx2::ZeroSegment(depth, d + fx * depth);
        } else {
          avx2::ConvertSegment(row + static_cast<int64_t>(ix) * depth, depth, offset, input_end, d + fx * depth);
        }
      }
    }
  }
}

// Shared driver: `build(b, oy, ox, dst)` writes the k values of one output pixel's row.
template <typename BuildRow>
void RunTiled(const ConvInt8Problem& p, int k, const BuildRow& build) {
  const int k16 = avx2::RoundUp16(k);
  const int a_stride = k16 + 16;  // room for the 16-element zero tail after k
  const int tile_rows = TileRows(a_stride);
  alignas(32) int16_t a[kTileBufferElements];
  avx2::WeightRows weights;
  avx2::InitWeightRows(p.filter, k, p.output_depth, &weights);
  const avx2::GemmQuant quant = QuantOf(p);
  const int pixels_per_image = p.output_height * p.output_width;
  const int64_t total = static_cast<int64_t>(p.batches) * pixels_per_image;
  int64_t pixel = 0;
  while (pixel < total) {
    const int rows = total - pixel < tile_rows ? static_cast<int>(total - pixel) : tile_rows;
    for (int r = 0; r < rows; ++r) {
      const int64_t index = pixel + r;
      const int b = static_cast<int>(index / pixels_per_image);
      const int rem = static_cast<int>(index - static_cast<int64_t>(b) * pixels_per_image);
      const int oy = rem / p.output_width;
      const int ox = rem - oy * p.output_width;
      int16_t* dst = a + r * a_stride;
      build(b, oy, ox, dst);
      avx2::ZeroSegment(16, dst + k);
    }
    avx2::GemmInt8(a, a_stride, rows, nullptr, weights, quant, p.output + pixel * p.output_depth, p.output_depth);
    pixel += rows;
  }
}

}  // namespace

void ConvInt8Avx2Pointwise(const ConvInt8Problem& p, void*) {
  const int depth = p.input_depth;
  const int8_t* input_end = p.input + static_cast<int64_t>(p.batches) * p.input_height * p.input_width * depth;
  RunTiled(p, depth, [&](int b, int oy, int ox, int16_t* dst) {
    const int64_t pixel =
        (static_cast<int64_t>(b) * p.input_height + oy * p.stride_height) * p.input_width + ox * p.stride_width;
    avx2::ConvertSegment(p.input + pixel * depth, depth, p.input_offset, input_end, dst);
  });
}

void ConvInt8Avx2Im2col(const ConvInt8Problem& p, void*) {
  const int k = p.filter_height * p.filter_width * p.input_depth;
  const int8_t* input_end =
      p.input + static_cast<int64_t>(p.batches) * p.input_height * p.input_width * p.input_depth;
  RunTiled(p, k, [&](int b, int oy, int ox, int16_t* dst) { BuildPatchRow(p, b, oy, ox, input_end, dst); });
}

}  // namespace conv_2d
}  // namespace mote
