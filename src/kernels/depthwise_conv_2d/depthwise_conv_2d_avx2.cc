// DEPTHWISE_CONV_2D int8, AVX2 variants (compiled with -mavx2 -mfma; run only when the CPU has AVX2).
// Contract in depthwise_conv_2d_variants.h.
//
// Arithmetic: the reference sums w * (x + input_offset) over the in-image taps. Here every tap is summed,
// with out-of-image taps reading the input zero point (x = -input_offset, so x + input_offset = 0), which is
// the same integer as
//   sum_t w_t * x_t  +  input_offset * sum_t w_t
// and the second term is folded into the bias once per invoke. Products of int8 pairs are summed two taps at
// a time with vpmaddwd (exact in int32), then requantized with the bit-exact 8-lane requantization.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/gemm_avx2.h"
#include "kernels/simd/requantize_avx2.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

static_assert(sizeof(avx2::Requant8) == 224, "Avx2TableLayout assumes 224-byte requantization records");

struct Tables {
  const int16_t* weights;  // [pairs][channels][2]
  const int32_t* bias;     // [channels]
  const avx2::Requant8* requant;
  const int8_t* zero_row;
  int channels;  // output channels rounded up to 8
  int pairs;
};

uint8_t* AlignUp32(void* p) {
  const uintptr_t v = reinterpret_cast<uintptr_t>(p);
  return reinterpret_cast<uint8_t*>((v + 31) & ~static_cast<uintptr_t>(31));
}

// Builds the per-invoke tables (layout: Avx2TableLayout) in `buffer` from the filter, bias and quantization
// constants.
Tables BuildTables(const DepthwiseInt8Problem& p, uint8_t* buffer) {
  const Avx2TableLayout layout = GetAvx2TableLayout(p);
  uint8_t* base = AlignUp32(buffer);
  auto* weights = reinterpret_cast<int16_t*>(base + layout.weights);
  auto* bias = reinterpret_cast<int32_t*>(base + layout.bias);
  auto* requant = reinterpret_cast<avx2::Requant8*>(base + layout.requant);
  auto* zero_row = reinterpret_cast<int8_t*>(base + layout.zero_row);
  const int taps = p.filter_height * p.filter_width;
  const int oc = p.output_depth;
  const int channels = layout.channels;

  // Interleaved tap pairs; padding channels and the missing odd tap get weight 0. 16 channels at a time
  // (unpack the two taps' bytes, widen), element by element for the last oc % 16.
  const int full = oc & ~15;
  for (int i = 0; i < layout.pairs; ++i) {
    const int t0 = 2 * i;
    const int t1 = 2 * i + 1;
    const int8_t* w0 = p.filter + static_cast<size_t>(t0) * oc;
    const int8_t* w1 = p.filter + static_cast<size_t>(t1) * oc;
    int16_t* dst = weights + static_cast<size_t>(i) * channels * 2;
    for (int c = 0; c < full; c += 16) {
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w0 + c));
      const __m128i b = t1 < taps ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(w1 + c)) : _mm_setzero_si128();
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 2 * c), _mm256_cvtepi8_epi16(_mm_unpacklo_epi8(a, b)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 2 * c + 16),
                          _mm256_cvtepi8_epi16(_mm_unpackhi_epi8(a, b)));
    }
    for (int c = full; c < channels; ++c) {
      dst[2 * c] = c < oc ? w0[c] : 0;
      dst[2 * c + 1] = (c < oc && t1 < taps) ? w1[c] : 0;
    }
  }
  // Folded bias: bias + input_offset * (sum of the channel's taps), in wrapping int32 like the reference's
  // accumulator. 8 channels at a time, element by element for the last oc % 8.
  const __m256i input_offset = _mm256_set1_epi32(p.input_offset);
  const int full8 = oc & ~7;
  for (int c = 0; c < full8; c += 8) {
    __m256i sum = _mm256_setzero_si256();
    for (int tap = 0; tap < taps; ++tap) {
      sum = _mm256_add_epi32(
          sum, _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p.filter + tap * oc + c))));
    }
    const __m256i b = p.bias != nullptr ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.bias + c))
                                        : _mm256_setzero_si256();
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(bias + c), _mm256_add_epi32(b, _mm256_mullo_epi32(sum, input_offset)));
  }
  for (int c = full8; c < channels; ++c) {
    int32_t sum = 0;
    if (c < oc) {
      for (int tap = 0; tap < taps; ++tap) sum += p.filter[static_cast<size_t>(tap) * oc + c];
    }
    const uint32_t b = (c < oc && p.bias != nullptr) ? static_cast<uint32_t>(p.bias[c]) : 0u;
    bias[c] = static_cast<int32_t>(b + static_cast<uint32_t>(p.input_offset) * static_cast<uint32_t>(sum));
  }
  // Requantization records, 8 channels each (padding channels: multiplier 0, shift 0).
  for (int g = 0; g < channels / 8; ++g) {
    alignas(32) int32_t m[8];
    alignas(32) int32_t s[8];
    for (int j = 0; j < 8; ++j) {
      const int c = g * 8 + j;
      m[j] = c < oc ? p.output_multiplier[c] : 0;
      s[j] = c < oc ? p.output_shift[c] : 0;
    }
    requant[g] = avx2::MakeRequant8(_mm256_load_si256(reinterpret_cast<const __m256i*>(m)),
                                    _mm256_load_si256(reinterpret_cast<const __m256i*>(s)));
  }
  std::memset(zero_row, static_cast<int8_t>(-p.input_offset), static_cast<size_t>(p.input_depth) + 32);
  return Tables{weights, bias, requant, zero_row, channels, layout.pairs};
}

// The tables BuildTables wrote into `buffer` (a prepared buffer: the interpreter prepacks constant weights).
Tables TablesAt(const DepthwiseInt8Problem& p, const void* buffer) {
  const Avx2TableLayout layout = GetAvx2TableLayout(p);
  const uint8_t* base = AlignUp32(const_cast<void*>(buffer));
  return Tables{reinterpret_cast<const int16_t*>(base + layout.weights),
                reinterpret_cast<const int32_t*>(base + layout.bias),
                reinterpret_cast<const avx2::Requant8*>(base + layout.requant),
                reinterpret_cast<const int8_t*>(base + layout.zero_row), layout.channels, layout.pairs};
}

// The tables: prepared once (p.prepacked) or built now in `buffer`.
Tables GetTables(const DepthwiseInt8Problem& p, uint8_t* buffer) {
  return p.prepacked != nullptr ? TablesAt(p, p.prepacked) : BuildTables(p, buffer);
}

// Pointers to the filter taps of output pixel (b, oy, ox) in (fy, fx) order, each at channel 0 of its input
// pixel; out-of-image taps point at the zero-point row. An odd count gets one extra (zero-weight) entry.
void TapPointers(const DepthwiseInt8Problem& p, const Tables& t, int b, int oy, int ox, const int8_t** ptr) {
  const int iy0 = oy * p.stride_height - p.pad_height;
  const int ix0 = ox * p.stride_width - p.pad_width;
  const int depth = p.input_depth;
  const int8_t* batch = p.input + static_cast<int64_t>(b) * p.input_height * p.input_width * depth;
  int n = 0;
  for (int fy = 0; fy < p.filter_height; ++fy) {
    const int iy = iy0 + fy * p.dilation_height;
    const bool row_in = iy >= 0 && iy < p.input_height;
    const int8_t* row = batch + static_cast<int64_t>(iy) * p.input_width * depth;
    for (int fx = 0; fx < p.filter_width; ++fx) {
      const int ix = ix0 + fx * p.dilation_width;
      ptr[n++] = (row_in && ix >= 0 && ix < p.input_width) ? row + static_cast<int64_t>(ix) * depth : t.zero_row;
    }
  }
  if (n & 1) ptr[n] = t.zero_row;
}

// Tap pointers for the pixels of one output row: for a row whose filter rows are all inside the image, the
// pointers of an interior pixel are the row's tap bases plus ix0 * depth; other pixels take TapPointers.
class RowTaps {
 public:
  RowTaps(const DepthwiseInt8Problem& p, const Tables& t, int b, int oy) : p_(p), t_(t), b_(b), oy_(oy) {
    const int taps = p.filter_height * p.filter_width;
    count_ = taps;
    const int iy0 = oy * p.stride_height - p.pad_height;
    rows_inside_ = iy0 >= 0 && iy0 + (p.filter_height - 1) * p.dilation_height < p.input_height;
    if (rows_inside_) {
      const int64_t row = static_cast<int64_t>(p.input_width) * p.input_depth;
      const int8_t* batch = p.input + static_cast<int64_t>(b) * p.input_height * row;
      int n = 0;
      for (int fy = 0; fy < p.filter_height; ++fy) {
        const int8_t* r = batch + static_cast<int64_t>(iy0 + fy * p.dilation_height) * row;
        for (int fx = 0; fx < p.filter_width; ++fx) {
          base_[n++] = r + static_cast<int64_t>(fx) * p.dilation_width * p.input_depth;
        }
      }
    }
  }

  // True when pixel ox reads only inside the image.
  bool Interior(int ox) const {
    const int ix0 = ox * p_.stride_width - p_.pad_width;
    return rows_inside_ && ix0 >= 0 && ix0 + (p_.filter_width - 1) * p_.dilation_width < p_.input_width;
  }

  void Pointers(int ox, const int8_t** ptr) const {
    if (!Interior(ox)) {
      TapPointers(p_, t_, b_, oy_, ox, ptr);
      return;
    }
    const int64_t offset = static_cast<int64_t>(ox * p_.stride_width - p_.pad_width) * p_.input_depth;
    for (int i = 0; i < count_; ++i) ptr[i] = base_[i] + offset;
    if (count_ & 1) ptr[count_] = t_.zero_row;
  }

 private:
  const DepthwiseInt8Problem& p_;
  const Tables& t_;
  int b_, oy_, count_;
  bool rows_inside_;
  const int8_t* base_[kAvx2MaxTaps];
};

// Sums of 16 channels [c, c + 16) over all tap pairs: acc0 = channels c..c+7, acc1 = c+8..c+15.
inline void Accumulate16(const int8_t* const* ptr, int c, const Tables& t, __m256i* acc0, __m256i* acc1) {
  __m256i a0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.bias + c));
  __m256i a1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.bias + c + 8));
  const int16_t* w = t.weights + static_cast<size_t>(c) * 2;
  const size_t pair_stride = static_cast<size_t>(t.channels) * 2;
  for (int i = 0; i < t.pairs; ++i, w += pair_stride) {
    const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ptr[2 * i] + c));
    const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ptr[2 * i + 1] + c));
    const __m256i lo = _mm256_cvtepi8_epi16(_mm_unpacklo_epi8(x0, x1));
    const __m256i hi = _mm256_cvtepi8_epi16(_mm_unpackhi_epi8(x0, x1));
    a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(lo, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w))));
    a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(hi, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 16))));
  }
  *acc0 = a0;
  *acc1 = a1;
}

// 8 channels [c, c + 8) from 8-byte input loads (or, for a tail of n < 8 channels, bytes copied from each tap).
inline __m256i Accumulate8(const int8_t* const* ptr, int c, int n, const Tables& t) {
  __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.bias + c));
  const int16_t* w = t.weights + static_cast<size_t>(c) * 2;
  const size_t pair_stride = static_cast<size_t>(t.channels) * 2;
  for (int i = 0; i < t.pairs; ++i, w += pair_stride) {
    __m128i x0, x1;
    if (n == 8) {
      x0 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr[2 * i] + c));
      x1 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr[2 * i + 1] + c));
    } else {
      alignas(16) int8_t b0[16] = {0};
      alignas(16) int8_t b1[16] = {0};
      std::memcpy(b0, ptr[2 * i] + c, static_cast<size_t>(n));
      std::memcpy(b1, ptr[2 * i + 1] + c, static_cast<size_t>(n));
      x0 = _mm_load_si128(reinterpret_cast<const __m128i*>(b0));
      x1 = _mm_load_si128(reinterpret_cast<const __m128i*>(b1));
    }
    const __m256i lo = _mm256_cvtepi8_epi16(_mm_unpacklo_epi8(x0, x1));
    a = _mm256_add_epi32(a, _mm256_madd_epi16(lo, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w))));
  }
  return a;
}

// 8 channels of two pixels whose tap pointers are ptr0 and ptr1: acc0 = pixel 0, acc1 = pixel 1.
inline void Accumulate8x2(const int8_t* const* ptr0, const int8_t* const* ptr1, const Tables& t, __m256i* acc0,
                          __m256i* acc1) {
  const __m256i bias = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.bias));
  __m256i a0 = bias, a1 = bias;
  const int16_t* w = t.weights;
  const size_t pair_stride = static_cast<size_t>(t.channels) * 2;
  for (int i = 0; i < t.pairs; ++i, w += pair_stride) {
    const __m128i x0 = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr0[2 * i])),
                                          _mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr1[2 * i])));
    const __m128i x1 = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr0[2 * i + 1])),
                                          _mm_loadl_epi64(reinterpret_cast<const __m128i*>(ptr1[2 * i + 1])));
    const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w));
    a0 = _mm256_add_epi32(_mm256_madd_epi16(_mm256_cvtepi8_epi16(_mm_unpacklo_epi8(x0, x1)), wv), a0);
    a1 = _mm256_add_epi32(_mm256_madd_epi16(_mm256_cvtepi8_epi16(_mm_unpackhi_epi8(x0, x1)), wv), a1);
  }
  *acc0 = a0;
  *acc1 = a1;
}

// All channels of one output pixel.
inline void PixelAllChannels(const int8_t* const* ptr, const Tables& t, const avx2::OutputStage8& stage,
                             int channels, int8_t* out) {
  int c = 0;
  for (; c + 16 <= channels; c += 16) {
    __m256i acc0, acc1;
    Accumulate16(ptr, c, t, &acc0, &acc1);
    const __m256i r0 = avx2::Requantize8(acc0, t.requant[c / 8], stage);
    const __m256i r1 = avx2::Requantize8(acc1, t.requant[c / 8 + 1], stage);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c), avx2::PackInt32ToInt8x16(r0, r1));
  }
  if (c < channels) {
    const int n = channels - c >= 8 ? 8 : channels - c;
    const __m256i r = avx2::Requantize8(Accumulate8(ptr, c, n, t), t.requant[c / 8], stage);
    const __m128i bytes = avx2::PackInt32ToInt8(r);
    if (n == 8) {
      avx2::StoreInt8x8(out + c, bytes);
    } else {
      avx2::StoreInt8Partial(out + c, bytes, n);
    }
    c += n;
    if (c < channels) {  // a tail after the 8-block
      const int m = channels - c;
      const __m256i r2 = avx2::Requantize8(Accumulate8(ptr, c, m, t), t.requant[c / 8], stage);
      avx2::StoreInt8Partial(out + c, avx2::PackInt32ToInt8(r2), m);
    }
  }
}

// One input channel: the op is a convolution of that channel with `multiplier` filters, so it runs as one:
// im2col rows of the taps (x + input_offset, 0 outside the image) and the packed-weight GEMM of
// gemm_avx2.h, whose packed layout is read straight off the [taps, channels] filter. False (nothing done)
// when the packed filter would not fit its stack buffer.
bool SingleChannelAsGemm(const DepthwiseInt8Problem& p) {
  const int k = p.filter_height * p.filter_width;
  const int cols = p.output_depth;
  constexpr int kMaxChannels = 512;
  if (cols > kMaxChannels || avx2::PackedBytes(k, cols) > avx2::kPackedMaxBytes) return false;
  alignas(32) int8_t packed[avx2::kPackedMaxBytes];
  const int pairs = avx2::PackedPairs(k);
  for (int blk = 0; blk < avx2::PackedBlocks(cols); ++blk) {
    for (int j = 0; j < pairs; ++j) {
      for (int c = 0; c < 16; ++c) {
        const int tap = 2 * j + (c & 1);
        const int col = blk * 8 + c / 2;
        packed[(static_cast<int64_t>(blk) * pairs + j) * 16 + c] =
            (tap < k && col < cols) ? p.filter[static_cast<int64_t>(tap) * cols + col] : 0;
      }
    }
  }
  avx2::Requant8 requant[kMaxChannels / 8];
  alignas(32) int32_t bias[kMaxChannels];
  const avx2::GemmQuant quant{p.bias, p.output_multiplier, p.output_shift, true, p.output_offset,
                              p.output_activation_min, p.output_activation_max};
  avx2::MakePackedOutput(quant, cols, requant, bias);
  const avx2::PackedOutput po{requant, bias, avx2::MakeOutputStage8(p.output_offset, p.output_activation_min,
                                                                    p.output_activation_max)};
  const avx2::PatchGeometry g{p.input, p.input + static_cast<int64_t>(p.batches) * p.input_height * p.input_width,
                              p.input_height, p.input_width, 1, p.filter_height, p.filter_width, p.stride_height,
                              p.stride_width, p.dilation_height, p.dilation_width, p.pad_height, p.pad_width,
                              p.input_offset};
  constexpr int kTileRows = 64;
  const int a_stride = (k + 1) & ~1;
  alignas(32) int16_t a[kTileRows * (kAvx2MaxTaps + 2) + 16];
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      for (int ox0 = 0; ox0 < p.output_width; ox0 += kTileRows) {
        const int rows = p.output_width - ox0 < kTileRows ? p.output_width - ox0 : kTileRows;
        for (int r = 0; r < rows; ++r) {
          int16_t* row = a + r * a_stride;
          avx2::BuildPatchRow(g, b, oy, ox0 + r, row);
          if (k & 1) row[k] = 0;
        }
        avx2::GemmInt8Packed(a, a_stride, rows, packed, k, cols, po, out, cols);
        out += static_cast<int64_t>(rows) * cols;
      }
    }
  }
  return true;
}

}  // namespace

size_t Avx2PersistentBytes(const DepthwiseInt8Problem& p) { return GetAvx2TableLayout(p).total; }
void PrepareAvx2(const DepthwiseInt8Problem& p, void* buffer) { BuildTables(p, static_cast<uint8_t*>(buffer)); }
// One input channel runs as a GEMM with its own packing (SingleChannelAsGemm): no tables to prepare.
size_t Avx2MultiplierPersistentBytes(const DepthwiseInt8Problem& p) {
  return p.input_depth == 1 ? 0 : Avx2PersistentBytes(p);
}

void DepthwiseInt8Avx2(const DepthwiseInt8Problem& p, void*) {
  alignas(32) uint8_t buffer[kAvx2TableBytes];
  const Tables t = GetTables(p, buffer);
  const avx2::OutputStage8 stage =
      avx2::MakeOutputStage8(p.output_offset, p.output_activation_min, p.output_activation_max);
  const int channels = p.output_depth;
  const int8_t* ptr[kAvx2MaxTaps + 1];
  const int8_t* ptr1[kAvx2MaxTaps + 1];
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      const RowTaps row(p, t, b, oy);
      for (int ox = 0; ox < p.output_width; ++ox, out += channels) {
        row.Pointers(ox, ptr);
        // Exactly 8 channels: two interior pixels share the 16 lanes.
        if (channels == 8 && ox + 1 < p.output_width && row.Interior(ox) && row.Interior(ox + 1)) {
          row.Pointers(ox + 1, ptr1);
          __m256i acc0, acc1;
          Accumulate8x2(ptr, ptr1, t, &acc0, &acc1);
          const __m256i r0 = avx2::Requantize8(acc0, t.requant[0], stage);
          const __m256i r1 = avx2::Requantize8(acc1, t.requant[0], stage);
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out), avx2::PackInt32ToInt8x16(r0, r1));
          ++ox;
          out += channels;
          continue;
        }
        PixelAllChannels(ptr, t, stage, channels, out);
      }
    }
  }
}

void DepthwiseInt8Avx2Multiplier(const DepthwiseInt8Problem& p, void*) {
  if (p.input_depth == 1 && SingleChannelAsGemm(p)) return;
  alignas(32) uint8_t buffer[kAvx2TableBytes];
  const Tables t = GetTables(p, buffer);
  const avx2::OutputStage8 stage =
      avx2::MakeOutputStage8(p.output_offset, p.output_activation_min, p.output_activation_max);
  const int multiplier = p.depth_multiplier;
  const int8_t* ptr[kAvx2MaxTaps + 1];
  __m256i x[kAvx2MaxTaps / 2 + 1];
  const size_t pair_stride = static_cast<size_t>(t.channels) * 2;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      const RowTaps row(p, t, b, oy);
      for (int ox = 0; ox < p.output_width; ++ox, out += p.output_depth) {
        row.Pointers(ox, ptr);
        for (int ic = 0; ic < p.input_depth; ++ic) {
          // Each tap pair's two input values, as an int16 pair broadcast to every lane.
          for (int i = 0; i < t.pairs; ++i) {
            const uint32_t lo = static_cast<uint16_t>(static_cast<int16_t>(ptr[2 * i][ic]));
            const uint32_t hi = static_cast<uint16_t>(static_cast<int16_t>(ptr[2 * i + 1][ic]));
            x[i] = _mm256_set1_epi32(static_cast<int32_t>(lo | (hi << 16)));
          }
          for (int m = 0; m < multiplier; m += 8) {
            const int c = ic * multiplier + m;
            __m256i acc = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.bias + c));
            const int16_t* w = t.weights + static_cast<size_t>(c) * 2;
            for (int i = 0; i < t.pairs; ++i, w += pair_stride) {
              acc = _mm256_add_epi32(
                  acc, _mm256_madd_epi16(x[i], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w))));
            }
            avx2::StoreInt8x8(out + c, avx2::PackInt32ToInt8(avx2::Requantize8(acc, t.requant[c / 8], stage)));
          }
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
