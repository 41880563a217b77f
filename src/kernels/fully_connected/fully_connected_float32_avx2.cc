// FULLY_CONNECTED float32 AVX2 + FMA variant (fully_connected_float_variants.h). Built with -mavx2 -mfma
// (CMakeLists.txt).
#include <cstddef>

#include "kernels/fully_connected/fully_connected_float_variants.h"
#include "kernels/simd/dot_f32_avx2.h"

namespace mote {
namespace fully_connected {
namespace {

constexpr int kTileBatches = 2;
constexpr int kTileUnits = 4;

template <int kBatches, int kUnits>
void Tile(const FullyConnectedFloatProblem& p, int b, int u) {
  const float* rows[kBatches];
  const float* cols[kUnits];
  for (int i = 0; i < kBatches; ++i) rows[i] = p.input + static_cast<ptrdiff_t>(b + i) * p.accum_depth;
  for (int c = 0; c < kUnits; ++c) cols[c] = p.filter + static_cast<ptrdiff_t>(u + c) * p.accum_depth;
  __m256 acc[kBatches * kUnits];
  for (int i = 0; i < kBatches * kUnits; ++i) acc[i] = _mm256_setzero_ps();
  simd::DotTileF32<kBatches, kUnits>(rows, cols, p.accum_depth, acc);
  float sums[kBatches * kUnits];
  simd::SumTile<kBatches * kUnits>(acc, sums);
  for (int i = 0; i < kBatches; ++i) {
    for (int c = 0; c < kUnits; ++c) {
      p.output[static_cast<ptrdiff_t>(b + i) * p.output_depth + u + c] =
          simd::FinishF32(sums[i * kUnits + c], p.bias, u + c, p.activation_min, p.activation_max);
    }
  }
}

template <int kBatches>
void BatchRows(const FullyConnectedFloatProblem& p, int b) {
  int u = 0;
  for (; u + kTileUnits <= p.output_depth; u += kTileUnits) Tile<kBatches, kTileUnits>(p, b, u);
  for (; u < p.output_depth; ++u) Tile<kBatches, 1>(p, b, u);
}

}  // namespace

void FullyConnectedFloatAvx2(const FullyConnectedFloatProblem& p, void*) {
  int b = 0;
  for (; b + kTileBatches <= p.batches; b += kTileBatches) BatchRows<kTileBatches>(p, b);
  for (; b < p.batches; ++b) BatchRows<1>(p, b);
}

}  // namespace fully_connected
}  // namespace mote
