// FULLY_CONNECTED int8, Cortex-M DSP variant (compiled only for cores with the DSP extension: M4, M7, M33, M55).
// Contract in fully_connected_variants.h; instruction building blocks in kernels/simd/arm_dsp.h.
//
// A GEMV per batch row with no arena scratch (the arena stays the reference's). Rows of up to kDspStackDepth
// values are widened once (input offset applied, SXTB16 order) into a stack buffer and four output channels
// share each LDRD of it: per 4 values and channel one LDR, two SXTB16 and two SMLADs, 21 instructions per 16
// multiply-accumulates. Longer rows are widened on the fly, three output channels at a time (one LDR and two
// SXTAB16 per 4 values shared by the three rows: 18 per 12). Asymmetric weights (per-tensor filter zero point)
// take SXTAB16 on the weights too, two rows at a time. The last 1-3 values of a row are done one by one.
// Requantization: arm_dsp::FastRequantize where it is exact for the output, MultiplyByQuantizedMultiplier
// otherwise.
#include <cstdint>
#include <cstring>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/arm_dsp.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace fully_connected {
namespace {

// The asm loops below run two copies of one quad's instructions per iteration; the copies are spelled once
// here. One weight row: its next four int8 weights (pointer operand w) against the widened input pair
// (xe, xo) into accumulator operand acc.
#define MOTE_FC_DSP_ROW_QUAD(w, acc)              \
  "ldr %[v], [%[" w "]], #4\n\t"                  \
  "sxtb16 %[t], %[v]\n\t"                         \
  "smlad %[" acc "], %[xe], %[t], %[" acc "]\n\t" \
  "sxtb16 %[t], %[v], ror #8\n\t"                 \
  "smlad %[" acc "], %[xo], %[t], %[" acc "]\n\t"
// Two quads per iteration: n = ceil(quads / 2) iterations, an odd count entering at the second copy.
#define MOTE_FC_DSP_TWO_QUADS_LOOP(quad) \
  "lsrs %[n], %[n], #1\n\t"              \
  "adc %[n], %[n], #0\n\t"               \
  "bcs 2f\n\t"                           \
  "1:\n\t"                               \
  quad                                   \
  "2:\n\t"                               \
  quad                                   \
  "subs %[n], %[n], #1\n\t"              \
  "bne 1b\n\t"
// Dot3: four input bytes widened with the offset, then three rows.
#define MOTE_FC_DSP_DOT3_QUAD               \
  "ldr %[v], [%[x]], #4\n\t"                \
  "sxtab16 %[xe], %[off], %[v]\n\t"         \
  "sxtab16 %[xo], %[off], %[v], ror #8\n\t" \
  MOTE_FC_DSP_ROW_QUAD("w0", "acc0")        \
  MOTE_FC_DSP_ROW_QUAD("w1", "acc1")        \
  MOTE_FC_DSP_ROW_QUAD("w2", "acc2")
// Dot4: the already widened pair with one LDRD, then four rows.
#define MOTE_FC_DSP_DOT4_QUAD         \
  "ldrd %[xe], %[xo], [%[x]], #8\n\t" \
  MOTE_FC_DSP_ROW_QUAD("w0", "acc0")  \
  MOTE_FC_DSP_ROW_QUAD("w1", "acc1")  \
  MOTE_FC_DSP_ROW_QUAD("w2", "acc2")  \
  MOTE_FC_DSP_ROW_QUAD("w3", "acc3")

// acc_r += sum over `quads` quads of (w_r + 0) * (x + input_offset), r = 0..2 (symmetric weights). Same asm
// rationale as conv_2d_dsp.cc's DotQuads: 13 live registers, which GCC 12 does not keep out of the stack.
__attribute__((noinline)) void Dot3(const int8_t*& x, const int8_t*& w0, const int8_t*& w1,
                                                const int8_t*& w2, int quads, uint32_t offset2, int32_t& acc0,
                                                int32_t& acc1, int32_t& acc2) {
  uint32_t xe, xo, v, t;
  __asm__ volatile(
      MOTE_FC_DSP_TWO_QUADS_LOOP(MOTE_FC_DSP_DOT3_QUAD)
      : [acc0] "+r"(acc0), [acc1] "+r"(acc1), [acc2] "+r"(acc2), [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1),
        [w2] "+r"(w2), [n] "+r"(quads), [xe] "=&r"(xe), [xo] "=&r"(xo), [v] "=&r"(v), [t] "=&r"(t)
      : [off] "r"(offset2)
      : "cc", "memory");
}

// acc_r += sum over `quads` quads of w_r * x, r = 0..3, with x already widened: per quad, the words
// (x0, x2), (x1, x3) (SXTB16 order, input offset applied) read with one LDRD. 14 live registers.
__attribute__((noinline)) void Dot4(const uint32_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
                                    const int8_t* w3, int quads, int32_t* acc) {
  int32_t acc0 = acc[0], acc1 = acc[1], acc2 = acc[2], acc3 = acc[3];
  uint32_t xe, xo, v, t;
  __asm__ volatile(
      MOTE_FC_DSP_TWO_QUADS_LOOP(MOTE_FC_DSP_DOT4_QUAD)
      : [acc0] "+r"(acc0), [acc1] "+r"(acc1), [acc2] "+r"(acc2), [acc3] "+r"(acc3), [x] "+r"(x), [w0] "+r"(w0),
        [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [n] "+r"(quads), [xe] "=&r"(xe), [xo] "=&r"(xo),
        [v] "=&r"(v), [t] "=&r"(t)
      :
      : "cc", "memory");
  acc[0] = acc0;
  acc[1] = acc1;
  acc[2] = acc2;
  acc[3] = acc3;
}

#undef MOTE_FC_DSP_TWO_QUADS_LOOP
#undef MOTE_FC_DSP_DOT4_QUAD
#undef MOTE_FC_DSP_DOT3_QUAD
#undef MOTE_FC_DSP_ROW_QUAD

// Two rows, weights with an offset: acc_r += sum (w_r + filter_offset) * (x + input_offset).
__attribute__((always_inline)) inline void Dot2(const int8_t*& x, const int8_t*& w0, const int8_t*& w1, int quads,
                                                uint32_t offset2, uint32_t filter_offset2, int32_t& acc0,
                                                int32_t& acc1) {
  for (; quads > 0; --quads) {
    const uint32_t v = arm_dsp::Load32(x);
    const uint32_t xe = __sxtab16(offset2, v), xo = arm_dsp::SxtAB16Ror8(offset2, v);
    const uint32_t a = arm_dsp::Load32(w0), b = arm_dsp::Load32(w1);
    acc0 = __smlad(xo, arm_dsp::SxtAB16Ror8(filter_offset2, a), __smlad(xe, __sxtab16(filter_offset2, a), acc0));
    acc1 = __smlad(xo, arm_dsp::SxtAB16Ror8(filter_offset2, b), __smlad(xe, __sxtab16(filter_offset2, b), acc1));
    x += 4;
    w0 += 4;
    w1 += 4;
  }
}

// The final 1-3 values of a row, element by element.
inline int32_t DotTail(const int8_t* x, const int8_t* w, int n, int32_t input_offset, int32_t filter_offset,
                       int32_t acc) {
  for (int i = 0; i < n; ++i) acc = WrappingAdd(acc, (w[i] + filter_offset) * (x[i] + input_offset));
  return acc;
}

struct Output {
  int32_t offset, act_min, act_max;
  bool per_tensor_fast;  // per-tensor multiplier and shift the fast form handles
  int32_t multiplier2, round, right_shift;  // its constants
  uint32_t limit;  // the fast form is exact for accumulators within +-limit (|acc| + round < 2^31)
};

Output MakeOutput(const FullyConnectedInt8Problem& p) {
  Output o{};
  o.offset = p.output_offset;
  o.act_min = p.activation_min;
  o.act_max = p.activation_max;
  o.per_tensor_fast = p.per_channel_multiplier == nullptr && p.output_multiplier >= (1 << 30) &&
                      p.output_shift <= -1 && p.output_shift >= -31;
  if (o.per_tensor_fast) {
    o.right_shift = -p.output_shift;
    o.round = static_cast<int32_t>(1u << (o.right_shift - 1));
    o.multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(p.output_multiplier) << 1);
    o.limit = 0x7FFFFFFFu - static_cast<uint32_t>(o.round);
  }
  return o;
}

// Channel c's output for accumulator acc (bias included), saturated to int8 but not yet clamped to the
// activation range. The fast form's exactness condition (arm_dsp::FastRequantApplies) is checked on the
// accumulator itself: one add and one compare.
__attribute__((always_inline)) inline int32_t Requantize(const FullyConnectedInt8Problem& p, const Output& o,
                                                         int c, int32_t acc) {
  if (o.per_tensor_fast && static_cast<uint32_t>(acc) + o.limit <= 2 * o.limit) {
    return __ssat(arm_dsp::FastRequantize(acc, o.multiplier2, o.round, o.right_shift) + o.offset, 8);
  }
  const int32_t multiplier = p.per_channel_multiplier != nullptr ? p.per_channel_multiplier[c] : p.output_multiplier;
  const int32_t shift = p.per_channel_shift != nullptr ? p.per_channel_shift[c] : p.output_shift;
  const int64_t magnitude = acc < 0 ? -static_cast<int64_t>(acc) : acc;
  if (arm_dsp::FastRequantApplies(multiplier, shift, magnitude)) {
    const int32_t e = -shift;
    return __ssat(arm_dsp::FastRequantize(acc, static_cast<int32_t>(static_cast<uint32_t>(multiplier) << 1),
                                          static_cast<int32_t>(1u << (e - 1)), e) +
                      o.offset,
                  8);
  }
  return __ssat(WrappingAdd(MultiplyByQuantizedMultiplier(acc, multiplier, shift), o.offset), 8);
}

inline void Finish(const FullyConnectedInt8Problem& p, const Output& o, int c, int32_t acc, int8_t* dst) {
  int32_t v = Requantize(p, o, c, acc);
  v = v < o.act_min ? o.act_min : v;
  v = v > o.act_max ? o.act_max : v;
  *dst = static_cast<int8_t>(v);
}

// Four consecutive channels c..c+3: saturated, packed into one word, clamped with SSUB8/SEL, one store.
inline void Finish4(const FullyConnectedInt8Problem& p, const Output& o, int c, const int32_t* acc, int8_t* dst) {
  uint32_t packed = static_cast<uint32_t>(Requantize(p, o, c, acc[0])) & 0xFFu;
  packed |= (static_cast<uint32_t>(Requantize(p, o, c + 1, acc[1])) & 0xFFu) << 8;
  packed |= (static_cast<uint32_t>(Requantize(p, o, c + 2, acc[2])) & 0xFFu) << 16;
  packed |= static_cast<uint32_t>(Requantize(p, o, c + 3, acc[3])) << 24;
  packed = arm_dsp::ClampBytes(packed, arm_dsp::Splat8(o.act_min), arm_dsp::Splat8(o.act_max));
  std::memcpy(dst, &packed, 4);
}

}  // namespace

namespace {

// Rows of up to kDspStackDepth values: the input row is widened once into a stack buffer, then four output
// channels share each LDRD of it (21 instructions per 16 multiply-accumulates).
void RunBuffered(const FullyConnectedInt8Problem& p, const Output& o) {
  const int k = p.accum_depth;
  const int quads = k >> 2;
  const int tail = k & 3;
  uint32_t x[kDspStackDepth / 2];
  const uint32_t offset2 = arm_dsp::Splat16(p.input_offset);
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* in = p.input + b * k;
    int8_t* out = p.output + b * p.output_depth;
    for (int i = 0; i < quads; ++i) {
      const uint32_t v = arm_dsp::Load32(in + 4 * i);
      x[2 * i] = __sxtab16(offset2, v);
      x[2 * i + 1] = arm_dsp::SxtAB16Ror8(offset2, v);
    }
    const int8_t* in_tail = in + 4 * quads;
    int c = 0;
    for (; c < p.output_depth; c += 4) {
      const bool full = c + 4 <= p.output_depth;
      if (!full) c = p.output_depth - 4 < 0 ? 0 : p.output_depth - 4;  // the last group overlaps the one before
      const int rows = full || p.output_depth >= 4 ? 4 : p.output_depth;
      const int8_t* w[4];
      int32_t acc[4];
      for (int r = 0; r < 4; ++r) {
        const int row = c + (r < rows ? r : rows - 1);
        w[r] = p.filter + row * k;
        acc[r] = p.bias != nullptr ? p.bias[row] : 0;
      }
      if (quads > 0) Dot4(x, w[0], w[1], w[2], w[3], quads, acc);
      if (tail != 0) {
        for (int r = 0; r < 4; ++r) acc[r] = DotTail(in_tail, w[r] + 4 * quads, tail, p.input_offset, 0, acc[r]);
      }
      if (rows == 4) {
        Finish4(p, o, c, acc, out + c);
      } else {
        for (int r = 0; r < rows; ++r) Finish(p, o, c + r, acc[r], out + c + r);
      }
      if (!full) break;
    }
  }
}

}  // namespace

void FullyConnectedInt8Dsp(const FullyConnectedInt8Problem& p, void*) {
  if (p.filter_offset == 0 && p.accum_depth <= kDspStackDepth) {
    RunBuffered(p, MakeOutput(p));
    return;
  }
  const int k = p.accum_depth;
  const int quads = k >> 2;
  const int tail = k & 3;
  const uint32_t offset2 = arm_dsp::Splat16(p.input_offset);
  const uint32_t filter_offset2 = arm_dsp::Splat16(p.filter_offset);
  const Output o = MakeOutput(p);
  const int rows_per_step = p.filter_offset == 0 ? 3 : 2;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* in = p.input + b * k;
    int8_t* out = p.output + b * p.output_depth;
    int c = 0;
    for (; c + rows_per_step <= p.output_depth; c += rows_per_step) {
      const int8_t* w0 = p.filter + c * k;
      const int8_t* w1 = w0 + k;
      const int8_t* w2 = w1 + k;
      int32_t acc0 = p.bias != nullptr ? p.bias[c] : 0;
      int32_t acc1 = p.bias != nullptr ? p.bias[c + 1] : 0;
      int32_t acc2 = 0;
      const int8_t* x = in;
      if (rows_per_step == 3) {
        if (p.bias != nullptr) acc2 = p.bias[c + 2];
        if (quads > 0) Dot3(x, w0, w1, w2, quads, offset2, acc0, acc1, acc2);
        if (tail != 0) acc2 = DotTail(x, w2, tail, p.input_offset, 0, acc2);
      } else {
        Dot2(x, w0, w1, quads, offset2, filter_offset2, acc0, acc1);
      }
      if (tail != 0) {
        acc0 = DotTail(x, w0, tail, p.input_offset, p.filter_offset, acc0);
        acc1 = DotTail(x, w1, tail, p.input_offset, p.filter_offset, acc1);
      }
      Finish(p, o, c, acc0, out + c);
      Finish(p, o, c + 1, acc1, out + c + 1);
      if (rows_per_step == 3) Finish(p, o, c + 2, acc2, out + c + 2);
    }
    for (; c < p.output_depth; ++c) {  // the last 1-2 rows: two at a time through Dot2, the first repeated
      const int8_t* w0 = p.filter + c * k;
      const int8_t* w1 = w0;
      int32_t acc0 = p.bias != nullptr ? p.bias[c] : 0;
      int32_t acc1 = acc0;
      const int8_t* x = in;
      Dot2(x, w0, w1, quads, offset2, filter_offset2, acc0, acc1);
      if (tail != 0) acc0 = DotTail(x, w0, tail, p.input_offset, p.filter_offset, acc0);
      Finish(p, o, c, acc0, out + c);
    }
  }
}

}  // namespace fully_connected
}  // namespace mote
