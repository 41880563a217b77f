// The glue shared by the ops whose output holds the input's bytes unchanged under another shape: RESHAPE,
// SQUEEZE, EXPAND_DIMS (reshape/). Prepare checks what they have in common (one input and output of one type,
// equal element counts) and stores the byte count; invoke is reference::Reshape. Prepare lets the planner put
// the output on top of the input (MicroContext::AllowOutputToOverwriteInput): the op is then an alias.
#ifndef MOTE_KERNELS_RESHAPE_BYTE_COPY_OP_H_
#define MOTE_KERNELS_RESHAPE_BYTE_COPY_OP_H_

#include <cstddef>

#include "mote/c/common.h"

namespace mote {

struct ByteCopyOpData {
  size_t bytes;  // input element count * element size
};

// Types an op accepts: its name list for messages ("FLOAT32, INT8, INT16") and a predicate; kAnyFixedSize
// is every numeric and bool type (RESHAPE, SQUEEZE).
struct ByteCopyTypes {
  bool (*accepts)(TfLiteType type);
  const char* names;
};
extern const ByteCopyTypes kAnyFixedSize;

// Refuses "<op>: type T is not supported (<names>)", "<op>: input type A and output type B differ" and
// "<op>: input has N elements but the output shape has M"; fills data->bytes.
TfLiteStatus PrepareByteCopy(TfLiteContext* context, const char* op, const ByteCopyTypes& types,
                             const TfLiteTensor* input, const TfLiteTensor* output, ByteCopyOpData* data);

// Copies input 0 to output 0 (ByteCopyOpData in node->user_data).
TfLiteStatus EvalByteCopy(TfLiteContext* context, TfLiteNode* node);

}  // namespace mote

#endif  // MOTE_KERNELS_RESHAPE_BYTE_COPY_OP_H_
