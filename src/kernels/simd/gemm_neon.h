// AArch64 int8 GEMM shared by the NEON and dot-product variants of CONV_2D (1x1 and im2col) and FULLY_CONNECTED.
// A portable header: the entry points are defined in gemm_int8_neon.cc (Armv8.0 Advanced SIMD) and
// gemm_int8_dotprod.cc (Armv8.2 SDOT, built with -march=armv8.2-a+dotprod); only AArch64 builds have them.
//
//   out_rows[r][c] = clamp(requantize_c(col_bias[c] + sum_k a_rows[r][k] * w[c][k]) + out_offset)
//   col_bias[c]    = bias[c] + a_offset * sum_k w[c][k]     (the second term per invoke, or in the pass)
//
// i.e. sum_k (a + a_offset) * w + bias regrouped (integer addition is associative and wraps identically), which
// is exactly the reference's accumulator when the weights are symmetric (no filter offset). The raw int8 rows
// are multiplied as they are, so SDOT (4 products per lane) and SMULL/SADALP both sum exactly in int32.
// Weights are read in the model's layout (row c = output channel c, k contiguous: OHWI filters, FULLY_CONNECTED
// [units, depth]) and never past their end; nothing is repacked and nothing is allocated.
#ifndef MOTE_KERNELS_SIMD_GEMM_NEON_H_
#define MOTE_KERNELS_SIMD_GEMM_NEON_H_

#include <cstdint>

namespace mote {
namespace neon {

constexpr int kGemmTileRows = 4;  // rows per GemmRows call (at most)

constexpr int kGemmMaxCols = 2048;  // output channels (the column tables below live on the caller's stack)

// Per-column requantization and bias as int32, padded to a multiple of 8 by repeating the last column, so a
// tile loads each as whole vectors (FillColumnTables; kGemmMaxCols is a multiple of 8).
struct ColumnTables {
  alignas(16) int32_t bias[kGemmMaxCols + 4];  // bias (+ a_offset * weight sum unless taken in the pass)
  alignas(16) int32_t multiplier[kGemmMaxCols + 4];
  alignas(16) int32_t shift[kGemmMaxCols + 4];
};

struct GemmInt8Args {
  int k;
  int cols;                 // at most kGemmMaxCols
  const int8_t* w;          // [cols][k]
  int32_t a_offset;         // the input offset (-input zero point)
  bool sums_in_pass;        // the a_offset * weight-sum term is taken in the pass (tables->bias lacks it)
  const int32_t* bias;      // [cols] or nullptr (read by FillColumnTables)
  const int32_t* multiplier;  // [cols] per-channel, or nullptr: tensor_multiplier / tensor_shift
  const int8_t* shift;
  int32_t tensor_multiplier;
  int32_t tensor_shift;
  int32_t out_offset;
  int32_t act_min;
  int32_t act_max;
  const ColumnTables* tables;  // what the tiles read (FillColumnTables)
};

// `rows` (1..kGemmTileRows) rows of k int8 values, each written to its own output row of `cols` int8.
using GemmRowsFn = void (*)(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows);
void GemmRowsNeon(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows);
void GemmRowsDotprod(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows);
// The dot-product tiles: with k % 4 == 0, k <= kGemmChannelLanesMaxK and at least 2 rows, 8 output channels
// in the lanes of two accumulators per row (weights transposed in registers, SDOT by element, no reduction);
// otherwise the 4x4 tiles above. UsesChannelLanes says which (gemm_int8_dotprod.cc; for the tests).
constexpr int kGemmChannelLanesMaxK = 128;
bool UsesChannelLanes(const GemmInt8Args& g, int rows);

// col_bias[c] = bias[c] (0 without bias) + a_offset * sum_k w[c][k], for c < g.cols (used by FillColumnTables).
using ColumnBiasFn = void (*)(const GemmInt8Args& g, int32_t* col_bias);
void ColumnBiasNeon(const GemmInt8Args& g, int32_t* col_bias);
void ColumnBiasDotprod(const GemmInt8Args& g, int32_t* col_bias);

// Fills *tables from g (bias, multiplier, shift; with column_bias non-null, the bias includes the weight sums
// and g.sums_in_pass must be false) and points g->tables at it. Portable (gemm_columns_neon.cc).
void FillColumnTables(ColumnBiasFn column_bias, ColumnTables* tables, GemmInt8Args* g);

// One ISA level's pair, so drivers are written once.
struct GemmKernels {
  GemmRowsFn rows;
  ColumnBiasFn column_bias;
};

}  // namespace neon
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_GEMM_NEON_H_
