// TFLM's micro/micro_utils.h: element counts and the float <-> quantized conversions kernel tests use.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_UTILS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_UTILS_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "mote/kernel_util.h"
#include "tensorflow/lite/c/common.h"

namespace tflite {

inline int ElementCount(const TfLiteIntArray& dims) { return static_cast<int>(::mote::ElementCount(dims)); }

// Bytes of an eval tensor's data (element count x element size).
size_t EvalTensorBytes(const TfLiteEvalTensor* tensor);

constexpr int Max(int a, int b) { return a >= b ? a : b; }

// round(value / scale) + zero_point, saturated to T.
template <typename T>
T FloatToQuantizedType(const float value, const float scale, int zero_point) {
  int32_t result = static_cast<int32_t>(std::round(value / scale)) + zero_point;
  result = std::max(static_cast<int32_t>(std::numeric_limits<T>::min()), result);
  result = std::min(static_cast<int32_t>(std::numeric_limits<T>::max()), result);
  return static_cast<T>(result);
}

// round(value / scale), saturated to [min + 1, max] of T (symmetric; 64-bit for int64 biases).
template <typename T>
T FloatToSymmetricQuantizedType(const float value, const float scale) {
  int64_t result = static_cast<int64_t>(std::round(value / scale));
  result = std::max(static_cast<int64_t>(std::numeric_limits<T>::min() + 1), result);
  result = std::min(static_cast<int64_t>(std::numeric_limits<T>::max()), result);
  return static_cast<T>(result);
}

template <typename T>
void Quantize(const float* input, T* output, int num_elements, float scale, int zero_point) {
  for (int i = 0; i < num_elements; i++) output[i] = FloatToQuantizedType<T>(input[i], scale, zero_point);
}

template <typename T>
void SymmetricQuantize(const float* input, T* output, int num_elements, float scale) {
  for (int i = 0; i < num_elements; i++) output[i] = FloatToSymmetricQuantizedType<T>(input[i], scale);
}

// Channel i's elements use scales[i]; quantized_dimension 0 = channels outermost, else innermost.
template <typename T>
void SymmetricPerChannelQuantize(const float* input, T* output, int num_elements, int num_channels, float* scales,
                                 size_t quantized_dimension = 0) {
  const int elements_per_channel = num_elements / num_channels;
  for (int c = 0; c < num_channels; c++) {
    for (int j = 0; j < elements_per_channel; j++) {
      const size_t offset = quantized_dimension == 0 ? static_cast<size_t>(c * elements_per_channel + j)
                                                     : static_cast<size_t>(c + num_channels * j);
      output[offset] = FloatToSymmetricQuantizedType<T>(input[offset], scales[c]);
    }
  }
}

// Per-channel symmetric int8 (or int4 range for kTfLiteInt4) quantization along quantized_dimension, each
// channel's scale = max |value| / qmax written to scaling_factor[channel].
void SignedSymmetricPerChannelQuantize(const float* values, TfLiteIntArray* dims, int quantized_dimension,
                                       int8_t* quantized_values, float* scaling_factor,
                                       TfLiteType type = kTfLiteNoType);

// Symmetric quantization with the smallest scale that holds every value.
template <typename T>
void SymmetricQuantizeCalculateScales(const float* values, TfLiteIntArray* dims, T* output, float* scale) {
  const int input_size = ElementCount(*dims);
  float min = 0;
  float max = 0;
  for (int i = 0; i < input_size; i++) {
    min = std::fmin(min, values[i]);
    max = std::fmax(max, values[i]);
  }
  *scale = std::fmax(std::abs(min), std::abs(max)) / std::numeric_limits<T>::max();
  for (int i = 0; i < input_size; i++) {
    int32_t q = static_cast<int32_t>(std::round(values[i] / *scale));
    q = std::min<int32_t>(std::numeric_limits<T>::max(), q);
    q = std::max<int32_t>(std::numeric_limits<T>::min() + 1, q);
    output[i] = static_cast<T>(q);
  }
}

template <typename T>
void Dequantize(const T* values, const int size, const float scale, int zero_point, float* dequantized_values) {
  for (int i = 0; i < size; ++i) dequantized_values[i] = (values[i] - zero_point) * scale;
}

inline int QMinFromTfLiteType(TfLiteType type) {
  return type == kTfLiteInt4 ? -8 : std::numeric_limits<int8_t>::min();
}
inline int QMaxFromTfLiteType(TfLiteType type) {
  return type == kTfLiteInt4 ? 7 : std::numeric_limits<int8_t>::max();
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_UTILS_H_
