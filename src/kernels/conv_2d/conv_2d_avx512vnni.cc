// CONV_2D int8, AVX-512 VNNI variants (compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vnni; run only
// when the CPU has them). Contract in conv_2d_variants.h; arithmetic in kernels/simd/gemm_vnni.h.
//
// The same GEMM formulation as the AVX2 variants (one row per output pixel, the filter repacked once into
// persistent memory when the interpreter prepacks weights, else per invoke on the stack; channels in vector
// lanes), with rows kept as bytes u = x + 128 and four k per vpdpbusd on 512-bit registers (8 rows x 32
// channels per tile, vnni::GemmPacked16); the
// weights' column sums fold the difference into the bias. Layers whose packed filter exceeds 64 KiB or 512
// channels are left to the AVX2 variants (applies()).
#include <immintrin.h>

#include <cstdint>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/gemm_vnni.h"

namespace mote {
namespace conv_2d {
namespace {

constexpr int kTileBytes = 32768;
constexpr int kTileSlack = 64;  // row builders may write up to 63 bytes past a row's end
constexpr int kMaxTileRows = 32;

struct PixelCursor {
  int b = 0, oy = 0, ox = 0;
  void Next(const ConvInt8Problem& p) {
    if (++ox == p.output_width) {
      ox = 0;
      if (++oy == p.output_height) {
        oy = 0;
        ++b;
      }
    }
  }
};

const int8_t* InputEnd(const ConvInt8Problem& p) {
  return p.input + static_cast<int64_t>(p.batches) * p.input_height * p.input_width * p.input_depth;
}

// The packed filter and its constants, the column sums folded into the bias.
void PreparePacked(const ConvInt8Problem& p, int k, const avx2::PreparedPacked& w) {
  alignas(32) int32_t colsum[kVnniMaxChannels + 16];
  vnni::PackWeights16(p.filter, k, p.output_depth, w.packed, colsum);
  const avx2::GemmQuant quant{p.bias, p.output_multiplier, p.output_shift, true, p.output_offset,
                              p.output_activation_min, p.output_activation_max};
  avx2::MakePackedOutput(quant, p.output_depth, w.requant, w.bias);
  vnni::FoldColumnSums(colsum, p.output_depth, p.input_offset, w.bias);
}

size_t PackedPersistentBytes(const ConvInt8Problem& p, int k) {
  return avx2::PreparedPackedBytes(p.output_depth, vnni::PackedBytes16(k, p.output_depth));
}

int PatchDepth(const ConvInt8Problem& p) { return p.filter_height * p.filter_width * p.input_depth; }

// `build(cursor, rows, a, a_stride)` writes `rows` rows of RoundUp4(k) readable bytes and advances the cursor.
template <typename BuildRows>
void Run(const ConvInt8Problem& p, int k, const BuildRows& build) {
  const int cols = p.output_depth;
  const int a_stride = vnni::RoundUp4(k);
  int tile_rows = (kTileBytes - kTileSlack) / a_stride;
  if (tile_rows > kMaxTileRows) tile_rows = kMaxTileRows;
  alignas(32) uint8_t a[kTileBytes];
  alignas(64) int8_t packed[vnni::kPackedMaxBytes];
  alignas(32) int32_t bias[kVnniMaxChannels];
  avx2::Requant8 requant[kVnniMaxChannels / 8];
  avx2::PreparedPacked w{requant, bias, packed};
  if (p.prepacked != nullptr) {
    w = avx2::PreparedPackedAt(const_cast<void*>(p.prepacked), cols);
  } else {
    PreparePacked(p, k, w);
  }
  const avx2::PackedOutput po{w.requant, w.bias,
                              avx2::MakeOutputStage8(p.output_offset, p.output_activation_min,
                                                     p.output_activation_max)};
  const int64_t total = static_cast<int64_t>(p.batches) * p.output_height * p.output_width;
  PixelCursor at;
  for (int64_t pixel = 0; pixel < total; pixel += tile_rows) {
    const int rows = total - pixel < tile_rows ? static_cast<int>(total - pixel) : tile_rows;
    build(&at, rows, a, a_stride);
    vnni::GemmPacked16(a, a_stride, rows, w.packed, k, cols, po, p.output + pixel * cols, cols);
  }
}

}  // namespace

void ConvInt8VnniPointwise(const ConvInt8Problem& p, void*) {
  const int k = p.input_depth;
  const int8_t* input_end = InputEnd(p);
  Run(p, k, [&](PixelCursor* at, int rows, uint8_t* a, int a_stride) {
    if (p.stride_width == 1 && p.stride_height == 1 && a_stride == k) {  // consecutive input pixels
      const int64_t first = (static_cast<int64_t>(at->b) * p.input_height + at->oy) * p.input_width + at->ox;
      vnni::FlipSegment(p.input + first * k, rows * k, input_end, a);
      for (int r = 0; r < rows; ++r) at->Next(p);
      return;
    }
    for (int r = 0; r < rows; ++r, at->Next(p)) {
      const int64_t pixel = (static_cast<int64_t>(at->b) * p.input_height + at->oy * p.stride_height) * p.input_width +
                            at->ox * p.stride_width;
      vnni::FlipSegment(p.input + pixel * k, k, input_end, a + static_cast<int64_t>(r) * a_stride);
    }
  });
}

void ConvInt8VnniIm2col(const ConvInt8Problem& p, void*) {
  const int k = PatchDepth(p);
  const avx2::PatchGeometry g{p.input, InputEnd(p), p.input_height, p.input_width, p.input_depth,
                              p.filter_height, p.filter_width, p.stride_height, p.stride_width,
                              p.dilation_height, p.dilation_width, p.pad_height, p.pad_width, p.input_offset};
  // Out-of-image taps: the zero point (x + input_offset = 0), as a byte u = x + 128.
  const uint8_t pad = static_cast<uint8_t>(-p.input_offset + 128);
  Run(p, k, [&](PixelCursor* at, int rows, uint8_t* a, int a_stride) {
    if (k <= 64) {  // rows are written whole (64 bytes: the tile's slack covers the last one)
      for (int r = 0; r < rows; ++r, at->Next(p)) {
        vnni::BuildSmallPatchRow(g, pad, at->b, at->oy, at->ox, a + static_cast<int64_t>(r) * a_stride);
      }
      return;
    }
    for (int r = 0; r < rows; ++r, at->Next(p)) {
      vnni::BuildPatchRow(g, pad, at->b, at->oy, at->ox, a + static_cast<int64_t>(r) * a_stride);
    }
  });
}

size_t VnniPointwisePersistentBytes(const ConvInt8Problem& p) { return PackedPersistentBytes(p, p.input_depth); }
void PrepareVnniPointwise(const ConvInt8Problem& p, void* buffer) {
  PreparePacked(p, p.input_depth, avx2::PreparedPackedAt(buffer, p.output_depth));
}

size_t VnniIm2colPersistentBytes(const ConvInt8Problem& p) { return PackedPersistentBytes(p, PatchDepth(p)); }
void PrepareVnniIm2col(const ConvInt8Problem& p, void* buffer) {
  PreparePacked(p, PatchDepth(p), avx2::PreparedPackedAt(buffer, p.output_depth));
}

}  // namespace conv_2d
}  // namespace mote
