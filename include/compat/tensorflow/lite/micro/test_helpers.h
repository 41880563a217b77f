// TFLM's micro/test_helpers.h: what TFLM kernel tests build their tensors with. Arrays are views of the
// caller's storage (nothing is allocated): IntArrayFromInts reads {size, d0, d1, ...}, FloatArrayFromFloats
// reads {size, v0, v1, ...} and, as TFLM's, overwrites element 0 with the int size in place (pass a writable
// array). The per-channel helpers likewise fill scales[0] / zero_points[0] with the channel count and the
// values from index 1.
//
// The model-building helpers of TFLM's file (GetSimpleMockModel...) and its test ops are not provided; mote's
// own tests build models with tests/support/model_builder.h.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TEST_HELPERS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TEST_HELPERS_H_

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <type_traits>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/kernels/internal/tensor_ctypes.h"
#include "tensorflow/lite/micro/all_ops_resolver.h"
#include "tensorflow/lite/micro/micro_utils.h"
#include "tensorflow/lite/portable_type_to_tflitetype.h"
#include "tensorflow/lite/schema/schema_generated.h"
#include "mote/kernel_util.h"

namespace tflite {
namespace testing {

TfLiteIntArray* IntArrayFromInts(int* int_array);
inline TfLiteIntArray* IntArrayFromInts(const int* int_array) { return IntArrayFromInts(const_cast<int*>(int_array)); }
TfLiteFloatArray* FloatArrayFromFloats(const float* floats);

// Packs `buffer_size` 4-bit values held one per byte (int8 in [-8, 7]) two per byte in place, element 2i in the
// low nibble of byte i (TFLM's INT4 layout).
inline void PackInt4ValuesDenselyInPlace(uint8_t* src_buffer, int buffer_size) {
  // In place: byte i / 2 is written only after elements up to i have been read.
  for (int i = 0; i < buffer_size; ++i) {
    const uint8_t nibble = src_buffer[i] & 0x0F;
    src_buffer[i / 2] = i % 2 == 0 ? nibble : static_cast<uint8_t>(src_buffer[i / 2] | (nibble << 4));
  }
}

namespace internal {
template <typename T>
constexpr size_t ElementBytes() {
  return std::is_void<T>::value ? 0 : sizeof(typename std::conditional<std::is_void<T>::value, char, T>::type);
}
}  // namespace internal

// `type` (TFLM's newer signature) overrides the element type of T, e.g. raw bytes (const void*) read as UINT8;
// kTfLiteInt4 packs the int8 values two per byte in place (PackInt4ValuesDenselyInPlace), (count + 1) / 2 bytes.
template <typename T>
TfLiteTensor CreateTensor(const T* data, TfLiteIntArray* dims, const bool is_variable = false,
                          TfLiteType type = kTfLiteNoType) {
  TfLiteTensor result = {};
  result.dims = dims;
  result.params = {};
  result.quantization = {kTfLiteAffineQuantization, nullptr};
  result.is_variable = is_variable;
  result.allocation_type = kTfLiteMemNone;
  // Inputs are passed as const arrays, outputs as mutable ones; the tensor holds both kinds.
  result.data.data = const_cast<void*>(static_cast<const void*>(data));
  const int count = ElementCount(*dims);
  if (type == kTfLiteInt4) {
    PackInt4ValuesDenselyInPlace(static_cast<uint8_t*>(result.data.data), count);
    result.type = kTfLiteInt4;
    result.bytes = static_cast<size_t>(count + 1) / 2;
  } else if (type != kTfLiteNoType) {
    result.type = type;
    result.bytes = static_cast<size_t>(count) * ::mote::TfLiteTypeSizeOf(type);
  } else {
    result.type = typeToTfLiteType<T>();
    result.bytes = static_cast<size_t>(count) * internal::ElementBytes<T>();
  }
  return result;
}

template <typename T>
TfLiteTensor CreateQuantizedTensor(const T* data, TfLiteIntArray* dims, const float scale, const int zero_point = 0,
                                   const bool is_variable = false, TfLiteType type = kTfLiteNoType) {
  TfLiteTensor result = CreateTensor(data, dims, is_variable, type);
  result.params = {scale, zero_point};
  result.quantization = {kTfLiteAffineQuantization, nullptr};
  return result;
}

// Already quantized per channel: scales and zero_points are the caller's arrays (TfLiteFloatArray /
// TfLiteIntArray of one entry per channel along quantized_dimension), affine_quant the caller's storage.
template <typename T>
TfLiteTensor CreatePerChannelQuantizedTensor(const T* quantized, TfLiteIntArray* dims, TfLiteFloatArray* scales,
                                             TfLiteIntArray* zero_points, TfLiteAffineQuantization* affine_quant,
                                             int quantized_dimension, bool is_variable = false,
                                             TfLiteType type = kTfLiteNoType) {
  affine_quant->scale = scales;
  affine_quant->zero_point = zero_points;
  affine_quant->quantized_dimension = quantized_dimension;
  TfLiteTensor result = CreateTensor(quantized, dims, is_variable, type);
  result.quantization = {kTfLiteAffineQuantization, affine_quant};
  return result;
}

// Quantizes `input` into `quantized` (scale, zero_point) and makes a tensor of it. packed_type kTfLiteInt4 (for
// int8_t buffers, values in [-8, 7]) then packs the values two per byte into `quantized`, element 2i in the low
// nibble, and makes an INT4 tensor of (count + 1) / 2 bytes: TFLM's INT4 weights. It is a constant (read-only)
// tensor, as INT4 weights from a model are: mote's kernels refuse a non-constant INT4 filter.
template <typename T>
TfLiteTensor CreateQuantizedTensor(const float* input, T* quantized, TfLiteIntArray* dims, float scale,
                                   int zero_point, bool is_variable = false, TfLiteType packed_type = kTfLiteNoType) {
  const int count = ElementCount(*dims);
  Quantize(input, quantized, count, scale, zero_point);
  TfLiteTensor result = CreateQuantizedTensor(quantized, dims, scale, zero_point, is_variable);
  if (packed_type == kTfLiteInt4) {
    PackInt4ValuesDenselyInPlace(reinterpret_cast<uint8_t*>(quantized), count);
    result.type = kTfLiteInt4;
    result.bytes = static_cast<size_t>(count + 1) / 2;
    result.allocation_type = kTfLiteMmapRo;
  }
  return result;
}

// Bias quantized symmetrically with scale input_scale * weights_scale, zero point 0.
TfLiteTensor CreateQuantizedBiasTensor(const float* data, int16_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable = false);
TfLiteTensor CreateQuantizedBiasTensor(const float* data, int32_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable = false);
TfLiteTensor CreateQuantizedBiasTensor(const float* data, int64_t* quantized, TfLiteIntArray* dims, float input_scale,
                                       float weights_scale, bool is_variable = false);

// Bias quantized per channel with scale input_scale * weight_scales[c]; scales and zero_points hold
// 1 + channels entries (filled here), affine_quant is the caller's.
TfLiteTensor CreatePerChannelQuantizedBiasTensor(const float* input, int32_t* quantized, TfLiteIntArray* dims,
                                                 float input_scale, float* weight_scales, float* scales,
                                                 int* zero_points, TfLiteAffineQuantization* affine_quant,
                                                 int quantized_dimension, bool is_variable = false);
TfLiteTensor CreatePerChannelQuantizedBiasTensor(const float* input, int64_t* quantized, TfLiteIntArray* dims,
                                                 float input_scale, float* weight_scales, float* scales,
                                                 int* zero_points, TfLiteAffineQuantization* affine_quant,
                                                 int quantized_dimension, bool is_variable = false);

// Weights quantized symmetrically per channel along quantized_dimension (int8, or the int4 range for
// tensor_weight_type kTfLiteInt4), each channel's scale chosen from its largest magnitude.
TfLiteTensor CreateSymmetricPerChannelQuantizedTensor(const float* input, int8_t* quantized, TfLiteIntArray* dims,
                                                      float* scales, int* zero_points,
                                                      TfLiteAffineQuantization* affine_quant, int quantized_dimension,
                                                      bool is_variable = false,
                                                      TfLiteType tensor_weight_type = kTfLiteNoType);

// Number of tensors of the first subgraph.
size_t GetModelTensorCount(const Model* model);

// strcmp without the C library.
int TestStrcmp(const char* a, const char* b);

// A TfLiteContext error reporter that logs through MicroPrintf.
void ReportOpError(struct TfLiteContext* context, const char* format, ...);

template <typename T>
inline float ScaleFromMinMax(const float min, const float max) {
  return (max - min) / static_cast<float>((std::numeric_limits<T>::max() * 1.0) - std::numeric_limits<T>::min());
}

// Symmetric (zero point 0) scale covering [min, max]: the larger magnitude over the signed type's largest
// value; 1 when both bounds are 0.
template <typename T>
inline float SymmetricScaleFromMinMax(const float min, const float max) {
  const float magnitude_min = min < 0 ? -min : min;
  const float magnitude_max = max < 0 ? -max : max;
  const float range = magnitude_min > magnitude_max ? magnitude_min : magnitude_max;
  const int32_t largest = std::numeric_limits<typename std::make_signed<T>::type>::max();
  return range == 0 ? 1.0f : range / largest;
}

template <typename T>
inline int ZeroPointFromMinMax(const float min, const float max) {
  return static_cast<int>(std::numeric_limits<T>::min()) + static_cast<int>(-min / ScaleFromMinMax<T>(min, max) + 0.5f);
}

}  // namespace testing
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TEST_HELPERS_H_
