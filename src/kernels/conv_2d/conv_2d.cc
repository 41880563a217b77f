// CONV_2D glue: options parser, init/prepare/invoke. The compute lives in conv_2d_reference.{h,cc} and, for
// int8, in the variants of conv_2d_variants.h, picked once in prepare from a best-first table.
//
// Supported (as TFLM's reference kernel): input/output INT8 with INT8 filter (per-channel or per-tensor
// scales) and optional INT32 bias; input/output INT16 with INT8 filter ("16x8") and optional INT64 or INT32
// bias; FLOAT32 with optional FLOAT32 bias. Grouped convolution (input channels = groups * filter input
// channels), batches, strides, dilations, SAME/VALID padding, fused NONE/RELU/RELU_N1_TO_1/RELU6.
// Deliberately refused where TFLM would compute something meaningless: nonzero filter zero points, nonzero
// INT16 zero points, fused TANH/SIGN_BIT, output shapes that disagree with the padding rules. INT4 filters
// are not implemented yet.
#include <cstdint>

#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/conv_2d/conv_common.h"
#include "kernels/internal/options_parsing.h"
#include "kernels/internal/variant.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "CONV_2D";
constexpr int kInputTensor = 0;
constexpr int kFilterTensor = 1;
constexpr int kBiasTensor = 2;
constexpr int kOutputTensor = 0;

enum class Kind : int32_t { kFloat32, kInt8, kInt16Acc32, kInt16Acc64 };

struct OpData {
  conv_2d::ConvParams params;  // multiplier/shift point into persistent per-channel arrays
  Kind kind;
  VariantChoice int8_variant;  // kInt8 only
};

// The int8 problem from the params and shapes (data pointers stay nullptr until invoke fills them).
conv_2d::ConvInt8Problem MakeInt8Problem(const conv_2d::ConvParams& params, const RuntimeShape& input,
                                         const RuntimeShape& filter, const RuntimeShape& output) {
  conv_2d::ConvInt8Problem p{};
  p.batches = input.Dims(0);
  p.input_height = input.Dims(1);
  p.input_width = input.Dims(2);
  p.input_depth = input.Dims(3);
  p.output_depth = filter.Dims(0);
  p.filter_height = filter.Dims(1);
  p.filter_width = filter.Dims(2);
  p.filter_input_depth = filter.Dims(3);
  p.output_height = output.Dims(1);
  p.output_width = output.Dims(2);
  p.stride_width = params.stride_width;
  p.stride_height = params.stride_height;
  p.dilation_width = params.dilation_width;
  p.dilation_height = params.dilation_height;
  p.pad_width = params.pad_width;
  p.pad_height = params.pad_height;
  p.input_offset = params.input_offset;
  p.output_offset = params.output_offset;
  p.output_activation_min = params.output_activation_min;
  p.output_activation_max = params.output_activation_max;
  p.output_multiplier = params.output_multiplier;
  p.output_shift = params.output_shift;
  return p;
}

void RunInt8Reference(const conv_2d::ConvInt8Problem& p, void*) {
  conv_2d::ConvParams params{};
  params.stride_width = p.stride_width;
  params.stride_height = p.stride_height;
  params.dilation_width = p.dilation_width;
  params.dilation_height = p.dilation_height;
  params.pad_width = p.pad_width;
  params.pad_height = p.pad_height;
  params.input_offset = p.input_offset;
  params.output_offset = p.output_offset;
  params.output_activation_min = p.output_activation_min;
  params.output_activation_max = p.output_activation_max;
  params.output_multiplier = p.output_multiplier;
  params.output_shift = p.output_shift;
  const int32_t input_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t filter_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t output_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  conv_2d::ConvInt8(params, RuntimeShape(4, input_dims), p.input, RuntimeShape(4, filter_dims), p.filter, p.bias,
                    RuntimeShape(4, output_dims), p.output);
}

// Best first; the reference last, always applies.
constexpr uint32_t kVnniIsa = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                              isa::kAvx512Vnni;

constexpr KernelVariant<conv_2d::ConvInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_X86_64
    {"conv_2d/int8/avx512vnni-1x1", kVnniIsa, conv_2d::AppliesVnniPointwise, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniPointwise)},
    {"conv_2d/int8/avx512vnni-im2col", kVnniIsa, conv_2d::AppliesVnniIm2col, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniIm2col)},
    {"conv_2d/int8/avx2-1x1", isa::kAvx2, conv_2d::AppliesAvx2Pointwise, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Pointwise)},
    {"conv_2d/int8/avx2-im2col", isa::kAvx2, conv_2d::AppliesAvx2Im2col, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col)},
#endif
#if MOTE_TARGET_ARM_MVE
    {"conv_2d/int8/mve-1x1", isa::kArmMve, conv_2d::AppliesMvePointwise, nullptr,
     MOTE_ARM_MVE_FN(conv_2d::ConvInt8MvePointwise)},
    {"conv_2d/int8/mve-im2col", isa::kArmMve, conv_2d::AppliesMveIm2col, conv_2d::MveScratchBytes,
     MOTE_ARM_MVE_FN(conv_2d::ConvInt8MveIm2col)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"conv_2d/int8/dsp-1x1", isa::kArmDsp, conv_2d::AppliesDspPointwise, conv_2d::DspScratchBytes,
     MOTE_ARM_DSP_FN(conv_2d::ConvInt8DspPointwise)},
    {"conv_2d/int8/dsp-im2col", isa::kArmDsp, conv_2d::AppliesDspIm2col, conv_2d::DspScratchBytes,
     MOTE_ARM_DSP_FN(conv_2d::ConvInt8DspIm2col)},
#endif
    {"conv_2d/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                        const TfLiteTensor* bias, const TfLiteTensor* output, Kind* kind) {
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s and output type %s differ", kOpName, TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  switch (input->type) {
    case kTfLiteFloat32:
      *kind = Kind::kFloat32;
      break;
    case kTfLiteInt8:
      *kind = Kind::kInt8;
      break;
    case kTfLiteInt16:
      // TFLM: an INT32 bias selects the int32 accumulator; an INT64 bias or no bias the int64 one.
      *kind = (bias != nullptr && bias->type == kTfLiteInt32) ? Kind::kInt16Acc32 : Kind::kInt16Acc64;
      break;
    default:
      TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (INT8, INT16, FLOAT32)", kOpName,
                         TfLiteTypeGetName(input->type));
      return kTfLiteError;
  }
  const TfLiteType expected_filter = input->type == kTfLiteFloat32 ? kTfLiteFloat32 : kTfLiteInt8;
  if (filter->type != expected_filter) {
    if (filter->type == kTfLiteInt4 && input->type == kTfLiteInt8) {
      TF_LITE_KERNEL_LOG(context, "%s: INT4 filters are not supported yet (INT8 filter for INT8 input)", kOpName);
    } else {
      TF_LITE_KERNEL_LOG(context, "%s: filter type %s with %s input is not supported (expected %s; hybrid models are "
                         "not supported)", kOpName, TfLiteTypeGetName(filter->type), TfLiteTypeGetName(input->type),
                         TfLiteTypeGetName(expected_filter));
    }
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* options = static_cast<const TfLiteConvParams*>(node->builtin_data);
  if (data == nullptr || options == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data or parsed options", kOpName);
    return kTfLiteError;
  }
  const int num_inputs = NumInputs(node);
  if ((num_inputs != 2 && num_inputs != 3) || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: expects 2 or 3 inputs (input, filter, optional bias) and 1 output, got %d and %d",
                       kOpName, num_inputs, NumOutputs(node));
    return kTfLiteError;
  }

  conv_common::TempTensors t(context, node);
  if (t.input == nullptr || t.filter == nullptr || t.output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, filter and output tensors are required", kOpName);
    return kTfLiteError;
  }
  const TfLiteTensor* input = t.input;
  const TfLiteTensor* filter = t.filter;
  const TfLiteTensor* bias = t.bias;
  const TfLiteTensor* output = t.output;

  Kind kind;
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, filter, bias, output, &kind));
  TF_LITE_ENSURE_STATUS(conv_common::CheckActivation(context, kOpName, options->activation));

  // Shapes: input [N, H, W, IC], filter [OC, FH, FW, FIC], output [N, OH, OW, OC].
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "input", input));
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "filter", filter));
  TF_LITE_ENSURE_STATUS(conv_common::CheckShape4D(context, kOpName, "output", output));
  const int batches = input->dims->data[0];
  const int input_height = input->dims->data[1];
  const int input_width = input->dims->data[2];
  const int input_depth = input->dims->data[3];
  const int output_depth = filter->dims->data[0];
  const int filter_height = filter->dims->data[1];
  const int filter_width = filter->dims->data[2];
  const int filter_input_depth = filter->dims->data[3];
  if (input_depth % filter_input_depth != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: input channels (%d) must be a multiple of the filter's input channels (%d)",
                       kOpName, input_depth, filter_input_depth);
    return kTfLiteError;
  }
  const int groups = input_depth / filter_input_depth;
  if (output_depth % groups != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: output channels (%d) must be a multiple of the number of groups (%d)", kOpName,
                       output_depth, groups);
    return kTfLiteError;
  }
  if (output->dims->data[0] != batches || output->dims->data[3] != output_depth) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape [%d, %d, %d, %d] must be [%d, OH, OW, %d] (batches, filter count)",
                       kOpName, output->dims->data[0], output->dims->data[1], output->dims->data[2],
                       output->dims->data[3], batches, output_depth);
    return kTfLiteError;
  }
  if (bias != nullptr) {
    TF_LITE_ENSURE_STATUS(conv_common::CheckBias(context, kOpName, input->type, /*int16_allows_int32=*/true, bias,
                                                 output_depth));
  }

  conv_common::WindowGeometry geometry{options->stride_width, options->stride_height,
                                       options->dilation_width_factor, options->dilation_height_factor,
                                       options->padding};
  TfLitePaddingValues padding;
  TF_LITE_ENSURE_STATUS(conv_common::ResolveWindow(context, kOpName, geometry, input_height, input_width,
                                                   filter_height, filter_width, output->dims->data[1],
                                                   output->dims->data[2], &padding));
  TF_LITE_ENSURE_STATUS(conv_common::CheckDilatedSteps(context, kOpName, geometry, input_width, input->dims->data[3]));

  conv_2d::ConvParams& p = data->params;
  p = conv_2d::ConvParams{};
  p.stride_width = options->stride_width;
  p.stride_height = options->stride_height;
  p.dilation_width = options->dilation_width_factor;
  p.dilation_height = options->dilation_height_factor;
  p.pad_width = padding.width;
  p.pad_height = padding.height;
  data->kind = kind;

  if (kind == Kind::kFloat32) {
    CalculateActivationRange(options->activation, &p.float_activation_min, &p.float_activation_max);
    ReportKernelVariant(context, "conv_2d/float32/reference");
    return kTfLiteOk;
  }

  conv_common::QuantizationResult q{};
  // The int64 requantization (16x8 with int64 bias) computes 1 << (14 - shift): shifts above 14 are undefined.
  const int max_shift = kind == Kind::kInt16Acc64 ? 14 : 30;
  TF_LITE_ENSURE_STATUS(conv_common::PrepareQuantization(context, kOpName, input, filter, output, options->activation,
                                                         /*quantized_dimension=*/0, output_depth, max_shift, &q));
  p.output_multiplier = q.multiplier;
  p.output_shift = q.shift;
  p.output_activation_min = q.activation_min;
  p.output_activation_max = q.activation_max;
  if (kind == Kind::kInt8) {
    p.input_offset = -input->params.zero_point;
    p.output_offset = output->params.zero_point;
    const conv_2d::ConvInt8Problem problem =
        MakeInt8Problem(p, GetTensorShape(input), GetTensorShape(filter), GetTensorShape(output));
    TF_LITE_ENSURE_STATUS(SelectVariant(context, kOpName, kInt8Variants, problem, &data->int8_variant));
  } else {
    ReportKernelVariant(context, "conv_2d/int16/reference");
  }
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  const TfLiteEvalTensor* filter = micro::GetEvalInput(context, node, kFilterTensor);
  const TfLiteEvalTensor* bias = NumInputs(node) == 3 ? micro::GetEvalInput(context, node, kBiasTensor) : nullptr;
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  const RuntimeShape input_shape = micro::GetTensorShape(input);
  const RuntimeShape filter_shape = micro::GetTensorShape(filter);
  const RuntimeShape output_shape = micro::GetTensorShape(output);

  switch (data.kind) {
    case Kind::kInt8: {
      conv_2d::ConvInt8Problem problem = MakeInt8Problem(data.params, input_shape, filter_shape, output_shape);
      problem.input = micro::GetTensorData<int8_t>(input);
      problem.filter = micro::GetTensorData<int8_t>(filter);
      problem.bias = micro::GetOptionalTensorData<int32_t>(bias);
      problem.output = micro::GetTensorData<int8_t>(output);
      RunVariant(context, kInt8Variants, data.int8_variant, problem);
      return kTfLiteOk;
    }
    case Kind::kInt16Acc32:
      conv_2d::ConvInt16Acc32(data.params, input_shape, micro::GetTensorData<int16_t>(input), filter_shape,
                              micro::GetTensorData<int8_t>(filter), micro::GetOptionalTensorData<int32_t>(bias),
                              output_shape, micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    case Kind::kInt16Acc64:
      conv_2d::ConvInt16Acc64(data.params, input_shape, micro::GetTensorData<int16_t>(input), filter_shape,
                              micro::GetTensorData<int8_t>(filter), micro::GetOptionalTensorData<int64_t>(bias),
                              output_shape, micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    case Kind::kFloat32:
      conv_2d::ConvFloat(data.params, input_shape, micro::GetTensorData<float>(input), filter_shape,
                         micro::GetTensorData<float>(filter), micro::GetOptionalTensorData<float>(bias),
                         output_shape, micro::GetTensorData<float>(output));
      return kTfLiteOk;
  }
  return kTfLiteError;
}

}  // namespace

namespace conv_2d {

bool AppliesAvx2Pointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.filter_input_depth == p.input_depth &&
         p.pad_width == 0 && p.pad_height == 0 && p.input_depth <= kAvx2MaxPatch;
}

bool AppliesAvx2Im2col(const ConvInt8Problem& p) {
  return p.filter_input_depth == p.input_depth &&
         static_cast<int64_t>(p.filter_height) * p.filter_width * p.input_depth <= kAvx2MaxPatch;
}

namespace {
// The packed filter of the VNNI variants: (k / 4 rounded up) x (channels / 8 rounded up) x 32 bytes.
bool FitsVnniPacking(const ConvInt8Problem& p, int64_t k) {
  const int64_t bytes = (k + 3) / 4 * ((p.output_depth + 7) / 8) * 32;
  return p.filter_input_depth == p.input_depth && p.output_depth <= kVnniMaxChannels && bytes <= 65536;
}
}  // namespace

bool AppliesVnniPointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.pad_width == 0 && p.pad_height == 0 &&
         FitsVnniPacking(p, p.input_depth);
}

bool AppliesVnniIm2col(const ConvInt8Problem& p) {
  return FitsVnniPacking(p, static_cast<int64_t>(p.filter_height) * p.filter_width * p.input_depth);
}

bool AppliesDspPointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.filter_input_depth == p.input_depth &&
         p.pad_width == 0 && p.pad_height == 0 && p.output_depth >= 2;
}

bool AppliesDspIm2col(const ConvInt8Problem& p) {
  return p.filter_input_depth == p.input_depth && p.output_depth >= 2;
}

DspScratchLayout GetDspScratchLayout(const ConvInt8Problem& p) {
  const size_t k = static_cast<size_t>(p.filter_height) * p.filter_width * p.input_depth;
  DspScratchLayout l;
  l.special = 0;
  l.rows = (static_cast<size_t>(p.output_depth) + 63) / 64 * 8;  // 32-bit words, rounded to 8 bytes
  l.total = l.rows + (k + 3) / 4 * 16;
  return l;
}

size_t DspScratchBytes(const ConvInt8Problem& p) { return GetDspScratchLayout(p).total; }

bool AppliesMvePointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.filter_input_depth == p.input_depth &&
         p.pad_width == 0 && p.pad_height == 0;
}

bool AppliesMveIm2col(const ConvInt8Problem& p) { return p.filter_input_depth == p.input_depth; }

MveScratchLayout GetMveScratchLayout(const ConvInt8Problem& p) {
  const size_t k = static_cast<size_t>(p.filter_height) * p.filter_width * p.input_depth;
  MveScratchLayout l;
  l.row = 0;
  l.table = (k + 15) / 16 * 16;
  l.total = l.table + (static_cast<size_t>(p.output_depth) + 3) / 4 * 48;
  return l;
}

size_t MveScratchBytes(const ConvInt8Problem& p) { return GetMveScratchLayout(p).total; }

}  // namespace conv_2d

const TfLiteRegistration kRegistration_CONV_2D =
    MakeBuiltinRegistration(schema::BuiltinOperator_CONV_2D, "conv_2d/any/reference", Init, Prepare, Eval);

TfLiteStatus ParseConv2D(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = allocator->AllocatePOD<TfLiteConvParams>();
  if (params == nullptr) {
    MicroPrintf("%s: out of arena for TfLiteConvParams", kOpName);
    return kTfLiteError;
  }
  // Schema defaults for a missing table: SAME, strides 0 (refused by prepare), NONE, dilations 1.
  params->padding = kTfLitePaddingSame;
  params->activation = kTfLiteActNone;
  params->dilation_width_factor = 1;
  params->dilation_height_factor = 1;
  params->quantized_bias_type = kTfLiteFloat32;
  if (const auto* options = op == nullptr ? nullptr : op->builtin_options_as_Conv2DOptions()) {
    TF_LITE_ENSURE_STATUS(conv_common::ParsePadding(options->padding(), kOpName, &params->padding));
    TF_LITE_ENSURE_STATUS(
        ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    params->stride_width = options->stride_w();
    params->stride_height = options->stride_h();
    params->dilation_width_factor = options->dilation_w_factor();
    params->dilation_height_factor = options->dilation_h_factor();
    params->quantized_bias_type = TensorTypeToTfLiteType(options->quantized_bias_type());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
