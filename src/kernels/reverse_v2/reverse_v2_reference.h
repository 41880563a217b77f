// REVERSE_V2 reference: the input with the order of its elements along each of the given axes reversed
// (TFLM's reference_ops::Reverse, which reverses a contiguous run of axes as one flattened dimension: the
// same as reversing each). A strided copy whose stride along a reversed axis is negated, starting from that
// axis' last index.
#ifndef MOTE_KERNELS_REVERSE_V2_REVERSE_V2_REFERENCE_H_
#define MOTE_KERNELS_REVERSE_V2_REVERSE_V2_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/strided_copy.h"

namespace mote {
namespace reference {

// Normalises `axes` (negative ones count from the end) into a bit set of the axes of a `rank`-D tensor; false
// unless there are 1..rank of them, each in [-rank, rank), none repeated and contiguous once sorted (TFLM
// refuses the others: "Non-contiguous `axes` not supported").
inline bool ReverseAxesValid(const int32_t* axes, int count, int rank, uint32_t* axis_bits) {
  uint32_t bits = 0;
  if (count < 1 || count > rank) return false;
  for (int i = 0; i < count; ++i) {
    const int32_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (a < 0 || a >= rank || (bits >> a & 1u) != 0) return false;
    bits |= 1u << a;
  }
  const uint32_t low = bits & (~bits + 1u);  // lowest set bit
  if (((bits + low) & bits) != 0) return false;  // a contiguous run of ones carries out of itself entirely
  *axis_bits = bits;
  return true;
}

inline void MakeReversePlan(const int32_t* dims, int rank, uint32_t axis_bits, StridedCopyPlan* plan) {
  int64_t stride = 1;
  plan->rank = rank;
  plan->offset = 0;
  for (int d = rank - 1; d >= 0; --d) {
    plan->dims[d] = dims[d];
    const bool reversed = (axis_bits >> d & 1u) != 0 && dims[d] > 0;
    plan->in_stride[d] = reversed ? -stride : stride;
    if (reversed) plan->offset += (dims[d] - 1) * stride;
    stride *= dims[d];
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_REVERSE_V2_REVERSE_V2_REFERENCE_H_
