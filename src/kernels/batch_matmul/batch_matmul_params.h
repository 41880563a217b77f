// BATCH_MATMUL's resolved shapes and quantization: a plain struct (no inline code), shared by the reference
// (batch_matmul_reference.h) and the variants' problem (batch_matmul_variants.h, passed to *_avx2.cc code).
#ifndef MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_PARAMS_H_
#define MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_PARAMS_H_

#include <cstdint>

namespace mote {
namespace reference {

// Shapes resolved by prepare: three batch dims (leading 1s added), each with the element stride of one step in
// lhs and rhs (0 where that side broadcasts), and the matrix sizes.
struct BatchMatMulParams {
  int32_t batch[3];
  int64_t lhs_batch_stride[3];
  int64_t rhs_batch_stride[3];
  int32_t m;
  int32_t n;
  int32_t k;
  bool adj_x;
  bool adj_y;
  // Quantized only.
  int32_t lhs_offset;  // -lhs zero point
  int32_t rhs_offset;  // -rhs zero point
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;
  int32_t activation_max;
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_PARAMS_H_
