// "ReluQuantized": the int8 ReLU custom op of the requirement article on TFLM's op architecture (seed 002,
// section 4.4), written the TFLM way (TFLM include paths and tflite:: names) so it builds unchanged for TFLM
// and for mote:
//
//   static tflite::MicroMutableOpResolver<1> resolver;
//   resolver.AddCustom("ReluQuantized", relu_quantized::Register_RELU_QUANTIZED());
//
// Contract: one int8 input, one int8 output of the same shape, sharing scale and zero point (the article's
// case: then ReLU needs no requantization and is max(q, zero_point), bit-identical to the builtin RELU).
// Tensors whose quantization differs are refused in prepare with a message (use the builtin RELU there).
// The article's Eval compares with 0, which is ReLU only when the zero point is 0; this compares with the
// zero point. TFLM has no ResizeTensor: shapes are checked, not changed. No heap: the op data comes from the
// arena.
#ifndef RELU_QUANTIZED_H_
#define RELU_QUANTIZED_H_

#include <cstdint>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/kernel_util.h"
#include "tensorflow/lite/micro/kernels/kernel_util.h"
#include "tensorflow/lite/micro/micro_context.h"
#include "tensorflow/lite/micro/micro_log.h"

namespace relu_quantized {

struct OpData {
  int8_t zero_point;
};

inline void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  (void)buffer;
  (void)length;
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

inline TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_EQ(context, tflite::NumInputs(node), 1);
  TF_LITE_ENSURE_EQ(context, tflite::NumOutputs(node), 1);
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE(context, data != nullptr);
  tflite::MicroContext* micro_context = tflite::GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, 0);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, 0);
  TF_LITE_ENSURE(context, input != nullptr && output != nullptr);
  TfLiteStatus status = kTfLiteOk;
  if (input->type != kTfLiteInt8 || output->type != kTfLiteInt8) {
    MicroPrintf("ReluQuantized: input and output must be int8 (got %s and %s).", TfLiteTypeGetName(input->type),
                TfLiteTypeGetName(output->type));
    status = kTfLiteError;
  } else if (!tflite::HaveSameShapes(input, output)) {
    MicroPrintf("ReluQuantized: input and output must have the same shape.");
    status = kTfLiteError;
  } else if (input->params.scale != output->params.scale || input->params.zero_point != output->params.zero_point) {
    MicroPrintf("ReluQuantized: input and output must share scale and zero point (input %g/%d, output %g/%d); "
                "use the builtin RELU, which requantizes.",
                static_cast<double>(input->params.scale), static_cast<int>(input->params.zero_point),
                static_cast<double>(output->params.scale), static_cast<int>(output->params.zero_point));
    status = kTfLiteError;
  } else {
    data->zero_point = static_cast<int8_t>(input->params.zero_point);
  }
  micro_context->DeallocateTempTfLiteTensor(input);
  micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

inline TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = tflite::micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = tflite::micro::GetEvalOutput(context, node, 0);
  const int8_t* in = tflite::micro::GetTensorData<int8_t>(input);
  int8_t* out = tflite::micro::GetTensorData<int8_t>(output);
  const int n = tflite::micro::GetTensorShape(input).FlatSize();
  const int8_t zero = data->zero_point;  // the quantized value of 0.0
  for (int i = 0; i < n; ++i) out[i] = in[i] > zero ? in[i] : zero;
  return kTfLiteOk;
}

// TFLM's factory shape: a pointer to one registration, for AddCustom.
inline TFLMRegistration* Register_RELU_QUANTIZED() {
  static TFLMRegistration registration = tflite::micro::RegisterOp(Init, Prepare, Eval);
  return &registration;
}

}  // namespace relu_quantized

#endif  // RELU_QUANTIZED_H_
