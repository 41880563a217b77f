// The non-inline part of the TFLM kernel-author headers (include/compat/tensorflow/lite/kernels/kernel_util.h,
// micro/kernels/kernel_util.h, micro/micro_utils.h). Nothing here allocates from the heap; every index and
// quantization array coming from a node or a tensor is bounds-checked.
#include "tensorflow/lite/kernels/kernel_util.h"

#include <cmath>
#include <cstring>

#include "tensorflow/lite/kernels/internal/quantization_util.h"
#include "tensorflow/lite/micro/kernels/kernel_util.h"
#include "tensorflow/lite/micro/micro_utils.h"

namespace tflite {
namespace {

// Tensor index `index` of `indices`; -1 when out of range or absent.
int TensorIndexAt(const TfLiteIntArray* indices, int index) {
  if (indices == nullptr || index < 0 || index >= indices->size) return -1;
  return indices->data[index];
}

TfLiteTensor* TensorAt(const TfLiteContext* context, const TfLiteIntArray* indices, int index) {
  const int tensor_index = TensorIndexAt(indices, index);
  return tensor_index < 0 ? nullptr : context->GetTensor(context, tensor_index);
}

TfLiteStatus Found(const TfLiteContext* context, const void* tensor, const char* what, int index) {
  if (tensor != nullptr) return kTfLiteOk;
  TF_LITE_MAYBE_KERNEL_LOG(const_cast<TfLiteContext*>(context), "%s %d of the node is absent or out of range",
                           what, index);
  return kTfLiteError;
}

const TfLiteAffineQuantization* AffineParams(const TfLiteTensor* tensor) {
  if (tensor->quantization.type != kTfLiteAffineQuantization) return nullptr;
  return static_cast<const TfLiteAffineQuantization*>(tensor->quantization.params);
}

}  // namespace

const TfLiteTensor* GetInput(const TfLiteContext* context, const TfLiteNode* node, int index) {
  return TensorAt(context, node->inputs, index);
}

TfLiteStatus GetInputSafe(const TfLiteContext* context, const TfLiteNode* node, int index,
                          const TfLiteTensor** tensor) {
  *tensor = GetInput(context, node, index);
  return Found(context, *tensor, "input", index);
}

TfLiteTensor* GetVariableInput(TfLiteContext* context, const TfLiteNode* node, int index) {
  TfLiteTensor* tensor = TensorAt(context, node->inputs, index);
  return tensor != nullptr && tensor->is_variable ? tensor : nullptr;
}

TfLiteTensor* GetOutput(TfLiteContext* context, const TfLiteNode* node, int index) {
  return TensorAt(context, node->outputs, index);
}

TfLiteStatus GetOutputSafe(const TfLiteContext* context, const TfLiteNode* node, int index, TfLiteTensor** tensor) {
  *tensor = TensorAt(context, node->outputs, index);
  return Found(context, *tensor, "output", index);
}

TfLiteTensor* GetIntermediates(TfLiteContext* context, const TfLiteNode* node, int index) {
  return TensorAt(context, node->intermediates, index);
}

TfLiteStatus GetIntermediatesSafe(const TfLiteContext* context, const TfLiteNode* node, int index,
                                  TfLiteTensor** tensor) {
  *tensor = TensorAt(context, node->intermediates, index);
  return Found(context, *tensor, "intermediate", index);
}

bool HasUnspecifiedDimension(const TfLiteTensor* tensor) {
  if (tensor->dims_signature == nullptr) return false;
  for (int i = 0; i < tensor->dims_signature->size; ++i) {
    if (tensor->dims_signature->data[i] == -1) return true;
  }
  return false;
}

TfLiteStatus GetQuantizedConvolutionMultipler(TfLiteContext* context, const TfLiteTensor* input,
                                              const TfLiteTensor* filter, TfLiteTensor* output,
                                              double* multiplier) {
  // The product is formed in float, as TFLite does, so the multiplier is bit-identical.
  const double input_product_scale = static_cast<double>(input->params.scale * filter->params.scale);
  TF_LITE_ENSURE(context, input_product_scale >= 0);
  *multiplier = input_product_scale / static_cast<double>(output->params.scale);
  return kTfLiteOk;
}

TfLiteStatus GetQuantizedConvolutionMultipler(TfLiteContext* context, const TfLiteTensor* input,
                                              const TfLiteTensor* filter, const TfLiteTensor* bias,
                                              TfLiteTensor* output, double* multiplier) {
  const double input_product_scale = static_cast<double>(input->params.scale * filter->params.scale);
  if (bias != nullptr) {
    const double scale_diff = std::abs(input_product_scale - static_cast<double>(bias->params.scale));
    TF_LITE_ENSURE(context, scale_diff / static_cast<double>(output->params.scale) <= 0.02);
  }
  return GetQuantizedConvolutionMultipler(context, input, filter, output, multiplier);
}

TfLiteStatus PopulateConvolutionQuantizationParams(TfLiteContext* context, const TfLiteTensor* input,
                                                   const TfLiteTensor* filter, const TfLiteTensor* bias,
                                                   TfLiteTensor* output, const TfLiteFusedActivation& activation,
                                                   int32_t* multiplier, int* shift, int32_t* output_activation_min,
                                                   int32_t* output_activation_max, int32_t* per_channel_multiplier,
                                                   int32_t* per_channel_shift, int num_channels) {
  TF_LITE_ENSURE_EQ(context, input->quantization.type, kTfLiteAffineQuantization);
  TF_LITE_ENSURE_EQ(context, filter->quantization.type, kTfLiteAffineQuantization);
  const TfLiteAffineQuantization* affine = AffineParams(filter);
  TF_LITE_ENSURE(context, affine != nullptr);
  TF_LITE_ENSURE(context, affine->scale != nullptr);
  const bool is_per_channel = affine->scale->size > 1;
  if (is_per_channel) {
    TF_LITE_ENSURE(context, input->type == kTfLiteInt8 || input->type == kTfLiteInt16);
    TF_LITE_ENSURE(context, filter->type == kTfLiteInt8 || filter->type == kTfLiteInt4);
    TF_LITE_ENSURE_EQ(context, affine->scale->size, num_channels);
    TF_LITE_ENSURE(context, affine->quantized_dimension >= 0 && affine->quantized_dimension < filter->dims->size);
    TF_LITE_ENSURE_EQ(context, num_channels, filter->dims->data[affine->quantized_dimension]);
  } else {
    TF_LITE_ENSURE(context, affine->scale->size == 1);
  }
  const float input_scale = input->params.scale;
  const float output_scale = output->params.scale;
  for (int i = 0; i < num_channels; ++i) {
    const double filter_scale = static_cast<double>(affine->scale->data[is_per_channel ? i : 0]);
    const double effective_output_scale =
        static_cast<double>(input_scale) * filter_scale / static_cast<double>(output_scale);
    int channel_shift = 0;  // int32_t is long on arm-none-eabi: TFLM's array type is not QuantizeMultiplier's
    QuantizeMultiplier(effective_output_scale, &per_channel_multiplier[i], &channel_shift);
    per_channel_shift[i] = channel_shift;
  }
  if (input->type == kTfLiteUInt8) {
    double real_multiplier = 0.0;
    TF_LITE_ENSURE_STATUS(GetQuantizedConvolutionMultipler(context, input, filter, bias, output, &real_multiplier));
    int exponent = 0;
    QuantizeMultiplier(real_multiplier, multiplier, &exponent);
    *shift = -exponent;
  }
  if (input->type == kTfLiteUInt8 || input->type == kTfLiteInt8 || input->type == kTfLiteInt16) {
    TF_LITE_ENSURE_STATUS(
        CalculateActivationRangeQuantized(context, activation, output, output_activation_min, output_activation_max));
  }
  return kTfLiteOk;
}

TfLiteStatus PopulateConvolutionQuantizationParams(TfLiteContext* context, const TfLiteTensor* input,
                                                   const TfLiteTensor* filter, const TfLiteTensor* bias,
                                                   TfLiteTensor* output, const TfLiteFusedActivation& activation,
                                                   int32_t* multiplier, int* shift, int32_t* output_activation_min,
                                                   int32_t* output_activation_max, int32_t* per_channel_multiplier,
                                                   int32_t* per_channel_shift) {
  const TfLiteAffineQuantization* affine = AffineParams(filter);
  TF_LITE_ENSURE(context, affine != nullptr && affine->scale != nullptr);
  return PopulateConvolutionQuantizationParams(context, input, filter, bias, output, activation, multiplier, shift,
                                               output_activation_min, output_activation_max, per_channel_multiplier,
                                               per_channel_shift, affine->scale->size);
}

size_t EvalTensorBytes(const TfLiteEvalTensor* tensor) {
  if (tensor == nullptr || tensor->dims == nullptr) return 0;
  return static_cast<size_t>(::mote::ElementCount(*tensor->dims)) * ::mote::TfLiteTypeSizeOf(tensor->type);
}

void SignedSymmetricPerChannelQuantize(const float* values, TfLiteIntArray* dims, int quantized_dimension,
                                       int8_t* quantized_values, float* scaling_factor, TfLiteType type) {
  const int input_size = ElementCount(*dims);
  const int channel_count = dims->data[quantized_dimension];
  const int per_channel_size = input_size / channel_count;
  // Elements of one channel are `stride` apart; channels repeat every channel_count * stride elements.
  int stride = 1;
  for (int i = quantized_dimension + 1; i < dims->size; ++i) stride *= dims->data[i];
  const int qmin = QMinFromTfLiteType(type);
  const int qmax = QMaxFromTfLiteType(type);
  for (int channel = 0; channel < channel_count; ++channel) {
    float min = 0;
    float max = 0;
    for (int i = 0; i < per_channel_size; ++i) {
      const int idx = channel * stride + i % stride + (i / stride) * channel_count * stride;
      min = std::fmin(min, values[idx]);
      max = std::fmax(max, values[idx]);
    }
    scaling_factor[channel] = std::fmax(std::abs(min), std::abs(max)) / qmax;
    for (int i = 0; i < per_channel_size; ++i) {
      const int idx = channel * stride + i % stride + (i / stride) * channel_count * stride;
      int32_t q = static_cast<int32_t>(std::round(values[idx] / scaling_factor[channel]));
      q = std::min(qmax, std::max(qmin + 1, static_cast<int>(q)));
      quantized_values[idx] = static_cast<int8_t>(q);
    }
  }
}

namespace micro {

TfLiteStatus CreateWritableTensorDimsWithCopy(TfLiteContext* context, TfLiteTensor* tensor,
                                              TfLiteEvalTensor* eval_tensor) {
  TF_LITE_ENSURE(context, tensor != nullptr && eval_tensor != nullptr && tensor->dims != nullptr);
  const int rank = tensor->dims->size;
  const size_t bytes = TfLiteIntArrayGetSizeInBytes(rank);
  auto* dims = static_cast<TfLiteIntArray*>(context->AllocatePersistentBuffer(context, bytes));
  TF_LITE_ENSURE(context, dims != nullptr);
  dims->size = rank;
  for (int i = 0; i < rank; ++i) dims->data[i] = tensor->dims->data[i];
  tensor->dims = dims;
  eval_tensor->dims = dims;
  return kTfLiteOk;
}

TfLiteStatus CopyOpInputsToOpOutputs(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_EQ(context, NumInputs(node), NumOutputs(node));
  for (int i = 0; i < NumInputs(node); ++i) {
    const TfLiteEvalTensor* input = GetEvalInput(context, node, i);
    TfLiteEvalTensor* output = GetEvalOutput(context, node, i);
    TF_LITE_ENSURE(context, input != nullptr && output != nullptr);
    TF_LITE_ENSURE_EQ(context, EvalTensorBytes(input), EvalTensorBytes(output));
  }
  for (int i = 0; i < NumInputs(node); ++i) {
    const TfLiteEvalTensor* input = GetEvalInput(context, node, i);
    TfLiteEvalTensor* output = GetEvalOutput(context, node, i);
    const size_t bytes = EvalTensorBytes(input);
    if (bytes > 0 && input->data.raw != output->data.raw) std::memmove(output->data.raw, input->data.raw, bytes);
  }
  return kTfLiteOk;
}

}  // namespace micro
}  // namespace tflite
