// CONV_2D int8, Cortex-M Helium variants (compiled only for cores with MVE: Cortex-M55). Contract in
// conv_2d_variants.h; building blocks in kernels/simd/arm_mve.h.
//
// Dot products run on the int8 values as stored: VMLADAVA multiplies 16 pairs and adds them to a scalar, four
// output channels at a time sharing each 16-byte load of the input row (arm_mve::Dot4, tail-predicated, so any
// K works). The input offset is folded into the bias: sum w * (x + offset) = sum w * x + offset * sum w, exact
// modulo 2^32 as TFLite's int32 sum is, with sum w per channel from VADDVA. Taps outside the image must then
// contribute w * (x + offset) = 0, so the im2col rows are padded with the input zero point. The four results of
// a pixel are moved into a vector, requantized on four lanes (arm_mve::Requantize, exact for every channel),
// clamped and stored with one narrowing VSTRB.
//
//  - 1x1 (no padding): channel groups outside, pixels inside, so the folded bias of a group is computed once
//    and the input is read in place: no scratch.
//  - im2col (any filter, stride, dilation, padding): pixels outside; each pixel's receptive field is copied
//    into an int8 row (zero-point padded) in the arena scratch, next to the folded bias of every channel
//    (windows inside the image, without width dilation: one asm loop over the filter rows, CopyRows).
// A channel count that is not a multiple of 4 ends with a group overlapping the one before (or, below 4
// channels, a group whose missing rows repeat the last one and whose store is predicated).
#include <cstdint>
#include <cstring>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/arm_mve.h"

namespace mote {
namespace conv_2d {
namespace {

struct GroupRows {
  const int8_t* w[4];
  int first;  // first output channel of the group
  int lanes;  // channels of the group that are stored (4, or fewer when output_depth < 4)
};

// The group of channels starting at c (see the file comment for the last group).
GroupRows Group(const ConvInt8Problem& p, int k, int c) {
  GroupRows g;
  if (c + 4 > p.output_depth) c = p.output_depth >= 4 ? p.output_depth - 4 : 0;
  g.first = c;
  g.lanes = p.output_depth < 4 ? p.output_depth : 4;
  for (int i = 0; i < 4; ++i) {
    const int row = c + i < p.output_depth ? c + i : p.output_depth - 1;
    g.w[i] = p.filter + row * k;
  }
  return g;
}

// Bias with the input offset folded in, for the group's four channels.
int32x4_t FoldedBias(const ConvInt8Problem& p, const GroupRows& g, int k) {
  int32_t sum[4] = {0, 0, 0, 0};
  arm_mve::Sum4(g.w[0], g.w[1], g.w[2], g.w[3], k, sum);
  int32_t bias[4] = {0, 0, 0, 0};
  for (int i = 0; i < g.lanes && p.bias != nullptr; ++i) bias[i] = p.bias[g.first + i];
  return vmlaq_n_s32(vldrwq_s32(bias), vldrwq_s32(sum), p.input_offset);
}

struct GroupQuant {
  int32x4_t multiplier, shift;
};

GroupQuant Quant(const ConvInt8Problem& p, const GroupRows& g) {
  if (g.lanes == 4) return GroupQuant{vldrwq_s32(p.output_multiplier + g.first), vldrbq_s32(p.output_shift + g.first)};
  int32_t m[4] = {0, 0, 0, 0}, s[4] = {0, 0, 0, 0};
  for (int i = 0; i < g.lanes; ++i) {
    m[i] = p.output_multiplier[g.first + i];
    s[i] = p.output_shift[g.first + i];
  }
  return GroupQuant{vldrwq_s32(m), vldrwq_s32(s)};
}

// Requantizes the four accumulators of one pixel and stores its g.lanes output bytes at dst.
__attribute__((always_inline)) inline void Store(const ConvInt8Problem& p, const GroupRows& g, const GroupQuant& q,
                                                 int32x4_t bias, int32x4_t acc, int8_t* dst) {
  const int32x4_t out = arm_mve::Finish(vaddq_s32(acc, bias), q.multiplier, q.shift, p.output_offset,
                                        p.output_activation_min, p.output_activation_max);
  if (g.lanes == 4) {
    vstrbq_s32(dst, out);
  } else {
    vstrbq_p_s32(dst, out, vctp32q(g.lanes));
  }
}

int PatchLength(const ConvInt8Problem& p) { return p.filter_height * p.filter_width * p.input_depth; }

// `rows` runs of n >= 1 bytes, src_step apart, packed one after the other at dst (rows >= 1): the receptive
// field of a pixel whose window lies inside the image, in one asm loop (no per-row bounds and padding work).
void CopyRows(int8_t* dst, const int8_t* src, int n, int rows, int src_step) {
  const int8_t* s;
  int8_t* d;
  __asm__ volatile(
      "1:\n"
      "mov %[s], %[src]\n"
      "mov %[d], %[dst]\n"
      "dlstp.8 lr, %[n]\n"
      "2:\n"
      "vldrb.8 q0, [%[s]], #16\n"
      "vstrb.8 q0, [%[d]], #16\n"
      "letp lr, 2b\n"
      "add %[src], %[src], %[step]\n"
      "add %[dst], %[dst], %[n]\n"
      "subs %[rows], %[rows], #1\n"
      "bne 1b\n"
      : [s] "=&r"(s), [d] "=&r"(d), [src] "+r"(src), [dst] "+r"(dst), [rows] "+r"(rows)
      : [n] "r"(n), [step] "r"(src_step)
      : "q0", "lr", "cc", "memory");
}

// The receptive field of output pixel (b, oy, ox) as int8, out-of-image taps = the input zero point.
void BuildRow(const ConvInt8Problem& p, int b, int oy, int ox, int8_t* row) {
  const int depth = p.input_depth;
  const int fw = p.filter_width;
  const int seg = fw * depth;
  const int8_t zero_point = static_cast<int8_t>(-p.input_offset);
  const int iy0 = oy * p.stride_height - p.pad_height;
  const int ix0 = ox * p.stride_width - p.pad_width;
  const int8_t* batch = p.input + b * p.input_height * p.input_width * depth;
  if (p.dilation_width == 1 && iy0 >= 0 && iy0 + (p.filter_height - 1) * p.dilation_height < p.input_height &&
      ix0 >= 0 && ix0 + fw <= p.input_width) {  // inside the image: one contiguous run per filter row
    CopyRows(row, batch + (iy0 * p.input_width + ix0) * depth, seg, p.filter_height,
             p.dilation_height * p.input_width * depth);
    return;
  }
  for (int fy = 0; fy < p.filter_height; ++fy, row += seg) {
    const int iy = iy0 + fy * p.dilation_height;
    if (iy < 0 || iy >= p.input_height) {
      arm_mve::Fill(row, zero_point, seg);
      continue;
    }
    const int8_t* src = batch + iy * p.input_width * depth;
    if (p.dilation_width == 1) {  // one contiguous run, zero-point padded on both sides
      int begin = ix0 < 0 ? -ix0 : 0;
      int end = p.input_width - ix0 < fw ? p.input_width - ix0 : fw;
      if (begin > fw) begin = fw;
      if (end < begin) end = begin;
      arm_mve::Fill(row, zero_point, begin * depth);
      arm_mve::Copy(row + begin * depth, src + (ix0 + begin) * depth, (end - begin) * depth);
      arm_mve::Fill(row + end * depth, zero_point, (fw - end) * depth);
    } else {
      for (int fx = 0; fx < fw; ++fx) {
        const int ix = ix0 + fx * p.dilation_width;
        if (ix < 0 || ix >= p.input_width) {
          arm_mve::Fill(row + fx * depth, zero_point, depth);
        } else {
          arm_mve::Copy(row + fx * depth, src + ix * depth, depth);
        }
      }
    }
  }
}

}  // namespace

void ConvInt8MvePointwise(const ConvInt8Problem& p, void*) {
  const int k = p.input_depth;
  const int pixels = p.batches * p.output_height * p.output_width;
  const bool strided = p.stride_width != 1 || p.stride_height != 1;
  for (int c = 0; c < p.output_depth; c += 4) {
    const GroupRows g = Group(p, k, c);
    const int32x4_t bias = FoldedBias(p, g, k);
    const GroupQuant q = Quant(p, g);
    // The common case in one asm loop (arm_mve::PointwiseGroup): four channels, contiguous pixels, K a
    // multiple of 16 (or below 16: arm_mve::PointwiseGroupShort), no left shift.
    if (g.lanes == 4 && !strided && (k % 16 == 0 || k < 16) && vmaxvq_s32(INT32_MIN, q.shift) <= 0) {
      const int32x4_t zero = vdupq_n_s32(0);
      auto* group = k < 16 ? arm_mve::PointwiseGroupShort : arm_mve::PointwiseGroup;
      group(p.input, g.w[0], g.w[1], g.w[2], g.w[3], k, p.output + g.first, p.output_depth, pixels, bias,
            q.multiplier, vminq_s32(q.shift, zero), vdupq_n_s32(p.output_offset), vdupq_n_s32(p.output_activation_min),
            vdupq_n_s32(p.output_activation_max));
      if (g.first + 4 >= p.output_depth) break;
      continue;
    }
    int b = 0, oy = 0, ox = 0;
    for (int pixel = 0; pixel < pixels; ++pixel) {
      const int8_t* x = p.input + pixel * k;
      if (strided) {
        x = p.input + ((b * p.input_height + oy * p.stride_height) * p.input_width + ox * p.stride_width) * k;
        if (++ox == p.output_width) {
          ox = 0;
          if (++oy == p.output_height) {
            oy = 0;
            ++b;
          }
        }
      }
      Store(p, g, q, bias, arm_mve::Dot4V(x, g.w[0], g.w[1], g.w[2], g.w[3], k),
            p.output + pixel * p.output_depth + g.first);
    }
    if (g.first + 4 >= p.output_depth) break;
  }
}

void ConvInt8MveIm2col(const ConvInt8Problem& p, void* scratch) {
  const int k = PatchLength(p);
  const MveScratchLayout layout = GetMveScratchLayout(p);
  auto* base = static_cast<uint8_t*>(scratch);
  auto* row = reinterpret_cast<int8_t*>(base + layout.row);
  auto* table = reinterpret_cast<int32_t*>(base + layout.table);
  // Per group of four channels: folded bias, multipliers, shifts (12 words). Groups start at 0, 4, 8... and,
  // when output_depth is not a multiple of 4, the last one overlaps the one before.
  const int groups = (p.output_depth + 3) / 4;
  for (int i = 0; i < groups; ++i) {
    const GroupRows g = Group(p, k, 4 * i);
    const GroupQuant q = Quant(p, g);
    vstrwq_s32(table + 12 * i, FoldedBias(p, g, k));
    vstrwq_s32(table + 12 * i + 4, q.multiplier);
    vstrwq_s32(table + 12 * i + 8, q.shift);
  }
  const int32x4_t act_min = vdupq_n_s32(p.output_activation_min);
  const int32x4_t act_max = vdupq_n_s32(p.output_activation_max);
  const int32_t offset = p.output_offset;
  const bool narrow = p.output_depth < 4;
  const int full = narrow ? 0 : p.output_depth / 4;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      for (int ox = 0; ox < p.output_width; ++ox, out += p.output_depth) {
        BuildRow(p, b, oy, ox, row);
        const int8_t* w = p.filter;
        const int32_t* t = table;
        int8_t* dst = out;
        for (int i = 0; i < full; ++i, w += 4 * k, t += 12, dst += 4) {
          int32x4_t v = vaddq_s32(arm_mve::Dot4V(row, w, w + k, w + 2 * k, w + 3 * k, k), vldrwq_s32(t));
          v = vaddq_n_s32(arm_mve::Requantize(v, vldrwq_s32(t + 4), vldrwq_s32(t + 8)), offset);
          vstrbq_s32(dst, vminq_s32(vmaxq_s32(v, act_min), act_max));
        }
        if (full < groups) {  // the last, overlapping (or only, narrow) group
          const GroupRows g = Group(p, k, 4 * (groups - 1));
          const GroupQuant q{vldrwq_s32(table + 12 * (groups - 1) + 4), vldrwq_s32(table + 12 * (groups - 1) + 8)};
          Store(p, g, q, vldrwq_s32(table + 12 * (groups - 1)),
                arm_mve::Dot4V(row, g.w[0], g.w[1], g.w[2], g.w[3], k), out + g.first);
        }
      }
    }
  }
}

}  // namespace conv_2d
}  // namespace mote
