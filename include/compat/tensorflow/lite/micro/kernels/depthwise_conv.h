// TFLM's micro/kernels/depthwise_conv.h: DEPTHWISE_CONV_2D's registrations and TFLM's helpers over the shared
// OpDataConv (conv.h). Register_DEPTHWISE_CONV_2D_INT8/INT16() are mote's type-specialised registrations, INT4
// the generic one, as TFLM's reference build has it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DEPTHWISE_CONV_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DEPTHWISE_CONV_H_

#include "tensorflow/lite/micro/kernels/conv.h"

namespace tflite {

// Depthwise filters are quantized per output channel, their last dimension.
inline constexpr int kDepthwiseConvQuantizedDimension = 3;

// DepthwiseParams for the float reference kernel.
DepthwiseParams DepthwiseConvParamsFloat(const TfLiteDepthwiseConvParams& params, const OpDataConv& data);
// DepthwiseParams for the quantized reference kernels (offsets, per-tensor multiplier, activation range).
DepthwiseParams DepthwiseConvParamsQuantized(const TfLiteDepthwiseConvParams& params, const OpDataConv& data);

// CalculateOpDataConv for a depthwise node: the same geometry and quantization, filter channels along
// kDepthwiseConvQuantizedDimension. Prepare only.
TfLiteStatus CalculateOpDataDepthwiseConv(TfLiteContext* context, TfLiteNode* node,
                                          const TfLiteDepthwiseConvParams& params, int width, int height,
                                          int filter_width, int filter_height, int out_width, int out_height,
                                          const TfLiteType data_type, OpDataConv* data);

inline TFLMRegistration Register_DEPTHWISE_CONV_2D_INT4() { return Register_DEPTHWISE_CONV_2D(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DEPTHWISE_CONV_H_
