// TFLM's kernel-test helpers (include/compat/tensorflow/lite/micro/test_helpers.h). Views of caller storage
// only; nothing is allocated.
#include "tensorflow/lite/micro/test_helpers.h"

#include <cstdarg>

#include "tensorflow/lite/micro/micro_log.h"

namespace tflite {
namespace testing {
namespace {

template <typename T>
TfLiteTensor QuantizedBias(const float* data, T* quantized, TfLiteIntArray* dims, float input_scale,
                           float weights_scale, bool is_variable) {
  const float bias_scale = input_scale * weights_scale;
  SymmetricQuantize(data, quantized, ElementCount(*dims), bias_scale);
  return CreateQuantizedTensor(quantized, dims, bias_scale, 0, is_variable);
}

// scales / zero_points: {count, v0, v1...} arrays the affine quantization views.
template <typename T>
TfLiteTensor WithPerChannelQuantization(T* quantized, TfLiteIntArray* dims, float* scales, int* zero_points,
                                        TfLiteAffineQuantization* affine_quant, int quantized_dimension,
                                        bool is_variable) {
  affine_quant->scale = FloatArrayFromFloats(scales);
  affine_quant->zero_point = IntArrayFromInts(zero_points);
  affine_quant->quantized_dimension = quantized_dimension;
  TfLiteTensor result = CreateTensor(quantized, dims, is_variable);
  result.quantization = {kTfLiteAffineQuantization, affine_quant};
  return result;
}

template <typename T>
TfLiteTensor PerChannelBias(const float* input, T* quantized, TfLiteIntArray* dims, float input_scale,
                            float* weight_scales, float* scales, int* zero_points,
                            TfLiteAffineQuantization* affine_quant, int quantized_dimension, bool is_variable) {
  const int num_channels = dims->data[quantized_dimension];
  scales[0] = static_cast<float>(num_channels);
  zero_points[0] = num_channels;
  for (int i = 0; i < num_channels; i++) {
    scales[i + 1] = input_scale * weight_scales[i];
    zero_points[i + 1] = 0;
  }
  SymmetricPerChannelQuantize<T>(input, quantized, ElementCount(*dims), num_channels, &scales[1]);
  return WithPerChannelQuantization(quantized, dims, scales, zero_points, affine_quant, quantized_dimension,
                                    is_variable);
}

}  // namespace

TfLiteIntArray* IntArrayFromInts(int* int_array) { return reinterpret_cast<TfLiteIntArray*>(int_array); }

TfLiteFloatArray* FloatArrayFromFloats(const float* floats) {
  static_assert(sizeof(float) == sizeof(int), "the size is stored in place of element 0");
  auto* result = reinterpret_cast<TfLiteFloatArray*>(const_cast<float*>(floats));
  result->size = static_cast<int>(floats[0]);
  return result;
}

TfLiteTensor CreateQuantizedBiasTensor(const float* data, int16_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable) {
  return QuantizedBias(data, quantized, dims, input_scale, weights_scale, is_variable);
}
TfLiteTensor CreateQuantizedBiasTensor(const float* data, int32_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable) {
  return QuantizedBias(data, quantized, dims, input_scale, weights_scale, is_variable);
}
TfLiteTensor CreateQuantizedBiasTensor(const float* data, int64_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable) {
  return QuantizedBias(data, quantized, dims, input_scale, weights_scale, is_variable);
}

TfLiteTensor CreatePerChannelQuantizedBiasTensor(const float* input, int32_t* quantized, TfLiteIntArray* dims,
                                                 float input_scale, float* weight_scales, float* scales,
                                                 int* zero_points, TfLiteAffineQuantization* affine_quant,
                                                 int quantized_dimension, bool is_variable) {
  return PerChannelBias(input, quantized, dims, input_scale, weight_scales, scales, zero_points, affine_quant,
                        quantized_dimension, is_variable);
}
TfLiteTensor CreatePerChannelQuantizedBiasTensor(const float* input, int64_t* quantized, TfLiteIntArray* dims,
                                                 float input_scale, float* weight_scales, float* scales,
                                                 int* zero_points, TfLiteAffineQuantization* affine_quant,
                                                 int quantized_dimension, bool is_variable) {
  return PerChannelBias(input, quantized, dims, input_scale, weight_scales, scales, zero_points, affine_quant,
                        quantized_dimension, is_variable);
}

TfLiteTensor CreateSymmetricPerChannelQuantizedTensor(const float* input, int8_t* quantized, TfLiteIntArray* dims,
                                                      float* scales, int* zero_points,
                                                      TfLiteAffineQuantization* affine_quant, int quantized_dimension,
                                                      bool is_variable, TfLiteType tensor_weight_type) {
  const int channel_count = dims->data[quantized_dimension];
  scales[0] = static_cast<float>(channel_count);
  zero_points[0] = channel_count;
  SignedSymmetricPerChannelQuantize(input, dims, quantized_dimension, quantized, &scales[1], tensor_weight_type);
  for (int i = 0; i < channel_count; i++) zero_points[i + 1] = 0;
  return WithPerChannelQuantization(quantized, dims, scales, zero_points, affine_quant, quantized_dimension,
                                    is_variable);
}

size_t GetModelTensorCount(const Model* model) {
  if (model->subgraphs() == nullptr || model->subgraphs()->size() == 0) return 0;
  const auto* tensors = model->subgraphs()->Get(0)->tensors();
  return tensors == nullptr ? 0 : tensors->size();
}

int TestStrcmp(const char* a, const char* b) {
  if (a == nullptr || b == nullptr) return -1;
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return static_cast<unsigned char>(*a) - static_cast<unsigned char>(*b);
}

void ReportOpError(struct TfLiteContext*, const char* format, ...) {
  va_list args;
  va_start(args, format);
  VMicroPrintf(format, args);
  va_end(args);
}

}  // namespace testing
}  // namespace tflite
