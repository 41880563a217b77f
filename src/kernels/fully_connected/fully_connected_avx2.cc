// FULLY_CONNECTED int8, AVX2 variant (compiled with -mavx2 -mfma; runs only when the CPU has AVX2). Contract
// in fully_connected_variants.h; arithmetic in kernels/simd/gemm_avx2.h.
//
// Each input row is widened once to int16 with the input offset applied; the weights are read in place. A
// nonzero filter offset (asymmetric per-tensor weights) adds filter_offset * sum_k (x_k + input_offset) per
// row, which is exactly the reference's sum of (w + filter_offset) * (x + input_offset) regrouped.
#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/gemm_avx2.h"

namespace mote {
namespace fully_connected {
namespace {

constexpr int kRowBufferElements = 16384;  // int16: 32 KiB of stack for the widened input rows
constexpr int kMaxTileRows = 32;

}  // namespace

avx2::GemmQuant GemmQuantOf(const FullyConnectedInt8Problem& p) {
  const bool per_channel = p.per_channel_multiplier != nullptr;
  return avx2::GemmQuant{p.bias,
                         per_channel ? p.per_channel_multiplier : &p.output_multiplier,
                         per_channel ? p.per_channel_shift : nullptr,
                         per_channel,
                         p.output_offset,
                         p.activation_min,
                         p.activation_max,
                         p.output_shift};
}

void FullyConnectedInt8Avx2(const FullyConnectedInt8Problem& p, void*) {
  const int k = p.accum_depth;
  const int a_stride = avx2::RoundUp16(k) + 16;
  int tile_rows = kRowBufferElements / a_stride;
  if (tile_rows > kMaxTileRows) tile_rows = kMaxTileRows;
  if (tile_rows < 1) tile_rows = 1;
  alignas(32) int16_t a[kRowBufferElements];
  int32_t row_bias[kMaxTileRows];
  avx2::WeightRows weights;
  avx2::InitWeightRows(p.filter, k, p.output_depth, &weights);
  const avx2::GemmQuant quant = GemmQuantOf(p);
  const int8_t* input_end = p.input + static_cast<int64_t>(p.batches) * k;
  for (int row = 0; row < p.batches; row += tile_rows) {
    const int rows = p.batches - row < tile_rows ? p.batches - row : tile_rows;
    for (int r = 0; r < rows; ++r) {
      int16_t* dst = a + r * a_stride;
      const int8_t* src = p.input + static_cast<int64_t>(row + r) * k;
      avx2::ConvertSegment(src, k, p.input_offset, input_end, dst);
      avx2::ZeroSegment(16, dst + k);
      if (p.filter_offset != 0) {
        uint32_t sum = 0;
        for (int i = 0; i < k; ++i) sum += static_cast<uint32_t>(static_cast<int32_t>(dst[i]));
        row_bias[r] = static_cast<int32_t>(sum * static_cast<uint32_t>(p.filter_offset));
      }
    }
    avx2::GemmInt8(a, a_stride, rows, p.filter_offset != 0 ? row_bias : nullptr, weights, quant,
                   p.output + static_cast<int64_t>(row) * p.output_depth, p.output_depth);
  }
}

}  // namespace fully_connected
}  // namespace mote
