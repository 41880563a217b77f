// The AArch64 int8 GEMM (gemm_neon.h) with the Armv8.2 dot product (compiled with -march=armv8.2-a+dotprod, run
// only when getauxval reports ASIMDDP): one SDOT adds four int8 products into each int32 lane.
#include <arm_neon.h>

#include "kernels/simd/gemm_neon_impl.h"

namespace mote {
namespace neon {
namespace {

struct SdotDot {
  static int32x4_t Mac(int32x4_t acc, int8x16_t a, int8x16_t w) { return vdotq_s32(acc, a, w); }
  static int32x4_t Sum(int32x4_t acc, int8x16_t w) { return vdotq_s32(acc, w, vdupq_n_s8(1)); }
};

}  // namespace

void GemmRowsDotprod(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows) {
  GemmRows<SdotDot>(g, a_rows, rows, out_rows);
}

void ColumnBiasDotprod(const GemmInt8Args& g, int32_t* col_bias) { ColumnBias<SdotDot>(g, col_bias); }

}  // namespace neon
}  // namespace mote
