// TRANSPOSE reference: output dimension d is input dimension perm[d]; output element (i_0, ..., i_{n-1}) is
// the input element whose index along perm[d] is i_d (TFLM's reference_ops::Transpose). Computed as a
// strided copy whose stride for output dimension d is the input's row-major stride of dimension perm[d].
// Precondition (prepare): perm is a permutation of 0..rank-1, rank <= RuntimeShape::kMaxDims.
#ifndef MOTE_KERNELS_TRANSPOSE_TRANSPOSE_REFERENCE_H_
#define MOTE_KERNELS_TRANSPOSE_TRANSPOSE_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/strided_copy.h"

namespace mote {
namespace reference {

// The plan of a transpose of an input of `rank` dimensions `input_dims` by `perm`.
inline void MakeTransposePlan(const int* input_dims, int rank, const int32_t* perm, StridedCopyPlan* plan) {
  int64_t in_stride[StridedCopyPlan::kMaxRank];
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    in_stride[d] = stride;
    stride *= input_dims[d];
  }
  plan->rank = rank;
  plan->offset = 0;
  for (int d = 0; d < rank; ++d) {
    plan->dims[d] = input_dims[perm[d]];
    plan->in_stride[d] = in_stride[perm[d]];
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_TRANSPOSE_TRANSPOSE_REFERENCE_H_
