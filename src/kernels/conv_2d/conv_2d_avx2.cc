// CONV_2D int8, AVX2 variants (compiled with -mavx2 -mfma; run only when the CPU has AVX2). Contract in
// conv_2d_variants.h; arithmetic in kernels/simd/gemm_avx2.h.
//
// Both variants turn the convolution into a GEMM: one int16 row per output pixel (its receptive field with
// the input offset applied, zeros for taps outside the image, i.e. exactly the terms the reference skips),
// times the filter rows. Layers whose filter fits 64 KiB repack it for the packed-weight GEMM (channels in
// vector lanes): once, in prepare, into persistent memory when the interpreter prepacks weights
// (*PersistentBytes / Prepare*), else per invoke on the stack; larger ones use the dot-product GEMM on the filter in place. Rows are built per
// tile of output pixels. All buffers are on the stack (at most ~110 KiB), so the variants need no arena
// scratch: x86-64 hosts have large stacks, and arena scratch would add to the peak of exactly the early,
// largest layers.
#include <immintrin.h>

#include <cstdint>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/gemm_avx2.h"

namespace mote {
namespace conv_2d {
namespace {

constexpr int kTileBufferElements = 16384;  // int16 elements: 32 KiB
constexpr int kTileSlack = 16;              // segment conversions may write 15 elements past their end
constexpr int kMaxTileRows = 32;
constexpr int kMaxPackedChannels = 512;

// The packed-weight GEMM needs the repacked filter on the stack; larger layers take the dot-product GEMM.
bool UsesPackedWeights(const ConvInt8Problem& p, int k) {
  return p.output_depth <= kMaxPackedChannels && avx2::PackedBytes(k, p.output_depth) <= avx2::kPackedMaxBytes;
}

int TileRows(int a_stride) {
  int rows = (kTileBufferElements - kTileSlack) / a_stride;
  if (rows > kMaxTileRows) rows = kMaxTileRows;
  return rows < 1 ? 1 : rows;
}

avx2::GemmQuant QuantOf(const ConvInt8Problem& p) {
  return avx2::GemmQuant{p.bias, p.output_multiplier, p.output_shift, true, p.output_offset,
                         p.output_activation_min, p.output_activation_max};
}

// Walks output pixels in batch-major order without divisions.
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

// Rows of the 1x1 GEMM: the input pixel under each output pixel, k = input depth.
struct PointwiseRows {
  const ConvInt8Problem& p;
  const int8_t* input_end;

  // Writes `rows` rows of k values (stride a_stride) for the pixels starting at `at`; advances `at`.
  void Build(PixelCursor* at, int rows, int16_t* a, int a_stride) const {
    const int k = p.input_depth;
    const bool contiguous = p.stride_width == 1 && p.stride_height == 1 && a_stride == k;
    if (contiguous) {  // consecutive output pixels read consecutive input pixels: one segment
      const int64_t first = (static_cast<int64_t>(at->b) * p.input_height + at->oy) * p.input_width + at->ox;
      avx2::ConvertSegment(p.input + first * k, rows * k, p.input_offset, input_end, a);
      for (int r = 0; r < rows; ++r) at->Next(p);
      return;
    }
    for (int r = 0; r < rows; ++r, at->Next(p)) {
      const int64_t pixel = (static_cast<int64_t>(at->b) * p.input_height + at->oy * p.stride_height) * p.input_width +
                            at->ox * p.stride_width;
      avx2::ConvertSegment(p.input + pixel * k, k, p.input_offset, input_end, a + static_cast<int64_t>(r) * a_stride);
    }
  }
};

// Rows of the im2col GEMM: the receptive field of each output pixel (avx2::BuildPatchRow).
struct PatchRows {
  const ConvInt8Problem& p;
  avx2::PatchGeometry g;

  PatchRows(const ConvInt8Problem& problem, const int8_t* input_end)
      : p(problem),
        g{problem.input, input_end, problem.input_height, problem.input_width, problem.input_depth,
          problem.filter_height, problem.filter_width, problem.stride_height, problem.stride_width,
          problem.dilation_height, problem.dilation_width, problem.pad_height, problem.pad_width,
          problem.input_offset} {}

  void Build(PixelCursor* at, int rows, int16_t* a, int a_stride) const {
    for (int r = 0; r < rows; ++r, at->Next(p)) {
      avx2::BuildPatchRow(g, at->b, at->oy, at->ox, a + static_cast<int64_t>(r) * a_stride);
    }
  }
};

// The packed filter and its per-block constants (bias, requantization) for the packed-weight GEMM.
void PreparePacked(const ConvInt8Problem& p, int k, const avx2::PreparedPacked& w) {
  avx2::PackWeights(p.filter, k, p.output_depth, w.packed);
  avx2::MakePackedOutput(QuantOf(p), p.output_depth, w.requant, w.bias);
}

size_t PackedPersistentBytes(const ConvInt8Problem& p, int k) {
  return UsesPackedWeights(p, k) ? avx2::PreparedPackedBytes(p.output_depth, avx2::PackedBytes(k, p.output_depth)) : 0;
}

// Packed-weight GEMM (gemm_avx2.h) on the prepacked weights, or on weights repacked into a stack buffer for
// this call. Rows need k rounded up to even, with a zero at k when k is odd.
template <typename Rows>
void RunPacked(const ConvInt8Problem& p, int k, const Rows& rows_of) {
  const int a_stride = (k + 1) & ~1;
  const int tile_rows = TileRows(a_stride);
  alignas(32) int16_t a[kTileBufferElements];
  alignas(32) int8_t packed[avx2::kPackedMaxBytes];
  avx2::Requant8 requant[kMaxPackedChannels / 8];
  alignas(32) int32_t bias[kMaxPackedChannels];
  avx2::PreparedPacked w{requant, bias, packed};
  if (p.prepacked != nullptr) {
    w = avx2::PreparedPackedAt(const_cast<void*>(p.prepacked), p.output_depth);
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
    rows_of.Build(&at, rows, a, a_stride);
    if (k & 1) {
      for (int r = 0; r < rows; ++r) a[r * a_stride + k] = 0;
    }
    avx2::GemmInt8Packed(a, a_stride, rows, w.packed, k, p.output_depth, po, p.output + pixel * p.output_depth,
                         p.output_depth);
  }
}

// Dot-product GEMM (gemm_avx2.h) on the weights in place, for layers too large to repack on the stack. Rows
// need 32-byte alignment and zeros from k up to the next multiple of 16.
template <typename Rows>
void RunDot(const ConvInt8Problem& p, int k, const Rows& rows_of) {
  const int a_stride = avx2::RoundUp16(k) + 16;
  const int tile_rows = TileRows(a_stride);
  alignas(32) int16_t a[kTileBufferElements];
  avx2::WeightRows weights;
  avx2::InitWeightRows(p.filter, k, p.output_depth, &weights);
  const avx2::GemmQuant quant = QuantOf(p);
  const int64_t total = static_cast<int64_t>(p.batches) * p.output_height * p.output_width;
  PixelCursor at;
  for (int64_t pixel = 0; pixel < total; pixel += tile_rows) {
    const int rows = total - pixel < tile_rows ? static_cast<int>(total - pixel) : tile_rows;
    rows_of.Build(&at, rows, a, a_stride);
    for (int r = 0; r < rows; ++r) avx2::ZeroSegment(16, a + r * a_stride + k);
    avx2::GemmInt8(a, a_stride, rows, nullptr, weights, quant, p.output + pixel * p.output_depth, p.output_depth);
  }
}

template <typename Rows>
void Run(const ConvInt8Problem& p, int k, const Rows& rows_of) {
  if (UsesPackedWeights(p, k)) {
    RunPacked(p, k, rows_of);
  } else {
    RunDot(p, k, rows_of);
  }
}

const int8_t* InputEnd(const ConvInt8Problem& p) {
  return p.input + static_cast<int64_t>(p.batches) * p.input_height * p.input_width * p.input_depth;
}

int PatchDepth(const ConvInt8Problem& p) { return p.filter_height * p.filter_width * p.input_depth; }

}  // namespace

void ConvInt8Avx2Pointwise(const ConvInt8Problem& p, void*) {
  Run(p, p.input_depth, PointwiseRows{p, InputEnd(p)});
}

void ConvInt8Avx2Im2col(const ConvInt8Problem& p, void*) { Run(p, PatchDepth(p), PatchRows{p, InputEnd(p)}); }

size_t Avx2PointwisePersistentBytes(const ConvInt8Problem& p) { return PackedPersistentBytes(p, p.input_depth); }
void PrepareAvx2Pointwise(const ConvInt8Problem& p, void* buffer) {
  PreparePacked(p, p.input_depth, avx2::PreparedPackedAt(buffer, p.output_depth));
}

size_t Avx2Im2colPersistentBytes(const ConvInt8Problem& p) { return PackedPersistentBytes(p, PatchDepth(p)); }
void PrepareAvx2Im2col(const ConvInt8Problem& p, void* buffer) {
  PreparePacked(p, PatchDepth(p), avx2::PreparedPackedAt(buffer, p.output_depth));
}

}  // namespace conv_2d
}  // namespace mote
