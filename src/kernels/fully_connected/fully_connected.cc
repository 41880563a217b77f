// FULLY_CONNECTED glue: validation and requantization constants in prepare, one reference call in invoke.
//
// Supported (as TFLM's reference kernel):
//   FLOAT32 input, FLOAT32 filter, optional FLOAT32 bias              -> FLOAT32
//   INT8 input, INT8 (or packed INT4) filter, optional INT32 bias     -> INT8   (per-tensor or per-channel filter)
//   INT16 input, INT8 filter, optional INT64 bias                     -> INT16  (per-tensor or per-channel filter)
// Beyond TFLM (which refuses hybrid models), as LiteRT: FLOAT32 input, INT8 filter (per-tensor or per-channel,
// zero point 0), optional FLOAT32 bias -> FLOAT32, the input quantized per row at runtime
// (fully_connected_hybrid_reference.h).
// The input may have any rank: it is read as batches = elements / accum_depth rows (TFLM takes the row count
// from the output shape; mote checks the two agree). keep_num_dims only changes the output shape the model
// declares, which is checked, never computed. weights_format SHUFFLED4x16INT8 is refused (TFLM silently
// treats the shuffled weights as DEFAULT and computes garbage).
#include <cmath>
#include <cstdint>

#include "kernels/dispatch/variant.h"
#include "kernels/fully_connected/fully_connected_hybrid_reference.h"
#include "kernels/fully_connected/fully_connected_float_variants.h"
#include "kernels/fully_connected/fully_connected_reference.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/glue/hybrid.h"
#include "kernels/glue/int4_filter.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kWeightsTensor = 1;
constexpr int kBiasTensor = 2;
constexpr int kOutputTensor = 0;
constexpr const char kOpName[] = "FULLY_CONNECTED";

// Hybrid: the reference's parameters and the scratch buffer of one quantized input row (accum_depth bytes), in
// the union so that the other types' op data does not grow.
struct HybridData {
  reference::FullyConnectedHybridParams params;
  int16_t quantized_row_index;
};

// FLOAT32 weights: the activation range and the variant, in the union beside the others.
struct FloatData {
  reference::FullyConnectedFloatParams params;
  VariantChoice variant;
};

// INT8/INT16 input: the reference's quantization parameters without per_channel_shift, which follows the
// multipliers in their one allocation (PreparePerChannelScales) and is recomputed in invoke, so that the int8
// variant's prepacked weights fit in the same 48 bytes as before (op data is per node, on every target).
struct IntegerData {
  int32_t input_offset;
  int32_t filter_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int32_t output_shift;
  int32_t activation_min;
  int32_t activation_max;
  const int32_t* per_channel_multiplier;  // [units] multipliers then [units] int8 shifts, or nullptr
  const void* int8_prepacked;             // the int8 variant's prepacked weights (persistent), or nullptr
};

reference::FullyConnectedQuantParams QuantParamsOf(const IntegerData& d, int units) {
  reference::FullyConnectedQuantParams q{};
  q.input_offset = d.input_offset;
  q.filter_offset = d.filter_offset;
  q.output_offset = d.output_offset;
  q.output_multiplier = d.output_multiplier;
  q.output_shift = d.output_shift;
  q.per_channel_multiplier = d.per_channel_multiplier;
  q.per_channel_shift =
      d.per_channel_multiplier == nullptr ? nullptr : reinterpret_cast<const int8_t*>(d.per_channel_multiplier + units);
  q.activation_min = d.activation_min;
  q.activation_max = d.activation_max;
  return q;
}

struct OpData {
  union {  // by input_type: FLOAT32 uses float_data (or hybrid, when hybrid), the integer types integer
    IntegerData integer;
    FloatData float_data;
    HybridData hybrid;
  };
  VariantChoice int8_variant;     // INT8 input (INT8 filter, or INT4 unpacked to int8)
  int16_t unpacked_filter_index;  // scratch buffer for INT4 filters, -1 otherwise (kernels/glue/int4_filter.h)
  uint8_t input_type;             // TfLiteType
  bool is_hybrid;                 // FLOAT32 input with INT8 weights
};

// The problem's sizes, from the shapes prepare checked (recomputed per invoke rather than kept in the arena:
// filter [units, accum_depth], input = batches rows of accum_depth).
template <typename Tensor>
reference::FullyConnectedDims DimsOf(const Tensor* input, const Tensor* filter) {
  reference::FullyConnectedDims d;
  d.output_depth = filter->dims->data[0];
  d.accum_depth = filter->dims->data[1];
  d.batches = static_cast<int>(ElementCount(*input->dims) / d.accum_depth);
  return d;
}

fully_connected::FullyConnectedInt8Problem MakeInt8Problem(const OpData& data,
                                                           const reference::FullyConnectedDims& dims) {
  fully_connected::FullyConnectedInt8Problem p{};
  p.batches = dims.batches;
  p.accum_depth = dims.accum_depth;
  p.output_depth = dims.output_depth;
  const IntegerData& q = data.integer;
  p.input_offset = q.input_offset;
  p.filter_offset = q.filter_offset;
  p.output_offset = q.output_offset;
  p.output_multiplier = q.output_multiplier;
  p.output_shift = q.output_shift;
  p.per_channel_multiplier = q.per_channel_multiplier;
  p.per_channel_shift = q.per_channel_multiplier == nullptr
                            ? nullptr
                            : reinterpret_cast<const int8_t*>(q.per_channel_multiplier + dims.output_depth);
  p.activation_min = q.activation_min;
  p.activation_max = q.activation_max;
  p.prepacked = q.int8_prepacked;
  return p;
}

void RunInt8Reference(const fully_connected::FullyConnectedInt8Problem& p, void*) {
  reference::FullyConnectedQuantParams q{};
  q.input_offset = p.input_offset;
  q.filter_offset = p.filter_offset;
  q.output_offset = p.output_offset;
  q.output_multiplier = p.output_multiplier;
  q.output_shift = p.output_shift;
  q.per_channel_multiplier = p.per_channel_multiplier;
  q.per_channel_shift = p.per_channel_shift;
  q.activation_min = p.activation_min;
  q.activation_max = p.activation_max;
  const reference::FullyConnectedDims dims{p.batches, p.accum_depth, p.output_depth};
  reference::FullyConnectedInt8(q, dims, p.input, p.filter, p.bias, p.output);
}

// INT8 x INT8 (and INT8 x INT4 on the unpacked filter), best first; the reference last, always applies.
#if MOTE_TARGET_X86_64
constexpr uint32_t kVnniIsa = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                              isa::kAvx512Vnni;
#endif
constexpr KernelVariant<fully_connected::FullyConnectedInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_X86_64
    {"fully_connected/int8/avx512vnni", kVnniIsa, fully_connected::AppliesVnni, nullptr,
     MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Vnni), MOTE_X86_SIMD_FN(fully_connected::VnniPersistentBytes),
     MOTE_X86_SIMD_FN(fully_connected::PrepareVnni)},
    {"fully_connected/int8/avx2", isa::kAvx2, fully_connected::AppliesAvx2, nullptr,
     MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Avx2)},
#endif
#if MOTE_TARGET_AARCH64
    {"fully_connected/int8/dotprod", isa::kArmNeon | isa::kArmDotProd, fully_connected::AppliesNeon, nullptr,
     MOTE_AARCH64_SIMD_FN(fully_connected::FullyConnectedInt8Dotprod)},
    {"fully_connected/int8/neon", isa::kArmNeon, fully_connected::AppliesNeon, nullptr,
     MOTE_AARCH64_SIMD_FN(fully_connected::FullyConnectedInt8Neon)},
#endif
#if MOTE_TARGET_ARM_MVE
    {"fully_connected/int8/mve", isa::kArmMve, nullptr, nullptr,
     MOTE_ARM_MVE_FN(fully_connected::FullyConnectedInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"fully_connected/int8/dsp", isa::kArmDsp, nullptr, nullptr,
     MOTE_ARM_DSP_FN(fully_connected::FullyConnectedInt8Dsp)},
#endif
#if MOTE_TARGET_ARMV6M
    {"fully_connected/int8/v6m", isa::kArmV6m, fully_connected::AppliesV6m, nullptr,
     MOTE_ARM_V6M_FN(fully_connected::FullyConnectedInt8V6m)},
#endif
    {"fully_connected/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};

// The filter's quantization: per tensor (zero point in [-127, 127]) or per channel along dimension 0 (one
// scale per unit, zero points 0, not INT4); every scale finite and > 0. Sets *per_channel.
TfLiteStatus CheckFilterQuantization(TfLiteContext* context, const TfLiteTensor* filter, bool* per_channel) {
  const TfLiteAffineQuantization* fq = GetAffineQuantization(filter);
  if (fq == nullptr || fq->scale == nullptr || fq->scale->size < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: the %s filter has no quantization parameters", kOpName,
                       TfLiteTypeGetName(filter->type));
    return kTfLiteError;
  }
  const int units = filter->dims->data[0];
  const int num_scales = fq->scale->size;
  *per_channel = num_scales > 1;
  if (*per_channel) {
    if (fq->quantized_dimension != 0) {
      TF_LITE_KERNEL_LOG(context, "%s: per-channel filter quantization must be along dimension 0 (got %d)", kOpName,
                         static_cast<int>(fq->quantized_dimension));
      return kTfLiteError;
    }
    if (num_scales != units) {
      TF_LITE_KERNEL_LOG(context, "%s: the filter has %d per-channel scales for %d output channels", kOpName,
                         num_scales, units);
      return kTfLiteError;
    }
    if (filter->type == kTfLiteInt4) {
      TF_LITE_KERNEL_LOG(context, "%s: per-channel quantization of an INT4 filter is not supported", kOpName);
      return kTfLiteError;
    }
  }
  const int num_zero_points = fq->zero_point == nullptr ? 0 : fq->zero_point->size;
  for (int i = 0; i < num_zero_points; ++i) {
    if (*per_channel && fq->zero_point->data[i] != 0) {
      TF_LITE_KERNEL_LOG(context, "%s: per-channel filter zero points must be 0 (channel %d has %d)", kOpName, i,
                         fq->zero_point->data[i]);
      return kTfLiteError;
    }
  }
  if (!*per_channel && (filter->params.zero_point < -127 || filter->params.zero_point > 127)) {
    TF_LITE_KERNEL_LOG(context, "%s: filter zero point %d is outside [-127, 127]", kOpName,
                       static_cast<int>(filter->params.zero_point));
    return kTfLiteError;
  }
  for (int i = 0; i < num_scales; ++i) {
    if (!IsValidScale(fq->scale->data[i])) {
      TF_LITE_KERNEL_LOG(context, "%s: filter scale %d (%g) is not a finite number > 0", kOpName, i,
                         static_cast<double>(fq->scale->data[i]));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// Per-channel multipliers and shifts in one persistent allocation (the multipliers, then the shifts), each
// double(input_scale) * double(filter_scale[c]) / double(output_scale) with shift <= max_shift.
TfLiteStatus PreparePerChannelScales(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                                     const TfLiteTensor* output, int max_shift,
                                     reference::FullyConnectedQuantParams* q) {
  const TfLiteAffineQuantization* fq = GetAffineQuantization(filter);
  const int units = filter->dims->data[0];
  // int8 holds every shift: -31 <= shift <= max_shift.
  auto* constants = static_cast<uint8_t*>(
      context->AllocatePersistentBuffer(context, (sizeof(int32_t) + sizeof(int8_t)) * static_cast<size_t>(units)));
  if (constants == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: out of arena memory for %d per-channel multipliers", kOpName, units);
    return kTfLiteError;
  }
  auto* multipliers = reinterpret_cast<int32_t*>(constants);
  auto* shifts = reinterpret_cast<int8_t*>(constants + sizeof(int32_t) * static_cast<size_t>(units));
  for (int c = 0; c < units; ++c) {
    const double effective = static_cast<double>(input->params.scale) * static_cast<double>(fq->scale->data[c]) /
                             static_cast<double>(output->params.scale);
    int shift = 0;
    QuantizeMultiplier(effective, &multipliers[c], &shift);
    if (shift > max_shift) {
      TF_LITE_KERNEL_LOG(context, "%s: channel %d's output multiplier %g is too large for the %s kernel", kOpName, c,
                         effective, TfLiteTypeGetName(input->type));
      return kTfLiteError;
    }
    shifts[c] = static_cast<int8_t>(shift);
  }
  q->per_channel_multiplier = multipliers;
  q->per_channel_shift = shifts;
  q->output_multiplier = 0;
  q->output_shift = 0;
  return kTfLiteOk;
}

// The per-tensor multiplier, as the oracle's TFLM forms it: double(input_scale) * double(filter_scale) /
// double(output_scale) (the product formed in float first put 6 elements of an int16 case of oracle seed 839063
// one off), after checking that the bias scale matches input_scale * filter_scale.
TfLiteStatus PreparePerTensorScale(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                                   const TfLiteTensor* bias, const TfLiteTensor* output, int max_shift,
                                   reference::FullyConnectedQuantParams* q) {
  const float output_scale = output->params.scale;
  const double input_product_scale =
      static_cast<double>(input->params.scale) * static_cast<double>(filter->params.scale);
  if (bias != nullptr) {
    const double bias_scale = static_cast<double>(bias->params.scale);
    const double scale_diff = std::abs(input_product_scale - bias_scale);
    if (!(scale_diff / static_cast<double>(output_scale) <= 0.02)) {
      TF_LITE_KERNEL_LOG(context,
                         "%s: bias scale %g does not match input scale * filter scale = %g (the bias must be "
                         "quantized with their product)",
                         kOpName, bias_scale, input_product_scale);
      return kTfLiteError;
    }
  }
  const double effective = input_product_scale / static_cast<double>(output_scale);
  QuantizeMultiplier(effective, &q->output_multiplier, &q->output_shift);
  if (q->output_shift > max_shift) {
    TF_LITE_KERNEL_LOG(context, "%s: output multiplier %g is too large for the %s kernel", kOpName, effective,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Output scaling for a quantized FC, exactly as TFLM's CalculateOpDataFullyConnected: per channel
// (PreparePerChannelScales) or per tensor (PreparePerTensorScale), then the offsets and the activation range.
TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                              const TfLiteTensor* bias, const TfLiteTensor* output, TfLiteFusedActivation activation,
                              OpData* data) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "input", input));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "output", output));
  bool per_channel = false;
  TF_LITE_ENSURE_STATUS(CheckFilterQuantization(context, filter, &per_channel));

  // The int64 requantization of the 16-bit path shifts right by 15 - shift: it needs shift <= 14.
  const int max_shift = input->type == kTfLiteInt16 ? 14 : 30;
  reference::FullyConnectedQuantParams q{};
  q.per_channel_multiplier = nullptr;
  q.per_channel_shift = nullptr;
  if (per_channel) {
    TF_LITE_ENSURE_STATUS(PreparePerChannelScales(context, input, filter, output, max_shift, &q));
  } else {
    TF_LITE_ENSURE_STATUS(PreparePerTensorScale(context, input, filter, bias, output, max_shift, &q));
  }
  q.input_offset = -input->params.zero_point;
  q.filter_offset = per_channel ? 0 : -filter->params.zero_point;
  q.output_offset = output->params.zero_point;
  TF_LITE_ENSURE_STATUS(
      CalculateActivationRangeQuantized(context, activation, output, &q.activation_min, &q.activation_max));
  IntegerData& d = data->integer;
  d.input_offset = q.input_offset;
  d.filter_offset = q.filter_offset;
  d.output_offset = q.output_offset;
  d.output_multiplier = q.output_multiplier;
  d.output_shift = q.output_shift;
  d.activation_min = q.activation_min;
  d.activation_max = q.activation_max;
  d.per_channel_multiplier = q.per_channel_multiplier;  // the shifts follow: QuantParamsOf
  d.int8_prepacked = nullptr;
  return kTfLiteOk;
}

// The node before its tensors: op data and options present, 2 or 3 inputs, 1 output, DEFAULT weights, a clamp
// activation.
TfLiteStatus CheckNode(TfLiteContext* context, const TfLiteNode* node, const OpData* data,
                       const TfLiteFullyConnectedParams* params) {
  if (data == nullptr || params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data or options", kOpName);
    return kTfLiteError;
  }
  const int num_inputs = NumInputs(node);
  if (num_inputs != 2 && num_inputs != 3) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs given (2 or 3: input, weights, optional bias)", kOpName, num_inputs);
    return kTfLiteError;
  }
  if (NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d outputs given (1)", kOpName, NumOutputs(node));
    return kTfLiteError;
  }
  if (params->weights_format != kTfLiteFullyConnectedWeightsFormatDefault) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: weights_format SHUFFLED4x16INT8 is not supported (only DEFAULT; TFLM's reference "
                       "kernel does not implement it either)",
                       kOpName);
    return kTfLiteError;
  }
  if (!FusedActivationIsClamp(params->activation)) {
    TF_LITE_KERNEL_LOG(context, "%s: fused activation %s is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)", kOpName,
                       FusedActivationName(params->activation));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The input x filter type pairs the kernel implements; sets *bias_type to the bias type that pair needs.
TfLiteStatus CheckInputAndFilterTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                                      TfLiteType* bias_type) {
  *bias_type = kTfLiteNoType;
  switch (input->type) {
    case kTfLiteFloat32:  // FLOAT32 weights, or INT8 ones (hybrid)
      if (filter->type == kTfLiteFloat32 || filter->type == kTfLiteInt8) *bias_type = kTfLiteFloat32;
      break;
    case kTfLiteInt8:
      if (filter->type == kTfLiteInt8 || filter->type == kTfLiteInt4) *bias_type = kTfLiteInt32;
      break;
    case kTfLiteInt16:
      if (filter->type == kTfLiteInt8) *bias_type = kTfLiteInt64;
      break;
    default:
      break;
  }
  if (*bias_type != kTfLiteNoType) return kTfLiteOk;
  if (input->type == kTfLiteFloat32) return RefuseHybrid(context, kOpName, input->type, filter->type);
  TF_LITE_KERNEL_LOG(context,
                     "%s: input type %s with weights type %s is not supported (FLOAT32 x FLOAT32, FLOAT32 x INT8 "
                     "(hybrid), INT8 x INT8, INT8 x INT4, INT16 x INT8)",
                     kOpName, TfLiteTypeGetName(input->type), TfLiteTypeGetName(filter->type));
  return kTfLiteError;
}

// The other types, once the input x filter pair is known: output as input, bias as the pair needs.
TfLiteStatus CheckOutputAndBiasTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* bias,
                                     const TfLiteTensor* output, TfLiteType want_bias) {
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from input type %s", kOpName,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (bias != nullptr && bias->type != want_bias) {
    TF_LITE_KERNEL_LOG(context, "%s: bias type %s is not supported with %s input (%s)", kOpName,
                       TfLiteTypeGetName(bias->type), TfLiteTypeGetName(input->type), TfLiteTypeGetName(want_bias));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Shapes: filter [units, accum_depth]; input = batches rows of accum_depth; output [..., units] with
// batches * units elements; bias [units]; every size indexable in 32 bits.
TfLiteStatus CheckShapes(TfLiteContext* context, const TfLiteFullyConnectedParams& params, const TfLiteTensor* input,
                         const TfLiteTensor* filter, const TfLiteTensor* bias, const TfLiteTensor* output) {
  if (filter->dims->size != 2) {
    TF_LITE_KERNEL_LOG(context, "%s: weights must be 2-D [units, input depth], got %d dimensions", kOpName,
                       filter->dims->size);
    return kTfLiteError;
  }
  const int32_t units = filter->dims->data[0];
  const int32_t accum_depth = filter->dims->data[1];
  if (units <= 0 || accum_depth <= 0) {
    TF_LITE_KERNEL_LOG(context, "%s: weights shape [%d, %d] is empty", kOpName, static_cast<int>(units),
                       static_cast<int>(accum_depth));
    return kTfLiteError;
  }
  const int64_t input_elements = ElementCount(*input->dims);
  if (input_elements % accum_depth != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %lld elements, not a multiple of the weights' input depth %d", kOpName,
                       static_cast<long long>(input_elements), static_cast<int>(accum_depth));
    return kTfLiteError;
  }
  const int64_t batches = input_elements / accum_depth;
  const TfLiteIntArray* out_dims = output->dims;
  if (out_dims->size < 1 || out_dims->data[out_dims->size - 1] != units) {
    TF_LITE_KERNEL_LOG(context, "%s: output's last dimension must be the number of units %d", kOpName,
                       static_cast<int>(units));
    return kTfLiteError;
  }
  const int64_t output_elements = ElementCount(*out_dims);
  if (output_elements != batches * units) {
    TF_LITE_KERNEL_LOG(context, "%s: output has %lld elements; %lld batches x %d units = %lld expected%s", kOpName,
                       static_cast<long long>(output_elements), static_cast<long long>(batches),
                       static_cast<int>(units), static_cast<long long>(batches * units),
                       params.keep_num_dims ? " (keep_num_dims)" : "");
    return kTfLiteError;
  }
  if (batches > INT32_MAX || output_elements > INT32_MAX || static_cast<int64_t>(units) * accum_depth > INT32_MAX) {
    TF_LITE_KERNEL_LOG(context, "%s: tensor sizes overflow 32-bit indexing", kOpName);
    return kTfLiteError;
  }
  if (bias != nullptr && ElementCount(*bias->dims) != units) {
    TF_LITE_KERNEL_LOG(context, "%s: bias has %lld elements for %d units", kOpName,
                       static_cast<long long>(ElementCount(*bias->dims)), static_cast<int>(units));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Hybrid: the filter's scales (copied into the arena: eval sees no TfLiteTensor), the float activation range,
// the input quantization scheme and the scratch row the input is quantized into.
TfLiteStatus PrepareHybrid(TfLiteContext* context, const TfLiteFullyConnectedParams& params,
                           const TfLiteTensor* filter, OpData* data) {
  data->is_hybrid = true;
  reference::FullyConnectedHybridParams& h = data->hybrid.params;
  HybridFilterScales scales{};
  TF_LITE_ENSURE_STATUS(PrepareHybridFilter(context, kOpName, filter, 0, filter->dims->data[0], &scales));
  h.filter_scale = scales.scale;
  h.filter_scales = scales.filter_scales;
  h.asymmetric = params.asymmetric_quantize_inputs;
  CalculateActivationRange(params.activation, &h.activation_min, &h.activation_max);
  return RequestHybridScratch(context, kOpName, static_cast<size_t>(filter->dims->data[1]),
                              &data->hybrid.quantized_row_index);
}

fully_connected::FullyConnectedFloatProblem MakeFloatProblem(const OpData& data,
                                                             const reference::FullyConnectedDims& dims) {
  fully_connected::FullyConnectedFloatProblem p{};
  p.batches = dims.batches;
  p.accum_depth = dims.accum_depth;
  p.output_depth = dims.output_depth;
  p.activation_min = data.float_data.params.activation_min;
  p.activation_max = data.float_data.params.activation_max;
  return p;
}

void RunFloatReference(const fully_connected::FullyConnectedFloatProblem& p, void*) {
  const reference::FullyConnectedFloatParams params{p.activation_min, p.activation_max};
  const reference::FullyConnectedDims dims{p.batches, p.accum_depth, p.output_depth};
  reference::FullyConnectedFloat(params, dims, p.input, p.filter, p.bias, p.output);
}

// FLOAT32 x FLOAT32, best first; the reference last, always applies.
constexpr KernelVariant<fully_connected::FullyConnectedFloatProblem> kFloatVariants[] = {
#if MOTE_TARGET_X86_64
    {"fully_connected/float32/avx2", isa::kAvx2 | isa::kFma, nullptr, nullptr,
     MOTE_X86_SIMD_FN(fully_connected::FullyConnectedFloatAvx2)},
#endif
    {"fully_connected/float32/reference", 0, nullptr, nullptr, RunFloatReference},
};

// For checked tensors: the activation range or quantization constants, the INT4 filter's unpacking scratch
// (a constant INT4 filter is unpacked in every invoke, kernels/glue/int4_filter.h), and the variant (reported,
// or chosen from kInt8Variants for INT8 input, whose kernels then run on the unpacked INT4 filter).
TfLiteStatus PrepareComputation(TfLiteContext* context, const TfLiteFullyConnectedParams& params,
                                const TfLiteTensor* input, const TfLiteTensor* filter, const TfLiteTensor* bias,
                                const TfLiteTensor* output, OpData* data) {
  const TfLiteFusedActivation activation = params.activation;
  data->input_type = static_cast<uint8_t>(input->type);
  data->unpacked_filter_index = -1;

  data->is_hybrid = false;
  const char* variant = "fully_connected/hybrid/reference";
  if (input->type == kTfLiteFloat32 && filter->type == kTfLiteInt8) {
    TF_LITE_ENSURE_STATUS(PrepareHybrid(context, params, filter, data));
  } else if (input->type == kTfLiteFloat32) {
    reference::FullyConnectedFloatParams& range = data->float_data.params;
    CalculateActivationRange(activation, &range.activation_min, &range.activation_max);
    return SelectVariant(context, kOpName, kFloatVariants, MakeFloatProblem(*data, DimsOf(input, filter)),
                         &data->float_data.variant);
  } else {
    TF_LITE_ENSURE_STATUS(PrepareQuantized(context, input, filter, bias, output, activation, data));
    if (input->type == kTfLiteInt8) {
      TF_LITE_ENSURE_STATUS(PrepareInt4Filter(context, kOpName, filter, &data->unpacked_filter_index));
      fully_connected::FullyConnectedInt8Problem problem = MakeInt8Problem(*data, DimsOf(input, filter));
      // Weights the variant may prepack: a constant int8 filter (a packed INT4 one is unpacked per invoke) and a
      // constant bias or none.
      const bool weights_constant = data->unpacked_filter_index < 0 && IsConstantTensor(filter) &&
                                    (bias == nullptr || IsConstantTensor(bias));
      if (weights_constant) {
        problem.filter = filter->data.int8;
        problem.bias = bias == nullptr ? nullptr : bias->data.i32;
      }
      data->integer.int8_prepacked = nullptr;
      return SelectVariant(context, kOpName, kInt8Variants, problem, &data->int8_variant,
                           weights_constant ? &data->integer.int8_prepacked : nullptr);
    }
    variant = "fully_connected/int16/reference";
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

// kTypes: the input types the registration serves (kAllTypes for the generic one); eval reaches only their paths.
template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteFullyConnectedParams*>(node->builtin_data);
  TF_LITE_ENSURE_STATUS(CheckNode(context, node, data, params));

  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, kInputTensor));
  ScopedTempTensor filter(context, micro_context->AllocateTempInputTensor(node, kWeightsTensor));
  ScopedTempTensor bias(context,
                        NumInputs(node) == 3 ? micro_context->AllocateTempInputTensor(node, kBiasTensor) : nullptr);
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, kOutputTensor));
  if (input == nullptr || filter == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input, weights or output tensor", kOpName);
    return kTfLiteError;
  }

  TfLiteType bias_type = kTfLiteNoType;
  TF_LITE_ENSURE_STATUS(CheckInputAndFilterTypes(context, input.get(), filter.get(), &bias_type));
  TF_LITE_ENSURE_STATUS(
      CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_FULLY_CONNECTED, input->type));
  TF_LITE_ENSURE_STATUS(CheckOutputAndBiasTypes(context, input.get(), bias.get(), output.get(), bias_type));
  TF_LITE_ENSURE_STATUS(CheckShapes(context, *params, input.get(), filter.get(), bias.get(), output.get()));
  return PrepareComputation(context, *params, input.get(), filter.get(), bias.get(), output.get(), data);
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  const TfLiteEvalTensor* filter = micro::GetEvalInput(context, node, kWeightsTensor);
  const TfLiteEvalTensor* bias = NumInputs(node) == 3 ? micro::GetEvalInput(context, node, kBiasTensor) : nullptr;
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  const reference::FullyConnectedDims dims = DimsOf(input, filter);

  switch (static_cast<TfLiteType>(data.input_type)) {
    case kTfLiteFloat32:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      if (data.is_hybrid) {
        reference::FullyConnectedHybrid(
            data.hybrid.params, dims, micro::GetTensorData<float>(input), micro::GetTensorData<int8_t>(filter),
            micro::GetOptionalTensorData<float>(bias),
            static_cast<int8_t*>(context->GetScratchBuffer(context, data.hybrid.quantized_row_index)),
            micro::GetTensorData<float>(output));
        return kTfLiteOk;
      }
      {
        fully_connected::FullyConnectedFloatProblem problem = MakeFloatProblem(data, dims);
        problem.input = micro::GetTensorData<float>(input);
        problem.filter = micro::GetTensorData<float>(filter);
        problem.bias = micro::GetOptionalTensorData<float>(bias);
        problem.output = micro::GetTensorData<float>(output);
        RunVariant(context, kFloatVariants, data.float_data.variant, problem);
      }
      return kTfLiteOk;
    case kTfLiteInt8: {
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      fully_connected::FullyConnectedInt8Problem problem = MakeInt8Problem(data, dims);
      problem.input = micro::GetTensorData<int8_t>(input);
      problem.filter = FilterInt8Data(context, filter, data.unpacked_filter_index);
      problem.bias = micro::GetOptionalTensorData<int32_t>(bias);
      problem.output = micro::GetTensorData<int8_t>(output);
      RunVariant(context, kInt8Variants, data.int8_variant, problem);
      return kTfLiteOk;
    }
    case kTfLiteInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::FullyConnectedInt16(QuantParamsOf(data.integer, dims.output_depth), dims, micro::GetTensorData<int16_t>(input),
                                     micro::GetTensorData<int8_t>(filter), micro::GetOptionalTensorData<int64_t>(bias),
                                     micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    default:
      break;
  }
  return kTfLiteError;  // prepare accepted only the types above
}

}  // namespace

bool fully_connected::AppliesAvx2(const FullyConnectedInt8Problem& p) { return p.accum_depth <= kAvx2MaxDepth; }
bool fully_connected::AppliesVnni(const FullyConnectedInt8Problem& p) {
  return p.filter_offset == 0 && p.accum_depth <= kAvx2MaxDepth;
}
bool fully_connected::AppliesNeon(const FullyConnectedInt8Problem& p) {
  return p.filter_offset == 0 && p.output_depth <= kNeonMaxUnits;
}
bool fully_connected::AppliesV6m(const FullyConnectedInt8Problem& p) { return p.filter_offset == 0; }

#define MOTE_KERNEL_FULLY_CONNECTED (TEMPLATED, "fully_connected/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseFullyConnected(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteFullyConnectedParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  params->weights_format = kTfLiteFullyConnectedWeightsFormatDefault;
  params->keep_num_dims = false;
  params->asymmetric_quantize_inputs = false;
  params->quantized_bias_type = kTfLiteNoType;
  const schema::FullyConnectedOptions* options = op->builtin_options_as_FullyConnectedOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    switch (options->weights_format()) {
      case schema::FullyConnectedOptionsWeightsFormat_DEFAULT:
        params->weights_format = kTfLiteFullyConnectedWeightsFormatDefault;
        break;
      case schema::FullyConnectedOptionsWeightsFormat_SHUFFLED4x16INT8:
        params->weights_format = kTfLiteFullyConnectedWeightsFormatShuffled4x16Int8;
        break;
      default:
        MicroPrintf("%s: weights_format %d is not a valid FullyConnectedOptionsWeightsFormat (0..1)", kOpName,
                    static_cast<int>(options->weights_format()));
        return kTfLiteError;
    }
    params->keep_num_dims = options->keep_num_dims();
    params->asymmetric_quantize_inputs = options->asymmetric_quantize_inputs();
    params->quantized_bias_type = TensorTypeToTfLiteType(options->quantized_bias_type());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
