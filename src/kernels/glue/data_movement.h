// Prepare checks and the invoke of the ops that move elements without computing on them (TRANSPOSE,
// REVERSE_V2, SPACE_TO_DEPTH, DEPTH_TO_SPACE, GATHER, GATHER_ND, EMBEDDING_LOOKUP): element types, the output shape the
// model must declare (mote does not resize outputs: prepare refuses a declared shape other than the one TFLM
// computes), constant int32 parameter vectors, and the strided-copy plan over row-major strides.
//
// Every message starts with the op's name: "TRANSPOSE: type INT32 is not supported (FLOAT32, INT8, INT16)".
#ifndef MOTE_KERNELS_GLUE_DATA_MOVEMENT_H_
#define MOTE_KERNELS_GLUE_DATA_MOVEMENT_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/strided_copy.h"
#include "mote/c/common.h"
#include "mote/op_registrations.h"

namespace mote {

// Input of a type in `types` (`supported` lists them for the message) and an output of the same type:
// "<OP>: type X is not supported (<supported>)", "<OP>: output type X differs from the input type Y".
TfLiteStatus CheckMovedTypes(TfLiteContext* context, const char* op, const TfLiteTensor* input,
                             const TfLiteTensor* output, TypeSet types, const char* supported);

// The output declares `rank` dimensions equal to `expected`: "<OP>: output shape [1, 2] differs from the
// expected [2, 1]".
TfLiteStatus CheckOutputShape(TfLiteContext* context, const char* op, const TfLiteTensor* output,
                              const int32_t* expected, int rank);
// CheckOutputShape, except that an output whose dimensions are all 0, at any rank (unset, as TFLM's kernel
// tests give it: TFLM writes the computed shape over it in prepare, gather_test declares [0] for a 0-D result)
// gets `expected` written into a persistent copy of its dims, the TfLiteTensor's and the eval tensor's (node
// output `index`), so the memory plan made after prepare sizes it.
TfLiteStatus SetOrCheckOutputShape(TfLiteContext* context, TfLiteNode* node, int index, TfLiteTensor* output,
                                   const char* op, const int32_t* expected, int rank);
// Its two halves, for ops that check a declared shape their own way (L2_POOL_2D): whether the output's
// dimensions are all 0 (at any rank), and writing `expected` into a persistent copy of its dims ("<OP>: no room for the
// output's computed shape").
bool IsUnsetOutputShape(const TfLiteTensor* output);
TfLiteStatus WriteOutputShape(TfLiteContext* context, TfLiteNode* node, int index, TfLiteTensor* output, const char* op,
                              const int32_t* expected, int rank);
// The same against another tensor's shape (TfLiteIntArray holds int, not int32_t, on arm-none-eabi).
TfLiteStatus CheckOutputShape(TfLiteContext* context, const char* op, const TfLiteTensor* output,
                              const TfLiteIntArray* expected);

// An INT32 tensor of one dimension whose values are read in prepare (HasValuesAtPrepare) with at most `max_count`
// values: "<OP>: the <what> tensor must be constant", "<OP>: <what> must be a 1-D INT32 tensor of at most N
// values".
TfLiteStatus CheckConstInt32Vector(TfLiteContext* context, const char* op, const char* what,
                                   const TfLiteTensor* tensor, int max_count);

// Row-major element strides of `dims` (strides[rank - 1] = 1).
void RowMajorStrides(const TfLiteIntArray& dims, int64_t* strides);

// Position of the first of `count` indices outside [0, limit), or -1: the invoke-time bounds check of the
// ops whose indices are a runtime tensor (GATHER, GATHER_ND, EMBEDDING_LOOKUP), made before any copy.
int64_t FirstIndexOutOfRange(const int32_t* indices, int64_t count, int32_t limit);

// The state of an op whose invoke is one strided copy from input 0 to output 0.
struct StridedCopyOpData {
  reference::StridedCopyPlan plan;
  size_t element_size;
};

// Invoke of such an op (node->user_data is its StridedCopyOpData).
TfLiteStatus EvalStridedCopy(TfLiteContext* context, TfLiteNode* node);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_DATA_MOVEMENT_H_
