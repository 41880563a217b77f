// Glue shared by the binary element-wise ops (ADD, SUB, MUL). Prepare: the checks every one of them needs,
// the broadcast plan and activation clamp their invoke uses, and ADD/SUB's requantization constants (MUL's
// stay in its glue). Invoke: EvalBinaryElementwise dispatches on the tensor type.
#ifndef MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_
#define MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_

#include <cstdint>

#include "kernels/glue/broadcast.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/kernel_util.h"

namespace mote {

struct QuantizedAddSubParams;  // kernels/quantization/quantized_add_sub.h

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

// Prepare's first checks: op data (from init) and parsed options present ("<OP>: missing op data or options"),
// then CheckBinaryElementwiseArity.
TfLiteStatus CheckBinaryElementwiseNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// The temp tensors of one prepare call (inputs 0 and 1, output 0), released on every exit path.
struct BinaryElementwiseTensors {
  BinaryElementwiseTensors(TfLiteContext* context, const TfLiteNode* node);
  ScopedTempTensor input1;
  ScopedTempTensor input2;
  ScopedTempTensor output;
};

// ADD and SUB, INT8 or INT16 (data.type): ComputeQuantizedAddSubParams from the three tensors' quantization,
// then the activation range from `data`. LogOutputScaleTooSmall's message when the output multiplier is >= 1.
TfLiteStatus PrepareQuantizedAddSub(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                                    const TfLiteTensor* input2, const TfLiteTensor* output,
                                    const BinaryElementwiseData& data, QuantizedAddSubParams* quant);

// "<OP>: output scale S is too small for input scales A and B".
void LogOutputScaleTooSmall(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                            const TfLiteTensor* input2, const TfLiteTensor* output);

// Invoke: inputs 0 and 1, output 0; `fn(input1, input2, output)` of the one matching `type` on their data
// (FLOAT32, INT32, INT8, INT16; any other type: kTfLiteError, prepare accepted only these).
template <typename FloatFn, typename Int32Fn, typename Int8Fn, typename Int16Fn>
TfLiteStatus EvalBinaryElementwise(TfLiteContext* context, TfLiteNode* node, TfLiteType type,
                                   const FloatFn& float32, const Int32Fn& int32, const Int8Fn& int8,
                                   const Int16Fn& int16) {
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  switch (type) {
    case kTfLiteFloat32:
      float32(micro::GetTensorData<float>(input1), micro::GetTensorData<float>(input2),
              micro::GetTensorData<float>(output));
      return kTfLiteOk;
    case kTfLiteInt32:
      int32(micro::GetTensorData<int32_t>(input1), micro::GetTensorData<int32_t>(input2),
            micro::GetTensorData<int32_t>(output));
      return kTfLiteOk;
    case kTfLiteInt8:
      int8(micro::GetTensorData<int8_t>(input1), micro::GetTensorData<int8_t>(input2),
           micro::GetTensorData<int8_t>(output));
      return kTfLiteOk;
    case kTfLiteInt16:
      int16(micro::GetTensorData<int16_t>(input1), micro::GetTensorData<int16_t>(input2),
            micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    default:
      return kTfLiteError;
  }
}

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_
