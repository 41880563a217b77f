// CONV_2D int8, Cortex-M DSP variants (compiled only for cores with the DSP extension: M4, M7, M33, M55).
// Contract in conv_2d_variants.h; instruction building blocks in kernels/simd/arm_dsp.h.
//
// Both variants are the same GEMM: rows are output pixels (their receptive field, input offset applied, as
// int16 in SXTB16 order), columns are output channels (the filter rows, int8, read in place), depth K is the
// receptive-field length. Two pixels by two channels per step: for every 4 values of K two LDRDs bring the
// four activation words of both pixels, two LDRs and four SXTB16s the weights of both channels, and eight
// SMLADs do 16 multiply-accumulates. The rows of two pixels are built into the arena scratch; taps outside the
// image are zeros (after the offset), which is exactly the reference's "skip the tap". A K that is not a
// multiple of 4 ends with a partial quad whose missing values are zero in the rows and are never loaded from
// the filter (nothing is read beyond a filter row).
//
// Requantization is bit-exact with MultiplyByQuantizedMultiplier. Channels take the fast form
// (arm_dsp::FastRequantize: SMMLAR, two ADDs, ASR, constants derived from the multiplier and shift arrays) when
// it is exact for them: a right shift in [1, 31] and accumulators that cannot overflow it (from K and the
// channel's |bias|). The others ("special": zero multipliers, left shifts, the huge biases some models give
// dead channels) are listed in a bitmask at the start of the invoke and recomputed right after each pixel pair
// from the same rows, the reference's way; real models have none or a few. No per-channel table is kept, so
// the scratch stays at the two rows and the bitmask (the arena of these variants is the reference's plus a few
// hundred bytes).
// The two channels of a pixel are saturated to int8, packed into one halfword, clamped with SSUB8/SEL when the
// activation range is narrower than int8, and stored with one STRH.
#include <cstddef>
#include <cstdint>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/arm_dsp.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace conv_2d {
namespace {

// Rows of two pixels, per quad of K: words {x0e, x1e, x0o, x1o}, where pixel p's even word holds its values
// (k0, k2) and its odd word (k1, k3) of the quad (SXTB16 order).
struct Rows {
  int16_t* base;     // [quads][8]
  int32_t offset;    // input offset
  uint32_t offset2;  // `offset` in both halves
};

inline int16_t& At(const Rows& r, int k, int slot) {
  return r.base[(k >> 2) * 8 + (k & 1) * 4 + slot * 2 + ((k >> 1) & 1)];
}

// Row positions [k, k + n) of pixel `slot` = src[i] + input offset.
void PutRun(const Rows& r, int slot, int k, const int8_t* src, int n) {
  for (; n > 0 && (k & 3) != 0; --n, ++k) At(r, k, slot) = static_cast<int16_t>(*src++ + r.offset);
  uint32_t* dst = reinterpret_cast<uint32_t*>(r.base + (k >> 2) * 8) + slot;
  for (; n >= 4; n -= 4, k += 4) {
    const uint32_t v = arm_dsp::Load32(src);
    src += 4;
    dst[0] = __sxtab16(r.offset2, v);
    dst[2] = arm_dsp::SxtAB16Ror8(r.offset2, v);
    dst += 4;
  }
  for (; n > 0; --n, ++k) At(r, k, slot) = static_cast<int16_t>(*src++ + r.offset);
}

void PutZeros(const Rows& r, int slot, int k, int n) {
  for (; n > 0 && (k & 3) != 0; --n, ++k) At(r, k, slot) = 0;
  uint32_t* dst = reinterpret_cast<uint32_t*>(r.base + (k >> 2) * 8) + slot;
  for (; n >= 4; n -= 4, k += 4) {
    dst[0] = 0;
    dst[2] = 0;
    dst += 4;
  }
  for (; n > 0; --n, ++k) At(r, k, slot) = 0;
}

// The receptive field of output pixel (b, oy, ox) as row `slot` (general filter, stride, dilation, padding).
void BuildPatchRow(const ConvInt8Problem& p, const Rows& r, int slot, int b, int oy, int ox) {
  const int depth = p.input_depth;
  const int fw = p.filter_width;
  const int seg = fw * depth;
  const int iy0 = oy * p.stride_height - p.pad_height;
  const int ix0 = ox * p.stride_width - p.pad_width;
  const int8_t* batch = p.input + b * p.input_height * p.input_width * depth;
  int k = 0;
  for (int fy = 0; fy < p.filter_height; ++fy, k += seg) {
    const int iy = iy0 + fy * p.dilation_height;
    if (iy < 0 || iy >= p.input_height) {
      PutZeros(r, slot, k, seg);
      continue;
    }
    const int8_t* row = batch + iy * p.input_width * depth;
    if (p.dilation_width == 1) {
      int fx_begin = ix0 < 0 ? -ix0 : 0;
      int fx_end = p.input_width - ix0;
      if (fx_end > fw) fx_end = fw;
      if (fx_begin > fw) fx_begin = fw;
      if (fx_end < fx_begin) fx_end = fx_begin;
      PutZeros(r, slot, k, fx_begin * depth);
      PutRun(r, slot, k + fx_begin * depth, row + (ix0 + fx_begin) * depth, (fx_end - fx_begin) * depth);
      PutZeros(r, slot, k + fx_end * depth, (fw - fx_end) * depth);
    } else {
      for (int fx = 0; fx < fw; ++fx) {
        const int ix = ix0 + fx * p.dilation_width;
        if (ix < 0 || ix >= p.input_width) {
          PutZeros(r, slot, k + fx * depth, depth);
        } else {
          PutRun(r, slot, k + fx * depth, row + ix * depth, depth);
        }
      }
    }
  }
}

// The last 1-3 weights of a filter row as a word with zero upper bytes.
inline uint32_t LoadTail(const int8_t* w, int n) {
  uint32_t v = static_cast<uint8_t>(w[0]);
  if (n > 1) v |= static_cast<uint32_t>(static_cast<uint8_t>(w[1])) << 8;
  if (n > 2) v |= static_cast<uint32_t>(static_cast<uint8_t>(w[2])) << 16;
  return v;
}

// The GEMM's inner loop: `quads` (>= 1) quads of K for two pixels and two channels. Rows at `a` hold per quad
// the even words of pixels 0 and 1, then their odd words (one LDRD each); w0/w1 point at the two filter rows.
// One asm block because the loop needs 13 live registers (4 accumulators, 4 pointers/counters, 5 temporaries)
// and GCC 12, allocating them itself, spills the counter or reloads activations: 18 instructions per 16
// multiply-accumulates here against 21 to 26 for the same loop in C (instruction counts under QEMU,
// docs/cortex-m-optimized.md).
__attribute__((always_inline)) inline void DotQuads(const uint32_t*& a, const int8_t*& w0, const int8_t*& w1, int quads, int32_t& acc00,
                     int32_t& acc01, int32_t& acc10, int32_t& acc11) {
  uint32_t x0, x1, v0, v1, t;
  __asm__ volatile(
      "1:\n\t"
      "ldr %[v0], [%[w0]], #4\n\t"
      "ldr %[v1], [%[w1]], #4\n\t"
      "ldrd %[x0], %[x1], [%[a]], #8\n\t"
      "sxtb16 %[t], %[v0]\n\t"
      "smlad %[acc00], %[x0], %[t], %[acc00]\n\t"
      "smlad %[acc10], %[x1], %[t], %[acc10]\n\t"
      "sxtb16 %[t], %[v1]\n\t"
      "smlad %[acc01], %[x0], %[t], %[acc01]\n\t"
      "smlad %[acc11], %[x1], %[t], %[acc11]\n\t"
      "ldrd %[x0], %[x1], [%[a]], #8\n\t"
      "sxtb16 %[t], %[v0], ror #8\n\t"
      "smlad %[acc00], %[x0], %[t], %[acc00]\n\t"
      "smlad %[acc10], %[x1], %[t], %[acc10]\n\t"
      "sxtb16 %[t], %[v1], ror #8\n\t"
      "smlad %[acc01], %[x0], %[t], %[acc01]\n\t"
      "smlad %[acc11], %[x1], %[t], %[acc11]\n\t"
      "subs %[n], %[n], #1\n\t"
      "bne 1b\n\t"
      : [acc00] "+r"(acc00), [acc01] "+r"(acc01), [acc10] "+r"(acc10), [acc11] "+r"(acc11), [a] "+r"(a),
        [w0] "+r"(w0), [w1] "+r"(w1), [n] "+r"(quads), [x0] "=&r"(x0), [x1] "=&r"(x1), [v0] "=&r"(v0),
        [v1] "=&r"(v1), [t] "=&r"(t)
      :
      : "cc", "memory");
}

// What GemmTwoPixels needs besides the two pixels' rows and outputs.
struct Gemm {
  const int8_t* filter;
  const int32_t* bias;  // nullptr: no bias
  const int32_t* multiplier;
  const int8_t* shift;
  int k;
  int depth;
  int32_t offset;
  uint32_t lo4, hi4;
};

// One channel's output before saturation, fast form; harmless (no overflow, no out-of-range shift) for special
// channels too, whose bytes FixSpecialChannels rewrites.
__attribute__((always_inline)) inline int32_t FastOutput(int32_t acc, int32_t multiplier, int32_t shift,
                                                         int32_t offset) {
  const int32_t e = -shift & 31;
  const int32_t h = static_cast<int32_t>((1u << e) >> 1);
  return arm_dsp::FastRequantize(acc, static_cast<int32_t>(static_cast<uint32_t>(multiplier) << 1), h, e) + offset;
}

// Accumulators of pixels 0 and 1 for channels c0, c1.
struct Acc4 {
  int32_t a00, a01, a10, a11;
};
__attribute__((always_inline)) inline Acc4 Dot(int k, const uint32_t* rows, const int8_t* w0, const int8_t* w1,
                                               Acc4 acc) {
  const int quads = k >> 2;
  const int tail = k & 3;
  const uint32_t* a = rows;
  if (quads > 0) DotQuads(a, w0, w1, quads, acc.a00, acc.a01, acc.a10, acc.a11);
  if (tail != 0) {
    const uint32_t t0 = LoadTail(w0, tail), t1 = LoadTail(w1, tail);
    const uint32_t we0 = __sxtb16(t0), wo0 = arm_dsp::SxtB16Ror8(t0);
    const uint32_t we1 = __sxtb16(t1), wo1 = arm_dsp::SxtB16Ror8(t1);
    acc.a00 = __smlad(a[2], wo0, __smlad(a[0], we0, acc.a00));
    acc.a10 = __smlad(a[3], wo0, __smlad(a[1], we0, acc.a10));
    acc.a01 = __smlad(a[2], wo1, __smlad(a[0], we1, acc.a01));
    acc.a11 = __smlad(a[3], wo1, __smlad(a[1], we1, acc.a11));
  }
  return acc;
}

// Two outputs (channels c, c + 1 of one pixel) saturated, clamped and packed into the low halfword.
template <bool kClamp>
__attribute__((always_inline)) inline uint32_t Pack2(int32_t v0, int32_t v1, uint32_t lo4, uint32_t hi4) {
  uint32_t packed =
      (static_cast<uint32_t>(__ssat(v0, 8)) & 0xFFu) | (static_cast<uint32_t>(__ssat(v1, 8)) << 8);
  if (kClamp) packed = arm_dsp::ClampBytes(packed, lo4, hi4);
  return packed;
}

// Two pixels (rows at `rows`: K / 4 full quads, then a partial one of K % 4 values) times `pairs` channel pairs
// starting at channel c; dst0/dst1 are the pixels' output vectors (equal when the second pixel repeats the
// first).
template <bool kClamp>
void GemmPairs(const Gemm& g, const uint32_t* rows, int c, int8_t* dst0, int8_t* dst1, int pairs) {
  const int k = g.k;
  const int32_t offset = g.offset;
  const int8_t* w = g.filter + c * k;
  // Without a bias tensor, two zeros read again and again (step 0) keep the loop free of a test.
  static const int32_t kNoBias[2] = {0, 0};
  const int32_t* bias = g.bias != nullptr ? g.bias + c : kNoBias;
  const int bias_step = g.bias != nullptr ? 2 : 0;
  const int32_t* mult = g.multiplier + c;
  const int8_t* shift = g.shift + c;
  dst0 += c;
  dst1 += c;
  for (; pairs > 0; --pairs) {
    const Acc4 acc = Dot(k, rows, w, w + k, Acc4{bias[0], bias[1], bias[0], bias[1]});
    const int32_t m0 = mult[0], m1 = mult[1], s0 = shift[0], s1 = shift[1];
    arm_dsp::Store16(dst0, Pack2<kClamp>(FastOutput(acc.a00, m0, s0, offset), FastOutput(acc.a01, m1, s1, offset),
                                         g.lo4, g.hi4));
    arm_dsp::Store16(dst1, Pack2<kClamp>(FastOutput(acc.a10, m0, s0, offset), FastOutput(acc.a11, m1, s1, offset),
                                         g.lo4, g.hi4));
    w += 2 * k;
    bias += bias_step;
    mult += 2;
    shift += 2;
    dst0 += 2;
    dst1 += 2;
  }
}

using GemmFn = void (*)(const Gemm&, const uint32_t*, int8_t*, int8_t*);

// Every output channel of the two pixels, two at a time. An odd channel count ends with the pair
// (depth - 2, depth - 1), recomputing one channel (the variants need depth >= 2), so every store is a whole
// halfword.
template <bool kClamp>
void GemmTwoPixels(const Gemm& g, const uint32_t* rows, int8_t* dst0, int8_t* dst1) {
  GemmPairs<kClamp>(g, rows, 0, dst0, dst1, g.depth >> 1);
  if ((g.depth & 1) != 0) GemmPairs<kClamp>(g, rows, g.depth - 2, dst0, dst1, 1);
}

// The special channels (bits of `special`) of the pixel pair, exactly as the reference computes them.
void FixSpecialChannels(const ConvInt8Problem& p, const Gemm& g, const uint32_t* special, const uint32_t* rows,
                        int8_t* dst0, int8_t* dst1) {
  for (int word = 0; word * 32 < p.output_depth; ++word) {
    for (uint32_t bits = special[word]; bits != 0; bits &= bits - 1) {
      const int c = word * 32 + __builtin_ctz(bits);
      const int8_t* w = p.filter + c * g.k;
      const int32_t b = g.bias != nullptr ? g.bias[c] : 0;
      const Acc4 acc = Dot(g.k, rows, w, w, Acc4{b, b, b, b});
      const int32_t results[2] = {acc.a00, acc.a10};
      int8_t* dst[2] = {dst0 + c, dst1 + c};
      for (int j = 0; j < 2; ++j) {
        int32_t v = MultiplyByQuantizedMultiplier(results[j], p.output_multiplier[c], p.output_shift[c]);
        v = WrappingAdd(v, p.output_offset);
        v = v < p.output_activation_min ? p.output_activation_min : v;
        v = v > p.output_activation_max ? p.output_activation_max : v;
        *dst[j] = static_cast<int8_t>(v);
      }
    }
  }
}

// Marks the special channels (see the file comment) in `special`; returns how many there are.
int FindSpecialChannels(const ConvInt8Problem& p, int k, uint32_t* special) {
  // |sum of K products| <= K * 128 * 255 (weights in [-128, 127], x + offset in [-255, 255]).
  const int64_t max_sum = static_cast<int64_t>(k) * 128 * 255;
  int count = 0;
  for (int word = 0; word * 32 < p.output_depth; ++word) special[word] = 0;
  for (int c = 0; c < p.output_depth; ++c) {
    const int64_t b = p.bias != nullptr ? p.bias[c] : 0;
    if (!arm_dsp::FastRequantApplies(p.output_multiplier[c], p.output_shift[c], max_sum + (b < 0 ? -b : b))) {
      special[c >> 5] |= 1u << (c & 31);
      ++count;
    }
  }
  return count;
}

int PatchLength(const ConvInt8Problem& p) { return p.filter_height * p.filter_width * p.input_depth; }

// Shared driver: `build(rows, slot, b, oy, ox)` writes one pixel's row.
template <typename BuildRow>
void Run(const ConvInt8Problem& p, void* scratch, int k, const BuildRow& build) {
  const DspScratchLayout layout = GetDspScratchLayout(p);
  uint8_t* base = static_cast<uint8_t*>(scratch);
  auto* special = reinterpret_cast<uint32_t*>(base + layout.special);
  const int special_count = FindSpecialChannels(p, k, special);
  const Rows rows{reinterpret_cast<int16_t*>(base + layout.rows), p.input_offset, arm_dsp::Splat16(p.input_offset)};
  const bool clamp = p.output_activation_min > -128 || p.output_activation_max < 127;
  const GemmFn gemm = clamp ? GemmTwoPixels<true> : GemmTwoPixels<false>;
  const Gemm g{p.filter,
               p.bias,
               p.output_multiplier,
               p.output_shift,
               k,
               p.output_depth,
               p.output_offset,
               arm_dsp::Splat8(p.output_activation_min),
               arm_dsp::Splat8(p.output_activation_max)};
  // The partial last quad's missing values must be zero in both rows, once.
  if ((k & 3) != 0) {
    PutZeros(rows, 0, k, 4 - (k & 3));
    PutZeros(rows, 1, k, 4 - (k & 3));
  }
  const int total = p.batches * p.output_height * p.output_width;
  int b = 0, oy = 0, ox = 0;
  auto advance = [&]() {
    if (++ox == p.output_width) {
      ox = 0;
      if (++oy == p.output_height) {
        oy = 0;
        ++b;
      }
    }
  };
  const uint32_t* rows32 = reinterpret_cast<const uint32_t*>(rows.base);
  for (int pixel = 0; pixel < total; pixel += 2) {
    int8_t* dst0 = p.output + pixel * p.output_depth;
    int8_t* dst1 = dst0 + p.output_depth;
    build(rows, 0, b, oy, ox);
    if (pixel + 1 < total) {
      advance();
      build(rows, 1, b, oy, ox);
      advance();
    } else {
      build(rows, 1, b, oy, ox);  // an odd last pixel is computed twice and stored twice, identically
      dst1 = dst0;
    }
    gemm(g, rows32, dst0, dst1);
    if (special_count > 0) FixSpecialChannels(p, g, special, rows32, dst0, dst1);
  }
}

}  // namespace

void ConvInt8DspPointwise(const ConvInt8Problem& p, void* scratch) {
  const int depth = p.input_depth;
  Run(p, scratch, depth, [&](const Rows& r, int slot, int b, int oy, int ox) {
    const int pixel = (b * p.input_height + oy * p.stride_height) * p.input_width + ox * p.stride_width;
    PutRun(r, slot, 0, p.input + pixel * depth, depth);
  });
}

void ConvInt8DspIm2col(const ConvInt8Problem& p, void* scratch) {
  Run(p, scratch, PatchLength(p),
      [&](const Rows& r, int slot, int b, int oy, int ox) { BuildPatchRow(p, r, slot, b, oy, ox); });
}

}  // namespace conv_2d
}  // namespace mote
