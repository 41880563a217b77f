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
//            MakeBroadcastPlan() turns the pair of shapes into a compact iteration plan (StorePlan() keeps it in
//            persistent memory of its exact size, pointed to by OpData):
//            size-1 output dimensions are dropped and neighbouring dimensions that broadcast the same way
//            are merged, so "same shape" becomes one flat loop and [N,H,W,C] + [C] becomes two loops.
//   invoke   BroadcastBinary(plan, a, b, out, op) runs `op(a[i], b[j])` over the plan; no checks, no
//            allocation. The innermost stride of each input is 0 (broadcast) or 1, and the loop is
//            specialised for those cases so the compiler can vectorise it.
//
// Usage:
//   const BroadcastPlan* plan;                           // in OpData
//   RuntimeShape out_shape;
//   if (!BroadcastShapesCompatible(s1, s2, &out_shape)) ...refuse...
//   BroadcastPlanBuffer local;
//   data->plan = StorePlan(context, *MakeBroadcastPlan(s1, s2, &local));   // nullptr: arena full
//   ...
//   BroadcastBinary(*data->plan, in1, in2, out, [](float x, float y) { return x + y; });
#ifndef MOTE_KERNELS_GLUE_BROADCAST_H_
#define MOTE_KERNELS_GLUE_BROADCAST_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mote/c/common.h"
#include "mote/runtime_shape.h"

namespace mote {

// TFLite's element-wise broadcast kernels (ADD, SUB, MUL) handle at most 6 dimensions (NdArrayDesc<6>).
constexpr int kMaxBroadcastRank = 6;
// A plan holds any shape RuntimeShape can (ops whose TFLM broadcast loop takes more dimensions than 6, e.g. the
// comparisons, pass their own limit to BroadcastShapesCompatible).
constexpr int kMaxPlanRank = RuntimeShape::kMaxDims;

// A plan of `rank` loops over kInputs inputs, outermost loop first: the loop extents (output), then one stride
// row per input (its element stride along each loop, 0 = broadcast along it). The header is followed by its
// (kInputs + 1) * rank int32 words, so a plan in op data takes exactly what its loops need: prepare builds it in
// a stack LoopPlanBuffer and StorePlan() copies it to persistent memory (one loop, the common same-shape case,
// is 16 bytes for two inputs instead of a fixed 6- or 8-loop block).
template <int kInputs>
struct LoopPlan {
  int32_t rank;  // 1..kMaxPlanRank loops

  static constexpr size_t BytesFor(int loops) {
    return sizeof(LoopPlan) + sizeof(int32_t) * static_cast<size_t>((kInputs + 1) * loops);
  }
  size_t bytes() const { return BytesFor(rank); }
  const int32_t* dims() const { return words(); }
  const int32_t* stride(int input) const { return words() + (input + 1) * rank; }
  int32_t* mutable_dims() { return words(); }
  int32_t* mutable_stride(int input) { return words() + (input + 1) * rank; }

 private:
  const int32_t* words() const { return reinterpret_cast<const int32_t*>(this + 1); }
  int32_t* words() { return reinterpret_cast<int32_t*>(this + 1); }
};
using BroadcastPlan = LoopPlan<2>;
using TernaryBroadcastPlan = LoopPlan<3>;

// Room for any plan (kMaxPlanRank loops) on the stack: prepare's working copy, tests and benchmarks.
template <int kInputs>
struct LoopPlanBuffer {
  LoopPlan<kInputs> plan;
  int32_t words[(kInputs + 1) * kMaxPlanRank];  // right after the header (both int32: no padding)
};
using BroadcastPlanBuffer = LoopPlanBuffer<2>;
using TernaryBroadcastPlanBuffer = LoopPlanBuffer<3>;
static_assert(sizeof(LoopPlanBuffer<2>) == LoopPlan<2>::BytesFor(kMaxPlanRank), "plan words follow the header");

// Copies `plan` into persistent memory of exactly plan.bytes() (prepare only). nullptr when the arena is full
// (the interpreter has reported it and fails the prepare).
template <int kInputs>
const LoopPlan<kInputs>* StorePlan(TfLiteContext* context, const LoopPlan<kInputs>& plan) {
  void* p = context->AllocatePersistentBuffer(context, plan.bytes());
  if (p == nullptr) return nullptr;
  std::memcpy(p, &plan, plan.bytes());
  return static_cast<const LoopPlan<kInputs>*>(p);
}

// True when both shapes have rank <= max_rank (<= kMaxPlanRank) and every aligned dimension pair is equal or
// has a 1; *out (may be nullptr) receives the broadcast shape (rank = the larger rank).
bool BroadcastShapesCompatible(const RuntimeShape& shape1, const RuntimeShape& shape2, RuntimeShape* out,
                               int max_rank = kMaxBroadcastRank);

// True when `output` is the broadcast shape `expected`, allowing extra or missing leading 1s (same element
// order either way).
bool SameShapeIgnoringLeadingOnes(const RuntimeShape& output, const RuntimeShape& expected);

// Builds the plan for compatible shapes (BroadcastShapesCompatible returned true: a plan never has more loops
// than the larger input rank) into *out; returns &out->plan.
BroadcastPlan* MakeBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2, BroadcastPlanBuffer* out);

// The plan of (shape2, shape1) from the plan of (shape1, shape2): the output order is the same, only the
// inputs' strides trade places (GREATER is LESS on the swapped inputs).
inline void SwapBroadcastInputs(BroadcastPlan* plan) {
  int32_t* s1 = plan->mutable_stride(0);
  int32_t* s2 = plan->mutable_stride(1);
  for (int d = 0; d < plan->rank; ++d) {
    const int32_t s = s1[d];
    s1[d] = s2[d];
    s2[d] = s;
  }
}

// BroadcastShapesCompatible for three shapes (all ranks <= max_rank); *out (may be nullptr) the broadcast shape.
bool BroadcastShapesCompatible3(const RuntimeShape& shape1, const RuntimeShape& shape2, const RuntimeShape& shape3,
                                RuntimeShape* out, int max_rank);

// Builds the plan for three compatible shapes (BroadcastShapesCompatible3 returned true).
TernaryBroadcastPlan* MakeTernaryBroadcastPlan(const RuntimeShape& shape1, const RuntimeShape& shape2,
                                               const RuntimeShape& shape3, TernaryBroadcastPlanBuffer* out);

// out[k] = op(in1[..], in2[..], in3[..]) over the plan, in output row-major order (no inner-loop
// specialisation: SELECT_V2 is a copy, not worth the code size).
template <typename In1, typename In2, typename In3, typename Out, typename Op>
inline void BroadcastTernary(const TernaryBroadcastPlan& plan, const In1* in1, const In2* in2, const In3* in3,
                             Out* out, const Op& op) {
  const int last = plan.rank - 1;
  const int32_t* dims = plan.dims();
  const int32_t* st1 = plan.stride(0);
  const int32_t* st2 = plan.stride(1);
  const int32_t* st3 = plan.stride(2);
  const int32_t inner = dims[last];
  const int32_t s1 = st1[last];
  const int32_t s2 = st2[last];
  const int32_t s3 = st3[last];
  int64_t outer = 1;
  for (int d = 0; d < last; ++d) outer *= dims[d];
  int32_t index[kMaxPlanRank] = {0};
  const In1* a = in1;
  const In2* b = in2;
  const In3* c = in3;
  for (int64_t o = 0; o < outer; ++o) {
    for (int32_t i = 0; i < inner; ++i) out[i] = op(a[i * s1], b[i * s2], c[i * s3]);
    out += inner;
    for (int d = last - 1; d >= 0; --d) {  // the odometer of BroadcastBinary
      a += st1[d];
      b += st2[d];
      c += st3[d];
      if (++index[d] < dims[d]) break;
      a -= static_cast<int64_t>(st1[d]) * dims[d];
      b -= static_cast<int64_t>(st2[d]) * dims[d];
      c -= static_cast<int64_t>(st3[d]) * dims[d];
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
template <typename In1, typename In2, typename Out, typename Op>
inline void BroadcastBinary(const BroadcastPlan& plan, const In1* in1, const In2* in2, Out* out, const Op& op) {
  const int last = plan.rank - 1;
  const int32_t* dims = plan.dims();
  const int32_t* st1 = plan.stride(0);
  const int32_t* st2 = plan.stride(1);
  const int32_t inner = dims[last];
  const int32_t s1 = st1[last];
  const int32_t s2 = st2[last];
  int64_t outer = 1;
  for (int d = 0; d < last; ++d) outer *= dims[d];

  int32_t index[kMaxPlanRank] = {0};
  const In1* a = in1;
  const In2* b = in2;
  for (int64_t o = 0; o < outer; ++o) {
    broadcast_internal::InnerLoop(inner, s1, s2, a, b, out, op);
    out += inner;
    // Odometer over the outer loops: step the innermost outer loop, carrying into the ones above it.
    for (int d = last - 1; d >= 0; --d) {
      a += st1[d];
      b += st2[d];
      if (++index[d] < dims[d]) break;
      a -= static_cast<int64_t>(st1[d]) * dims[d];
      b -= static_cast<int64_t>(st2[d]) * dims[d];
      index[d] = 0;
    }
  }
}

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_BROADCAST_H_
