// DEPTHWISE_CONV_2D int8, Cortex-M Helium variants (compiled only for cores with MVE: Cortex-M55): 3x3 filters
// with channel multiplier 1, and a general one for the rest. Contract in depthwise_conv_2d_variants.h; building
// blocks in kernels/simd/arm_mve.h.
//
// 3x3:
// Four channels per vector, straight from NHWC: per filter tap a widening load of the four channels' inputs
// (VLDRB.S32) and of their weights, a VMUL and a VADD (MVE has no vector-by-vector integer multiply-accumulate).
// The input offset is folded into the bias (sum w * (x + offset) = sum w * x + offset * sum w, exact modulo
// 2^32), so the nine taps run on the stored int8 values; taps outside the image point at a row of input zero
// points, which then contribute nothing, and every pixel runs the same loop. Per output pixel, one asm loop
// walks the channels (DLSTP/LETP tail predication covers any channel count) with the nine tap pointers
// post-incremented, and requantizes each group of four on the vector unit (arm_mve::Requantize, exact) before
// one narrowing VSTRB.
//
// Widening loads and narrowing stores (VLDRB.S32, VSTRB.32) take only low registers as the base, so the nine
// tap pointers are split over two asm loops per pixel: taps 0-5 (accumulators parked in a small stack buffer),
// then taps 6-8, the requantization and the store. Per-channel data (folded bias, multiplier, left and right
// shift, the nine weights widened to int32) is gathered once per invoke into a stack table, kMveChunk channels
// at a time, so that the loops read it with immediate offsets from one pointer. No arena scratch.
//
// General (any filter size, multiplier, stride, dilation, padding): eight output channels per step, as two
// vectors of four int32 lanes. Output channel c reads input channel c / multiplier, so each lane gathers its own
// input byte (VLDRB.S32 with a vector of byte offsets from the tap's pixel): the same loop serves multiplier 1
// (offsets 0..7), multiplier 3 and everything else. Per tap: one tap offset, two gathers, two weight vectors,
// VMUL + VADD each. Multipliers that are multiples of 4 (person_detect's first layer: 1 channel x 8) give each
// vector a single input channel: two scalar loads and two VMLA (vector times scalar) per tap. Two neighbouring
// pixels whose windows lie inside the image share the weight loads. The input offset is folded into the bias as
// in the 3x3 variant, and taps outside the image read a row of input zero points. Pixels whose window lies
// inside the image share one table of tap offsets; border pixels get their own (the zero row's address for the
// taps outside). Per block of eight output channels the bias, requantization constants, gather offsets and
// widened weights are written to the arena scratch (MveGeneralScratchBytes) and the whole image is swept; lanes
// past the last channel have zero weights and are not stored (predicated VSTRB).
#include <cstdint>
#include <cstring>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/arm_mve.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

constexpr int kMveChunk = 32;     // channels per table (1.7 KB of stack)
constexpr int kEntryBytes = 208;  // per group of 4 channels: bias, multiplier, left, right, 9 weights (16 each)
// (the asm below hard-codes these offsets: weights of tap t at 64 + 16 t, next group at +208)

struct alignas(16) Table {
  int32_t words[kMveChunk / 4 * kEntryBytes / 4];
};

// Returns whether a channel of the table shifts left.
bool BuildTable(const DepthwiseInt8Problem& p, int c0, int n, Table* t) {
  std::memset(t->words, 0, sizeof(t->words));
  bool left = false;
  for (int i = 0; i < n; ++i) {
    const int c = c0 + i;
    int32_t* entry = t->words + (i / 4) * (kEntryBytes / 4);
    const int lane = i % 4;
    uint32_t sum = 0;
    for (int tap = 0; tap < 9; ++tap) {
      const int8_t w = p.filter[tap * p.output_depth + c];
      sum += static_cast<uint32_t>(w);
      entry[16 + tap * 4 + lane] = w;
    }
    const int32_t bias = p.bias != nullptr ? p.bias[c] : 0;
    const int32_t shift = p.output_shift[c];
    entry[lane] = static_cast<int32_t>(static_cast<uint32_t>(bias) + sum * static_cast<uint32_t>(p.input_offset));
    entry[4 + lane] = p.output_multiplier[c];
    entry[8 + lane] = shift > 0 ? shift : 0;
    entry[12 + lane] = shift > 0 ? 0 : shift;
    left = left || shift > 0;
  }
  return left;
}

// Tap i of a pixel reads origin + offsets[i] (modulo 2^32: interior pixels pass their window's first byte and the
// shared tap offsets, border pixels origin 0 and their nine addresses), so an interior pixel costs one address.

// Taps 0-5 of one pixel over n channels: acc[] = folded bias + the six taps' products.
__attribute__((noinline)) void TapsA(uintptr_t origin, const uint32_t* offsets, const int32_t* table, int32_t* acc,
                                     int n) {
  register const int8_t* t0 __asm__("r0") = reinterpret_cast<const int8_t*>(origin + offsets[0]);
  register const int8_t* t1 __asm__("r1") = reinterpret_cast<const int8_t*>(origin + offsets[1]);
  register const int8_t* t2 __asm__("r2") = reinterpret_cast<const int8_t*>(origin + offsets[2]);
  register const int8_t* t3 __asm__("r3") = reinterpret_cast<const int8_t*>(origin + offsets[3]);
  register const int8_t* t4 __asm__("r4") = reinterpret_cast<const int8_t*>(origin + offsets[4]);
  register const int8_t* t5 __asm__("r5") = reinterpret_cast<const int8_t*>(origin + offsets[5]);
  __asm__ volatile(
      "dlstp.32 lr, %[n]\n"
      "1:\n"
      "vldrw.32 q0, [%[tab]]\n"
      "vldrb.s32 q1, [%[t0]], #4\n"
      "vldrw.32 q2, [%[tab], #64]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vldrb.s32 q1, [%[t1]], #4\n"
      "vldrw.32 q2, [%[tab], #80]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vldrb.s32 q1, [%[t2]], #4\n"
      "vldrw.32 q2, [%[tab], #96]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vldrb.s32 q1, [%[t3]], #4\n"
      "vldrw.32 q2, [%[tab], #112]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vldrb.s32 q1, [%[t4]], #4\n"
      "vldrw.32 q2, [%[tab], #128]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vldrb.s32 q1, [%[t5]], #4\n"
      "vldrw.32 q2, [%[tab], #144]\n"
      "vmul.i32 q1, q1, q2\n"
      "vadd.i32 q0, q0, q1\n"
      "vstrw.32 q0, [%[acc]], #16\n"
      "add %[tab], %[tab], #208\n"
      "letp lr, 1b\n"
      : [t0] "+l"(t0), [t1] "+l"(t1), [t2] "+l"(t2), [t3] "+l"(t3), [t4] "+l"(t4), [t5] "+l"(t5),
        [tab] "+r"(table), [acc] "+r"(acc)
      : [n] "r"(n)
      : "q0", "q1", "q2", "lr", "memory");
}

// Taps 6-8 of one pixel over n channels, on top of acc[], then requantization (arm_mve::Requantize: left
// shift, rounding doubling high multiply, rounding right shift with ties away from zero), offset, clamp and
// a narrowing store of the n output bytes. LEFT_SHIFT: the left shift's two instructions, or nothing when no
// channel of the table shifts left (its left shifts are then all 0, and VSHL by 0 is the identity).
#define MOTE_DEPTHWISE_TAPS_B(LEFT_SHIFT)                                                                            \
  __asm__ volatile(                                                                                                  \
      "dlstp.32 lr, %[n]\n"                                                                                          \
      "1:\n"                                                                                                         \
      "vldrw.32 q0, [%[acc]], #16\n"                                                                                 \
      "vldrb.s32 q1, [%[t6]], #4\n"                                                                                  \
      "vldrw.32 q2, [%[tab], #160]\n"                                                                                \
      "vmul.i32 q1, q1, q2\n"                                                                                        \
      "vadd.i32 q0, q0, q1\n"                                                                                        \
      "vldrb.s32 q1, [%[t7]], #4\n"                                                                                  \
      "vldrw.32 q2, [%[tab], #176]\n"                                                                                \
      "vmul.i32 q1, q1, q2\n"                                                                                        \
      "vadd.i32 q0, q0, q1\n"                                                                                        \
      "vldrb.s32 q1, [%[t8]], #4\n"                                                                                  \
      "vldrw.32 q2, [%[tab], #192]\n"                                                                                \
      "vmul.i32 q1, q1, q2\n"                                                                                        \
      "vadd.i32 q0, q0, q1\n" LEFT_SHIFT                                                                             \
      "vldrw.32 q1, [%[tab], #16]\n"                                                                                 \
      "vqrdmulh.s32 q0, q0, q1\n"                                                                                    \
      "vldrw.32 q2, [%[tab], #48]\n"                                                                                 \
      "vand q1, q0, q2\n"                                                                                            \
      "vshr.s32 q1, q1, #31\n"                                                                                       \
      "vqadd.s32 q0, q0, q1\n"                                                                                       \
      "vrshl.s32 q0, q0, q2\n"                                                                                       \
      "vadd.i32 q0, q0, %[off]\n"                                                                                    \
      "vmax.s32 q0, q0, %q[lo]\n"                                                                                    \
      "vmin.s32 q0, q0, %q[hi]\n"                                                                                    \
      "vstrb.32 q0, [%[out]], #4\n"                                                                                  \
      "add %[tab], %[tab], #208\n"                                                                                   \
      "letp lr, 1b\n"                                                                                                \
      : [t6] "+l"(t6), [t7] "+l"(t7), [t8] "+l"(t8), [out] "+l"(o), [tab] "+r"(table), [acc] "+r"(acc)               \
      : [n] "r"(n), [off] "r"(offset), [lo] "w"(act_min), [hi] "w"(act_max)                                          \
      : "q0", "q1", "q2", "lr", "memory")

__attribute__((noinline)) void TapsB(uintptr_t origin, const uint32_t* offsets, const int32_t* table,
                                     const int32_t* acc, int8_t* out, int n, int32_t offset, int32x4_t act_min,
                                     int32x4_t act_max, bool left) {
  register const int8_t* t6 __asm__("r0") = reinterpret_cast<const int8_t*>(origin + offsets[6]);
  register const int8_t* t7 __asm__("r1") = reinterpret_cast<const int8_t*>(origin + offsets[7]);
  register const int8_t* t8 __asm__("r2") = reinterpret_cast<const int8_t*>(origin + offsets[8]);
  register int8_t* o __asm__("r3") = out;
  if (left) {
    MOTE_DEPTHWISE_TAPS_B("vldrw.32 q1, [%[tab], #32]\n"
                          "vshl.s32 q0, q0, q1\n");
  } else {
    MOTE_DEPTHWISE_TAPS_B("");
  }
}
#undef MOTE_DEPTHWISE_TAPS_B

}  // namespace

void DepthwiseInt8Mve3x3(const DepthwiseInt8Problem& p, void*) {
  const int depth = p.input_depth;
  const int row_step = p.input_width * depth;
  int8_t zero_row[kMveChunk] __attribute__((aligned(4)));
  std::memset(zero_row, static_cast<int8_t>(-p.input_offset), sizeof(zero_row));
  const int32x4_t act_min = vdupq_n_s32(p.output_activation_min);
  const int32x4_t act_max = vdupq_n_s32(p.output_activation_max);
  // Tap t = (fy, fx) of a pixel whose window lies inside the image reads origin + offset[t].
  uint32_t offset[9];
  for (int fy = 0; fy < 3; ++fy) {
    for (int fx = 0; fx < 3; ++fx) {
      offset[fy * 3 + fx] = static_cast<uint32_t>(fy * p.dilation_height * row_step + fx * p.dilation_width * depth);
    }
  }
  const int span_y = 2 * p.dilation_height, span_x = 2 * p.dilation_width;
  Table table;
  alignas(16) int32_t acc[kMveChunk];
  uint32_t taps[9];  // a border pixel's tap addresses
  for (int c0 = 0; c0 < depth; c0 += kMveChunk) {
    const int n = depth - c0 < kMveChunk ? depth - c0 : kMveChunk;
    const bool left = BuildTable(p, c0, n, &table);
    for (int b = 0; b < p.batches; ++b) {
      const int8_t* image = p.input + b * p.input_height * row_step + c0;
      int8_t* out = p.output + b * p.output_height * p.output_width * depth + c0;
      for (int oy = 0; oy < p.output_height; ++oy) {
        const int iy0 = oy * p.stride_height - p.pad_height;
        const bool rows_inside = iy0 >= 0 && iy0 + span_y < p.input_height;
        // The window's three input rows (nullptr: outside the image), for the border pixels.
        const int8_t* rows[3];
        for (int fy = 0; fy < 3; ++fy) {
          const int iy = iy0 + fy * p.dilation_height;
          rows[fy] = iy >= 0 && iy < p.input_height ? image + iy * row_step : nullptr;
        }
        for (int ox = 0; ox < p.output_width; ++ox, out += depth) {
          const int ix0 = ox * p.stride_width - p.pad_width;
          if (rows_inside && ix0 >= 0 && ix0 + span_x < p.input_width) {
            const uintptr_t origin = reinterpret_cast<uintptr_t>(rows[0] + ix0 * depth);
            TapsA(origin, offset, table.words, acc, n);
            TapsB(origin, offset, table.words, acc, out, n, p.output_offset, act_min, act_max, left);
          } else {
            for (int fx = 0; fx < 3; ++fx) {
              const int ix = ix0 + fx * p.dilation_width;
              const bool col_in = ix >= 0 && ix < p.input_width;
              for (int fy = 0; fy < 3; ++fy) {
                taps[fy * 3 + fx] = static_cast<uint32_t>(
                    reinterpret_cast<uintptr_t>(col_in && rows[fy] != nullptr ? rows[fy] + ix * depth : zero_row));
              }
            }
            TapsA(0, taps, table.words, acc, n);
            TapsB(0, taps, table.words, acc, out, n, p.output_offset, act_min, act_max, left);
          }
        }
      }
    }
  }
}

namespace {

// Vector indices in the general variant's table (16 bytes each; the pair's second vector is channels 4-7).
constexpr int kGenBias = 0, kGenMultiplier = 2, kGenLeft = 4, kGenRight = 6, kGenGather = 8, kGenWeights = 10;

void BuildGeneralTable(const DepthwiseInt8Problem& p, int c0, int n, int taps, int32_t* t) {
  std::memset(t, 0, MveGeneralScratchBytes(p));
  const int ic0 = c0 / p.depth_multiplier;
  for (int i = 0; i < n; ++i) {
    const int c = c0 + i;
    const int half = i / 4, lane = i % 4;
    uint32_t sum = 0;
    for (int tap = 0; tap < taps; ++tap) {
      const int8_t w = p.filter[tap * p.output_depth + c];
      sum += static_cast<uint32_t>(w);
      t[(kGenWeights + 2 * tap + half) * 4 + lane] = w;
    }
    const int32_t bias = p.bias != nullptr ? p.bias[c] : 0;
    const int32_t shift = p.output_shift[c];
    t[(kGenBias + half) * 4 + lane] =
        static_cast<int32_t>(static_cast<uint32_t>(bias) + sum * static_cast<uint32_t>(p.input_offset));
    t[(kGenMultiplier + half) * 4 + lane] = p.output_multiplier[c];
    t[(kGenLeft + half) * 4 + lane] = shift > 0 ? shift : 0;
    t[(kGenRight + half) * 4 + lane] = shift > 0 ? 0 : shift;
    t[(kGenGather + half) * 4 + lane] = c / p.depth_multiplier - ic0;
  }
}

// arm_mve::Requantize with the shift split in the table, then the output offset and the clamp.
__attribute__((always_inline)) inline int32x4_t GeneralFinish(int32x4_t acc, const int32_t* t, int half, int32_t offset,
                                                              int32x4_t act_min, int32x4_t act_max) {
  const int32x4_t right = vldrwq_s32(t + (kGenRight + half) * 4);
  const int32x4_t y =
      vqrdmulhq_s32(vshlq_s32(acc, vldrwq_s32(t + (kGenLeft + half) * 4)), vldrwq_s32(t + (kGenMultiplier + half) * 4));
  const int32x4_t fixup = vshrq_n_s32(vandq_s32(y, right), 31);
  const int32x4_t v = vaddq_n_s32(vrshlq_s32(vqaddq_s32(y, fixup), right), offset);
  return vminq_s32(vmaxq_s32(v, act_min), act_max);
}

// One output pixel of the block: tap k reads the pixel at base + offsets[k] (addresses computed modulo 2^32, so
// that a border pixel's offset can point at the zero row). kQuads: the multiplier is a multiple of 4, so each
// vector's four channels read one input channel (gather offsets equal within a vector): a scalar load and
// VMLA (vector times scalar) replace the gather, VMUL and VADD.
template <bool kQuads>
__attribute__((always_inline)) inline void GeneralPixel(uintptr_t base, const uint32_t* offsets, int taps,
                                                        const int32_t* t, int8_t* out, mve_pred16_t lanes0,
                                                        mve_pred16_t lanes1, int32_t offset, int32x4_t act_min,
                                                        int32x4_t act_max) {
  int32x4_t acc0 = vldrwq_s32(t + kGenBias * 4);
  int32x4_t acc1 = vldrwq_s32(t + (kGenBias + 1) * 4);
  const int32_t* w = t + kGenWeights * 4;
  if (kQuads) {
    const int32_t second = t[(kGenGather + 1) * 4];  // the first vector's channel is at offset 0
    for (int k = 0; k < taps; ++k, w += 8) {
      const int8_t* q = reinterpret_cast<const int8_t*>(base + offsets[k]);
      acc0 = vmlaq_n_s32(acc0, vldrwq_s32(w), q[0]);
      acc1 = vmlaq_n_s32(acc1, vldrwq_s32(w + 4), q[second]);
    }
  } else {
    const uint32x4_t gather0 = vldrwq_u32(reinterpret_cast<const uint32_t*>(t + kGenGather * 4));
    const uint32x4_t gather1 = vldrwq_u32(reinterpret_cast<const uint32_t*>(t + (kGenGather + 1) * 4));
    for (int k = 0; k < taps; ++k, w += 8) {
      const int8_t* q = reinterpret_cast<const int8_t*>(base + offsets[k]);
      acc0 = vaddq_s32(acc0, vmulq_s32(vldrbq_gather_offset_s32(q, gather0), vldrwq_s32(w)));
      acc1 = vaddq_s32(acc1, vmulq_s32(vldrbq_gather_offset_s32(q, gather1), vldrwq_s32(w + 4)));
    }
  }
  vstrbq_p_s32(out, GeneralFinish(acc0, t, 0, offset, act_min, act_max), lanes0);
  vstrbq_p_s32(out + 4, GeneralFinish(acc1, t, 1, offset, act_min, act_max), lanes1);
}

// Two pixels of one output row whose windows lie inside the image (bases a and b, the same tap offsets): each
// weight vector is loaded once for both.
template <bool kQuads>
__attribute__((always_inline)) inline void GeneralPixelPair(uintptr_t a, uintptr_t b, const uint32_t* offsets, int taps,
                                                            const int32_t* t, int8_t* out_a, int8_t* out_b,
                                                            mve_pred16_t lanes0, mve_pred16_t lanes1, int32_t offset,
                                                            int32x4_t act_min, int32x4_t act_max) {
  int32x4_t a0 = vldrwq_s32(t + kGenBias * 4);
  int32x4_t a1 = vldrwq_s32(t + (kGenBias + 1) * 4);
  int32x4_t b0 = a0, b1 = a1;
  const int32_t* w = t + kGenWeights * 4;
  if (kQuads) {
    const int32_t second = t[(kGenGather + 1) * 4];
    for (int k = 0; k < taps; ++k, w += 8) {
      const int8_t* qa = reinterpret_cast<const int8_t*>(a + offsets[k]);
      const int8_t* qb = reinterpret_cast<const int8_t*>(b + offsets[k]);
      const int32x4_t w0 = vldrwq_s32(w);
      a0 = vmlaq_n_s32(a0, w0, qa[0]);
      b0 = vmlaq_n_s32(b0, w0, qb[0]);
      const int32x4_t w1 = vldrwq_s32(w + 4);
      a1 = vmlaq_n_s32(a1, w1, qa[second]);
      b1 = vmlaq_n_s32(b1, w1, qb[second]);
    }
  } else {
    const uint32x4_t gather0 = vldrwq_u32(reinterpret_cast<const uint32_t*>(t + kGenGather * 4));
    const uint32x4_t gather1 = vldrwq_u32(reinterpret_cast<const uint32_t*>(t + (kGenGather + 1) * 4));
    for (int k = 0; k < taps; ++k, w += 8) {
      const int8_t* qa = reinterpret_cast<const int8_t*>(a + offsets[k]);
      const int8_t* qb = reinterpret_cast<const int8_t*>(b + offsets[k]);
      const int32x4_t w0 = vldrwq_s32(w);
      a0 = vaddq_s32(a0, vmulq_s32(vldrbq_gather_offset_s32(qa, gather0), w0));
      b0 = vaddq_s32(b0, vmulq_s32(vldrbq_gather_offset_s32(qb, gather0), w0));
      const int32x4_t w1 = vldrwq_s32(w + 4);
      a1 = vaddq_s32(a1, vmulq_s32(vldrbq_gather_offset_s32(qa, gather1), w1));
      b1 = vaddq_s32(b1, vmulq_s32(vldrbq_gather_offset_s32(qb, gather1), w1));
    }
  }
  vstrbq_p_s32(out_a, GeneralFinish(a0, t, 0, offset, act_min, act_max), lanes0);
  vstrbq_p_s32(out_a + 4, GeneralFinish(a1, t, 1, offset, act_min, act_max), lanes1);
  vstrbq_p_s32(out_b, GeneralFinish(b0, t, 0, offset, act_min, act_max), lanes0);
  vstrbq_p_s32(out_b + 4, GeneralFinish(b1, t, 1, offset, act_min, act_max), lanes1);
}

template <bool kQuads>
void General(const DepthwiseInt8Problem& p, int32_t* table) {
  const int taps = p.filter_height * p.filter_width;
  const int in_depth = p.input_depth;
  const int row_step = p.input_width * in_depth;
  int8_t zero_row[kMveGeneralChannels];  // gather offsets within a block stay below kMveGeneralChannels
  std::memset(zero_row, static_cast<int8_t>(-p.input_offset), sizeof(zero_row));
  const int32x4_t act_min = vdupq_n_s32(p.output_activation_min);
  const int32x4_t act_max = vdupq_n_s32(p.output_activation_max);
  uint32_t interior[kMveMaxTaps];  // tap offsets from the window's first pixel
  uint32_t border[kMveMaxTaps];    // tap offsets from the block's image origin (or to the zero row)
  for (int fy = 0; fy < p.filter_height; ++fy) {
    for (int fx = 0; fx < p.filter_width; ++fx) {
      interior[fy * p.filter_width + fx] =
          static_cast<uint32_t>(fy * p.dilation_height * row_step + fx * p.dilation_width * in_depth);
    }
  }
  const int span_y = (p.filter_height - 1) * p.dilation_height, span_x = (p.filter_width - 1) * p.dilation_width;
  for (int c0 = 0; c0 < p.output_depth; c0 += kMveGeneralChannels) {
    const int n = p.output_depth - c0 < kMveGeneralChannels ? p.output_depth - c0 : kMveGeneralChannels;
    BuildGeneralTable(p, c0, n, taps, table);
    const mve_pred16_t lanes0 = vctp32q(static_cast<uint32_t>(n < 4 ? n : 4));
    const mve_pred16_t lanes1 = vctp32q(static_cast<uint32_t>(n > 4 ? n - 4 : 0));
    const int ic0 = c0 / p.depth_multiplier;
    for (int b = 0; b < p.batches; ++b) {
      const int8_t* image = p.input + b * p.input_height * row_step + ic0;
      const uintptr_t origin = reinterpret_cast<uintptr_t>(image);
      const uint32_t to_zero_row = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(zero_row) - origin);
      int8_t* out = p.output + b * p.output_height * p.output_width * p.output_depth + c0;
      for (int oy = 0; oy < p.output_height; ++oy) {
        const int iy0 = oy * p.stride_height - p.pad_height;
        const bool rows_inside = iy0 >= 0 && iy0 + span_y < p.input_height;
        for (int ox = 0; ox < p.output_width; ++ox, out += p.output_depth) {
          const int ix0 = ox * p.stride_width - p.pad_width;
          if (rows_inside && ix0 >= 0 && ix0 + p.stride_width + span_x < p.input_width &&
              ox + 1 < p.output_width) {  // this pixel and the next one inside: a pair
            const uintptr_t a = origin + static_cast<uint32_t>(iy0 * row_step + ix0 * in_depth);
            GeneralPixelPair<kQuads>(a, a + static_cast<uint32_t>(p.stride_width * in_depth), interior, taps, table,
                                     out, out + p.output_depth, lanes0, lanes1, p.output_offset, act_min, act_max);
            ++ox;
            out += p.output_depth;
            continue;
          }
          if (rows_inside && ix0 >= 0 && ix0 + span_x < p.input_width) {
            GeneralPixel<kQuads>(origin + static_cast<uint32_t>(iy0 * row_step + ix0 * in_depth), interior, taps, table,
                                 out, lanes0, lanes1, p.output_offset, act_min, act_max);
            continue;
          }
          for (int fy = 0; fy < p.filter_height; ++fy) {
            const int iy = iy0 + fy * p.dilation_height;
            const bool row_in = iy >= 0 && iy < p.input_height;
            for (int fx = 0; fx < p.filter_width; ++fx) {
              const int ix = ix0 + fx * p.dilation_width;
              border[fy * p.filter_width + fx] = row_in && ix >= 0 && ix < p.input_width
                                                     ? static_cast<uint32_t>(iy * row_step + ix * in_depth)
                                                     : to_zero_row;
            }
          }
          GeneralPixel<kQuads>(origin, border, taps, table, out, lanes0, lanes1, p.output_offset, act_min, act_max);
        }
      }
    }
  }
}

}  // namespace

void DepthwiseInt8MveGeneral(const DepthwiseInt8Problem& p, void* scratch) {
  int32_t* table = static_cast<int32_t*>(scratch);
  if (p.depth_multiplier % 4 == 0) {
    General<true>(p, table);
  } else {
    General<false>(p, table);
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
