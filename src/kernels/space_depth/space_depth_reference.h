// SPACE_TO_DEPTH and DEPTH_TO_SPACE reference (TFLM's reference_ops::SpaceToDepth / DepthToSpace, NHWC):
//   SPACE_TO_DEPTH  [N, H, W, C] -> [N, H/b, W/b, C*b*b]: output (n, y, x, (by*b + bx)*C + c) is input
//                   (n, y*b + by, x*b + bx, c);
//   DEPTH_TO_SPACE  [N, H, W, C*b*b] -> [N, H*b, W*b, C]: output (n, y*b + by, x*b + bx, c) is input
//                   (n, y, x, (by*b + bx)*C + c).
// Both are strided copies over a 6-D view of the output. Preconditions (prepare): 4-D input, block b >= 1,
// H and W divisible by b (SPACE_TO_DEPTH), the depth divisible by b*b (DEPTH_TO_SPACE).
#ifndef MOTE_KERNELS_SPACE_DEPTH_SPACE_DEPTH_REFERENCE_H_
#define MOTE_KERNELS_SPACE_DEPTH_SPACE_DEPTH_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/strided_copy.h"

namespace mote {
namespace reference {

namespace space_depth_internal {
inline void SetView(StridedCopyPlan* plan, const int32_t (&dims)[6], const int64_t (&strides)[6]) {
  plan->rank = 6;
  plan->offset = 0;
  for (int d = 0; d < 6; ++d) {
    plan->dims[d] = dims[d];
    plan->in_stride[d] = strides[d];
  }
}
}  // namespace space_depth_internal

// input_dims: N, H, W, C of the input.
inline void MakeSpaceToDepthPlan(const int* input_dims, int32_t block, StridedCopyPlan* plan) {
  const int64_t c = input_dims[3], w = input_dims[2], h = input_dims[1];
  // Output view: n, y, x, by, bx, c.
  const int32_t dims[6] = {input_dims[0], input_dims[1] / block, input_dims[2] / block, block, block, input_dims[3]};
  const int64_t strides[6] = {h * w * c, block * w * c, block * c, w * c, c, 1};
  space_depth_internal::SetView(plan, dims, strides);
}

inline void MakeDepthToSpacePlan(const int* input_dims, int32_t block, StridedCopyPlan* plan) {
  const int64_t depth = input_dims[3], w = input_dims[2], h = input_dims[1];
  const int32_t c = input_dims[3] / (block * block);
  // Output view: n, y, by, x, bx, c.
  const int32_t dims[6] = {input_dims[0], input_dims[1], block, input_dims[2], block, c};
  const int64_t strides[6] = {h * w * depth, w * depth, static_cast<int64_t>(block) * c, depth, c, 1};
  space_depth_internal::SetView(plan, dims, strides);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SPACE_DEPTH_SPACE_DEPTH_REFERENCE_H_
