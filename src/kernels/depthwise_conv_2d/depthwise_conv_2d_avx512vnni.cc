// DEPTHWISE_CONV_2D int8, AVX-512 VNNI variant (compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vnni;
// run only when the CPU has them). Contract in depthwise_conv_2d_variants.h.
//
// 32 outputs per step, two 16-lane vpdpwssd accumulators, two filter taps per instruction. With channel
// multiplier 1 an output row is, flattened over (x, c), the sum over the taps of the input rows flattened the
// same way and shifted by fx * dilation * C, each element times its channel's weight. So with stride 1 a step
// is 32 consecutive bytes of the output row and of every tap's input row, whatever the channel count C, as long
// as the weights repeat along the step: C divides 32 (C = 1, 2, 4, 8, 16: a step holds 32 / C pixels) or C is
// a multiple of 32 (a step is one block of 32 channels of one pixel, which also serves any stride).
//
// Arithmetic as the AVX2 variant: every tap is summed, out-of-image taps reading the input zero point, and
// input_offset * (sum of the channel's weights) is folded into the bias, so the sum is the reference's
// integer. The input rows a step reads are copied once per output row into buffers padded with the zero point
// (left padding, right overrun), so border pixels run the same code as interior ones. Requantization: the
// bit-exact 16-lane requantize_avx512.h.
//
// Lane order: vpunpck{l,h}wd interleave the two taps' int16 values within 128-bit lanes, so accumulator lo
// holds step positions {8L + r} and hi {8L + 4 + r} (L the 128-bit lane, r < 4); the weights, biases and
// requantization constants are laid out in that order, and vpackssdw(lo, hi) puts the 32 results back in
// position order.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/requantize_avx512.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

static_assert(sizeof(avx512::Requant16) == kAvx512RequantBytes, "Avx512TableLayout's requantization record size");

struct Tables {
  const __m512i* weights;  // [pattern][pair][lo, hi]: 16 dwords of two int16 weights each
  const __m512i* bias;     // [pattern][lo, hi]
  const avx512::Requant16* requant;  // [pattern][lo, hi]
  int pairs;
};

uint8_t* AlignUp64(void* p) {
  const uintptr_t v = reinterpret_cast<uintptr_t>(p);
  return reinterpret_cast<uint8_t*>((v + 63) & ~static_cast<uintptr_t>(63));
}

// The channel of step position `pos` (0..31) in pattern `pattern`, and the position of accumulator lane m.
int ChannelOf(int channels, int pattern, int pos) { return (pattern * 32 + pos) % channels; }
int PositionOf(int m, bool hi) { return 8 * (m / 4) + (hi ? 4 : 0) + m % 4; }

// The tables' places in `buffer` (rounded up to 64 bytes: the layout's total includes that slack).
Tables TablesAt(const DepthwiseInt8Problem& p, const void* buffer) {
  const Avx512TableLayout layout = GetAvx512TableLayout(p);
  const uint8_t* base = AlignUp64(const_cast<void*>(buffer));
  return Tables{reinterpret_cast<const __m512i*>(base + layout.weights),
                reinterpret_cast<const __m512i*>(base + layout.bias),
                reinterpret_cast<const avx512::Requant16*>(base + layout.requant), layout.pairs};
}

Tables BuildTables(const DepthwiseInt8Problem& p, void* buffer) {
  const Avx512TableLayout layout = GetAvx512TableLayout(p);
  uint8_t* base = AlignUp64(buffer);
  auto* weights = reinterpret_cast<int16_t*>(base + layout.weights);
  auto* bias = reinterpret_cast<int32_t*>(base + layout.bias);
  auto* requant = reinterpret_cast<avx512::Requant16*>(base + layout.requant);
  const int taps = p.filter_height * p.filter_width;
  const int c_count = p.output_depth;
  for (int pattern = 0; pattern < layout.patterns; ++pattern) {
    for (int half = 0; half < 2; ++half) {
      alignas(64) int32_t mult[16];
      alignas(64) int32_t shift[16];
      int32_t* b = bias + (pattern * 2 + half) * 16;
      for (int m = 0; m < 16; ++m) {
        const int c = ChannelOf(c_count, pattern, PositionOf(m, half == 1));
        uint32_t sum = 0;
        for (int t = 0; t < taps; ++t) sum += static_cast<uint32_t>(p.filter[static_cast<int64_t>(t) * c_count + c]);
        const uint32_t raw = p.bias != nullptr ? static_cast<uint32_t>(p.bias[c]) : 0u;
        b[m] = static_cast<int32_t>(raw + static_cast<uint32_t>(p.input_offset) * sum);  // wrapping, as int32
        mult[m] = p.output_multiplier[c];
        shift[m] = p.output_shift[c];
        for (int i = 0; i < layout.pairs; ++i) {
          int16_t* w = weights + ((static_cast<int64_t>(pattern) * layout.pairs + i) * 2 + half) * 32;
          const int t0 = 2 * i, t1 = 2 * i + 1;
          w[2 * m] = p.filter[static_cast<int64_t>(t0) * c_count + c];
          w[2 * m + 1] = t1 < taps ? p.filter[static_cast<int64_t>(t1) * c_count + c] : 0;
        }
      }
      requant[pattern * 2 + half] = avx512::MakeRequant16(_mm512_load_si512(mult), _mm512_load_si512(shift));
    }
  }
  return TablesAt(p, buffer);
}

// A step's 32 input bytes of one tap: contiguous (kGap 0), or two 16-byte pixels kGap bytes apart.
inline __m256i LoadStep(const int8_t* p, int64_t gap) {
  if (gap == 0) return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + gap)), 1);
}

// 32 outputs: the sums over the tap pairs of the 32 bytes at ptr[t] + offset (or, with gap > 0, 16 bytes there
// and 16 bytes `gap` further), requantized into the bytes of out that `store` selects.
template <bool kPairs>
inline void Step(const int8_t* const* ptr, int64_t offset, int64_t gap, const Tables& t, int pattern,
                 const avx512::OutputStage16& stage, int8_t* out, __mmask32 store) {
  const __m512i* w = t.weights + static_cast<int64_t>(pattern) * t.pairs * 2;
  __m512i lo = t.bias[pattern * 2], hi = t.bias[pattern * 2 + 1];
  for (int i = 0; i < t.pairs; ++i, w += 2) {
    const __m512i a = _mm512_cvtepi8_epi16(LoadStep(ptr[2 * i] + offset, kPairs ? gap : 0));
    const __m512i b = _mm512_cvtepi8_epi16(LoadStep(ptr[2 * i + 1] + offset, kPairs ? gap : 0));
    lo = _mm512_dpwssd_epi32(lo, _mm512_unpacklo_epi16(a, b), w[0]);
    hi = _mm512_dpwssd_epi32(hi, _mm512_unpackhi_epi16(a, b), w[1]);
  }
  const __m512i r_lo = avx512::Requantize16(lo, t.requant[pattern * 2], stage);
  const __m512i r_hi = avx512::Requantize16(hi, t.requant[pattern * 2 + 1], stage);
  _mm256_mask_storeu_epi8(out, store, _mm512_cvtsepi16_epi8(_mm512_packs_epi32(r_lo, r_hi)));
}

__mmask32 FirstBytes(int n) { return n >= 32 ? ~__mmask32{0} : (__mmask32{1} << n) - 1; }

}  // namespace

size_t Avx512PersistentBytes(const DepthwiseInt8Problem& p) { return GetAvx512TableLayout(p).total; }
void PrepareAvx512(const DepthwiseInt8Problem& p, void* buffer) { BuildTables(p, buffer); }

void DepthwiseInt8Avx512(const DepthwiseInt8Problem& p, void*) {
  alignas(64) uint8_t table_buffer[kAvx512TableBytes];
  const Tables t = p.prepacked != nullptr ? TablesAt(p, p.prepacked) : BuildTables(p, table_buffer);
  const Avx512RowLayout rows = GetAvx512RowLayout(p);
  alignas(64) int8_t row_buffer[kAvx512RowBytes];
  const int8_t zero_point = static_cast<int8_t>(-p.input_offset);
  std::memset(row_buffer, zero_point, static_cast<size_t>(rows.row_bytes) * (p.filter_height + 1));
  int8_t* zero_row = row_buffer + static_cast<int64_t>(rows.row_bytes) * p.filter_height;
  const avx512::OutputStage16 stage =
      avx512::MakeOutputStage16(p.output_offset, p.output_activation_min, p.output_activation_max);
  const int c = p.output_depth;
  const int taps = p.filter_height * p.filter_width;
  const int64_t in_row = static_cast<int64_t>(p.input_width) * c;
  const int64_t out_row = static_cast<int64_t>(p.output_width) * c;
  const int64_t left = static_cast<int64_t>(p.pad_width) * c;
  const int8_t* ptr[kAvx512MaxTaps + 1];
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* image = p.input + static_cast<int64_t>(b) * p.input_height * in_row;
    int8_t* out_image = p.output + static_cast<int64_t>(b) * p.output_height * out_row;
    for (int oy = 0; oy < p.output_height; ++oy) {
      int n = 0;
      for (int fy = 0; fy < p.filter_height; ++fy) {
        const int iy = oy * p.stride_height - p.pad_height + fy * p.dilation_height;
        const int8_t* row = zero_row;
        if (iy >= 0 && iy < p.input_height) {
          int8_t* copy = row_buffer + static_cast<int64_t>(rows.row_bytes) * fy;
          std::memcpy(copy + left, image + iy * in_row, static_cast<size_t>(in_row));
          row = copy;
        }
        for (int fx = 0; fx < p.filter_width; ++fx) ptr[n++] = row + static_cast<int64_t>(fx) * p.dilation_width * c;
      }
      if (taps & 1) ptr[n] = zero_row;
      int8_t* out = out_image + oy * out_row;
      if (rows.steps == Avx512RowLayout::kFlat) {
        // Stride 1: steps along the flattened row; the pattern is the step's channel block (C >= 32) or 0.
        for (int64_t j = 0; j < out_row; j += 32) {
          const int pattern = c % 32 == 0 ? static_cast<int>((j % c) / 32) : 0;
          Step<false>(ptr, j, 0, t, pattern, stage, out + j, FirstBytes(static_cast<int>(out_row - j)));
        }
      } else if (rows.steps == Avx512RowLayout::kBlocks) {
        // C a multiple of 32, any stride: each pixel's channel blocks.
        for (int ox = 0; ox < p.output_width; ++ox) {
          const int64_t at = static_cast<int64_t>(ox) * p.stride_width * c;
          for (int block = 0; block < c / 32; ++block) {
            Step<false>(ptr, at + block * 32, 0, t, block, stage, out + static_cast<int64_t>(ox) * c + block * 32,
                        ~__mmask32{0});
          }
        }
      } else {
        // C = 16, another stride: two pixels per step, their inputs stride * 16 bytes apart.
        const int64_t gap = static_cast<int64_t>(p.stride_width) * c;
        for (int ox = 0; ox < p.output_width; ox += 2) {
          Step<true>(ptr, ox * gap, gap, t, 0, stage, out + static_cast<int64_t>(ox) * c,
                     ox + 1 < p.output_width ? ~__mmask32{0} : FirstBytes(16));
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
