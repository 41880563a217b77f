// CONV_2D int8, AArch64 NEON and dot-product variants (compiled only on AArch64; the dot-product ones run only
// when the CPU has SDOT). Contract in conv_2d_variants.h; arithmetic in kernels/simd/gemm_neon.h.
//
// Both schemes are the shared GEMM over tiles of kGemmTileRows output pixels. The input offset is folded into
// a per-channel bias once per invoke (bias + input_offset * sum of the channel's weights, in the GEMM's column
// tables on the stack), so the
// rows can stay raw int8: for 1x1 filters they are the input pixels themselves, for im2col a stack copy of each
// receptive field with the input zero point where a tap is outside the image (zero point + input offset = 0,
// exactly the terms the reference skips).
#include <cstdint>
#include <cstring>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/gemm_neon.h"

namespace mote {
namespace conv_2d {
namespace {

constexpr neon::GemmKernels kNeon = {neon::GemmRowsNeon, neon::ColumnBiasNeon};
constexpr neon::GemmKernels kDotprod = {neon::GemmRowsDotprod, neon::ColumnBiasDotprod};

neon::GemmInt8Args ArgsOf(const ConvInt8Problem& p, int k) {
  return neon::GemmInt8Args{k, p.output_depth, p.filter, p.input_offset, false, p.bias, p.output_multiplier,
                            p.output_shift, 0, 0, p.output_offset, p.output_activation_min, p.output_activation_max,
                            nullptr};
}

// Output pixel index -> its top-left input coordinate, batch-major like the output layout.
struct Pixel {
  int b, in_y, in_x;
};
Pixel PixelAt(const ConvInt8Problem& p, int64_t index) {
  const int ox = static_cast<int>(index % p.output_width);
  const int64_t rest = index / p.output_width;
  const int oy = static_cast<int>(rest % p.output_height);
  return Pixel{static_cast<int>(rest / p.output_height), oy * p.stride_height - p.pad_height,
               ox * p.stride_width - p.pad_width};
}

const int8_t* InputAt(const ConvInt8Problem& p, int b, int y, int x) {
  return p.input + ((static_cast<int64_t>(b) * p.input_height + y) * p.input_width + x) * p.input_depth;
}

// One receptive field as a row of filter_height * filter_width * input_depth values (OHWI tap order).
void BuildPatch(const ConvInt8Problem& p, const Pixel& at, int8_t* row) {
  const int depth = p.input_depth;
  const int8_t zero_point = static_cast<int8_t>(-p.input_offset);
  for (int fy = 0; fy < p.filter_height; ++fy) {
    const int y = at.in_y + fy * p.dilation_height;
    for (int fx = 0; fx < p.filter_width; ++fx, row += depth) {
      const int x = at.in_x + fx * p.dilation_width;
      if (y < 0 || y >= p.input_height || x < 0 || x >= p.input_width) {
        std::memset(row, zero_point, static_cast<size_t>(depth));
      } else {
        std::memcpy(row, InputAt(p, at.b, y, x), static_cast<size_t>(depth));
      }
    }
  }
}

void RunPointwise(const ConvInt8Problem& p, const neon::GemmKernels& kernels) {
  neon::ColumnTables tables;
  neon::GemmInt8Args g = ArgsOf(p, p.input_depth);
  neon::FillColumnTables(kernels.column_bias, &tables, &g);
  const int64_t pixels = static_cast<int64_t>(p.batches) * p.output_height * p.output_width;
  for (int64_t first = 0; first < pixels; first += neon::kGemmTileRows) {
    const int rows = pixels - first < neon::kGemmTileRows ? static_cast<int>(pixels - first) : neon::kGemmTileRows;
    const int8_t* a[neon::kGemmTileRows];
    int8_t* out[neon::kGemmTileRows];
    for (int r = 0; r < rows; ++r) {
      const Pixel at = PixelAt(p, first + r);
      a[r] = InputAt(p, at.b, at.in_y, at.in_x);
      out[r] = p.output + (first + r) * p.output_depth;
    }
    kernels.rows(g, a, rows, out);
  }
}

void RunIm2col(const ConvInt8Problem& p, const neon::GemmKernels& kernels) {
  neon::ColumnTables tables;
  alignas(16) int8_t patches[neon::kGemmTileRows][kNeonMaxPatch];
  neon::GemmInt8Args g = ArgsOf(p, p.filter_height * p.filter_width * p.input_depth);
  neon::FillColumnTables(kernels.column_bias, &tables, &g);
  const int64_t pixels = static_cast<int64_t>(p.batches) * p.output_height * p.output_width;
  for (int64_t first = 0; first < pixels; first += neon::kGemmTileRows) {
    const int rows = pixels - first < neon::kGemmTileRows ? static_cast<int>(pixels - first) : neon::kGemmTileRows;
    const int8_t* a[neon::kGemmTileRows];
    int8_t* out[neon::kGemmTileRows];
    for (int r = 0; r < rows; ++r) {
      BuildPatch(p, PixelAt(p, first + r), patches[r]);
      a[r] = patches[r];
      out[r] = p.output + (first + r) * p.output_depth;
    }
    kernels.rows(g, a, rows, out);
  }
}

}  // namespace

void ConvInt8NeonPointwise(const ConvInt8Problem& p, void*) { RunPointwise(p, kNeon); }
void ConvInt8DotprodPointwise(const ConvInt8Problem& p, void*) { RunPointwise(p, kDotprod); }
void ConvInt8NeonIm2col(const ConvInt8Problem& p, void*) { RunIm2col(p, kNeon); }
void ConvInt8DotprodIm2col(const ConvInt8Problem& p, void*) { RunIm2col(p, kDotprod); }

}  // namespace conv_2d
}  // namespace mote
