// DEPTHWISE_CONV_2D int8, Cortex-M DSP variant over channels (compiled only for cores with the DSP extension).
// Contract in depthwise_conv_2d_variants.h; building blocks in kernels/simd/arm_dsp.h.
//
// Four adjacent channels at a time, straight from NHWC: per filter tap one LDR brings the four channels' inputs,
// two SXTAB16 widen them (input offset applied) into (c0, c2), (c1, c3), and SMLABB/SMLATT accumulate each
// channel against its weight, whose int16 pairs for the four channels were widened once per channel group into
// a small stack table (8 bytes per tap). 3x3 filters fully inside the image run an unrolled tap loop; border
// pixels loop over their in-image taps only (the reference's rule). The four results are requantized
// (arm_dsp::FastRequantize where exact, MultiplyByQuantizedMultiplier otherwise), saturated, packed into one
// word, clamped with SSUB8/SEL and stored with one STR. No arena scratch; no per-row setup, so narrow images
// (KWS's 5-pixel rows, MobileNet's 6x6 and 3x3 layers) cost the same per output as wide ones.
//
// Channel multiplier 1 and at least 4 channels; a channel count that is not a multiple of 4 ends with a group
// overlapping the one before (recomputed, stored identically).
#include <cstdint>
#include <cstring>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/arm_dsp.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

struct TapWeights {
  uint32_t even;  // (w_c0, w_c2)
  uint32_t odd;   // (w_c1, w_c3)
};

struct Group {
  int32_t bias[4];
  int32_t multiplier2[4], round[4], right_shift[4];  // fast form
  bool fast;                                         // all four channels exact in the fast form
};

struct Acc {
  int32_t a0, a1, a2, a3;
};

__attribute__((always_inline)) inline void Tap(const int8_t* in, const TapWeights& w, uint32_t offset2, Acc& acc) {
  const uint32_t v = arm_dsp::Load32(in);
  const uint32_t xe = __sxtab16(offset2, v);
  const uint32_t xo = arm_dsp::SxtAB16Ror8(offset2, v);
  acc.a0 = __smlabb(xe, w.even, acc.a0);
  acc.a2 = __smlatt(xe, w.even, acc.a2);
  acc.a1 = __smlabb(xo, w.odd, acc.a1);
  acc.a3 = __smlatt(xo, w.odd, acc.a3);
}

template <bool kFast>
__attribute__((always_inline)) inline uint32_t Requantize1(const DepthwiseInt8Problem& p, const Group& g, int c,
                                                           int k, int32_t acc) {
  int32_t v;
  if (kFast) {
    v = arm_dsp::FastRequantize(acc, g.multiplier2[k], g.round[k], g.right_shift[k]) + p.output_offset;
  } else {
    v = WrappingAdd(MultiplyByQuantizedMultiplier(acc, p.output_multiplier[c + k], p.output_shift[c + k]),
                    p.output_offset);
  }
  return static_cast<uint32_t>(__ssat(v, 8));
}

template <bool kFast>
__attribute__((always_inline)) inline uint32_t Requantize4(const DepthwiseInt8Problem& p, const Group& g, int c,
                                                           const Acc& acc) {
  uint32_t packed = Requantize1<kFast>(p, g, c, 0, acc.a0) & 0xFFu;
  packed |= (Requantize1<kFast>(p, g, c, 1, acc.a1) & 0xFFu) << 8;
  packed |= (Requantize1<kFast>(p, g, c, 2, acc.a2) & 0xFFu) << 16;
  packed |= Requantize1<kFast>(p, g, c, 3, acc.a3) << 24;
  return arm_dsp::ClampBytes(packed, arm_dsp::Splat8(p.output_activation_min),
                             arm_dsp::Splat8(p.output_activation_max));
}

void PrepareGroup(const DepthwiseInt8Problem& p, int c, TapWeights* weights, Group* g) {
  const int taps = p.filter_height * p.filter_width;
  for (int t = 0; t < taps; ++t) {
    const uint32_t v = arm_dsp::Load32(p.filter + t * p.output_depth + c);
    weights[t].even = __sxtb16(v);
    weights[t].odd = arm_dsp::SxtB16Ror8(v);
  }
  const int64_t max_sum = static_cast<int64_t>(taps) * 128 * 255;
  g->fast = true;
  for (int k = 0; k < 4; ++k) {
    const int32_t bias = p.bias != nullptr ? p.bias[c + k] : 0;
    const int64_t b = bias;
    g->bias[k] = bias;
    const int32_t m = p.output_multiplier[c + k], s = p.output_shift[c + k];
    if (!arm_dsp::FastRequantApplies(m, s, max_sum + (b < 0 ? -b : b))) {
      g->fast = false;
      continue;
    }
    g->right_shift[k] = -s;
    g->round[k] = static_cast<int32_t>(1u << (-s - 1));
    g->multiplier2[k] = static_cast<int32_t>(static_cast<uint32_t>(m) << 1);
  }
}

}  // namespace

void DepthwiseInt8DspChannels(const DepthwiseInt8Problem& p, void*) {
  const int depth = p.input_depth;
  const int fh = p.filter_height, fw = p.filter_width;
  const int row_step = p.input_width * depth;
  const uint32_t offset2 = arm_dsp::Splat16(p.input_offset);
  const bool is3x3 = fh == 3 && fw == 3;
  TapWeights weights[kDspChannelsMaxTaps];
  Group g;
  for (int c = 0; c < depth; c += 4) {
    if (c + 4 > depth) c = depth - 4;  // the last group overlaps the one before
    PrepareGroup(p, c, weights, &g);
    for (int b = 0; b < p.batches; ++b) {
      const int8_t* image = p.input + b * p.input_height * row_step + c;
      int8_t* out = p.output + b * p.output_height * p.output_width * depth + c;
      for (int oy = 0; oy < p.output_height; ++oy) {
        const int iy0 = oy * p.stride_height - p.pad_height;
        const int fy_begin = iy0 < 0 ? -iy0 : 0;
        const int fy_end = p.input_height - iy0 < fh ? p.input_height - iy0 : fh;
        const bool rows_inside = fy_begin == 0 && fy_end == fh;
        for (int ox = 0; ox < p.output_width; ++ox, out += depth) {
          const int ix0 = ox * p.stride_width - p.pad_width;
          Acc acc{g.bias[0], g.bias[1], g.bias[2], g.bias[3]};
          if (is3x3 && rows_inside && ix0 >= 0 && ix0 + 3 <= p.input_width) {
            const int8_t* r = image + iy0 * row_step + ix0 * depth;
            Tap(r, weights[0], offset2, acc);
            Tap(r + depth, weights[1], offset2, acc);
            Tap(r + 2 * depth, weights[2], offset2, acc);
            r += row_step;
            Tap(r, weights[3], offset2, acc);
            Tap(r + depth, weights[4], offset2, acc);
            Tap(r + 2 * depth, weights[5], offset2, acc);
            r += row_step;
            Tap(r, weights[6], offset2, acc);
            Tap(r + depth, weights[7], offset2, acc);
            Tap(r + 2 * depth, weights[8], offset2, acc);
          } else {
            const int fx_begin = ix0 < 0 ? -ix0 : 0;
            const int fx_end = p.input_width - ix0 < fw ? p.input_width - ix0 : fw;
            for (int fy = fy_begin; fy < fy_end; ++fy) {
              for (int fx = fx_begin; fx < fx_end; ++fx) {
                Tap(image + (iy0 + fy) * row_step + (ix0 + fx) * depth, weights[fy * fw + fx], offset2, acc);
              }
            }
          }
          const uint32_t packed = g.fast ? Requantize4<true>(p, g, c, acc) : Requantize4<false>(p, g, c, acc);
          std::memcpy(out, &packed, 4);
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
