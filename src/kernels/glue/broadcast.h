// Broadcasting for element-wise ops, NumPy/TFLite rules: two inputs (ADD, SUB, MUL at most 6 dimensions as
// TFLM; the comparisons and LOGICAL_AND/OR at most 7) and three (SELECT_V2, TernaryBroadcastPlan), plans of up to
// RuntimeShape::kMaxDims dimensions.
//
// Shapes are aligned on their last dimension; a dimension of 1 stretches to the other input's extent. The
// output is written in row-major order of the broadcast shape, exactly the element order of TFLite's
// BroadcastAdd6DSlow / BroadcastMul6DSlow / BroadcastSubSlow (every output element depends only on its own
// two input elements, so any traversal that visits the same (output, input1, input2) triples is bit-exact).
//
// Two phases:
//   prepare  BroadcastShapesCompatible() checks the shapes and yields the broadcast shape, then
//            MakeBroadcastPlan() turns the pair of shapes into a compact iteration plan stored in OpData:
//            size-1 output dimensions are dropped and neighbouring dimensions that broadcast the same way
//            are merged, so "same shape" becomes one flat loop and [N,H,W,C] + [C] becomes two loops.
//   invoke   BroadcastBinary(plan, a, b, out, op) runs `op(a[i], b[j])` over the plan; no checks, no
//            allocation. The innermost stride of each input is 0 (broadcast) or 1, and the loop is
//            specialised for those cases so the compiler can vectorise it.
//
// Usage:
//   BroadcastPlan plan;                                  // in OpData
//   RuntimeShape out_shape;
//   if (!BroadcastShapesCompatible(s1, s2, &out_shape)) ...refuse...
//   MakeBroadcastPlan(s1, s2, &plan);
//   ...
//   BroadcastBinary(plan, in1, in2, out, [](float x, float y) { return x + y; });
#ifndef MOTE_KERNELS_GLUE_BROADCAST_H_
#define MOTE_KERNELS_GLUE_BROADCAST_H_

#include <cstdint>

#include "mote/runtime_shape.h"

namespace mote {

// TFLite's element-wise broadcast kernels (ADD, SUB, MUL) handle at most 6 dimensions (NdArrayDesc<6>).
constexpr int kMaxBroadcastRank = 6;
// A plan holds any shape RuntimeShape can (ops whose TFLM broadcast loop takes more dimensions than 6, e.g. the
// comparisons, pass their own limit to BroadcastShapesCompatible).
constexpr int kMaxPlanRank = RuntimeShape::kMaxDims;

// A plan of at most kCapacity loops. It lives in op data (persistent arena), so each op stores the size its
// rank limit needs: BroadcastPlan (6 loops) for ADD, SUB, MUL and the other 6-D ops, WideBroadcastPlan for the
// ops TFLM broadcasts further (the comparisons, LOGICAL_AND/OR).
template <int kCapacity>
struct BroadcastPlanOf {
  static constexpr int kLoops = kCapacity;
  int rank;                         // 1..kCapacity loops, outermost first
  int32_t dims[kCapacity];          // loop extents (output), product = output element count
  int32_t stride1[kCapacity];       // input1 element stride per loop (0 = broadcast along it)
  int32_t stride2[kCapacity];       // input2 element stride per loop
};
using BroadcastPlan = BroadcastPlanOf<kMaxBroadcastRank>;
using WideBroadcastPlan = BroadcastPlanOf<kMaxPlanRank>;

// True when both shapes have rank <= max_rank (<= kMaxPlanRank) and every aligned dimension pair is equal or
// has a 1; *out (may be nullptr) receives the broadcast shape (rank = the larger rank).
bool BroadcastShapesCompatible(const RuntimeShape& shape1, const RuntimeShape& shape2, RuntimeShape* out,
                               int max_rank = kMaxBroadcastRank);

// True when `output` is the broadcast shape `expected`, allowing extra or missing leading 1s (same element
// order either way).
bool SameShapeIgnoringLeadingOnes(const RuntimeShape& output, const RuntimeShape& expected);

// Builds the plan for compatible shapes (BroadcastShapesCompatible returned true with a max_rank <= the plan's
// capacity: a plan never has more loops than the larger input rank). Defined for BroadcastPlan and
// WideBroadcastPlan.
template <int kCapacity>
void MakeBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2, BroadcastPlanOf<kCapacity>* plan);

// The plan of (shape2, shape1) from the plan of (shape1, shape2): the output order is the same, only the
// inputs' strides trade places (GREATER is LESS on the swapped inputs).
template <int kCapacity>
inline void SwapBroadcastInputs(BroadcastPlanOf<kCapacity>* plan) {
  for (int d = 0; d < kCapacity; ++d) {
    const int32_t s = plan->stride1[d];
    plan->stride1[d] = plan->stride2[d];
    plan->stride2[d] = s;
  }
}

// Three inputs (SELECT_V2's condition, x and y): the same plan with one stride row per input.
struct TernaryBroadcastPlan {
  int rank;                               // 1..kMaxPlanRank loops, outermost first
  int32_t dims[kMaxPlanRank];             // loop extents (output)
  int32_t stride[3][kMaxPlanRank];        // stride[n][l]: input n's element stride along loop l (0 = broadcast)
};

// BroadcastShapesCompatible for three shapes (all ranks <= max_rank); *out (may be nullptr) the broadcast shape.
bool BroadcastShapesCompatible3(const RuntimeShape& shape1, const RuntimeShape& shape2, const RuntimeShape& shape3,
                                RuntimeShape* out, int max_rank);

// Builds the plan for three compatible shapes (BroadcastShapesCompatible3 returned true).
void MakeTernaryBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2, const RuntimeShape& shape3,
                              TernaryBroadcastPlan* plan);

// out[k] = op(in1[..], in2[..], in3[..]) over the plan, in output row-major order (no inner-loop
// specialisation: SELECT_V2 is a copy, not worth the code size).
template <typename In1, typename In2, typename In3, typename Out, typename Op>
inline void BroadcastTernary(const TernaryBroadcastPlan& plan, const In1* in1, const In2* in2, const In3* in3,
                             Out* out, const Op& op) {
  const int last = plan.rank - 1;
  const int32_t inner = plan.dims[last];
  const int32_t s1 = plan.stride[0][last];
  const int32_t s2 = plan.stride[1][last];
  const int32_t s3 = plan.stride[2][last];
  int64_t outer = 1;
  for (int d = 0; d < last; ++d) outer *= plan.dims[d];
  int32_t index[kMaxPlanRank] = {0};
  const In1* a = in1;
  const In2* b = in2;
  const In3* c = in3;
  for (int64_t o = 0; o < outer; ++o) {
    for (int32_t i = 0; i < inner; ++i) out[i] = op(a[i * s1], b[i * s2], c[i * s3]);
    out += inner;
    for (int d = last - 1; d >= 0; --d) {  // the odometer of BroadcastBinary
      a += plan.stride[0][d];
      b += plan.stride[1][d];
      c += plan.stride[2][d];
      if (++index[d] < plan.dims[d]) break;
      a -= static_cast<int64_t>(plan.stride[0][d]) * plan.dims[d];
      b -= static_cast<int64_t>(plan.stride[1][d]) * plan.dims[d];
      c -= static_cast<int64_t>(plan.stride[2][d]) * plan.dims[d];
      index[d] = 0;
    }
  }
}

namespace broadcast_internal {

template <typename In1, typename In2, typename Out, typename Op>
inline void InnerLoop(int32_t n, int32_t s1, int32_t s2, const In1* a, const In2* b, Out* out, const Op& op) {
  if (s1 == 1 && s2 == 1) {
    for (int32_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
  } else if (s1 == 0 && s2 == 1) {
    const In1 x = a[0];
    for (int32_t i = 0; i < n; ++i) out[i] = op(x, b[i]);
  } else if (s1 == 1 && s2 == 0) {
    const In2 y = b[0];
    for (int32_t i = 0; i < n; ++i) out[i] = op(a[i], y);
  } else {
    // Both broadcast along the innermost loop: only when the output's innermost extent is 1 after merging,
    // i.e. n == 1 (a plan never has this otherwise); kept general for safety.
    for (int32_t i = 0; i < n; ++i) out[i] = op(a[i * s1], b[i * s2]);
  }
}

}  // namespace broadcast_internal

// out[k] = op(in1[..], in2[..]) over the plan, in output row-major order. The inputs' element types may differ
// (PRELU INT16: int8 alpha).
template <int kCapacity, typename In1, typename In2, typename Out, typename Op>
inline void BroadcastBinary(const BroadcastPlanOf<kCapacity>& plan, const In1* in1, const In2* in2, Out* out,
                            const Op& op) {
  const int last = plan.rank - 1;
  const int32_t inner = plan.dims[last];
  const int32_t s1 = plan.stride1[last];
  const int32_t s2 = plan.stride2[last];
  int64_t outer = 1;
  for (int d = 0; d < last; ++d) outer *= plan.dims[d];

  int32_t index[kCapacity] = {0};
  const In1* a = in1;
  const In2* b = in2;
  for (int64_t o = 0; o < outer; ++o) {
    broadcast_internal::InnerLoop(inner, s1, s2, a, b, out, op);
    out += inner;
    // Odometer over the outer loops: step the innermost outer loop, carrying into the ones above it.
    for (int d = last - 1; d >= 0; --d) {
      a += plan.stride1[d];
      b += plan.stride2[d];
      if (++index[d] < plan.dims[d]) break;
      a -= static_cast<int64_t>(plan.stride1[d]) * plan.dims[d];
      b -= static_cast<int64_t>(plan.stride2[d]) * plan.dims[d];
      index[d] = 0;
    }
  }
}

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_BROADCAST_H_
