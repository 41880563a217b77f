// AVERAGE_POOL_2D and MAX_POOL_2D int8, Cortex-M DSP variants (compiled only for cores with the DSP extension:
// M4, M7, M33, M55). Contract in pooling_variants.h; building blocks in kernels/simd/arm_dsp.h.
//
// Four adjacent channels per step, straight from NHWC: per window element one LDR brings the four channels.
// - Average: SXTAB16 and SXTAB16 ROR #8 add them into two words of int16 halves, (c0, c2) and (c1, c3); the
//   sums are exact in 16 bits because windows hold at most kDspAverageMaxTaps elements (applies()). Each
//   channel's sum is then divided as the reference does (C's truncating division after adding or subtracting
//   half the count: rounds half away from zero), the four bytes are packed and clamped with SSUB8/SEL.
// - Max: SSUB8 sets a GE flag per byte where the input is >= the running maximum and SEL takes those bytes,
//   starting from -128 in every lane as the reference starts from the type's lowest; then the same clamp.
// A channel count that is not a multiple of 4 ends with a group overlapping the one before (recomputed from the
// same inputs, stored identically); fewer than 4 channels run a scalar loop.
#include <arm_acle.h>

#include <cstdint>
#include <cstring>

#include "kernels/simd/arm_dsp.h"
#include "kernels/pooling/pooling_variants.h"

namespace mote {
namespace pooling {
namespace {

// The window of one output pixel, clipped to the input: the first element's address (channel 0), its rows and
// columns, and the steps between rows and columns.
struct Window {
  const int8_t* first;
  int rows;
  int cols;
};

// Calls f(window, output pixel) for every output pixel, in output order.
template <typename F>
__attribute__((always_inline)) inline void ForEachWindow(const PoolInt8Problem& p, F f) {
  const int depth = p.depth;
  const int row_step = p.input_width * depth;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* image = p.input + b * p.input_height * row_step;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int iy0 = oy * p.stride_height - p.padding_height;
      const int fy_begin = iy0 < 0 ? -iy0 : 0;
      const int fy_end = p.input_height - iy0 < p.filter_height ? p.input_height - iy0 : p.filter_height;
      for (int ox = 0; ox < p.output_width; ++ox, out += depth) {
        const int ix0 = ox * p.stride_width - p.padding_width;
        const int fx_begin = ix0 < 0 ? -ix0 : 0;
        const int fx_end = p.input_width - ix0 < p.filter_width ? p.input_width - ix0 : p.filter_width;
        Window w;
        w.first = image + (iy0 + fy_begin) * row_step + (ix0 + fx_begin) * depth;
        w.rows = fy_end - fy_begin;
        w.cols = fx_end - fx_begin;
        f(w, out);
      }
    }
  }
}

// The reference's rounding division (count >= 1).
__attribute__((always_inline)) inline int32_t RoundedAverage(int32_t sum, int32_t count, int32_t half) {
  return sum > 0 ? (sum + half) / count : (sum - half) / count;
}

// Channel groups of 4 starting at c = 0, 4, ... and, when depth % 4 != 0, one last group at depth - 4.
// depth >= 4.
template <typename G>
__attribute__((always_inline)) inline void ForEachGroup(int depth, G g) {
  int c = 0;
  for (; c + 4 <= depth; c += 4) g(c);
  if (c < depth) g(depth - 4);
}

}  // namespace

void AveragePoolInt8Dsp(const PoolInt8Problem& p, void*) {
  const int depth = p.depth;
  const int row_step = p.input_width * depth;
  const int32_t act_min = p.activation_min, act_max = p.activation_max;
  if (depth < 4) {
    ForEachWindow(p, [&](const Window& w, int8_t* out) {
      int32_t count = w.rows * w.cols;
      if (count <= 0) count = 1;  // unreachable for validated shapes, as in the reference
      for (int c = 0; c < depth; ++c) {
        int32_t sum = 0;
        const int8_t* row = w.first + c;
        for (int y = 0; y < w.rows; ++y, row += row_step) {
          const int8_t* q = row;
          for (int x = 0; x < w.cols; ++x, q += depth) sum += *q;
        }
        int32_t v = RoundedAverage(sum, count, count / 2);
        v = v < act_min ? act_min : v;
        v = v > act_max ? act_max : v;
        out[c] = static_cast<int8_t>(v);
      }
    });
    return;
  }
  const uint32_t lo4 = arm_dsp::Splat8(act_min), hi4 = arm_dsp::Splat8(act_max);
  ForEachWindow(p, [&](const Window& w, int8_t* out) {
    int32_t count = w.rows * w.cols;
    if (count <= 0) count = 1;
    const int32_t half = count / 2;
    ForEachGroup(depth, [&](int c) {
      uint32_t even = 0, odd = 0;  // int16 halves: (c0, c2), (c1, c3)
      const int8_t* row = w.first + c;
      for (int y = 0; y < w.rows; ++y, row += row_step) {
        const int8_t* q = row;
        for (int x = 0; x < w.cols; ++x, q += depth) {
          const uint32_t v = arm_dsp::Load32(q);
          even = __sxtab16(even, v);
          odd = arm_dsp::SxtAB16Ror8(odd, v);
        }
      }
      // Averages of int8 values lie in [-128, 127]: packing them as bytes loses nothing before the clamp.
      const uint32_t a0 = static_cast<uint32_t>(RoundedAverage(static_cast<int16_t>(even), count, half));
      const uint32_t a1 = static_cast<uint32_t>(RoundedAverage(static_cast<int16_t>(odd), count, half));
      const uint32_t a2 = static_cast<uint32_t>(RoundedAverage(static_cast<int32_t>(even) >> 16, count, half));
      const uint32_t a3 = static_cast<uint32_t>(RoundedAverage(static_cast<int32_t>(odd) >> 16, count, half));
      const uint32_t packed = (a0 & 0xFFu) | ((a1 & 0xFFu) << 8) | ((a2 & 0xFFu) << 16) | (a3 << 24);
      const uint32_t r = arm_dsp::ClampBytes(packed, lo4, hi4);
      std::memcpy(out + c, &r, 4);
    });
  });
}

void MaxPoolInt8Dsp(const PoolInt8Problem& p, void*) {
  const int depth = p.depth;
  const int row_step = p.input_width * depth;
  const int32_t act_min = p.activation_min, act_max = p.activation_max;
  if (depth < 4) {
    ForEachWindow(p, [&](const Window& w, int8_t* out) {
      for (int c = 0; c < depth; ++c) {
        int32_t m = -128;
        const int8_t* row = w.first + c;
        for (int y = 0; y < w.rows; ++y, row += row_step) {
          const int8_t* q = row;
          for (int x = 0; x < w.cols; ++x, q += depth) m = *q > m ? *q : m;
        }
        m = m < act_min ? act_min : m;
        m = m > act_max ? act_max : m;
        out[c] = static_cast<int8_t>(m);
      }
    });
    return;
  }
  const uint32_t lo4 = arm_dsp::Splat8(act_min), hi4 = arm_dsp::Splat8(act_max);
  ForEachWindow(p, [&](const Window& w, int8_t* out) {
    ForEachGroup(depth, [&](int c) {
      uint32_t m = 0x80808080u;  // -128 in every lane
      const int8_t* row = w.first + c;
      for (int y = 0; y < w.rows; ++y, row += row_step) {
        const int8_t* q = row;
        for (int x = 0; x < w.cols; ++x, q += depth) {
          const uint32_t v = arm_dsp::Load32(q);
          __ssub8(v, m);  // GE per byte where v >= m
          m = __sel(v, m);
        }
      }
      const uint32_t r = arm_dsp::ClampBytes(m, lo4, hi4);
      std::memcpy(out + c, &r, 4);
    });
  });
}

}  // namespace pooling
}  // namespace mote
