// TRANSPOSE_CONV glue. Inputs as TFLite orders them: 0 output_shape (ignored, as TFLM does: mote never
// resizes, the output tensor's own shape is used), 1 filter [OC, FH, FW, IC], 2 input [N, H, W, IC],
// 3 optional bias [OC]. Output [N, OH, OW, OC].
//
// Types as TFLM: float32 (float filter and bias), int8 (int8 per-channel filter, int32 bias), 16x8 (int16
// input/output with zero points 0, int8 filter, int64 or int16 bias; an int16 bias is widened to int64 in a
// scratch buffer on each invoke, as TFLM does; TFLM reads an int32 bias there as int64, so mote refuses it). Fused activations NONE, RELU, RELU_N1_TO_1, RELU6 as TFLM applies them. The padding is the one
// TFLM computes from the output size (the convolution that TRANSPOSE_CONV inverts); any output height/width
// is accepted, as TFLM does. Scratch: the int32 (int8) or int64 (16x8) accumulator, one per output element.
#include <cstdint>
#include <limits>

#include "kernels/glue/conv_common.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/padding.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/transpose_conv/transpose_conv_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char* kOpName = "TRANSPOSE_CONV";
constexpr int kFilterTensor = 1;
constexpr int kInputTensor = 2;
constexpr int kBiasTensor = 3;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::ConvParams params;
  int scratch_index;     // the accumulator (int8, int16); -1 for float32
  int wide_bias_index;   // 16x8 with an INT16 bias: the bias widened to int64, one per output channel; else -1
};

// Input and output of one type (FLOAT32, INT8, INT16), the filter FLOAT32 for FLOAT32 and INT8 otherwise
// (conv_common::CheckTypes), then the bias type and count, then the 4-D shapes and their matching dims.
TfLiteStatus CheckTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                          const TfLiteTensor* bias, const TfLiteTensor* output) {
  TF_LITE_ENSURE_STATUS(conv_common::CheckTypes(context, kOpName, input, filter, output));
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "input", input));
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "filter", filter));
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "output", output));
  const int* in = input->dims->data;
  const int* f = filter->dims->data;
  if (f[3] != in[3]) {
    TF_LITE_KERNEL_LOG(context, "%s: filter input channels (%d) must equal the input channels (%d)", kOpName, f[3],
                       in[3]);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(
      conv_common::CheckOutputBatchesAndChannels(context, kOpName, output, in[0], f[0], "filter count"));
  if (bias != nullptr && input->type == kTfLiteInt16 && bias->type == kTfLiteInt16) {
    if (ElementCount(*bias->dims) != f[0]) {
      TF_LITE_KERNEL_LOG(context, "%s: bias must have %d elements (one per output channel), got %lld", kOpName, f[0],
                         static_cast<long long>(ElementCount(*bias->dims)));
      return kTfLiteError;
    }
  } else if (bias != nullptr) {
    TF_LITE_ENSURE_STATUS(
        conv_common::CheckBias(context, kOpName, input->type, /*int16_allows_int32=*/false, bias, f[0]));
  }
  return kTfLiteOk;
}

// Strides, padding type and the "before" padding TFLM derives from the output size; the scatter loop computes
// in * stride in int, which must not overflow.
TfLiteStatus PrepareGeometry(TfLiteContext* context, const TfLiteTransposeConvParams* options,
                             const TfLiteTensor* input, const TfLiteTensor* filter, const TfLiteTensor* output,
                             reference::ConvParams* p) {
  if (options->padding != kTfLitePaddingSame && options->padding != kTfLitePaddingValid) {
    TF_LITE_KERNEL_LOG(context, "%s: padding %d is not supported (SAME, VALID)", kOpName,
                       static_cast<int>(options->padding));
    return kTfLiteError;
  }
  const int64_t sh = options->stride_height;
  const int64_t sw = options->stride_width;
  if (sh < 1 || sw < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: strides must be >= 1 (got stride_h %d, stride_w %d)", kOpName,
                       options->stride_height, options->stride_width);
    return kTfLiteError;
  }
  constexpr int64_t kIntMax = std::numeric_limits<int>::max();
  const int* in = input->dims->data;
  const int* out = output->dims->data;
  if (in[1] * sh + out[1] + filter->dims->data[1] > kIntMax || in[2] * sw + out[2] + filter->dims->data[2] > kIntMax) {
    TF_LITE_KERNEL_LOG(context, "%s: strides %d x %d are too large for a %d x %d input", kOpName,
                       options->stride_height, options->stride_width, in[1], in[2]);
    return kTfLiteError;
  }
  int unused_height = 0;
  int unused_width = 0;
  const TfLitePaddingValues padding = ComputePaddingHeightWidth(
      options->stride_height, options->stride_width, 1, 1, out[1], out[2], filter->dims->data[1],
      filter->dims->data[2], options->padding, &unused_height, &unused_width);
  p->stride_height = options->stride_height;
  p->stride_width = options->stride_width;
  p->dilation_height = 1;
  p->dilation_width = 1;
  p->pad_height = padding.height;
  p->pad_width = padding.width;
  return kTfLiteOk;
}

// The requantization constants and the accumulator scratch (quantized types), or the float clamp.
TfLiteStatus PrepareArithmetic(TfLiteContext* context, TfLiteFusedActivation activation, const TfLiteTensor* input,
                               const TfLiteTensor* filter, const TfLiteTensor* bias, const TfLiteTensor* output,
                               OpData* data) {
  reference::ConvParams& p = data->params;
  data->scratch_index = -1;
  data->wide_bias_index = -1;
  if (input->type == kTfLiteFloat32) {
    CalculateActivationRange(activation, &p.float_activation_min, &p.float_activation_max);
    ReportKernelVariant(context, "transpose_conv/float32/reference");
    return kTfLiteOk;
  }
  const bool int8 = input->type == kTfLiteInt8;
  // The int64 requantization (16x8) computes 1 << (14 - shift): shifts above 14 are undefined.
  TF_LITE_ENSURE_STATUS(conv_common::PrepareQuantizedParams(context, kOpName, input, filter, output, activation,
                                                            /*quantized_dimension=*/0, filter->dims->data[0],
                                                            int8 ? 30 : 14, &p));
  const size_t bytes = static_cast<size_t>(ElementCount(*output->dims)) * (int8 ? sizeof(int32_t) : sizeof(int64_t));
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, bytes, &data->scratch_index));
  if (bias != nullptr && bias->type == kTfLiteInt16) {
    const size_t bias_bytes = static_cast<size_t>(filter->dims->data[0]) * sizeof(int64_t);
    TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, bias_bytes, &data->wide_bias_index));
  }
  ReportKernelVariant(context, int8 ? "transpose_conv/int8/reference" : "transpose_conv/int16/reference");
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if ((NumInputs(node) != 3 && NumInputs(node) != 4) || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (3 or 4, and 1)", kOpName, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  const auto* options = static_cast<const TfLiteTransposeConvParams*>(node->builtin_data);
  auto* data = static_cast<OpData*>(node->user_data);
  if (options == nullptr || data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing options", kOpName);
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, kInputTensor));
  ScopedTempTensor filter(context, micro_context->AllocateTempInputTensor(node, kFilterTensor));
  ScopedTempTensor bias(context, NumInputs(node) == 4 ? micro_context->AllocateTempInputTensor(node, kBiasTensor)
                                                      : nullptr);
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, kOutputTensor));
  if (input == nullptr || filter == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input, filter or output tensor", kOpName);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTensors(context, input.get(), filter.get(), bias.get(), output.get()));
  TF_LITE_ENSURE_STATUS(conv_common::CheckActivation(context, kOpName, options->activation));
  TF_LITE_ENSURE_STATUS(CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_TRANSPOSE_CONV, input->type));
  data->params = reference::ConvParams{};
  TF_LITE_ENSURE_STATUS(PrepareGeometry(context, options, input.get(), filter.get(), output.get(), &data->params));
  return PrepareArithmetic(context, options->activation, input.get(), filter.get(), bias.get(), output.get(), data);
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  const TfLiteEvalTensor* filter = micro::GetEvalInput(context, node, kFilterTensor);
  const TfLiteEvalTensor* bias = NumInputs(node) == 4 ? micro::GetEvalInput(context, node, kBiasTensor) : nullptr;
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  const RuntimeShape input_shape = micro::GetTensorShape(input);
  const RuntimeShape filter_shape = micro::GetTensorShape(filter);
  const RuntimeShape output_shape = micro::GetTensorShape(output);
  void* scratch = data.scratch_index >= 0 ? context->GetScratchBuffer(context, data.scratch_index) : nullptr;
  switch (input->type) {
    case kTfLiteInt8:
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      reference::TransposeConvInt8(data.params, input_shape, micro::GetTensorData<int8_t>(input), filter_shape,
                                   micro::GetTensorData<int8_t>(filter), micro::GetOptionalTensorData<int32_t>(bias),
                                   output_shape, micro::GetTensorData<int8_t>(output), static_cast<int32_t*>(scratch));
      return kTfLiteOk;
    case kTfLiteInt16: {
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      const int64_t* bias64 = micro::GetOptionalTensorData<int64_t>(bias);
      if (data.wide_bias_index >= 0) {
        auto* wide = static_cast<int64_t*>(context->GetScratchBuffer(context, data.wide_bias_index));
        const int16_t* bias16 = micro::GetTensorData<int16_t>(bias);
        for (int c = 0; c < filter_shape.Dims(0); ++c) wide[c] = bias16[c];
        bias64 = wide;
      }
      reference::TransposeConvInt16(data.params, input_shape, micro::GetTensorData<int16_t>(input), filter_shape,
                                    micro::GetTensorData<int8_t>(filter), bias64, output_shape, micro::GetTensorData<int16_t>(output),
                                    static_cast<int64_t*>(scratch));
      return kTfLiteOk;
    }
    default:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      reference::TransposeConvFloat(data.params, input_shape, micro::GetTensorData<float>(input), filter_shape,
                                    micro::GetTensorData<float>(filter), micro::GetOptionalTensorData<float>(bias),
                                    output_shape, micro::GetTensorData<float>(output));
      return kTfLiteOk;
  }
  return kTfLiteError;
}

}  // namespace

#define MOTE_KERNEL_TRANSPOSE_CONV (TEMPLATED, "transpose_conv/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

// A missing options table gives the schema defaults (SAME, zero strides, refused by prepare, no activation).
TfLiteStatus ParseTransposeConv(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteTransposeConvParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->padding = kTfLitePaddingSame;
  params->activation = kTfLiteActNone;
  params->stride_width = 0;
  params->stride_height = 0;
  params->quantized_bias_type = kTfLiteNoType;
  if (const schema::TransposeConvOptions* options = op->builtin_options_as_TransposeConvOptions()) {
    TF_LITE_ENSURE_STATUS(conv_common::ParsePadding(options->padding(), kOpName, &params->padding));
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    params->stride_width = options->stride_w();
    params->stride_height = options->stride_h();
    params->quantized_bias_type = TensorTypeToTfLiteType(options->quantized_bias_type());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
