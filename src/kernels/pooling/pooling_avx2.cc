// AVERAGE_POOL_2D and MAX_POOL_2D int8, AVX2 (contract in pooling_variants.h).
#include <immintrin.h>

#include <cstdint>

#include "kernels/pooling/pooling_variants.h"

namespace mote {
namespace pooling {
namespace {

// The window of one output pixel, clipped to the input as the reference clips it.
struct Window {
  const int8_t* origin;  // input at (batch, in_y_origin + y_start, in_x_origin + x_start, 0)
  int rows;
  int cols;
};

template <typename PixelFn>
void ForEachOutputPixel(const PoolInt8Problem& p, PixelFn pixel) {
  const int64_t row_stride = static_cast<int64_t>(p.input_width) * p.depth;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* image = p.input + static_cast<int64_t>(b) * p.input_height * row_stride;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int y_origin = oy * p.stride_height - p.padding_height;
      const int y_start = y_origin < 0 ? -y_origin : 0;
      const int y_end = p.filter_height < p.input_height - y_origin ? p.filter_height : p.input_height - y_origin;
      for (int ox = 0; ox < p.output_width; ++ox) {
        const int x_origin = ox * p.stride_width - p.padding_width;
        const int x_start = x_origin < 0 ? -x_origin : 0;
        const int x_end = p.filter_width < p.input_width - x_origin ? p.filter_width : p.input_width - x_origin;
        Window w;
        w.rows = y_end > y_start ? y_end - y_start : 0;
        w.cols = x_end > x_start ? x_end - x_start : 0;
        w.origin = w.rows == 0 || w.cols == 0
                       ? image
                       : image + (y_origin + y_start) * row_stride + static_cast<int64_t>(x_origin + x_start) * p.depth;
        pixel(w, row_stride, out);
        out += p.depth;
      }
    }
  }
}

// round(acc / count) half away from zero, as the reference's truncating C division of acc +- count / 2; exact
// in float because |acc +- count / 2| < 2^24 (AppliesAverageAvx2's tap limit): the quotient then cannot round
// across an integer.
inline __m256i RoundedAverage(__m256i acc, __m256 count, __m256i half) {
  const __m256i positive = _mm256_cmpgt_epi32(acc, _mm256_setzero_si256());
  // acc > 0: acc + half; otherwise acc - half (acc == 0 gives -half, whose quotient truncates to 0 as in C).
  const __m256i numerator = _mm256_blendv_epi8(_mm256_sub_epi32(acc, half), _mm256_add_epi32(acc, half), positive);
  return _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(numerator), count));
}

inline int32_t RoundedAverage(int32_t acc, int32_t count) {
  return acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
}

inline int8_t Clamp(int32_t v, int32_t lo, int32_t hi) {
  return static_cast<int8_t>(v < lo ? lo : v > hi ? hi : v);
}

}  // namespace

void AveragePoolInt8Avx2(const PoolInt8Problem& p, void*) {
  const __m256i lo = _mm256_set1_epi32(p.activation_min);
  const __m256i hi = _mm256_set1_epi32(p.activation_max);
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  ForEachOutputPixel(p, [&](const Window& w, int64_t row_stride, int8_t* out) {
    int32_t count = w.rows * w.cols;
    if (count == 0) count = 1;  // as the reference (an empty window averages 0)
    const __m256 count_v = _mm256_set1_ps(static_cast<float>(count));
    const __m256i half = _mm256_set1_epi32(count / 2);
    int c = 0;
    for (; c + 32 <= p.depth; c += 32) {
      __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                        _mm256_setzero_si256()};
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) {
          for (int q = 0; q < 4; ++q) {
            const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + 8 * q));
            acc[q] = _mm256_add_epi32(acc[q], _mm256_cvtepi8_epi32(bytes));
          }
        }
      }
      __m256i avg[4];
      for (int q = 0; q < 4; ++q) {
        avg[q] = _mm256_min_epi32(_mm256_max_epi32(RoundedAverage(acc[q], count_v, half), lo), hi);
      }
      const __m256i packed = _mm256_packs_epi16(_mm256_packs_epi32(avg[0], avg[1]), _mm256_packs_epi32(avg[2], avg[3]));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c), _mm256_permutevar8x32_epi32(packed, order));
    }
    for (; c + 8 <= p.depth; c += 8) {
      __m256i acc = _mm256_setzero_si256();
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) {
          acc = _mm256_add_epi32(acc, _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(in))));
        }
      }
      alignas(32) int32_t lanes[8];
      _mm256_store_si256(reinterpret_cast<__m256i*>(lanes),
                         _mm256_min_epi32(_mm256_max_epi32(RoundedAverage(acc, count_v, half), lo), hi));
      for (int i = 0; i < 8; ++i) out[c + i] = static_cast<int8_t>(lanes[i]);
    }
    for (; c < p.depth; ++c) {
      int32_t acc = 0;
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) acc += *in;
      }
      out[c] = Clamp(RoundedAverage(acc, count), p.activation_min, p.activation_max);
    }
  });
}

void MaxPoolInt8Avx2(const PoolInt8Problem& p, void*) {
  const __m256i lo = _mm256_set1_epi8(static_cast<int8_t>(p.activation_min));
  const __m256i hi = _mm256_set1_epi8(static_cast<int8_t>(p.activation_max));
  ForEachOutputPixel(p, [&](const Window& w, int64_t row_stride, int8_t* out) {
    int c = 0;
    for (; c + 32 <= p.depth; c += 32) {
      __m256i m = _mm256_set1_epi8(-128);
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) {
          m = _mm256_max_epi8(m, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in)));
        }
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c), _mm256_min_epi8(_mm256_max_epi8(m, lo), hi));
    }
    for (; c + 16 <= p.depth; c += 16) {
      __m128i m = _mm_set1_epi8(-128);
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) {
          m = _mm_max_epi8(m, _mm_loadu_si128(reinterpret_cast<const __m128i*>(in)));
        }
      }
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c),
                       _mm_min_epi8(_mm_max_epi8(m, _mm256_castsi256_si128(lo)), _mm256_castsi256_si128(hi)));
    }
    for (; c + 8 <= p.depth; c += 8) {
      __m128i m = _mm_set1_epi8(-128);
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) {
          m = _mm_max_epi8(m, _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in)));
        }
      }
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out + c),
                       _mm_min_epi8(_mm_max_epi8(m, _mm256_castsi256_si128(lo)), _mm256_castsi256_si128(hi)));
    }
    for (; c < p.depth; ++c) {
      int32_t m = -128;
      for (int y = 0; y < w.rows; ++y) {
        const int8_t* in = w.origin + y * row_stride + c;
        for (int x = 0; x < w.cols; ++x, in += p.depth) m = *in > m ? *in : m;
      }
      out[c] = Clamp(m, p.activation_min, p.activation_max);
    }
  });
}

}  // namespace pooling
}  // namespace mote
