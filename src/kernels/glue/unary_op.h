// Glue shared by the one-input, one-output element-wise ops (LOGISTIC, TANH, RELU, RELU6, and the single-type
// math ops FLOOR, CEIL, ROUND, NEG, EXP, SIN, ... below). Prepare: checks
// the tensor counts, takes and releases the temp tensors, runs the op's own checks (types, quantization,
// constants into user data; the common ones are below) and reports the variant for the input type. Invoke:
// EvalUnaryOp dispatches on the input type. Written once so each op's glue holds only what is particular to it.
#ifndef MOTE_KERNELS_GLUE_UNARY_OP_H_
#define MOTE_KERNELS_GLUE_UNARY_OP_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/c/common.h"
#include "mote/kernel_util.h"

namespace mote {

// The id each type's path reports; nullptr: the op's check reports it itself (it chose from a variant table).
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

// For one-input, one-output ops with a prepare of their own (QUANTIZE, DEQUANTIZE): op data (from init)
// present ("<OP>: missing op data"), 1 input and 1 output ("<OP>: N inputs and M outputs given (1 input,
// 1 output)").
TfLiteStatus CheckUnaryNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// Their temp tensors (input 0, output 0), released on every exit path.
struct UnaryTempTensors {
  UnaryTempTensors(TfLiteContext* context, const TfLiteNode* node);
  // "<OP>: missing input or output tensor" unless both are present.
  TfLiteStatus CheckPresent(TfLiteContext* context, const char* op_name) const;
  ScopedTempTensor input;
  ScopedTempTensor output;
};

// Input and output of the same element count ("<OP>: input has N elements, output M"), within int32 ("<OP>:
// tensor too large for 32-bit indexing"); the count in *count.
TfLiteStatus CheckSameElementCount(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                   const TfLiteTensor* output, int* count);

// Input type INT8, INT16 or FLOAT32 and the output of the same type: "<OP>: input type T is not supported (INT8,
// INT16, FLOAT32)", "<OP>: output type T differs from input type U". (Also for POOL_2D.)
TfLiteStatus CheckUnaryTypes(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                             const TfLiteTensor* output);

// For ops TFLM implements for FLOAT32 and INT8 only (HARD_SWISH, ELU): "<OP>: input type T is not supported
// (FLOAT32, INT8)" unless the input is one of them. Call before CheckUnaryTensors.
TfLiteStatus CheckFloat32OrInt8Input(TfLiteContext* context, const char* op_name, const TfLiteTensor* input);

// CheckFloat32OrInt8Input, then CheckUnaryTensors (the start of HARD_SWISH, ELU, L2_NORMALIZATION and
// LOG_SOFTMAX's checks; same messages, in that order).
TfLiteStatus CheckFloat32OrInt8Tensors(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                       const TfLiteTensor* output, int* size);

// The checks every one of these ops starts with: input type INT8, INT16 or FLOAT32, output of the same type and
// shape, element count within int (stored in *size). Messages: "<OP>: input type T is not supported (INT8,
// INT16, FLOAT32)", "<OP>: output type T differs from input type U", "<OP>: output shape differs from the input
// shape", "<OP>: N elements is too many".
TfLiteStatus CheckUnaryTensors(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                               const TfLiteTensor* output, int* size);

// Quantized input and output: "<OP>: T input and output must be quantized (scale finite and > 0)" unless both
// scales are.
TfLiteStatus CheckQuantizedScales(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                  const TfLiteTensor* output);

// "<OP>: INT16 zero points must be 0 (got input I, output O)" unless both are (call for INT16 tensors).
TfLiteStatus CheckInt16ZeroPoints(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                  const TfLiteTensor* output);

// Input of type `type` (the only one the op supports), output of the same type and shape, element count within
// int (in *size). Messages: "<OP>: input type T is not supported (FLOAT32)" (the supported type), "<OP>: output
// type T differs from input type U", "<OP>: output shape differs from the input shape", "<OP>: N elements is too
// many".
TfLiteStatus CheckUnaryTensorsOfType(TfLiteContext* context, const char* op_name, TfLiteType type,
                                     const TfLiteTensor* input, const TfLiteTensor* output, int* size);

// The ops of one type and no parameters (FLOOR, SIN, LOGICAL_NOT...): no init and no op data (as TFLM's, they
// take no arena per node). Prepare is PrepareUnaryOp with CheckUnaryTensorsOfType and reports `variant`; eval
// calls `compute(size, input, output)` on input 0 and output 0 as T (the C type of the prepared `type`), size
// the output's element count (prepare checked it equals the input's and fits in int).
TfLiteStatus PrepareSingleTypeUnaryOp(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                                      TfLiteType type, const char* variant);
template <typename T, typename Compute>
TfLiteStatus EvalSingleTypeUnaryOp(TfLiteContext* context, TfLiteNode* node, const Compute& compute) {
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  compute(static_cast<int>(ElementCount(*output->dims)), micro::GetTensorData<T>(micro::GetEvalInput(context, node, 0)),
          micro::GetTensorData<T>(output));
  return kTfLiteOk;
}

// Invoke: input 0 and output 0, `int8(in, out)`, `int16(in, out)` or `float32(in, out)` on their data by the
// input's type (prepare accepted only these three).
template <typename Int8Fn, typename Int16Fn, typename FloatFn>
TfLiteStatus EvalUnaryOp(TfLiteContext* context, TfLiteNode* node, const Int8Fn& int8, const Int16Fn& int16,
                         const FloatFn& float32) {
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  switch (input->type) {
    case kTfLiteInt8:
      int8(micro::GetTensorData<int8_t>(input), micro::GetTensorData<int8_t>(output));
      break;
    case kTfLiteInt16:
      int16(micro::GetTensorData<int16_t>(input), micro::GetTensorData<int16_t>(output));
      break;
    default:
      float32(micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
      break;
  }
  return kTfLiteOk;
}

// EvalUnaryOp for the ops whose prepare accepts only INT8 and FLOAT32 (CheckFloat32OrInt8Input).
template <typename Int8Fn, typename FloatFn>
TfLiteStatus EvalFloat32OrInt8UnaryOp(TfLiteContext* context, TfLiteNode* node, const Int8Fn& int8,
                                      const FloatFn& float32) {
  return EvalUnaryOp(context, node, int8, [](const int16_t*, int16_t*) {}, float32);
}

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_UNARY_OP_H_
