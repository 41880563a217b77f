// Prepare glue shared by the one-input, one-output element-wise ops (LOGISTIC, TANH, RELU, RELU6): checks
// the tensor counts, takes and releases the temp tensors, runs the op's own checks (types, quantization,
// constants into user data) and reports the variant for the input type. Written once so each op's glue
// holds only what is particular to it.
#ifndef MOTE_KERNELS_INTERNAL_UNARY_OP_GLUE_H_
#define MOTE_KERNELS_INTERNAL_UNARY_OP_GLUE_H_

#include "mote/c/common.h"

namespace mote {

struct UnaryVariantNames {
  const char* int8;
  const char* int16;
  const char* float32;
};

// The op's checks; `user_data` is node->user_data. Messages are the op's own.
using UnaryTensorCheck = TfLiteStatus (*)(TfLiteContext* context, const TfLiteTensor* input,
                                          const TfLiteTensor* output, void* user_data);

// Messages: "<OP>: N inputs and M outputs given (1 and 1)", "<OP>: missing input or output tensor".
TfLiteStatus PrepareUnaryOp(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                            const UnaryVariantNames& variants, UnaryTensorCheck check);

}  // namespace mote

#endif  // MOTE_KERNELS_INTERNAL_UNARY_OP_GLUE_H_
