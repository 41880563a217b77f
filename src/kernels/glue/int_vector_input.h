// Constant integer vectors read from a model at prepare: the axis, begin/size, shape and dims inputs of the
// shape ops (EXPAND_DIMS, SPLIT, SPLIT_V, SLICE, BROADCAST_TO, FILL). mote never resizes a tensor, so an
// input that decides an output shape or a read offset must be constant; its values are checked once, in
// prepare, and copied into op data (invoke reads nothing from it).
//
// Every refusal is a TF_LITE_KERNEL_LOG message "<OP>: <what> ..." (what names the input: "axis input").
#ifndef MOTE_KERNELS_GLUE_INT_VECTOR_INPUT_H_
#define MOTE_KERNELS_GLUE_INT_VECTOR_INPUT_H_

#include <cstdint>

#include "mote/c/common.h"

namespace mote {

// What ReadConstantIntVector accepts beyond "constant, at most max_count elements".
struct IntVectorRules {
  uint32_t types;  // TypeMask of the accepted element types (IntTypeMask)
  int max_rank;    // 0: a scalar or a 1-element vector is also fine (axis inputs); 1: 1-D only
  int max_count;   // at most this many elements (<= the caller's buffer)
};

// Bit of a TfLiteType in IntVectorRules::types.
constexpr uint32_t IntTypeBit(TfLiteType type) { return 1u << static_cast<uint32_t>(type); }
constexpr uint32_t kInt32Only = IntTypeBit(kTfLiteInt32);
constexpr uint32_t kInt32Or64 = IntTypeBit(kTfLiteInt32) | IntTypeBit(kTfLiteInt64);

// Checks `tensor` (may be nullptr: refused as missing) against `rules` and copies its values, widened to
// int64, into values[0..*count). Refusals: "<op>: <what> is missing", "<op>: <what> must be a constant tensor
// (mote fixes shapes and offsets at prepare)", "<op>: <what> type T is not supported (INT32[, INT64])",
// "<op>: <what> must be 1-D, it has N dimensions" (rank above max(max_rank, 1), or a scalar when max_rank
// is 1), "<op>: <what> has N elements (at most M)".
TfLiteStatus ReadConstantIntVector(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* tensor,
                                   const IntVectorRules& rules, int64_t* values, int* count);

// An axis from a constant axis tensor (one INT32 element, rank 0 or 1) resolved by ResolveAxis; refuses
// "<op>: axis input is empty" beyond ReadConstantIntVector's and ResolveAxis' messages.
TfLiteStatus ReadConstantAxis(TfLiteContext* context, const char* op, const TfLiteTensor* tensor, int positions,
                              int rank, int* axis);

// Resolves an axis value against `positions` valid positions ([-positions, positions); negative values count
// from the end): `rank` for SPLIT, rank + 1 where the axis may also be one past the last (EXPAND_DIMS, PACK).
// Refuses "<op>: axis A is out of range for rank R" (R = `rank`, the tensor rank the user knows).
TfLiteStatus ResolveAxis(TfLiteContext* context, const char* op, int64_t value, int positions, int rank, int* axis);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_INT_VECTOR_INPUT_H_
