// BATCH_MATMUL float32 kernel variants: the problem every variant computes from and the optimized entry points.
// The glue (batch_matmul.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: reference::BatchMatMulFloat (batch_matmul_reference.h) over the same shapes, the sums in another
// order: within (k + 2) FLT_EPSILON sum_k |lhs * rhs| of it (tests/support/float_tolerance.h).
#ifndef MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_VARIANTS_H_
#define MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_VARIANTS_H_

#include "kernels/batch_matmul/batch_matmul_params.h"

namespace mote {
namespace batch_matmul {

// A plain struct (no member functions: it is passed to the *_avx2.cc code).
struct BatchMatMulFloatProblem {
  reference::BatchMatMulParams params;  // shapes (the quantization fields unused)
  const float* lhs;
  const float* rhs;
  float* output;
};

// Not both adj_x and adj_y (that case takes the reference). Defined in batch_matmul.cc (portable).
bool AppliesAvx2Float(const BatchMatMulFloatProblem& p);

// x86-64 AVX2 + FMA (batch_matmul_float32_avx2.cc). rhs rows along n (no adj_y): each output row in 8-lane
// blocks of n (a masked tail), one FMA per k with lhs[m, k] broadcast. adj_y (rhs rows along k, lhs rows along
// k): each output a dot product of two contiguous rows, 8 FMA lanes summed at the end.
void BatchMatMulFloatAvx2(const BatchMatMulFloatProblem& p, void* scratch);

}  // namespace batch_matmul
}  // namespace mote

#endif  // MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_VARIANTS_H_
