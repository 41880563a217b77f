// The AArch64 int8 GEMM (gemm_neon.h) on Armv8.0 Advanced SIMD: SMULL/SMULL2 products (each fits int16) widened
// pairwise into int32 lanes with SADALP, so no sum can overflow before the int32 accumulator.
#include <arm_neon.h>

#include "kernels/simd/gemm_neon_impl.h"

namespace mote {
namespace neon {
namespace {

struct WideningDot {
  static int32x4_t Mac(int32x4_t acc, int8x16_t a, int8x16_t w) {
    acc = vpadalq_s16(acc, vmull_s8(vget_low_s8(a), vget_low_s8(w)));
    return vpadalq_s16(acc, vmull_high_s8(a, w));
  }
  static int32x4_t Sum(int32x4_t acc, int8x16_t w) { return vpadalq_s16(acc, vpaddlq_s8(w)); }
};

}  // namespace

void GemmRowsNeon(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows) {
  GemmRows<WideningDot>(g, a_rows, rows, out_rows);
}

void ColumnBiasNeon(const GemmInt8Args& g, int32_t* col_bias) { ColumnBias<WideningDot>(g, col_bias); }

}  // namespace neon
}  // namespace mote
