// TFLM's prepare-time helpers for kernels written against its per-op headers (micro/kernels/conv.h,
// depthwise_conv.h, fully_connected.h): OpData from a node's tensors, and the reference kernels' params from
// OpData. Written over mote's quantization helpers (kernel_util.h's PopulateConvolutionQuantizationParams).
#include <cstdint>

#include "tensorflow/lite/kernels/internal/quantization_util.h"
#include "tensorflow/lite/kernels/kernel_util.h"
#include "tensorflow/lite/kernels/padding.h"
#include "tensorflow/lite/micro/kernels/conv.h"
#include "tensorflow/lite/micro/kernels/depthwise_conv.h"
#include "tensorflow/lite/micro/kernels/fully_connected.h"
#include "tensorflow/lite/micro/micro_context.h"
#include "tensorflow/lite/micro/micro_log.h"

namespace tflite {
namespace {

// The geometry and the quantization of a windowed node (conv or depthwise): filter channels along
// quantized_dimension.
TfLiteStatus CalculateWindowedOpData(TfLiteContext* context, TfLiteNode* node, TfLitePadding padding,
                                     TfLiteFusedActivation activation, int stride_width, int stride_height,
                                     int dilation_width, int dilation_height, int width, int height,
                                     int filter_width, int filter_height, int out_width, int out_height,
                                     TfLiteType data_type, int quantized_dimension, micro::OpDataConv* data) {
  if (node->inputs == nullptr || node->outputs == nullptr || (node->inputs->size != 2 && node->inputs->size != 3) ||
      node->outputs->size != 1) {
    MicroPrintf("CalculateOpDataConv: a convolution takes input, filter, optional bias and one output");
    return kTfLiteError;
  }
  data->padding = ComputePaddingHeightWidth(stride_height, stride_width, dilation_height, dilation_width, height,
                                            width, filter_height, filter_width, padding, &out_height, &out_width);
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, micro::kConvInputTensor);
  TfLiteTensor* filter = micro_context->AllocateTempInputTensor(node, micro::kConvWeightsTensor);
  TfLiteTensor* bias = node->inputs->size == 3 ? micro_context->AllocateTempInputTensor(node, micro::kConvBiasTensor)
                                               : nullptr;
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, micro::kConvOutputTensor);
  TfLiteStatus status = kTfLiteOk;
  if (input == nullptr || filter == nullptr || output == nullptr || filter->dims == nullptr ||
      quantized_dimension >= filter->dims->size) {
    MicroPrintf("CalculateOpDataConv: missing input, filter or output tensor");
    status = kTfLiteError;
  } else if (data_type != kTfLiteFloat32) {
    const int output_channels = filter->dims->data[quantized_dimension];
    status = PopulateConvolutionQuantizationParams(
        context, input, filter, bias, output, activation, &data->output_multiplier, &data->output_shift,
        &data->output_activation_min, &data->output_activation_max, data->per_channel_output_multiplier,
        data->per_channel_output_shift, output_channels);
  }
  if (status == kTfLiteOk) {
    data->input_zero_point = input->params.zero_point;
    data->filter_zero_point = filter->params.zero_point;
    data->output_zero_point = output->params.zero_point;
  }
  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (filter != nullptr) micro_context->DeallocateTempTfLiteTensor(filter);
  if (bias != nullptr) micro_context->DeallocateTempTfLiteTensor(bias);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

// The reference kernels' params of a windowed node (ConvParams, DepthwiseParams: the same geometry and
// requantization fields) from its builtin options and OpDataConv.
template <typename Params, typename Options>
Params WindowParamsFloat(const Options& params, const micro::OpDataConv& data) {
  Params op_params = {};
  CalculateActivationRange(params.activation, &op_params.float_activation_min, &op_params.float_activation_max);
  op_params.padding_type = RuntimePaddingType(params.padding);
  op_params.padding_values.width = data.padding.width;
  op_params.padding_values.height = data.padding.height;
  op_params.stride_width = static_cast<int16_t>(params.stride_width);
  op_params.stride_height = static_cast<int16_t>(params.stride_height);
  op_params.dilation_width_factor = static_cast<int16_t>(params.dilation_width_factor);
  op_params.dilation_height_factor = static_cast<int16_t>(params.dilation_height_factor);
  return op_params;
}

template <typename Params, typename Options>
Params WindowParamsQuantized(const Options& params, const micro::OpDataConv& data) {
  Params op_params = WindowParamsFloat<Params>(params, data);
  op_params.input_offset = -data.input_zero_point;
  op_params.weights_offset = -data.filter_zero_point;
  op_params.output_offset = data.output_zero_point;
  op_params.output_multiplier = data.output_multiplier;
  // OpDataConv keeps the per-tensor shift as a right shift; the reference kernels take a left shift.
  op_params.output_shift = -data.output_shift;
  op_params.quantized_activation_min = data.output_activation_min;
  op_params.quantized_activation_max = data.output_activation_max;
  return op_params;
}

}  // namespace

namespace micro {

ConvParams ConvParamsFloat(const TfLiteConvParams& params, const OpDataConv& data) {
  return WindowParamsFloat<ConvParams>(params, data);
}

ConvParams ConvParamsQuantized(const TfLiteConvParams& params, const OpDataConv& data) {
  return WindowParamsQuantized<ConvParams>(params, data);
}

TfLiteStatus CalculateOpDataConv(TfLiteContext* context, TfLiteNode* node, const TfLiteConvParams& params,
                                 int width, int height, int filter_width, int filter_height, int out_width,
                                 int out_height, const TfLiteType data_type, OpDataConv* data) {
  return CalculateWindowedOpData(context, node, params.padding, params.activation, params.stride_width,
                                 params.stride_height, params.dilation_width_factor, params.dilation_height_factor,
                                 width, height, filter_width, filter_height, out_width, out_height, data_type,
                                 kConvQuantizedDimension, data);
}

}  // namespace micro

DepthwiseParams DepthwiseConvParamsFloat(const TfLiteDepthwiseConvParams& params, const OpDataConv& data) {
  DepthwiseParams op_params = WindowParamsFloat<DepthwiseParams>(params, data);
  op_params.depth_multiplier = static_cast<int16_t>(params.depth_multiplier);
  return op_params;
}

DepthwiseParams DepthwiseConvParamsQuantized(const TfLiteDepthwiseConvParams& params, const OpDataConv& data) {
  DepthwiseParams op_params = WindowParamsQuantized<DepthwiseParams>(params, data);
  op_params.depth_multiplier = static_cast<int16_t>(params.depth_multiplier);
  return op_params;
}

TfLiteStatus CalculateOpDataDepthwiseConv(TfLiteContext* context, TfLiteNode* node,
                                          const TfLiteDepthwiseConvParams& params, int width, int height,
                                          int filter_width, int filter_height, int out_width, int out_height,
                                          const TfLiteType data_type, OpDataConv* data) {
  return CalculateWindowedOpData(context, node, params.padding, params.activation, params.stride_width,
                                 params.stride_height, params.dilation_width_factor, params.dilation_height_factor,
                                 width, height, filter_width, filter_height, out_width, out_height, data_type,
                                 kDepthwiseConvQuantizedDimension, data);
}

FullyConnectedParams FullyConnectedParamsFloat(TfLiteFusedActivation activation) {
  FullyConnectedParams op_params = {};
  CalculateActivationRange(activation, &op_params.float_activation_min, &op_params.float_activation_max);
  return op_params;
}

FullyConnectedParams FullyConnectedParamsQuantized(const OpDataFullyConnected& op_data) {
  FullyConnectedParams op_params = {};
  op_params.input_offset = -op_data.input_zero_point;
  op_params.weights_offset = -op_data.filter_zero_point;
  op_params.output_offset = op_data.output_zero_point;
  op_params.output_multiplier = op_data.output_multiplier;
  op_params.output_shift = op_data.output_shift;
  op_params.quantized_activation_min = op_data.output_activation_min;
  op_params.quantized_activation_max = op_data.output_activation_max;
  return op_params;
}

TfLiteStatus CalculateOpDataFullyConnected(TfLiteContext* context, TfLiteFusedActivation activation,
                                           TfLiteType data_type, const TfLiteTensor* input,
                                           const TfLiteTensor* filter, const TfLiteTensor* bias,
                                           TfLiteTensor* output, OpDataFullyConnected* data) {
  if (data_type == kTfLiteFloat32) return kTfLiteOk;
  if (input == nullptr || filter == nullptr || output == nullptr) {
    MicroPrintf("CalculateOpDataFullyConnected: missing input, filter or output tensor");
    return kTfLiteError;
  }
  double real_multiplier = 0.0;
  TF_LITE_ENSURE_STATUS(GetQuantizedConvolutionMultipler(context, input, filter, bias, output, &real_multiplier));
  QuantizeMultiplier(real_multiplier, &data->output_multiplier, &data->output_shift);
  const auto* filter_quantization = static_cast<const TfLiteAffineQuantization*>(filter->quantization.params);
  data->is_per_channel = filter_quantization != nullptr && filter_quantization->scale != nullptr &&
                         filter_quantization->scale->size > 1;
  if (data->is_per_channel) {
    if (data->per_channel_output_multiplier == nullptr || data->per_channel_output_shift == nullptr) {
      MicroPrintf("CalculateOpDataFullyConnected: a per-channel filter needs the per-channel arrays");
      return kTfLiteError;
    }
    for (int c = 0; c < filter_quantization->scale->size; ++c) {
      const double channel_multiplier = static_cast<double>(input->params.scale) *
                                        static_cast<double>(filter_quantization->scale->data[c]) /
                                        static_cast<double>(output->params.scale);
      int shift = 0;  // QuantizeMultiplier takes an int; the per-channel array is int32_t (long on arm-none-eabi)
      QuantizeMultiplier(channel_multiplier, &data->per_channel_output_multiplier[c], &shift);
      data->per_channel_output_shift[c] = shift;
    }
  }
  data->input_zero_point = input->params.zero_point;
  data->filter_zero_point = filter->params.zero_point;
  data->output_zero_point = output->params.zero_point;
  return CalculateActivationRangeQuantized(context, activation, output, &data->output_activation_min,
                                           &data->output_activation_max);
}

}  // namespace tflite
