// The column tables of the AArch64 int8 GEMM (gemm_neon.h): portable code, rebuilt once per invoke.
#include "kernels/simd/gemm_neon.h"

namespace mote {
namespace neon {

void FillColumnTables(ColumnBiasFn column_bias, ColumnTables* tables, GemmInt8Args* g) {
  const int cols = g->cols;
  if (column_bias != nullptr) {
    column_bias(*g, tables->bias);
  } else {
    for (int c = 0; c < cols; ++c) tables->bias[c] = g->bias != nullptr ? g->bias[c] : 0;
  }
  const bool per_channel = g->multiplier != nullptr;
  for (int c = 0; c < cols; ++c) {
    tables->multiplier[c] = per_channel ? g->multiplier[c] : g->tensor_multiplier;
    tables->shift[c] = per_channel ? g->shift[c] : g->tensor_shift;
  }
  for (int c = cols; c < (cols + 7) / 8 * 8; ++c) {  // the last group's padding lanes: results discarded
    tables->bias[c] = tables->bias[cols - 1];
    tables->multiplier[c] = tables->multiplier[cols - 1];
    tables->shift[c] = tables->shift[cols - 1];
  }
  g->tables = tables;
}

}  // namespace neon
}  // namespace mote
