#include "kernels/glue/broadcast.h"

#include <cstring>

namespace mote {

bool BroadcastShapesCompatible(const RuntimeShape& shape1, const RuntimeShape& shape2, RuntimeShape* out,
                               int max_rank) {
  const int rank1 = shape1.DimensionsCount();
  const int rank2 = shape2.DimensionsCount();
  if (max_rank > kMaxPlanRank) max_rank = kMaxPlanRank;
  if (rank1 > max_rank || rank2 > max_rank) return false;
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

namespace {

// The plan of N inputs over their broadcast shape: size-1 output dimensions dropped, neighbouring dimensions
// along which every input broadcasts the same way merged. dims/strides as BroadcastPlan's; returns the rank.
template <int N>
int MakePlan(const RuntimeShape* const (&shapes)[N], int32_t* dims, int32_t (*strides)[kMaxPlanRank]) {
  int rank = 0;
  for (const RuntimeShape* s : shapes) rank = s->DimensionsCount() > rank ? s->DimensionsCount() : rank;

  // Loops of the plan, outermost first: extent and whether each input is broadcast along it.
  int32_t extent[kMaxPlanRank];
  bool bcast[N][kMaxPlanRank];
  int loops = 0;
  for (int i = 0; i < rank; ++i) {
    int32_t dim[N];
    int32_t d = 1;
    for (int n = 0; n < N; ++n) {
      dim[n] = RuntimeShape(rank, *shapes[n]).Dims(i);
      if (dim[n] != 1) d = dim[n];  // compatible shapes: each is d or 1
    }
    if (d == 1) continue;  // contributes nothing to any index
    bool same_pattern = loops > 0;
    for (int n = 0; n < N && same_pattern; ++n) same_pattern = bcast[n][loops - 1] == (dim[n] != d);
    if (same_pattern) {
      extent[loops - 1] *= d;  // same broadcast pattern as the loop outside it: one longer loop
    } else {
      extent[loops] = d;
      for (int n = 0; n < N; ++n) bcast[n][loops] = dim[n] != d;
      ++loops;
    }
  }
  if (loops == 0) {  // every dimension is 1 (scalars)
    extent[0] = 1;
    for (int n = 0; n < N; ++n) bcast[n][0] = false;
    loops = 1;
  }

  int32_t size[N];  // elements of each input spanned by the loops inside the current one
  for (int n = 0; n < N; ++n) size[n] = 1;
  for (int l = loops - 1; l >= 0; --l) {
    dims[l] = extent[l];
    for (int n = 0; n < N; ++n) {
      strides[n][l] = bcast[n][l] ? 0 : size[n];
      if (!bcast[n][l]) size[n] *= extent[l];
    }
  }
  // The innermost stride of a non-broadcast input is 1 by construction; the loops rely on it.
  return loops;
}

// MakePlan into a plan header followed by room for kMaxPlanRank loops (a LoopPlanBuffer), packed to its rank.
template <int N>
LoopPlan<N>* WritePlan(const RuntimeShape* const (&shapes)[N], LoopPlan<N>* plan) {
  int32_t dims[kMaxPlanRank];
  int32_t strides[N][kMaxPlanRank];
  plan->rank = MakePlan<N>(shapes, dims, strides);
  std::memcpy(plan->mutable_dims(), dims, sizeof(int32_t) * static_cast<size_t>(plan->rank));
  for (int n = 0; n < N; ++n)
    std::memcpy(plan->mutable_stride(n), strides[n], sizeof(int32_t) * static_cast<size_t>(plan->rank));
  return plan;
}

}  // namespace

BroadcastPlan* MakeBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2, BroadcastPlanBuffer* out) {
  const RuntimeShape* const shapes[2] = {&shape1, &shape2};
  return WritePlan<2>(shapes, &out->plan);
}

bool BroadcastShapesCompatible3(const RuntimeShape& shape1, const RuntimeShape& shape2, const RuntimeShape& shape3,
                                RuntimeShape* out, int max_rank) {
  RuntimeShape first;
  return BroadcastShapesCompatible(shape1, shape2, &first, max_rank) &&
         BroadcastShapesCompatible(first, shape3, out, max_rank);
}

TernaryBroadcastPlan* MakeTernaryBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2,
                                               const RuntimeShape& shape3, TernaryBroadcastPlanBuffer* out) {
  const RuntimeShape* const shapes[3] = {&shape1, &shape2, &shape3};
  return WritePlan<3>(shapes, &out->plan);
}

}  // namespace mote
