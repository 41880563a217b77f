// CONV_2D float32 AVX2 + FMA variants (conv_2d_float_variants.h). Built with -mavx2 -mfma (CMakeLists.txt).
#include <cstddef>
#include <type_traits>

#include "kernels/conv_2d/conv_2d_float_variants.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/simd/dot_f32_avx2.h"

namespace mote {
namespace conv_2d {
namespace {

constexpr int kTilePixels = 4;
constexpr int kTileChannels = 2;

// The taps of one output pixel that lie inside the image: rows [fy_begin, fy_end), columns [fx_begin, fx_end),
// and the input offset of tap (fy_begin, fx_begin).
struct PixelTaps {
  int fy_begin, fy_end, fx_begin, fx_end;
  ptrdiff_t first_input;
};

PixelTaps TapsOf(const ConvFloatProblem& p, int batch, int out_y, int out_x) {
  PixelTaps t;
  const int in_y = out_y * p.stride_height - p.pad_height;
  const int in_x = out_x * p.stride_width - p.pad_width;
  reference::ValidTapRange(in_y, p.dilation_height, p.input_height, p.filter_height, &t.fy_begin, &t.fy_end);
  reference::ValidTapRange(in_x, p.dilation_width, p.input_width, p.filter_width, &t.fx_begin, &t.fx_end);
  if (t.fx_begin == t.fx_end) t.fy_end = t.fy_begin;  // no column inside: no tap at all
  t.first_input =
      ((static_cast<ptrdiff_t>(batch) * p.input_height + in_y + t.fy_begin * p.dilation_height) * p.input_width + in_x +
       t.fx_begin * p.dilation_width) *
      p.input_depth;
  return t;
}

// kPixels output pixels sharing the tap ranges `t` (their first taps at input offsets `first`), all channels,
// written to out[pixel][channel] (pixels `output_step` floats apart).
template <int kPixels>
void ConvTile(const ConvFloatProblem& p, const PixelTaps& t, const ptrdiff_t* first, float* out) {
  const int depth = p.input_depth;
  const ptrdiff_t row_step = static_cast<ptrdiff_t>(p.dilation_height) * p.input_width * depth;
  const int filter_row = p.filter_width * depth;
  const int filter_channel = p.filter_height * filter_row;
  // Undilated columns make one contiguous run per filter row; dilated ones one run of `depth` per tap.
  const bool contiguous = p.dilation_width == 1;
  const int run = contiguous ? (t.fx_end - t.fx_begin) * depth : depth;
  const int runs = contiguous ? 1 : t.fx_end - t.fx_begin;
  const ptrdiff_t run_step = static_cast<ptrdiff_t>(p.dilation_width) * depth;

  auto channels = [&](auto cols_tag, int oc) {
    constexpr int kCols = decltype(cols_tag)::value;
    __m256 acc[kPixels * kCols];
    for (int i = 0; i < kPixels * kCols; ++i) acc[i] = _mm256_setzero_ps();
    for (int fy = t.fy_begin; fy < t.fy_end; ++fy) {
      for (int r = 0; r < runs; ++r) {
        const float* rows[kPixels];
        const float* cols[kCols];
        const ptrdiff_t in_off = (fy - t.fy_begin) * row_step + r * run_step;
        for (int i = 0; i < kPixels; ++i) rows[i] = p.input + first[i] + in_off;
        const int f_off = fy * filter_row + (t.fx_begin + r) * depth;
        for (int c = 0; c < kCols; ++c) cols[c] = p.filter + static_cast<ptrdiff_t>(oc + c) * filter_channel + f_off;
        simd::DotTileF32<kPixels, kCols>(rows, cols, run, acc);
      }
    }
    float sums[kPixels * kCols];
    simd::SumTile<kPixels * kCols>(acc, sums);
    for (int i = 0; i < kPixels; ++i) {
      for (int c = 0; c < kCols; ++c) {
        out[static_cast<ptrdiff_t>(i) * p.output_depth + oc + c] =
            simd::FinishF32(sums[i * kCols + c], p.bias, oc + c, p.activation_min, p.activation_max);
      }
    }
  };
  int oc = 0;
  for (; oc + kTileChannels <= p.output_depth; oc += kTileChannels) {
    channels(std::integral_constant<int, kTileChannels>{}, oc);
  }
  for (; oc < p.output_depth; ++oc) channels(std::integral_constant<int, 1>{}, oc);
}

}  // namespace

void ConvFloatAvx2Pointwise(const ConvFloatProblem& p, void*) {
  const int pixels_per_image = p.output_height * p.output_width;
  const int pixels = p.batches * pixels_per_image;
  const PixelTaps t{0, 1, 0, 1, 0};
  int n = 0;
  ptrdiff_t first[kTilePixels];
  auto first_input = [&](int pixel) {
    const int batch = pixel / pixels_per_image;
    const int rest = pixel % pixels_per_image;
    return ((static_cast<ptrdiff_t>(batch) * p.input_height + (rest / p.output_width) * p.stride_height) *
                p.input_width +
            (rest % p.output_width) * p.stride_width) *
           p.input_depth;
  };
  for (; n + kTilePixels <= pixels; n += kTilePixels) {
    for (int i = 0; i < kTilePixels; ++i) first[i] = first_input(n + i);
    ConvTile<kTilePixels>(p, t, first, p.output + static_cast<ptrdiff_t>(n) * p.output_depth);
  }
  for (; n < pixels; ++n) {
    first[0] = first_input(n);
    ConvTile<1>(p, t, first, p.output + static_cast<ptrdiff_t>(n) * p.output_depth);
  }
}

namespace {

constexpr int kPanel = 16;       // output channels per panel: two 8-float accumulators
constexpr int kPanelPixels = 6;  // 12 accumulators, 2 weight vectors and a broadcast in the 16 ymm registers

// Panel j's floats: [k][16] weights (0 past the last channel), then 16 biases (0 without a bias).
size_t PanelFloats(const ConvFloatProblem& p) { return (static_cast<size_t>(p.input_depth) + 1) * kPanel; }
int PanelCount(const ConvFloatProblem& p) { return (p.output_depth + kPanel - 1) / kPanel; }

void PackPanel(const ConvFloatProblem& p, int panel, float* out) {
  const int depth = p.input_depth;
  const int oc0 = panel * kPanel;
  for (int k = 0; k < depth; ++k) {
    for (int c = 0; c < kPanel; ++c) {
      const int oc = oc0 + c;
      out[k * kPanel + c] = oc < p.output_depth ? p.filter[static_cast<ptrdiff_t>(oc) * depth + k] : 0.0f;
    }
  }
  for (int c = 0; c < kPanel; ++c) {
    const int oc = oc0 + c;
    out[depth * kPanel + c] = (p.bias != nullptr && oc < p.output_depth) ? p.bias[oc] : 0.0f;
  }
}

// kPixels pixels (inputs at in[i], outputs at out[i]) times one panel, in kVecs 8-channel halves (1 when the
// panel's channels are at most 8: its zero half is not multiplied); `channels` of its 16 are written.
template <int kPixels, int kVecs>
void PanelTile(const float* panel, int depth, const float* const* in, float* const* out, int channels, float lo,
               float hi) {
  __m256 acc[kPixels][kVecs];
  for (int i = 0; i < kPixels; ++i) {
    for (int v = 0; v < kVecs; ++v) acc[i][v] = _mm256_setzero_ps();
  }
  for (int k = 0; k < depth; ++k) {
    __m256 w[kVecs];
    for (int v = 0; v < kVecs; ++v) w[v] = _mm256_loadu_ps(panel + k * kPanel + 8 * v);
    for (int i = 0; i < kPixels; ++i) {
      const __m256 x = _mm256_broadcast_ss(in[i] + k);
      for (int v = 0; v < kVecs; ++v) acc[i][v] = _mm256_fmadd_ps(x, w[v], acc[i][v]);
    }
  }
  const __m256 vlo = _mm256_set1_ps(lo);
  const __m256 vhi = _mm256_set1_ps(hi);
  for (int i = 0; i < kPixels; ++i) {
    alignas(32) float lanes[kPanel];
    for (int v = 0; v < kVecs; ++v) {
      // simd::FinishF32: the sum plus the bias, then v < lo ? lo : (v > hi ? hi : v), a NaN kept (MAXPS/MINPS
      // return their second operand when one is NaN).
      const __m256 b = _mm256_loadu_ps(panel + depth * kPanel + 8 * v);
      const __m256 r = _mm256_min_ps(vhi, _mm256_max_ps(vlo, _mm256_add_ps(acc[i][v], b)));
      if (channels == kPanel) {
        _mm256_storeu_ps(out[i] + 8 * v, r);
      } else {
        _mm256_store_ps(lanes + 8 * v, r);
      }
    }
    if (channels != kPanel) {
      for (int c = 0; c < channels; ++c) out[i][c] = lanes[c];
    }
  }
}

// Every pixel of the problem times one panel.
template <int kVecs>
void PanelPixels(const ConvFloatProblem& p, const float* panel, int oc0, int channels) {
  const int pixels_per_image = p.output_height * p.output_width;
  const int pixels = p.batches * pixels_per_image;
  auto input_of = [&](int pixel) {
    const int batch = pixel / pixels_per_image;
    const int rest = pixel % pixels_per_image;
    return p.input + ((static_cast<ptrdiff_t>(batch) * p.input_height + (rest / p.output_width) * p.stride_height) *
                          p.input_width +
                      (rest % p.output_width) * p.stride_width) *
                         p.input_depth;
  };
  const float* in[kPanelPixels];
  float* out[kPanelPixels];
  int n = 0;
  for (; n + kPanelPixels <= pixels; n += kPanelPixels) {
    for (int i = 0; i < kPanelPixels; ++i) {
      in[i] = input_of(n + i);
      out[i] = p.output + static_cast<ptrdiff_t>(n + i) * p.output_depth + oc0;
    }
    PanelTile<kPanelPixels, kVecs>(panel, p.input_depth, in, out, channels, p.activation_min, p.activation_max);
  }
  for (; n < pixels; ++n) {
    in[0] = input_of(n);
    out[0] = p.output + static_cast<ptrdiff_t>(n) * p.output_depth + oc0;
    PanelTile<1, kVecs>(panel, p.input_depth, in, out, channels, p.activation_min, p.activation_max);
  }
}

}  // namespace

size_t Avx2FloatPanelBytes(const ConvFloatProblem& p) {
  return static_cast<size_t>(PanelCount(p)) * PanelFloats(p) * sizeof(float);
}

void PackAvx2FloatPanels(const ConvFloatProblem& p, void* buffer) {
  float* out = static_cast<float*>(buffer);
  for (int j = 0; j < PanelCount(p); ++j) PackPanel(p, j, out + static_cast<size_t>(j) * PanelFloats(p));
}

void ConvFloatAvx2Panels(const ConvFloatProblem& p, void*) {
  alignas(32) float local[(kAvx2FloatPanelMaxDepth + 1) * kPanel];
  for (int j = 0; j < PanelCount(p); ++j) {
    const float* panel;
    if (p.prepacked != nullptr) {
      panel = static_cast<const float*>(p.prepacked) + static_cast<size_t>(j) * PanelFloats(p);
    } else {
      PackPanel(p, j, local);
      panel = local;
    }
    const int oc0 = j * kPanel;
    const int channels = p.output_depth - oc0 < kPanel ? p.output_depth - oc0 : kPanel;
    if (channels > 8) {
      PanelPixels<2>(p, panel, oc0, channels);
    } else {
      PanelPixels<1>(p, panel, oc0, channels);
    }
  }
}

void ConvFloatAvx2General(const ConvFloatProblem& p, void*) {
  float* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      int ox = 0;
      while (ox < p.output_width) {
        const PixelTaps t = TapsOf(p, b, oy, ox);
        const bool full = t.fx_begin == 0 && t.fx_end == p.filter_width;
        ptrdiff_t first[kTilePixels] = {t.first_input};
        int tile = 1;
        if (full && ox + kTilePixels <= p.output_width) {
          // The next pixels form a tile when they, too, see every filter column (the rows are shared).
          const PixelTaps last = TapsOf(p, b, oy, ox + kTilePixels - 1);
          if (last.fx_begin == 0 && last.fx_end == p.filter_width) {
            tile = kTilePixels;
            for (int i = 1; i < kTilePixels; ++i) {
              first[i] = t.first_input + static_cast<ptrdiff_t>(i) * p.stride_width * p.input_depth;
            }
          }
        }
        if (tile == kTilePixels) {
          ConvTile<kTilePixels>(p, t, first, out);
        } else {
          ConvTile<1>(p, t, first, out);
        }
        out += static_cast<ptrdiff_t>(tile) * p.output_depth;
        ox += tile;
      }
    }
  }
}

}  // namespace conv_2d
}  // namespace mote
