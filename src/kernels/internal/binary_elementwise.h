// Prepare-time glue shared by the binary element-wise ops (ADD, SUB, MUL): the checks every one of them
// needs and the broadcast plan and activation clamp their invoke uses. Op-specific quantization constants
// stay in each op's glue.
#ifndef MOTE_KERNELS_INTERNAL_BINARY_ELEMENTWISE_H_
#define MOTE_KERNELS_INTERNAL_BINARY_ELEMENTWISE_H_

#include <cstdint>

#include "kernels/internal/broadcast.h"
#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"

namespace mote {

struct BinaryElementwiseData {
  BroadcastPlan plan;
  TfLiteType type;
  float float_activation_min;   // FLOAT32
  float float_activation_max;
  int32_t activation_min;       // INT32 (TFLite's integer CalculateActivationRange) or quantized range
  int32_t activation_max;
};

// What an op accepts.
struct BinaryElementwiseSpec {
  const char* op_name;          // "ADD"
  const TfLiteType* types;      // supported tensor types (both inputs and the output share it)
  int type_count;
  const char* types_text;       // "FLOAT32, INT32, INT8, INT16" for messages
  bool int32_activation;        // false: a fused activation on INT32 is refused (ADD: TFLM ignores it)
};

// Checks 2 inputs / 1 output; one supported type shared by both inputs and the output; input ranks <= 6 and
// broadcast-compatible; the output shape equal to the broadcast shape (leading 1s aside); a clamp activation
// (NONE, RELU, RELU_N1_TO_1, RELU6); for INT8/INT16: per-tensor quantization on all three tensors (scale > 0,
// zero point in range) and the quantized activation range of the output; for INT32 the integer activation
// range (or no activation when spec.int32_activation is false); for FLOAT32 the float range. Fills `data`.
TfLiteStatus PrepareBinaryElementwise(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                                      TfLiteFusedActivation activation, const TfLiteTensor* input1,
                                      const TfLiteTensor* input2, const TfLiteTensor* output,
                                      BinaryElementwiseData* data);

// Checks the node has 2 inputs and 1 output (message names `op_name`).
TfLiteStatus CheckBinaryElementwiseArity(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

}  // namespace mote

#endif  // MOTE_KERNELS_INTERNAL_BINARY_ELEMENTWISE_H_
