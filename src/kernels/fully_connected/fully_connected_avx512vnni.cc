// FULLY_CONNECTED int8, AVX-512 VNNI variant (compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vnni; runs
// only when the CPU has them). Contract in fully_connected_variants.h; packing and the packed GEMM in
// kernels/simd/gemm_vnni.h, requantization in kernels/simd/requantize_avx2.h.
//
// Scheme. Prepare packs the filter [units][k] as blocks of 8 units, each block quads = ceil(k / 4) vectors of
// 32 bytes (8 units x 4 consecutive depth bytes, zero past k or the last unit), and stores beside it, per block,
// the requantization constants and the bias + (input_offset - 128) * unit sum. Invoke turns each input row
// into bytes u = x + 128 (so vpdpbusd's unsigned x signed product is exact: sum w * (x + input_offset) =
// sum w * u + (input_offset - 128) * sum w), then per row (GEMV) 4 blocks = 32 units at a time, two
// accumulators per block over even and odd quads (8 independent vpdpbusd chains), requantized and stored.
// Four or more rows use vnni::GemmPacked's 4 x 16 tiles.
#include <immintrin.h>

#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/gemm_vnni.h"

namespace mote {
namespace fully_connected {
namespace {

constexpr int kTileBytes = 32768;
constexpr int kTileSlack = 32;  // FlipSegment may write 31 bytes past a row
constexpr int kMaxTileRows = 32;

inline __m256i Load32(const int8_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }

// One row u (readable up to 4 * quads bytes) times the packed filter -> cols int8 outputs.
void GemvRow(const uint8_t* u, int quads, const avx2::PackedOutput& po, const int8_t* packed, int cols,
             int8_t* out) {
  const int blocks = vnni::PackedBlocks(cols);
  const int64_t block_bytes = static_cast<int64_t>(quads) * 32;
  int b = 0;
  for (; b + 4 <= blocks; b += 4) {
    const int8_t* w0 = packed + b * block_bytes;
    const int8_t* w1 = w0 + block_bytes;
    const int8_t* w2 = w1 + block_bytes;
    const int8_t* w3 = w2 + block_bytes;
    const int c = 8 * b;
    __m256i a0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    __m256i a1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c + 8));
    __m256i a2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c + 16));
    __m256i a3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c + 24));
    __m256i b0 = _mm256_setzero_si256(), b1 = b0, b2 = b0, b3 = b0;
    int j = 0;
    for (; j + 2 <= quads; j += 2) {
      const __m256i v = vnni::Broadcast4(u + 4 * j);
      const __m256i x = vnni::Broadcast4(u + 4 * j + 4);
      a0 = _mm256_dpbusd_epi32(a0, v, Load32(w0 + j * 32));
      a1 = _mm256_dpbusd_epi32(a1, v, Load32(w1 + j * 32));
      a2 = _mm256_dpbusd_epi32(a2, v, Load32(w2 + j * 32));
      a3 = _mm256_dpbusd_epi32(a3, v, Load32(w3 + j * 32));
      b0 = _mm256_dpbusd_epi32(b0, x, Load32(w0 + j * 32 + 32));
      b1 = _mm256_dpbusd_epi32(b1, x, Load32(w1 + j * 32 + 32));
      b2 = _mm256_dpbusd_epi32(b2, x, Load32(w2 + j * 32 + 32));
      b3 = _mm256_dpbusd_epi32(b3, x, Load32(w3 + j * 32 + 32));
    }
    if (j < quads) {
      const __m256i v = vnni::Broadcast4(u + 4 * j);
      a0 = _mm256_dpbusd_epi32(a0, v, Load32(w0 + j * 32));
      a1 = _mm256_dpbusd_epi32(a1, v, Load32(w1 + j * 32));
      a2 = _mm256_dpbusd_epi32(a2, v, Load32(w2 + j * 32));
      a3 = _mm256_dpbusd_epi32(a3, v, Load32(w3 + j * 32));
    }
    const __m256i r0 = avx2::Requantize8(_mm256_add_epi32(a0, b0), po.requant[b], po.stage);
    const __m256i r1 = avx2::Requantize8(_mm256_add_epi32(a1, b1), po.requant[b + 1], po.stage);
    const __m256i r2 = avx2::Requantize8(_mm256_add_epi32(a2, b2), po.requant[b + 2], po.stage);
    const __m256i r3 = avx2::Requantize8(_mm256_add_epi32(a3, b3), po.requant[b + 3], po.stage);
    const int n = cols - c;
    avx2::StoreColumns16(out + c, r0, r1, n < 16 ? n : 16);
    if (n > 16) avx2::StoreColumns16(out + c + 16, r2, r3, n - 16 < 16 ? n - 16 : 16);
  }
  for (; b < blocks; ++b) {
    const int8_t* w0 = packed + b * block_bytes;
    const int c = 8 * b;
    __m256i a0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    __m256i b0 = _mm256_setzero_si256();
    int j = 0;
    for (; j + 2 <= quads; j += 2) {
      a0 = _mm256_dpbusd_epi32(a0, vnni::Broadcast4(u + 4 * j), Load32(w0 + j * 32));
      b0 = _mm256_dpbusd_epi32(b0, vnni::Broadcast4(u + 4 * j + 4), Load32(w0 + j * 32 + 32));
    }
    if (j < quads) a0 = _mm256_dpbusd_epi32(a0, vnni::Broadcast4(u + 4 * j), Load32(w0 + j * 32));
    const __m128i bytes =
        avx2::PackInt32ToInt8(avx2::Requantize8(_mm256_add_epi32(a0, b0), po.requant[b], po.stage));
    const int n = cols - c;
    if (n >= 8) {
      avx2::StoreInt8x8(out + c, bytes);
    } else {
      avx2::StoreInt8Partial(out + c, bytes, n);
    }
  }
}

}  // namespace

size_t VnniPersistentBytes(const FullyConnectedInt8Problem& p) {
  return avx2::PreparedPackedBytes(p.output_depth, vnni::PackedBytes(p.accum_depth, p.output_depth));
}

void PrepareVnni(const FullyConnectedInt8Problem& p, void* buffer) {
  const avx2::PreparedPacked w = avx2::PreparedPackedAt(buffer, p.output_depth);
  vnni::PackWeights(p.filter, p.accum_depth, p.output_depth, w.packed, w.bias);  // the unit sums, in the bias slots
  const avx2::GemmQuant quant = GemmQuantOf(p);
  const __m256i factor = _mm256_set1_epi32(p.input_offset - 128);
  for (int b = 0; b < vnni::PackedBlocks(p.output_depth); ++b) {
    const int c = 8 * b;
    const int n = p.output_depth - c < 8 ? p.output_depth - c : 8;
    __m256i bias, mult, shift;
    avx2::LoadColumnParams(quant, c, n, &bias, &mult, &shift);
    w.requant[b] = avx2::MakeRequant8(mult, shift);
    __m256i* slot = reinterpret_cast<__m256i*>(w.bias + c);
    const __m256i sums = _mm256_loadu_si256(slot);
    _mm256_storeu_si256(slot, _mm256_add_epi32(bias, _mm256_mullo_epi32(sums, factor)));
  }
}

void FullyConnectedInt8Vnni(const FullyConnectedInt8Problem& p, void* scratch) {
  if (p.prepacked == nullptr) {  // prepacking off: packing per invoke would cost as much as the products
    FullyConnectedInt8Avx2(p, scratch);
    return;
  }
  const int k = p.accum_depth;
  const int cols = p.output_depth;
  const int quads = vnni::PackedQuads(k);
  const int a_stride = vnni::RoundUp4(k);
  const avx2::PreparedPacked w = avx2::PreparedPackedAt(const_cast<void*>(p.prepacked), cols);
  const avx2::PackedOutput po{w.requant, w.bias,
                              avx2::MakeOutputStage8(p.output_offset, p.activation_min, p.activation_max)};
  alignas(32) uint8_t a[kTileBytes];
  const int8_t* input_end = p.input + static_cast<int64_t>(p.batches) * k;
  if (p.batches < 4) {
    for (int r = 0; r < p.batches; ++r) {
      vnni::FlipSegment(p.input + static_cast<int64_t>(r) * k, k, input_end, a);
      GemvRow(a, quads, po, w.packed, cols, p.output + static_cast<int64_t>(r) * cols);
    }
    return;
  }
  int tile_rows = (kTileBytes - kTileSlack) / a_stride;
  if (tile_rows > kMaxTileRows) tile_rows = kMaxTileRows;
  for (int row = 0; row < p.batches; row += tile_rows) {
    const int rows = p.batches - row < tile_rows ? p.batches - row : tile_rows;
    for (int r = 0; r < rows; ++r) {
      vnni::FlipSegment(p.input + static_cast<int64_t>(row + r) * k, k, input_end,
                        a + static_cast<int64_t>(r) * a_stride);
    }
    vnni::GemmPacked(a, a_stride, rows, w.packed, k, cols, po, p.output + static_cast<int64_t>(row) * cols, cols);
  }
}

}  // namespace fully_connected
}  // namespace mote
