// AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D glue (one prepare, one options parser, three registrations).
//
// Input 0 and output 0 are NHWC, int8, int16 or float32 (L2_POOL_2D: float32 only, as TFLM), both the same type.
// Quantized tensors must share scale (within 1e-6) and zero point, as TFLM requires: pooling never requantizes. The
// output height/width must be the ones TFLite computes from padding, strides and filter size (mote never resizes
// tensors), except that L2_POOL_2D, whose TFLM kernel writes the computed shape in prepare, writes it into an output
// declared all 0 (unset). Fused activations: NONE, RELU, RELU_N1_TO_1, RELU6 (TFLM ignores TANH/SIGN_BIT here; mote
// refuses them).
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/dispatch/variant.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/padding.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/pooling/pooling_reference.h"
#include "kernels/pooling/pooling_variants.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::PoolParams params;
  VariantChoice int8_variant;  // INT8 tensors only: an entry of kAverageInt8Variants or kMaxInt8Variants
};

pooling::PoolInt8Problem MakeInt8Problem(const reference::PoolParams& params, const RuntimeShape& in,
                                                       const RuntimeShape& out) {
  pooling::PoolInt8Problem p{};
  p.batches = in.Dims(0);
  p.input_height = in.Dims(1);
  p.input_width = in.Dims(2);
  p.depth = in.Dims(3);
  p.output_height = out.Dims(1);
  p.output_width = out.Dims(2);
  p.stride_height = params.stride_height;
  p.stride_width = params.stride_width;
  p.filter_height = params.filter_height;
  p.filter_width = params.filter_width;
  p.padding_height = params.padding_height;
  p.padding_width = params.padding_width;
  p.activation_min = params.quantized_activation_min;
  p.activation_max = params.quantized_activation_max;
  return p;
}

// The last entry of both tables: kPool (AveragePoolQuantized or MaxPoolQuantized) on the problem.
template <void (*kPool)(const reference::PoolParams&, const RuntimeShape&, const int8_t*, const RuntimeShape&, int8_t*)>
void RunInt8Reference(const pooling::PoolInt8Problem& p, void*) {
  reference::PoolParams params{};
  params.stride_height = p.stride_height;
  params.stride_width = p.stride_width;
  params.filter_height = p.filter_height;
  params.filter_width = p.filter_width;
  params.padding_height = p.padding_height;
  params.padding_width = p.padding_width;
  params.quantized_activation_min = p.activation_min;
  params.quantized_activation_max = p.activation_max;
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.depth};
  kPool(params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, out_dims), p.output);
}

// AVERAGE_POOL_2D and MAX_POOL_2D INT8, best first; the reference last, always applies. An M55 has both the
// Helium and the DSP entries (the DSP ones run when Helium is masked or refuses).
constexpr KernelVariant<pooling::PoolInt8Problem> kAverageInt8Variants[] = {
#if MOTE_TARGET_ARM_MVE
    {"average_pool_2d/int8/mve", isa::kArmMve, nullptr, nullptr, MOTE_ARM_MVE_FN(pooling::AveragePoolInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"average_pool_2d/int8/dsp", isa::kArmDsp, pooling::AppliesAverageDsp, nullptr,
     MOTE_ARM_DSP_FN(pooling::AveragePoolInt8Dsp)},
#endif
#if MOTE_TARGET_X86_64
    {"average_pool_2d/int8/avx2", isa::kAvx2, pooling::AppliesAverageAvx2, nullptr,
     MOTE_X86_SIMD_FN(pooling::AveragePoolInt8Avx2)},
#endif
    {"average_pool_2d/int8/reference", 0, nullptr, nullptr, RunInt8Reference<reference::AveragePoolQuantized<int8_t>>},
};

constexpr KernelVariant<pooling::PoolInt8Problem> kMaxInt8Variants[] = {
#if MOTE_TARGET_ARM_MVE
    {"max_pool_2d/int8/mve", isa::kArmMve, nullptr, nullptr, MOTE_ARM_MVE_FN(pooling::MaxPoolInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"max_pool_2d/int8/dsp", isa::kArmDsp, nullptr, nullptr, MOTE_ARM_DSP_FN(pooling::MaxPoolInt8Dsp)},
#endif
#if MOTE_TARGET_X86_64
    {"max_pool_2d/int8/avx2", isa::kAvx2, nullptr, nullptr, MOTE_X86_SIMD_FN(pooling::MaxPoolInt8Avx2)},
#endif
    {"max_pool_2d/int8/reference", 0, nullptr, nullptr, RunInt8Reference<reference::MaxPoolQuantized<int8_t>>},
};

const char* ActivationName(TfLiteFusedActivation activation) {
  switch (activation) {
    case kTfLiteActNone: return "NONE";
    case kTfLiteActRelu: return "RELU";
    case kTfLiteActReluN1To1: return "RELU_N1_TO_1";
    case kTfLiteActRelu6: return "RELU6";
    case kTfLiteActTanh: return "TANH";
    case kTfLiteActSignBit: return "SIGN_BIT";
    case kTfLiteActSigmoid: return "SIGMOID";
  }
  return "unknown";
}

bool IsQuantizedPerTensor(const TfLiteTensor* t) { return t->params.scale > 0.f; }

TfLiteStatus CheckParams(TfLiteContext* context, const char* op_name, const TfLitePoolParams* params,
                         const TfLiteTensor* input) {
  if (params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing pool options", op_name);
    return kTfLiteError;
  }
  if (params->padding != kTfLitePaddingSame && params->padding != kTfLitePaddingValid) {
    TF_LITE_KERNEL_LOG(context, "%s: padding %d is not supported (SAME, VALID)", op_name,
                       static_cast<int>(params->padding));
    return kTfLiteError;
  }
  if (params->stride_height < 1 || params->stride_width < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: strides must be >= 1 (got stride_h %d, stride_w %d)", op_name,
                       params->stride_height, params->stride_width);
    return kTfLiteError;
  }
  if (params->filter_height < 1 || params->filter_width < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: filter size must be >= 1 (got %dx%d)", op_name, params->filter_height,
                       params->filter_width);
    return kTfLiteError;
  }
  // Output size and padding arithmetic adds strides and filter sizes to input sizes in int.
  constexpr int64_t kIntMax = std::numeric_limits<int>::max();
  const int64_t in_h = input->dims->data[1];
  const int64_t in_w = input->dims->data[2];
  if (in_h + params->stride_height > kIntMax || in_w + params->stride_width > kIntMax ||
      in_h + params->filter_height > kIntMax || in_w + params->filter_width > kIntMax) {
    TF_LITE_KERNEL_LOG(context, "%s: strides or filter size too large for a %lldx%lld input", op_name,
                       static_cast<long long>(in_h), static_cast<long long>(in_w));
    return kTfLiteError;
  }
  switch (params->activation) {
    case kTfLiteActNone:
    case kTfLiteActRelu:
    case kTfLiteActReluN1To1:
    case kTfLiteActRelu6:
      return kTfLiteOk;
    default:
      TF_LITE_KERNEL_LOG(context, "%s: fused activation %s is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)",
                         op_name, ActivationName(params->activation));
      return kTfLiteError;
  }
}

// computes_unset_output: an output declared all 0 gets [batches, OH, OW, depth] (L2_POOL_2D, as TFLM).
TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                            const TfLitePoolParams* params, bool computes_unset_output, const TfLiteTensor* input,
                            TfLiteTensor* output, OpData* data) {
  TF_LITE_ENSURE_STATUS(CheckUnaryTypes(context, op_name, input, output));
  if (input->dims->size != 4 || output->dims->size != 4) {
    TF_LITE_KERNEL_LOG(context, "%s: input and output must be 4-D NHWC (got %d-D and %d-D)", op_name,
                       input->dims->size, output->dims->size);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_OK(context, CheckParams(context, op_name, params, input));

  const int* in = input->dims->data;
  int out_height = 0;
  int out_width = 0;
  const TfLitePaddingValues padding =
      ComputePaddingHeightWidth(params->stride_height, params->stride_width, 1, 1, in[1], in[2],
                                params->filter_height, params->filter_width, params->padding, &out_height, &out_width);
  if (out_height < 1 || out_width < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: a %dx%d filter with VALID padding does not fit the %dx%d input", op_name,
                       params->filter_height, params->filter_width, in[1], in[2]);
    return kTfLiteError;
  }
  if (computes_unset_output && IsUnsetOutputShape(output)) {
    const int32_t computed[4] = {in[0], out_height, out_width, in[3]};
    TF_LITE_ENSURE_STATUS(WriteOutputShape(context, node, kOutputTensor, output, op_name, computed, 4));
  }
  const int* out = output->dims->data;
  if (out[0] != in[0] || out[3] != in[3]) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape [%d, %d, %d, %d] must be [%d, OH, OW, %d] (the input's batches, depth)",
                       op_name, out[0], out[1], out[2], out[3], in[0], in[3]);
    return kTfLiteError;
  }
  // As TFLM, the output's own height and width are iterated, the windows placed by the padding the options give
  // and clipped to the input (TFLM's pooling_test runs a 2x4 VALID output where the padding computes 1x3). Every
  // window must still overlap the input: an empty one has no maximum and no average.
  const int64_t max_height = (static_cast<int64_t>(in[1]) + padding.height + params->stride_height - 1) /
                             params->stride_height;
  const int64_t max_width = (static_cast<int64_t>(in[2]) + padding.width + params->stride_width - 1) /
                            params->stride_width;
  if (out[1] < 1 || out[2] < 1 || out[1] > max_height || out[2] > max_width) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: output shape [%d, %d, %d, %d] has windows outside the %dx%d input (at most %lldx%lld "
                       "output positions overlap it; the padding computes %dx%d)",
                       op_name, out[0], out[1], out[2], out[3], in[1], in[2], static_cast<long long>(max_height),
                       static_cast<long long>(max_width), out_height, out_width);
    return kTfLiteError;
  }

  reference::PoolParams& p = data->params;
  p.stride_height = params->stride_height;
  p.stride_width = params->stride_width;
  p.filter_height = params->filter_height;
  p.filter_width = params->filter_width;
  p.padding_height = padding.height;
  p.padding_width = padding.width;
  p.quantized_activation_min = 0;
  p.quantized_activation_max = 0;
  p.float_activation_min = 0.f;
  p.float_activation_max = 0.f;

  if (input->type == kTfLiteFloat32) {
    CalculateActivationRange(params->activation, &p.float_activation_min, &p.float_activation_max);
    return kTfLiteOk;
  }

  if (!IsQuantizedPerTensor(input) || !IsQuantizedPerTensor(output)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s input and output must be quantized (scale > 0)", op_name,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  const double scale_diff =
      std::fabs(static_cast<double>(input->params.scale) - static_cast<double>(output->params.scale));
  if (scale_diff > 1.0e-6 || input->params.zero_point != output->params.zero_point) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: input and output quantization must match (scale %g vs %g, zero point %d vs %d)",
                       op_name, static_cast<double>(input->params.scale), static_cast<double>(output->params.scale),
                       static_cast<int>(input->params.zero_point), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  // The average's int32 sum over the largest (clipped) window must not overflow.
  const int64_t window = static_cast<int64_t>(params->filter_height < in[1] ? params->filter_height : in[1]) *
                         (params->filter_width < in[2] ? params->filter_width : in[2]);
  const int64_t max_magnitude = input->type == kTfLiteInt8 ? 128 : 32768;
  if (window * max_magnitude > std::numeric_limits<int32_t>::max()) {
    TF_LITE_KERNEL_LOG(context, "%s: a %lld-element %s window overflows the int32 sum", op_name,
                       static_cast<long long>(window), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return CalculateActivationRangeQuantized(context, params->activation, output, &p.quantized_activation_min,
                                           &p.quantized_activation_max);
}

enum class PoolKind { kAverage, kMax, kL2 };

// TFLM has no quantized L2 pool: L2_POOL_2D takes float32 only.
TfLiteStatus CheckKindType(TfLiteContext* context, PoolKind kind, const char* op_name, const TfLiteTensor* input) {
  if (kind != PoolKind::kL2 || input->type == kTfLiteFloat32) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (FLOAT32)", op_name, TfLiteTypeGetName(input->type));
  return kTfLiteError;
}

// kTypes: the input types the registration serves (kAllTypes for the generic one). kKind is a template
// argument so that an image with one of the ops links only that op's int8 variant table.
template <TypeSet kTypes, PoolKind kKind>
TfLiteStatus PoolPrepare(TfLiteContext* context, TfLiteNode* node, const char* op_name, int32_t builtin_code,
                         const char* const variants[2]) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 and 1)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  TfLiteStatus status = kTfLiteError;
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", op_name);
  } else {
    const auto* params = static_cast<const TfLitePoolParams*>(node->builtin_data);
    auto* data = static_cast<OpData*>(node->user_data);
    status = CheckKindType(context, kKind, op_name, input);
    if (status == kTfLiteOk) {
      status = PrepareTensors(context, node, op_name, params, kKind == PoolKind::kL2, input, output, data);
    }
    if (status == kTfLiteOk) status = CheckServedType<kTypes>(context, op_name, builtin_code, input->type);
    if (status == kTfLiteOk && input->type == kTfLiteInt8) {
      const pooling::PoolInt8Problem problem =
          MakeInt8Problem(data->params, GetTensorShape(input), GetTensorShape(output));
      if constexpr (kKind == PoolKind::kAverage) {
        status = SelectVariant(context, op_name, kAverageInt8Variants, problem, &data->int8_variant);
      } else if constexpr (kKind == PoolKind::kMax) {
        status = SelectVariant(context, op_name, kMaxInt8Variants, problem, &data->int8_variant);
      }
    } else if (status == kTfLiteOk) {
      ReportKernelVariant(context, input->type == kTfLiteInt16 ? variants[0] : variants[1]);
    }
  }
  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

// INT16 and FLOAT32 ids (INT8 picks from the variant tables).
constexpr const char* kAverageVariants[2] = {"average_pool_2d/int16/reference", "average_pool_2d/float32/reference"};
constexpr const char* kMaxVariants[2] = {"max_pool_2d/int16/reference", "max_pool_2d/float32/reference"};
constexpr const char* kL2Variants[2] = {nullptr, "l2_pool_2d/float32/reference"};

template <TypeSet kTypes>
TfLiteStatus AveragePrepare(TfLiteContext* context, TfLiteNode* node) {
  return PoolPrepare<kTypes, PoolKind::kAverage>(context, node, "AVERAGE_POOL_2D",
                                                schema::BuiltinOperator_AVERAGE_POOL_2D, kAverageVariants);
}

template <TypeSet kTypes>
TfLiteStatus MaxPrepare(TfLiteContext* context, TfLiteNode* node) {
  return PoolPrepare<kTypes, PoolKind::kMax>(context, node, "MAX_POOL_2D", schema::BuiltinOperator_MAX_POOL_2D,
                                             kMaxVariants);
}

TfLiteStatus L2Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PoolPrepare<kAllTypes, PoolKind::kL2>(context, node, "L2_POOL_2D", schema::BuiltinOperator_L2_POOL_2D,
                                               kL2Variants);
}

// Invoke for both ops: INT8 through the op's variant table, INT16 and FLOAT32 through its reference functions
// (called as fn(params, input_shape, input, output_shape, output)); only the paths of kTypes.
template <TypeSet kTypes, size_t N, typename Int16Fn, typename FloatFn>
TfLiteStatus PoolEval(TfLiteContext* context, TfLiteNode* node,
                      const KernelVariant<pooling::PoolInt8Problem> (&int8_variants)[N], const Int16Fn& int16,
                      const FloatFn& float32) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const reference::PoolParams& params = data->params;
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  const RuntimeShape input_shape = micro::GetTensorShape(input);
  const RuntimeShape output_shape = micro::GetTensorShape(output);
  switch (input->type) {
    case kTfLiteInt8: {
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      pooling::PoolInt8Problem problem = MakeInt8Problem(params, input_shape, output_shape);
      problem.input = micro::GetTensorData<int8_t>(input);
      problem.output = micro::GetTensorData<int8_t>(output);
      RunVariant(context, int8_variants, data->int8_variant, problem);
      break;
    }
    case kTfLiteInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      int16(params, input_shape, micro::GetTensorData<int16_t>(input), output_shape,
            micro::GetTensorData<int16_t>(output));
      break;
    default:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      float32(params, input_shape, micro::GetTensorData<float>(input), output_shape,
              micro::GetTensorData<float>(output));
      break;
  }
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus AverageEval(TfLiteContext* context, TfLiteNode* node) {
  return PoolEval<kTypes>(context, node, kAverageInt8Variants, reference::AveragePoolQuantized<int16_t>,
                  reference::AveragePoolFloat);
}

template <TypeSet kTypes>
TfLiteStatus MaxEval(TfLiteContext* context, TfLiteNode* node) {
  return PoolEval<kTypes>(context, node, kMaxInt8Variants, reference::MaxPoolQuantized<int16_t>,
                          reference::MaxPoolFloat);
}

TfLiteStatus L2Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  reference::L2PoolFloat(data->params, micro::GetTensorShape(input), micro::GetTensorData<float>(input),
                         micro::GetTensorShape(output), micro::GetTensorData<float>(output));
  return kTfLiteOk;
}

}  // namespace

namespace pooling {
// The AVX2 average divides in float: at most kAvx2AverageMaxTaps window elements keep the sums below 2^24.
bool AppliesAverageAvx2(const PoolInt8Problem& p) {
  return static_cast<int64_t>(p.filter_height) * p.filter_width <= kAvx2AverageMaxTaps;
}

// The DSP average sums in int16 halves: the clipped window must hold at most kDspAverageMaxTaps elements.
bool AppliesAverageDsp(const PoolInt8Problem& p) {
  const int64_t rows = p.filter_height < p.input_height ? p.filter_height : p.input_height;
  const int64_t cols = p.filter_width < p.input_width ? p.filter_width : p.input_width;
  return rows * cols <= kDspAverageMaxTaps;
}
}  // namespace pooling

#define MOTE_KERNEL_AVERAGE_POOL_2D \
  (TEMPLATED, "average_pool_2d/any/reference", InitOpData<OpData>, AveragePrepare, AverageEval)
#define MOTE_KERNEL_MAX_POOL_2D (TEMPLATED, "max_pool_2d/any/reference", InitOpData<OpData>, MaxPrepare, MaxEval)
#define MOTE_KERNEL_L2_POOL_2D (PLAIN, "l2_pool_2d/float32/reference", InitOpData<OpData>, L2Prepare, L2Eval)
MOTE_DEFINE_REGISTRATIONS();

// Shared by AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D. A missing options table gives the
// schema defaults (SAME padding, zero strides and filter, no activation), which prepare then refuses.
TfLiteStatus ParsePool(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLitePoolParams>(allocator, "POOL_2D");
  if (params == nullptr) return kTfLiteError;
  params->padding = kTfLitePaddingSame;
  params->activation = kTfLiteActNone;
  const schema::Pool2DOptions* options = op->builtin_options_as_Pool2DOptions();
  if (options != nullptr) {
    if (!ConvertPadding(options->padding(), &params->padding)) {
      MicroPrintf("POOL_2D: padding %d is not a valid Padding (0 SAME, 1 VALID)", static_cast<int>(options->padding()));
      return kTfLiteError;
    }
    params->stride_width = options->stride_w();
    params->stride_height = options->stride_h();
    params->filter_width = options->filter_width();
    params->filter_height = options->filter_height();
    if (!ConvertFusedActivation(options->fused_activation_function(), &params->activation)) {
      MicroPrintf("POOL_2D: fused activation %d is not a valid ActivationFunctionType (0..5)",
                  static_cast<int>(options->fused_activation_function()));
      return kTfLiteError;
    }
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
