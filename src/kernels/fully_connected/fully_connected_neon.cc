// FULLY_CONNECTED int8, AArch64 NEON and dot-product variants (compiled only on AArch64; the dot-product one runs
// only when the CPU has SDOT). Contract in fully_connected_variants.h; arithmetic in kernels/simd/gemm_neon.h.
//
// Batch rows go through the shared GEMM four at a time, the weights read in place. Unlike CONV_2D, the weight
// sums that carry the input offset are taken in the same pass as the products: a batch-1 layer reads every
// weight once, and a separate pass would double that.
#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/simd/gemm_neon.h"

namespace mote {
namespace fully_connected {
namespace {

void Run(const FullyConnectedInt8Problem& p, neon::GemmRowsFn gemm_rows) {
  neon::GemmInt8Args g{p.accum_depth,       p.output_depth,   p.filter,          p.input_offset,
                       true,                p.bias,           p.per_channel_multiplier, p.per_channel_shift,
                       p.output_multiplier, p.output_shift,   p.output_offset,   p.activation_min,
                       p.activation_max,    nullptr};
  neon::ColumnTables tables;
  neon::FillColumnTables(nullptr, &tables, &g);
  for (int b = 0; b < p.batches; b += neon::kGemmTileRows) {
    const int rows = p.batches - b < neon::kGemmTileRows ? p.batches - b : neon::kGemmTileRows;
    const int8_t* a[neon::kGemmTileRows];
    int8_t* out[neon::kGemmTileRows];
    for (int r = 0; r < rows; ++r) {
      a[r] = p.input + static_cast<int64_t>(b + r) * p.accum_depth;
      out[r] = p.output + static_cast<int64_t>(b + r) * p.output_depth;
    }
    gemm_rows(g, a, rows, out);
  }
}

}  // namespace

void FullyConnectedInt8Neon(const FullyConnectedInt8Problem& p, void*) { Run(p, neon::GemmRowsNeon); }
void FullyConnectedInt8Dotprod(const FullyConnectedInt8Problem& p, void*) { Run(p, neon::GemmRowsDotprod); }

}  // namespace fully_connected
}  // namespace mote
