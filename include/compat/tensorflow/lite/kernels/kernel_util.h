// TFLite's kernels/kernel_util.h, as TFLM compiles it (TF_LITE_STATIC_MEMORY: no dynamic tensors, no
// CalculateShapeForBroadcast). Tensor getters return prepare-time temp tensors (context->GetTensor), valid
// until the end of the node's prepare; nullptr for an absent optional input or an index out of range.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_KERNEL_UTIL_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_KERNEL_UTIL_H_

#include <cstdint>
#include <limits>

#include "mote/tflite_names.h"
#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"

namespace tflite {

const TfLiteTensor* GetInput(const TfLiteContext* context, const TfLiteNode* node, int index);
TfLiteStatus GetInputSafe(const TfLiteContext* context, const TfLiteNode* node, int index,
                          const TfLiteTensor** tensor);
// The input when it is a variable tensor, else nullptr.
TfLiteTensor* GetVariableInput(TfLiteContext* context, const TfLiteNode* node, int index);
TfLiteTensor* GetOutput(TfLiteContext* context, const TfLiteNode* node, int index);
TfLiteStatus GetOutputSafe(const TfLiteContext* context, const TfLiteNode* node, int index,
                           TfLiteTensor** tensor);
inline const TfLiteTensor* GetOptionalInputTensor(const TfLiteContext* context, const TfLiteNode* node,
                                                  int index) {
  return GetInput(context, node, index);
}
TfLiteTensor* GetIntermediates(TfLiteContext* context, const TfLiteNode* node, int index);
TfLiteStatus GetIntermediatesSafe(const TfLiteContext* context, const TfLiteNode* node, int index,
                                  TfLiteTensor** tensor);

using ::mote::IsVariableTensor;
using ::mote::NumIntermediates;
inline bool IsConstantOrPersistentTensor(const TfLiteTensor* tensor) {
  return IsConstantTensor(tensor) || tensor->allocation_type == kTfLitePersistentRo;
}
inline bool IsDynamicTensor(const TfLiteTensor* tensor) { return tensor->allocation_type == kTfLiteDynamic; }
// A float op on integer weights (TFLite's hybrid kernels).
inline bool IsHybridOp(const TfLiteTensor* input, const TfLiteTensor* weight) {
  return (weight->type == kTfLiteUInt8 || weight->type == kTfLiteInt8) && input->type == kTfLiteFloat32;
}
// True when the model's shape signature has an unknown (-1) dimension.
bool HasUnspecifiedDimension(const TfLiteTensor* tensor);
inline bool IsMobilePlatform() { return false; }

// Element counts: the product of the dimensions (1 for a scalar), TFLite's overloads.
inline int64_t NumElements(const int* dims, int num_dims) {
  int64_t count = 1;
  for (int i = 0; i < num_dims; ++i) count *= dims[i];
  return count;
}
inline int64_t NumElements(const TfLiteIntArray* dims) { return NumElements(dims->data, dims->size); }
inline int64_t NumElements(const TfLiteTensor* t) { return NumElements(t->dims); }

// Clamp range of a fused activation in T (float, int32_t, int64_t...): TFLite's template.
template <typename T>
void CalculateActivationRange(TfLiteFusedActivation activation, T* activation_min, T* activation_max) {
  if (activation == kTfLiteActRelu) {
    *activation_min = 0;
    *activation_max = std::numeric_limits<T>::max();
  } else if (activation == kTfLiteActRelu6) {
    *activation_min = 0;
    *activation_max = 6;
  } else if (activation == kTfLiteActReluN1To1) {
    *activation_min = -1;
    *activation_max = 1;
  } else {
    *activation_min = std::numeric_limits<T>::lowest();
    *activation_max = std::numeric_limits<T>::max();
  }
}

// input_scale * filter_scale / output_scale; with a bias, its scale must be within 2% (of the output scale) of
// input_scale * filter_scale.
TfLiteStatus GetQuantizedConvolutionMultipler(TfLiteContext* context, const TfLiteTensor* input,
                                              const TfLiteTensor* filter, const TfLiteTensor* bias,
                                              TfLiteTensor* output, double* multiplier);
TfLiteStatus GetQuantizedConvolutionMultipler(TfLiteContext* context, const TfLiteTensor* input,
                                              const TfLiteTensor* filter, TfLiteTensor* output,
                                              double* multiplier);

// Per-channel (or per-tensor, repeated) output multipliers and shifts of a convolution, the uint8 per-tensor
// multiplier (*shift as a right shift), and the quantized activation range. The arrays hold num_channels
// entries; a per-channel filter must have exactly num_channels scales along a valid quantized dimension.
TfLiteStatus PopulateConvolutionQuantizationParams(TfLiteContext* context, const TfLiteTensor* input,
                                                   const TfLiteTensor* filter, const TfLiteTensor* bias,
                                                   TfLiteTensor* output, const TfLiteFusedActivation& activation,
                                                   int32_t* multiplier, int* shift, int32_t* output_activation_min,
                                                   int32_t* output_activation_max, int32_t* per_channel_multiplier,
                                                   int32_t* per_channel_shift, int num_channels);
// As above with num_channels = the filter's number of scales.
TfLiteStatus PopulateConvolutionQuantizationParams(TfLiteContext* context, const TfLiteTensor* input,
                                                   const TfLiteTensor* filter, const TfLiteTensor* bias,
                                                   TfLiteTensor* output, const TfLiteFusedActivation& activation,
                                                   int32_t* multiplier, int* shift, int32_t* output_activation_min,
                                                   int32_t* output_activation_max, int32_t* per_channel_multiplier,
                                                   int32_t* per_channel_shift);

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_KERNEL_UTIL_H_
