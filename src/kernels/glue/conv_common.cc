// Shared CONV_2D / DEPTHWISE_CONV_2D prepare helpers (see conv_common.h).
#include "kernels/glue/conv_common.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/glue/hybrid.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/padding.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace conv_common {

TfLiteStatus ParsePadding(schema::Padding padding, const char* op_name, TfLitePadding* out) {
  switch (padding) {
    case schema::Padding_SAME:
      *out = kTfLitePaddingSame;
      return kTfLiteOk;
    case schema::Padding_VALID:
      *out = kTfLitePaddingValid;
      return kTfLiteOk;
    default:
      MicroPrintf("%s: padding %d is not a valid Padding (SAME=0, VALID=1)", op_name, static_cast<int>(padding));
      return kTfLiteError;
  }
}

TfLiteStatus CheckActivation(TfLiteContext* context, const char* op_name, TfLiteFusedActivation activation) {
  if (FusedActivationIsClamp(activation)) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: fused activation %s (%d) is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)",
                     op_name, FusedActivationName(activation), static_cast<int>(activation));
  return kTfLiteError;
}

namespace {
constexpr int64_t kIntMax = std::numeric_limits<int>::max();

// One spatial dimension: every intermediate of ComputeOutSize/ComputePadding and of the kernels' index
// arithmetic is bounded by in + stride + dilated filter (the output size rules give (out - 1) * stride < in).
bool DimensionFits(int in_size, int filter_size, int stride, int dilation) {
  const int64_t effective = static_cast<int64_t>(filter_size - 1) * dilation + 1;
  return effective + 2 * static_cast<int64_t>(in_size) + stride <= kIntMax;
}
}  // namespace

TfLiteStatus ResolveWindow(TfLiteContext* context, const char* op_name, const WindowGeometry& g,
                           int input_height, int input_width, int filter_height, int filter_width,
                           int output_height, int output_width, TfLitePaddingValues* padding,
                           bool* output_is_computed_size) {
  if (g.stride_width < 1 || g.stride_height < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: strides must be >= 1 (stride_w=%d, stride_h=%d)", op_name, g.stride_width,
                       g.stride_height);
    return kTfLiteError;
  }
  if (g.dilation_width < 1 || g.dilation_height < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: dilation factors must be >= 1 (dilation_w=%d, dilation_h=%d)", op_name,
                       g.dilation_width, g.dilation_height);
    return kTfLiteError;
  }
  if (g.padding != kTfLitePaddingSame && g.padding != kTfLitePaddingValid) {
    TF_LITE_KERNEL_LOG(context, "%s: padding %d is not supported (SAME, VALID)", op_name,
                       static_cast<int>(g.padding));
    return kTfLiteError;
  }
  if (!DimensionFits(input_height, filter_height, g.stride_height, g.dilation_height) ||
      !DimensionFits(input_width, filter_width, g.stride_width, g.dilation_width)) {
    TF_LITE_KERNEL_LOG(context, "%s: filter %dx%d with dilation %dx%d and stride %dx%d on input %dx%d overflows int",
                       op_name, filter_height, filter_width, g.dilation_height, g.dilation_width, g.stride_height,
                       g.stride_width, input_height, input_width);
    return kTfLiteError;
  }
  int computed_height = 0;
  int computed_width = 0;
  *padding = ComputePaddingHeightWidth(g.stride_height, g.stride_width, g.dilation_height, g.dilation_width,
                                       input_height, input_width, filter_height, filter_width, g.padding,
                                       &computed_height, &computed_width);
  if (computed_height < 1 || computed_width < 1) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: VALID padding needs an input of at least the dilated filter size (input %dx%d, dilated "
                       "filter %dx%d)",
                       op_name, input_height, input_width,
                       ComputeEffectiveFilterSize(filter_height, g.dilation_height),
                       ComputeEffectiveFilterSize(filter_width, g.dilation_width));
    return kTfLiteError;
  }
  *output_is_computed_size = computed_height == output_height && computed_width == output_width;
  if (*output_is_computed_size) return kTfLiteOk;
  // Windows start at out * stride - padding: the last one must start inside the input, which also keeps the
  // kernels' index arithmetic within the bound DimensionFits checked.
  const int64_t max_height =
      (static_cast<int64_t>(input_height) + padding->height + g.stride_height - 1) / g.stride_height;
  const int64_t max_width = (static_cast<int64_t>(input_width) + padding->width + g.stride_width - 1) / g.stride_width;
  if (output_height < 1 || output_width < 1 || output_height > max_height || output_width > max_width) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: output spatial size is %dx%d but %s padding with stride %dx%d and dilation %dx%d gives "
                       "%dx%d (and at most %lldx%lld windows start inside the input)",
                       op_name, output_height, output_width, g.padding == kTfLitePaddingSame ? "SAME" : "VALID",
                       g.stride_height, g.stride_width, g.dilation_height, g.dilation_width, computed_height,
                       computed_width, static_cast<long long>(max_height), static_cast<long long>(max_width));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckDilatedSteps(TfLiteContext* context, const char* op_name, const WindowGeometry& g,
                               int input_width, int input_depth) {
  const int64_t column_step = static_cast<int64_t>(g.dilation_width) * input_depth;
  const int64_t row_step = static_cast<int64_t>(g.dilation_height) * input_width * input_depth;
  if (column_step > kIntMax || row_step > kIntMax) {
    TF_LITE_KERNEL_LOG(context, "%s: dilation %dx%d on an input of width %d and depth %d steps beyond int between taps",
                       op_name, g.dilation_height, g.dilation_width, input_width, input_depth);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckShape4D(TfLiteContext* context, const char* op_name, const char* role, const TfLiteTensor* t) {
  const TfLiteIntArray* dims = t->dims;
  if (dims == nullptr || dims->size != 4) {
    TF_LITE_KERNEL_LOG(context, "%s: %s must have rank 4 (NHWC), got rank %d", op_name, role,
                       dims == nullptr ? 0 : dims->size);
    return kTfLiteError;
  }
  for (int d = 0; d < 4; ++d) {
    if (dims->data[d] < 1) {
      TF_LITE_KERNEL_LOG(context, "%s: %s dimension %d is %d (empty tensors are not supported)", op_name, role, d,
                         dims->data[d]);
      return kTfLiteError;
    }
  }
  if (ElementCount(*dims) > kIntMax) {
    TF_LITE_KERNEL_LOG(context, "%s: %s has more than 2^31-1 elements", op_name, role);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckBias(TfLiteContext* context, const char* op_name, TfLiteType input_type, bool int16_allows_int32,
                       const TfLiteTensor* bias, int channels) {
  bool ok = false;
  const char* accepted = "";
  switch (input_type) {
    case kTfLiteFloat32:
      ok = bias->type == kTfLiteFloat32;
      accepted = "FLOAT32";
      break;
    case kTfLiteInt8:
      ok = bias->type == kTfLiteInt32;
      accepted = "INT32";
      break;
    default:
      ok = bias->type == kTfLiteInt64 || (int16_allows_int32 && bias->type == kTfLiteInt32);
      accepted = int16_allows_int32 ? "INT64 or INT32" : "INT64";
      break;
  }
  if (!ok) {
    TF_LITE_KERNEL_LOG(context, "%s: bias type %s with %s input is not supported (%s)", op_name,
                       TfLiteTypeGetName(bias->type), TfLiteTypeGetName(input_type), accepted);
    return kTfLiteError;
  }
  const int64_t count = bias->dims == nullptr ? 0 : ElementCount(*bias->dims);
  if (count != channels) {
    TF_LITE_KERNEL_LOG(context, "%s: bias must have %d elements (one per output channel), got %lld", op_name,
                       channels, static_cast<long long>(count));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node) {
  if (node->user_data == nullptr || node->builtin_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data or parsed options", op_name);
    return kTfLiteError;
  }
  const int num_inputs = NumInputs(node);
  if ((num_inputs != 2 && num_inputs != 3) || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: expects 2 or 3 inputs (input, filter, optional bias) and 1 output, got %d and %d",
                       op_name, num_inputs, NumOutputs(node));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TempTensors::TempTensors(TfLiteContext* context, const TfLiteNode* node)
    : micro_context_(GetMicroContext(context)) {
  input = micro_context_->AllocateTempInputTensor(node, 0);
  filter = micro_context_->AllocateTempInputTensor(node, 1);
  bias = NumInputs(node) >= 3 ? micro_context_->AllocateTempInputTensor(node, 2) : nullptr;
  output = micro_context_->AllocateTempOutputTensor(node, 0);
}

TempTensors::~TempTensors() {
  for (TfLiteTensor* t : {output, bias, filter, input})
    if (t != nullptr) micro_context_->DeallocateTempTfLiteTensor(t);
}

TfLiteStatus TempTensors::CheckPresent(TfLiteContext* context, const char* op_name) const {
  if (input == nullptr || filter == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, filter and output tensors are required", op_name);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckTypes(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                        const TfLiteTensor* filter, const TfLiteTensor* output) {
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s and output type %s differ", op_name, TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (input->type != kTfLiteFloat32 && input->type != kTfLiteInt8 && input->type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (INT8, INT16, FLOAT32)", op_name,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (input->type == kTfLiteFloat32) {
    // FLOAT32 weights, or INT8 ones (a hybrid layer, kernels/glue/hybrid.h); anything else is a hybrid mote
    // does not run.
    if (filter->type == kTfLiteFloat32 || filter->type == kTfLiteInt8) return kTfLiteOk;
    return RefuseHybrid(context, op_name, input->type, filter->type);
  }
  // INT8 activations also take packed INT4 weights (TFLM unpacks them; kernels/glue/int4_filter.h).
  const bool int4_ok = input->type == kTfLiteInt8 && filter->type == kTfLiteInt4;
  if (filter->type != kTfLiteInt8 && !int4_ok) {
    TF_LITE_KERNEL_LOG(context, "%s: filter type %s with %s input is not supported (expected INT8%s)", op_name,
                       TfLiteTypeGetName(filter->type), TfLiteTypeGetName(input->type),
                       input->type == kTfLiteInt8 ? " or INT4" : "");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckTensors(TfLiteContext* context, const char* op_name, TfLiteFusedActivation activation,
                          const TempTensors& t) {
  TF_LITE_ENSURE_STATUS(CheckTypes(context, op_name, t.input, t.filter, t.output));
  TF_LITE_ENSURE_STATUS(CheckActivation(context, op_name, activation));
  TF_LITE_ENSURE_STATUS(CheckShape4D(context, op_name, "input", t.input));
  TF_LITE_ENSURE_STATUS(CheckShape4D(context, op_name, "filter", t.filter));
  return CheckShape4D(context, op_name, "output", t.output);
}

TfLiteStatus CheckOutputBatchesAndChannels(TfLiteContext* context, const char* op_name, const TfLiteTensor* output,
                                           int batches, int channels, const char* channels_name) {
  if (output->dims->data[0] != batches || output->dims->data[3] != channels) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape [%d, %d, %d, %d] must be [%d, OH, OW, %d] (batches, %s)", op_name,
                       output->dims->data[0], output->dims->data[1], output->dims->data[2], output->dims->data[3],
                       batches, channels, channels_name);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareWindow(TfLiteContext* context, const char* op_name, const WindowGeometry& geometry,
                           const TfLiteTensor* input, const TfLiteTensor* filter, const TfLiteTensor* output,
                           reference::ConvParams* params, bool* output_is_computed_size) {
  const int input_width = input->dims->data[2];
  TfLitePaddingValues padding;
  TF_LITE_ENSURE_STATUS(ResolveWindow(context, op_name, geometry, input->dims->data[1], input_width,
                                      filter->dims->data[1], filter->dims->data[2], output->dims->data[1],
                                      output->dims->data[2], &padding, output_is_computed_size));
  TF_LITE_ENSURE_STATUS(CheckDilatedSteps(context, op_name, geometry, input_width, input->dims->data[3]));
  params->stride_width = geometry.stride_width;
  params->stride_height = geometry.stride_height;
  params->dilation_width = geometry.dilation_width;
  params->dilation_height = geometry.dilation_height;
  params->pad_width = padding.width;
  params->pad_height = padding.height;
  return kTfLiteOk;
}

namespace {
bool ZeroPointInRange(TfLiteType type, int32_t zero_point) {
  switch (type) {
    case kTfLiteInt8: return zero_point >= -128 && zero_point <= 127;
    case kTfLiteInt16: return zero_point == 0;
    default: return false;
  }
}

TfLiteStatus CheckActivationTensor(TfLiteContext* context, const char* op_name, const char* role,
                                   const TfLiteTensor* t) {
  const float scale = t->params.scale;
  if (!(scale > 0.f) || !std::isfinite(scale)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s tensor needs a quantization scale > 0 (got %g)", op_name, role,
                       static_cast<double>(scale));
    return kTfLiteError;
  }
  if (!ZeroPointInRange(t->type, t->params.zero_point)) {
    if (t->type == kTfLiteInt16) {
      TF_LITE_KERNEL_LOG(context, "%s: INT16 %s tensor must have zero point 0 (16x8 quantization is symmetric), got %d",
                         op_name, role, static_cast<int>(t->params.zero_point));
    } else {
      TF_LITE_KERNEL_LOG(context, "%s: %s zero point %d is out of range for %s", op_name, role,
                         static_cast<int>(t->params.zero_point), TfLiteTypeGetName(t->type));
    }
    return kTfLiteError;
  }
  return kTfLiteOk;
}
}  // namespace

TfLiteStatus PrepareQuantization(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                 const TfLiteTensor* filter, const TfLiteTensor* output,
                                 TfLiteFusedActivation activation, int quantized_dimension, int num_channels,
                                 int max_shift, QuantizationResult* result) {
  TF_LITE_ENSURE_STATUS(CheckActivationTensor(context, op_name, "input", input));
  TF_LITE_ENSURE_STATUS(CheckActivationTensor(context, op_name, "output", output));

  const auto* affine = static_cast<const TfLiteAffineQuantization*>(filter->quantization.params);
  if (filter->quantization.type != kTfLiteAffineQuantization || affine == nullptr || affine->scale == nullptr ||
      affine->scale->size < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: the %s filter needs affine (per-tensor or per-channel) quantization", op_name,
                       TfLiteTypeGetName(filter->type));
    return kTfLiteError;
  }
  const int num_scales = affine->scale->size;
  const bool per_channel = num_scales > 1;
  if (per_channel && (num_scales != num_channels || affine->quantized_dimension != quantized_dimension)) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: per-channel filter quantization must have one scale per output channel along dimension "
                       "%d (got %d scales along dimension %d, %d output channels)",
                       op_name, quantized_dimension, num_scales, static_cast<int>(affine->quantized_dimension),
                       num_channels);
    return kTfLiteError;
  }
  if (affine->zero_point != nullptr) {
    if (affine->zero_point->size != num_scales) {
      TF_LITE_KERNEL_LOG(context, "%s: filter has %d scales but %d zero points", op_name, num_scales,
                         affine->zero_point->size);
      return kTfLiteError;
    }
    for (int i = 0; i < affine->zero_point->size; ++i) {
      if (affine->zero_point->data[i] != 0) {
        TF_LITE_KERNEL_LOG(context, "%s: filter zero point %d (channel %d) must be 0: weights are symmetric", op_name,
                           static_cast<int>(affine->zero_point->data[i]), i);
        return kTfLiteError;
      }
    }
  }

  // One allocation (one alignment pad): the multipliers, then the shifts.
  auto* constants = static_cast<uint8_t*>(
      context->AllocatePersistentBuffer(context, (sizeof(int32_t) + sizeof(int8_t)) * static_cast<size_t>(num_channels)));
  if (constants == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: out of arena for %d per-channel quantization constants", op_name, num_channels);
    return kTfLiteError;
  }
  result->multiplier = reinterpret_cast<int32_t*>(constants);
  result->shift = reinterpret_cast<int8_t*>(constants + sizeof(int32_t) * static_cast<size_t>(num_channels));

  const double input_scale = static_cast<double>(input->params.scale);
  const double output_scale = static_cast<double>(output->params.scale);
  for (int c = 0; c < num_channels; ++c) {
    const float filter_scale = affine->scale->data[per_channel ? c : 0];
    if (!(filter_scale >= 0.f) || !std::isfinite(filter_scale)) {
      TF_LITE_KERNEL_LOG(context, "%s: filter scale %g (channel %d) must be finite and >= 0", op_name,
                         static_cast<double>(filter_scale), per_channel ? c : 0);
      return kTfLiteError;
    }
    // Same operation order and precision as TFLite: float scales widened to double, (in * filter) / out.
    const double effective_scale = input_scale * static_cast<double>(filter_scale) / output_scale;
    int32_t multiplier = 0;
    int shift = 0;
    QuantizeMultiplier(effective_scale, &multiplier, &shift);
    if (shift > max_shift) {
      TF_LITE_KERNEL_LOG(context,
                         "%s: effective output scale %g (input scale * filter scale / output scale, channel %d) is "
                         "too large (at most 2^%d)",
                         op_name, effective_scale, c, max_shift);
      return kTfLiteError;
    }
    result->multiplier[c] = multiplier;
    result->shift[c] = static_cast<int8_t>(shift);  // -31 <= shift <= max_shift <= 30
  }
  return CalculateActivationRangeQuantized(context, activation, output, &result->activation_min,
                                           &result->activation_max);
}

TfLiteStatus PrepareQuantizedParams(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                    const TfLiteTensor* filter, const TfLiteTensor* output,
                                    TfLiteFusedActivation activation, int quantized_dimension, int num_channels,
                                    int max_shift, reference::ConvParams* params) {
  QuantizationResult q{};
  TF_LITE_ENSURE_STATUS(PrepareQuantization(context, op_name, input, filter, output, activation, quantized_dimension,
                                            num_channels, max_shift, &q));
  params->output_multiplier = q.multiplier;
  params->output_shift = q.shift;
  params->output_activation_min = q.activation_min;
  params->output_activation_max = q.activation_max;
  if (input->type == kTfLiteInt8) {
    params->input_offset = -input->params.zero_point;
    params->output_offset = output->params.zero_point;
  }
  return kTfLiteOk;
}

namespace {

// The window fields both problem kinds share (they have the same names in ConvInt8ProblemCommon and
// ConvFloatProblemCommon).
template <typename Problem>
void FillWindow(const reference::ConvParams& params, const RuntimeShape& input, const RuntimeShape& filter,
                const RuntimeShape& output, Problem* problem) {
  Problem& p = *problem;
  p = Problem{};
  p.batches = input.Dims(0);
  p.input_height = input.Dims(1);
  p.input_width = input.Dims(2);
  p.input_depth = input.Dims(3);
  p.filter_height = filter.Dims(1);
  p.filter_width = filter.Dims(2);
  p.output_height = output.Dims(1);
  p.output_width = output.Dims(2);
  p.output_depth = output.Dims(3);  // prepare checked it against the filter's channel count
  p.stride_width = params.stride_width;
  p.stride_height = params.stride_height;
  p.dilation_width = params.dilation_width;
  p.dilation_height = params.dilation_height;
  p.pad_width = params.pad_width;
  p.pad_height = params.pad_height;
}

template <typename Problem>
void WindowToParams(const Problem& p, reference::ConvParams* params) {
  params->stride_width = p.stride_width;
  params->stride_height = p.stride_height;
  params->dilation_width = p.dilation_width;
  params->dilation_height = p.dilation_height;
  params->pad_width = p.pad_width;
  params->pad_height = p.pad_height;
}

}  // namespace

void FillInt8Problem(const reference::ConvParams& params, const RuntimeShape& input, const RuntimeShape& filter,
                     const RuntimeShape& output, ConvInt8ProblemCommon* problem) {
  FillWindow(params, input, filter, output, problem);
  ConvInt8ProblemCommon& p = *problem;
  p.input_offset = params.input_offset;
  p.output_offset = params.output_offset;
  p.output_activation_min = params.output_activation_min;
  p.output_activation_max = params.output_activation_max;
  p.output_multiplier = params.output_multiplier;
  p.output_shift = params.output_shift;
}

void ParamsFromInt8Problem(const ConvInt8ProblemCommon& p, reference::ConvParams* params) {
  WindowToParams(p, params);
  params->input_offset = p.input_offset;
  params->output_offset = p.output_offset;
  params->output_activation_min = p.output_activation_min;
  params->output_activation_max = p.output_activation_max;
  params->output_multiplier = p.output_multiplier;
  params->output_shift = p.output_shift;
}

void FillFloatProblem(const reference::ConvParams& params, const RuntimeShape& input, const RuntimeShape& filter,
                      const RuntimeShape& output, ConvFloatProblemCommon* problem) {
  FillWindow(params, input, filter, output, problem);
  problem->activation_min = params.float_activation_min;
  problem->activation_max = params.float_activation_max;
}

void ParamsFromFloatProblem(const ConvFloatProblemCommon& p, reference::ConvParams* params) {
  WindowToParams(p, params);
  params->float_activation_min = p.activation_min;
  params->float_activation_max = p.activation_max;
}

}  // namespace conv_common
}  // namespace mote
