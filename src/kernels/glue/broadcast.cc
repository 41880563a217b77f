#include "kernels/glue/broadcast.h"

namespace mote {

bool BroadcastShapesCompatible(const RuntimeShape& shape1, const RuntimeShape& shape2, RuntimeShape* out) {
  const int rank1 = shape1.DimensionsCount();
  const int rank2 = shape2.DimensionsCount();
  if (rank1 > kMaxBroadcastRank || rank2 > kMaxBroadcastRank) return false;
  const int rank = rank1 > rank2 ? rank1 : rank2;
  const RuntimeShape e1(rank, shape1);
  const RuntimeShape e2(rank, shape2);
  RuntimeShape result(rank, 1);
  for (int i = 0; i < rank; ++i) {
    const int32_t d1 = e1.Dims(i);
    const int32_t d2 = e2.Dims(i);
    if (d1 == d2 || d2 == 1) {
      result.SetDim(i, d1);
    } else if (d1 == 1) {
      result.SetDim(i, d2);
    } else {
      return false;
    }
  }
  if (out != nullptr) *out = result;
  return true;
}

bool SameShapeIgnoringLeadingOnes(const RuntimeShape& output, const RuntimeShape& expected) {
  const int rank = output.DimensionsCount() > expected.DimensionsCount() ? output.DimensionsCount()
                                                                         : expected.DimensionsCount();
  return RuntimeShape(rank, output) == RuntimeShape(rank, expected);
}

void MakeBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2, BroadcastPlan* plan) {
  const int rank = shape1.DimensionsCount() > shape2.DimensionsCount() ? shape1.DimensionsCount()
                                                                         : shape2.DimensionsCount();
  const RuntimeShape e1(rank, shape1);
  const RuntimeShape e2(rank, shape2);

  // Loops of the plan, outermost first: extent and whether each input is broadcast along it.
  int32_t extent[kMaxBroadcastRank];
  bool bcast1[kMaxBroadcastRank];
  bool bcast2[kMaxBroadcastRank];
  int loops = 0;
  for (int i = 0; i < rank; ++i) {
    const int32_t d1 = e1.Dims(i);
    const int32_t d2 = e2.Dims(i);
    const int32_t d = d1 == 1 ? d2 : d1;  // compatible shapes: equal, or one of them is 1
    if (d == 1) continue;  // contributes nothing to any index
    const bool b1 = d1 != d;
    const bool b2 = d2 != d;
    if (loops > 0 && bcast1[loops - 1] == b1 && bcast2[loops - 1] == b2) {
      extent[loops - 1] *= d;  // same broadcast pattern as the loop outside it: one longer loop
    } else {
      extent[loops] = d;
      bcast1[loops] = b1;
      bcast2[loops] = b2;
      ++loops;
    }
  }
  if (loops == 0) {  // every dimension is 1 (scalars)
    extent[0] = 1;
    bcast1[0] = false;
    bcast2[0] = false;
    loops = 1;
  }

  plan->rank = loops;
  int32_t size1 = 1;  // elements of input1 spanned by the loops inside the current one
  int32_t size2 = 1;
  for (int l = loops - 1; l >= 0; --l) {
    plan->dims[l] = extent[l];
    plan->stride1[l] = bcast1[l] ? 0 : size1;
    plan->stride2[l] = bcast2[l] ? 0 : size2;
    if (!bcast1[l]) size1 *= extent[l];
    if (!bcast2[l]) size2 *= extent[l];
  }
  // The innermost stride of a non-broadcast input is 1 by construction; BroadcastBinary relies on it.
}

}  // namespace mote
