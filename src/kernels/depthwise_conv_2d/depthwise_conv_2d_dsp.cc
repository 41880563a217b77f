// DEPTHWISE_CONV_2D int8, Cortex-M DSP variant (compiled only for cores with the DSP extension: M4, M7, M33,
// M55). Contract in depthwise_conv_2d_variants.h; instruction building blocks in kernels/simd/arm_dsp.h.
//
// NHWC keeps a pixel's channels together, but a depthwise tap pairs values of one channel from neighbouring
// pixels. So the input is transposed, four channels at a time, into a ring of int16 rows (one row per input
// row and channel, input offset applied, zero columns for the horizontal padding): filter_height slots, each
// input row converted once per channel block (one LDR and two SXTAB16 per four channels). Along such a row the
// horizontal taps of an output pixel are adjacent: one LDR and one SMLAD per pair of taps, the weight pairs
// prepared once per channel block (an odd tap count pairs its last weight with 0, so the over-read column of
// the pair contributes nothing). Output rows outside the image skip their taps (the reference's rule), so
// borders need no special case.
//
// 3x3 filters (the common case) have their own loops: two output pixels per step, from two LDRs per filter row
// (stride 1: the second pixel's taps straddle the words, so it takes halfword MACs SMLATB/SMLABT) or three
// (stride 2). Requantization is the exact fast form of arm_dsp::FastRequantize where it
// applies (per channel, see FastRequantApplies), MultiplyByQuantizedMultiplier otherwise.
#include <cstddef>
#include <cstdint>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/arm_dsp.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

constexpr int kBlock = kDspChannelBlock;  // input channels transposed together

struct Geometry {
  int pairs;       // weight words per filter row: ceil(filter_width / 2)
  int ring_width;  // int16 per ring row
  int block;       // ring rows per slot: min(kBlock, input_depth)
};

Geometry GetGeometry(const DepthwiseInt8Problem& p) {
  const DspScratchLayout l = GetDspScratchLayout(p);
  return Geometry{(p.filter_width + 1) / 2, l.ring_width, p.input_depth < kBlock ? p.input_depth : kBlock};
}

// Weight words of the block's output channels: [local channel][fy][pair], pair = (w[2i], w[2i + 1] or 0).
void BuildWeights(const DepthwiseInt8Problem& p, const Geometry& g, int oc0, int count, uint32_t* words) {
  const int fw = p.filter_width;
  for (int j = 0; j < count; ++j) {
    const int oc = oc0 + j;
    for (int fy = 0; fy < p.filter_height; ++fy) {
      const int8_t* row = p.filter + fy * fw * p.output_depth + oc;
      for (int i = 0; i < g.pairs; ++i) {
        const uint32_t lo = static_cast<uint16_t>(static_cast<int16_t>(row[(2 * i) * p.output_depth]));
        const uint32_t hi =
            2 * i + 1 < fw ? static_cast<uint16_t>(static_cast<int16_t>(row[(2 * i + 1) * p.output_depth])) : 0u;
        *words++ = lo | (hi << 16);
      }
    }
  }
}

// Converts input row iy of channels [c0, c0 + nc) into the ring slot of that row.
void ConvertRow(const DepthwiseInt8Problem& p, const Geometry& g, int16_t* ring, int b, int iy, int c0, int nc) {
  const int slot = iy % p.filter_height;
  int16_t* r0 = ring + (slot * g.block) * g.ring_width + p.pad_width;
  const int stride = g.ring_width;
  int count = p.input_width;
  if (count > g.ring_width - p.pad_width) count = g.ring_width - p.pad_width;
  const int8_t* src = p.input + ((b * p.input_height + iy) * p.input_width) * p.input_depth + c0;
  const int depth = p.input_depth;
  if (nc == kBlock) {
    const uint32_t offset2 = arm_dsp::Splat16(p.input_offset);
    for (int x = 0; x < count; ++x, src += depth) {
      const uint32_t v = arm_dsp::Load32(src);
      const uint32_t even = __sxtab16(offset2, v);               // channels 0, 2
      const uint32_t odd = arm_dsp::SxtAB16Ror8(offset2, v);  // channels 1, 3
      r0[x] = static_cast<int16_t>(even);
      r0[x + stride] = static_cast<int16_t>(odd);
      r0[x + 2 * stride] = static_cast<int16_t>(even >> 16);
      r0[x + 3 * stride] = static_cast<int16_t>(odd >> 16);
    }
  } else {
    for (int ci = 0; ci < nc; ++ci) {
      int16_t* r = r0 + ci * stride;
      const int8_t* s = src + ci;
      for (int x = 0; x < count; ++x, s += depth) r[x] = static_cast<int16_t>(*s + p.input_offset);
    }
  }
}

// Per-channel requantization of the block, prepared once per block: the fast form's constants, or
// right_shift < 0 for a channel computed the reference way.
struct ChannelQuant {
  int32_t bias;
  int32_t multiplier2;
  int32_t round;
  int32_t right_shift;
};

void BuildQuant(const DepthwiseInt8Problem& p, int oc0, int count, ChannelQuant* quant) {
  const int64_t max_sum = static_cast<int64_t>(p.filter_height) * p.filter_width * 128 * 255;
  for (int j = 0; j < count; ++j) {
    const int oc = oc0 + j;
    const int32_t bias = p.bias != nullptr ? p.bias[oc] : 0;
    const int64_t b = bias;
    ChannelQuant& q = quant[j];
    q.bias = bias;
    if (arm_dsp::FastRequantApplies(p.output_multiplier[oc], p.output_shift[oc], max_sum + (b < 0 ? -b : b))) {
      q.right_shift = -p.output_shift[oc];
      q.round = static_cast<int32_t>(1u << (q.right_shift - 1));
      q.multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(p.output_multiplier[oc]) << 1);
    } else {
      q.right_shift = -1;
      q.round = 0;
      q.multiplier2 = 0;
    }
  }
}

// The filter-row passes accumulate one ring row's taps into acc[0, ow) (kFirst: starting from `bias` instead of
// acc). Each keeps only a row pointer, the row's weights and two accumulators live, so GCC keeps them all in
// registers.

// 3x3, stride 1: two output pixels per step. Inputs x..x+3: a = (x, x+1) (the previous step's c), c = (x+2,
// x+3); out0 += SMLAD(a, w01) + SMLABB(c, w2), out1 += SMLATB(a, w01) + SMLABT(c, w01) + SMLATB(c, w2).
template <bool kFirst>
void Pass3x3Stride1(const int16_t* in, uint32_t w01, uint32_t w2, int32_t* acc, int ow, int32_t bias) {
  uint32_t a = arm_dsp::Load32(in);
  int x = 0;
  for (; x + 2 <= ow; x += 2) {
    const uint32_t c = arm_dsp::Load32(in + x + 2);
    int32_t acc0 = kFirst ? bias : acc[x];
    int32_t acc1 = kFirst ? bias : acc[x + 1];
    acc0 = __smlabb(c, w2, __smlad(a, w01, acc0));
    acc1 = __smlatb(c, w2, __smlabt(c, w01, __smlatb(a, w01, acc1)));
    acc[x] = acc0;
    acc[x + 1] = acc1;
    a = c;
  }
  if (x < ow) {
    const int32_t acc0 = kFirst ? bias : acc[x];
    acc[x] = __smlabb(arm_dsp::Load32(in + x + 2), w2, __smlad(a, w01, acc0));
  }
}

// 3x3, stride 2: two output pixels per step from inputs 2x..2x+5: a = (2x, 2x+1) (the previous step's e),
// c = (2x+2, 2x+3), e = (2x+4, 2x+5).
template <bool kFirst>
void Pass3x3Stride2(const int16_t* in, uint32_t w01, uint32_t w2, int32_t* acc, int ow, int32_t bias) {
  uint32_t a = arm_dsp::Load32(in);
  int x = 0;
  for (; x + 2 <= ow; x += 2) {
    const uint32_t c = arm_dsp::Load32(in + 2 * x + 2);
    const uint32_t e = arm_dsp::Load32(in + 2 * x + 4);
    int32_t acc0 = kFirst ? bias : acc[x];
    int32_t acc1 = kFirst ? bias : acc[x + 1];
    acc[x] = __smlabb(c, w2, __smlad(a, w01, acc0));
    acc[x + 1] = __smlabb(e, w2, __smlad(c, w01, acc1));
    a = e;
  }
  if (x < ow) {
    const int32_t acc0 = kFirst ? bias : acc[x];
    acc[x] = __smlabb(arm_dsp::Load32(in + 2 * x + 2), w2, __smlad(a, w01, acc0));
  }
}

// Any filter width and stride: one LDR and one SMLAD per pair of taps.
template <bool kFirst>
void PassGeneric(const int16_t* in, const uint32_t* w, int pairs, int stride, int32_t* acc, int ow, int32_t bias) {
  for (int x = 0; x < ow; ++x, in += stride) {
    int32_t a = kFirst ? bias : acc[x];
    for (int i = 0; i < pairs; ++i) a = __smlad(arm_dsp::Load32(in + 2 * i), w[i], a);
    acc[x] = a;
  }
}

// Requantizes acc[0, ow) into output bytes dst, dst + step, ...
void RequantizeRow(const DepthwiseInt8Problem& p, const ChannelQuant& q, int oc, const int32_t* acc, int ow,
                   int8_t* dst, int step) {
  const int32_t offset = p.output_offset;
  const int32_t lo = p.output_activation_min, hi = p.output_activation_max;
  if (q.right_shift >= 0) {
    const int32_t m2 = q.multiplier2, h = q.round, e = q.right_shift;
    if (lo == -128 && hi == 127) {
      for (int x = 0; x < ow; ++x, dst += step) {
        *dst = static_cast<int8_t>(__ssat(arm_dsp::FastRequantize(acc[x], m2, h, e) + offset, 8));
      }
    } else {
      for (int x = 0; x < ow; ++x, dst += step) {
        int32_t v = __ssat(arm_dsp::FastRequantize(acc[x], m2, h, e) + offset, 8);
        v = v < lo ? lo : v;
        *dst = static_cast<int8_t>(v > hi ? hi : v);
      }
    }
    return;
  }
  for (int x = 0; x < ow; ++x, dst += step) {
    int32_t v = WrappingAdd(MultiplyByQuantizedMultiplier(acc[x], p.output_multiplier[oc], p.output_shift[oc]), offset);
    v = v < lo ? lo : v;
    *dst = static_cast<int8_t>(v > hi ? hi : v);
  }
}

}  // namespace

void DepthwiseInt8Dsp(const DepthwiseInt8Problem& p, void* scratch) {
  const DspScratchLayout layout = GetDspScratchLayout(p);
  const Geometry g = GetGeometry(p);
  auto* base = static_cast<uint8_t*>(scratch);
  auto* ring = reinterpret_cast<int16_t*>(base + layout.ring);
  auto* weights = reinterpret_cast<uint32_t*>(base + layout.weights);
  auto* quant = reinterpret_cast<ChannelQuant*>(base + layout.quant);
  auto* acc = reinterpret_cast<int32_t*>(base + layout.acc);
  const int fh = p.filter_height;
  const int m = p.depth_multiplier;
  const int ow = p.output_width;
  const int kind = (fh == 3 && p.filter_width == 3 && p.stride_width <= 2) ? p.stride_width : 0;
  const int words_per_channel = fh * g.pairs;
  // Zero padding columns: ConvertRow never writes them, so zeroing the ring once is enough.
  for (size_t i = 0; i < layout.ring_halfwords; ++i) ring[i] = 0;
  for (int b = 0; b < p.batches; ++b) {
    for (int c0 = 0; c0 < p.input_depth; c0 += g.block) {
      const int nc = p.input_depth - c0 < g.block ? p.input_depth - c0 : g.block;
      const int oc0 = c0 * m;
      const int noc = nc * m;
      BuildWeights(p, g, oc0, noc, weights);
      BuildQuant(p, oc0, noc, quant);
      int loaded = -1;  // highest input row converted into the ring
      for (int oy = 0; oy < p.output_height; ++oy) {
        const int iy0 = oy * p.stride_height - p.pad_height;
        const int fy_begin = iy0 < 0 ? (-iy0 < fh ? -iy0 : fh) : 0;
        int fy_end = p.input_height - iy0 < fh ? p.input_height - iy0 : fh;
        if (fy_end < fy_begin) fy_end = fy_begin;
        for (int iy = iy0 + fy_begin > loaded + 1 ? iy0 + fy_begin : loaded + 1; iy < iy0 + fy_end; ++iy) {
          ConvertRow(p, g, ring, b, iy, c0, nc);
          loaded = iy;
        }
        int8_t* out_row = p.output + ((b * p.output_height + oy) * ow) * p.output_depth;
        for (int j = 0; j < noc; ++j) {
          const int ci = j / m;
          const ChannelQuant& q = quant[j];
          const uint32_t* wc = weights + j * words_per_channel;
          if (fy_begin == fy_end) {  // no filter row inside the image: the bias alone
            for (int x = 0; x < ow; ++x) acc[x] = q.bias;
          }
          for (int fy = fy_begin; fy < fy_end; ++fy) {
            const int16_t* in = ring + (((iy0 + fy) % fh) * g.block + ci) * g.ring_width;
            const uint32_t* w = wc + fy * g.pairs;
            const bool first = fy == fy_begin;
            if (kind == 1) {
              first ? Pass3x3Stride1<true>(in, w[0], w[1], acc, ow, q.bias)
                    : Pass3x3Stride1<false>(in, w[0], w[1], acc, ow, q.bias);
            } else if (kind == 2) {
              first ? Pass3x3Stride2<true>(in, w[0], w[1], acc, ow, q.bias)
                    : Pass3x3Stride2<false>(in, w[0], w[1], acc, ow, q.bias);
            } else {
              first ? PassGeneric<true>(in, w, g.pairs, p.stride_width, acc, ow, q.bias)
                    : PassGeneric<false>(in, w, g.pairs, p.stride_width, acc, ow, q.bias);
            }
          }
          RequantizeRow(p, q, oc0 + j, acc, ow, out_row + oc0 + j, p.output_depth);
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
