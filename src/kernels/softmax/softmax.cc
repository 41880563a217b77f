// SOFTMAX glue. Input 0 and output 0 have the same shape (rank >= 1); softmax runs over the last dimension.
//
// Type pairs and output quantization, as TFLM requires them:
//   float32 -> float32
//   int8    -> int8     output scale exactly 1/256, zero point -128
//   int8    -> int16    output scale 1/65536 (within 0.1%), zero point -32768
//   int16   -> int16    input zero point 0; output scale 1/32768 (within 0.1%), zero point 0 (TFLM's LUT path)
// beta comes from SoftmaxOptions (0 when the options table is missing, as in TFLM).
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/dispatch/variant.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/softmax/softmax_reference.h"
#include "kernels/softmax/softmax_variants.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kOutputTensor = 0;

enum class Path : uint8_t { kFloat32, kInt8, kInt8ToInt16, kInt16 };

struct OpData {
  reference::SoftmaxParams params;
  int outer_size;
  int depth;
  Path path;
  VariantChoice int8_variant;  // kInt8 and kInt8ToInt16 only
};

softmax::SoftmaxInt8Problem MakeInt8Problem(const OpData& data) {
  softmax::SoftmaxInt8Problem p{};
  p.outer_size = data.outer_size;
  p.depth = data.depth;
  p.input_multiplier = data.params.input_multiplier;
  p.input_left_shift = data.params.input_left_shift;
  p.diff_min = data.params.diff_min;
  p.int16_output = data.path == Path::kInt8ToInt16;
  return p;
}

reference::SoftmaxParams ReferenceParams(const softmax::SoftmaxInt8Problem& p) {
  reference::SoftmaxParams params{};
  params.input_multiplier = p.input_multiplier;
  params.input_left_shift = p.input_left_shift;
  params.diff_min = p.diff_min;
  return params;
}

void RunInt8Reference(const softmax::SoftmaxInt8Problem& p, void*) {
  reference::SoftmaxInt8(ReferenceParams(p), p.outer_size, p.depth, p.input, static_cast<int8_t*>(p.output));
}

void RunInt8ToInt16Reference(const softmax::SoftmaxInt8Problem& p, void*) {
  reference::SoftmaxInt8ToInt16(ReferenceParams(p), p.outer_size, p.depth, p.input, static_cast<int16_t*>(p.output));
}

// INT8 -> INT8 and INT8 -> INT16, best first; the reference last, always applies. The optimized variants serve
// both output types (SoftmaxInt8Problem::int16_output).
constexpr KernelVariant<softmax::SoftmaxInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_ARM_MVE
    {"softmax/int8/mve", isa::kArmMve, softmax::AppliesArm, nullptr, MOTE_ARM_MVE_FN(softmax::SoftmaxInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"softmax/int8/dsp", isa::kArmDsp, softmax::AppliesArm, nullptr, MOTE_ARM_DSP_FN(softmax::SoftmaxInt8Dsp)},
#endif
    {"softmax/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};
constexpr KernelVariant<softmax::SoftmaxInt8Problem> kInt8ToInt16Variants[] = {
#if MOTE_TARGET_ARM_MVE
    {"softmax/int8_int16/mve", isa::kArmMve, softmax::AppliesArm, nullptr, MOTE_ARM_MVE_FN(softmax::SoftmaxInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"softmax/int8_int16/dsp", isa::kArmDsp, softmax::AppliesArm, nullptr,
     MOTE_ARM_DSP_FN(softmax::SoftmaxInt8Dsp)},
#endif
    {"softmax/int8_int16/reference", 0, nullptr, nullptr, RunInt8ToInt16Reference},
};

bool NearlyEqual(float value, float expected) {
  return std::fabs(static_cast<double>(value) - expected) <= 0.001 * expected;
}

TfLiteStatus CheckOutputQuantization(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output) {
  const float scale = output->params.scale;
  const int32_t zero_point = output->params.zero_point;
  if (input->type == kTfLiteInt8 && output->type == kTfLiteInt8) {
    if (scale != 1.f / 256 || zero_point != -128) {
      TF_LITE_KERNEL_LOG(context,
                         "SOFTMAX: INT8 output must have scale 1/256 and zero point -128 (got scale %g, zero point "
                         "%d)",
                         static_cast<double>(scale), static_cast<int>(zero_point));
      return kTfLiteError;
    }
  } else if (input->type == kTfLiteInt8) {
    if (!NearlyEqual(scale, 1.f / 65536) || zero_point != -32768) {
      TF_LITE_KERNEL_LOG(context,
                         "SOFTMAX: INT16 output of an INT8 input must have scale 1/65536 and zero point -32768 (got "
                         "scale %g, zero point %d)",
                         static_cast<double>(scale), static_cast<int>(zero_point));
      return kTfLiteError;
    }
  } else if (!NearlyEqual(scale, 1.f / 32768) || zero_point != 0) {
    TF_LITE_KERNEL_LOG(context,
                       "SOFTMAX: INT16 output must have scale 1/32768 and zero point 0 (got scale %g, zero point %d)",
                       static_cast<double>(scale), static_cast<int>(zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteSoftmaxParams* params, const TfLiteTensor* input,
                              const TfLiteTensor* output, reference::SoftmaxParams* op) {
  if (!(input->params.scale > 0.f)) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: %s input must be quantized (scale > 0)", TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_OK(context, CheckOutputQuantization(context, input, output));
  const double beta = static_cast<double>(params->beta);
  const double input_scale = static_cast<double>(input->params.scale);
  if (!std::isfinite(beta)) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: beta must be finite");
    return kTfLiteError;
  }
  if (input->type == kTfLiteInt16) {
    if (input->params.zero_point != 0) {
      TF_LITE_KERNEL_LOG(context, "SOFTMAX: INT16 input zero point must be 0 (got %d)",
                         static_cast<int>(input->params.zero_point));
      return kTfLiteError;
    }
    // Rescales differences so that [-10, 0] in real units spans [-65535, 0].
    QuantizeMultiplier(input_scale * beta / (10.0 / 65535.0), &op->input_multiplier, &op->input_left_shift);
    if (op->input_left_shift > 15) {
      TF_LITE_KERNEL_LOG(context, "SOFTMAX: beta * input scale (%g) is too large for INT16 (at most ~3.2)",
                         beta * input_scale);
      return kTfLiteError;
    }
    op->diff_min = 0;
    return kTfLiteOk;
  }
  // INT8: differences rescaled into Q5.26 by a left shift, so beta * input_scale * 2^26 must be at least 1/2
  // (TFLM aborts below 1).
  constexpr int kScaledDiffIntegerBits = 5;
  if (!(beta * input_scale > 0.0)) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: beta (%g) and the input scale (%g) must be positive for INT8", beta,
                       input_scale);
    return kTfLiteError;
  }
  PreprocessSoftmaxScaling(beta, input_scale, kScaledDiffIntegerBits, &op->input_multiplier, &op->input_left_shift);
  if (op->input_left_shift < 0 || op->input_multiplier <= 0) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: beta * input scale (%g) is too small for INT8 (at least 2^-27)",
                       beta * input_scale);
    return kTfLiteError;
  }
  op->diff_min = -CalculateInputRadius(kScaledDiffIntegerBits, op->input_left_shift);
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteSoftmaxParams* params, const TfLiteTensor* input,
                            const TfLiteTensor* output, OpData* data) {
  if (params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: missing options");
    return kTfLiteError;
  }
  const TfLiteType in = input->type;
  const TfLiteType out = output->type;
  if (in == kTfLiteFloat32 && out == kTfLiteFloat32) {
    data->path = Path::kFloat32;
  } else if (in == kTfLiteInt8 && out == kTfLiteInt8) {
    data->path = Path::kInt8;
  } else if (in == kTfLiteInt8 && out == kTfLiteInt16) {
    data->path = Path::kInt8ToInt16;
  } else if (in == kTfLiteInt16 && out == kTfLiteInt16) {
    data->path = Path::kInt16;
  } else {
    TF_LITE_KERNEL_LOG(context,
                       "SOFTMAX: input %s with output %s is not supported (FLOAT32->FLOAT32, INT8->INT8, INT8->INT16, "
                       "INT16->INT16)",
                       TfLiteTypeGetName(in), TfLiteTypeGetName(out));
    return kTfLiteError;
  }
  const int rank = input->dims->size;
  if (rank < 1) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: input must have at least 1 dimension");
    return kTfLiteError;
  }
  if (!HaveSameShapes(input, output)) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: output shape differs from the input shape");
    return kTfLiteError;
  }
  const int64_t elements = ElementCount(*input->dims);
  if (elements > std::numeric_limits<int>::max()) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: %lld elements is too many", static_cast<long long>(elements));
    return kTfLiteError;
  }
  data->depth = input->dims->data[rank - 1];
  data->outer_size = data->depth == 0 ? 0 : static_cast<int>(elements / data->depth);
  data->params.beta = params->beta;
  data->params.input_multiplier = 0;
  data->params.input_left_shift = 0;
  data->params.diff_min = 0;
  if (data->path == Path::kFloat32) return kTfLiteOk;
  return PrepareQuantized(context, params, input, output, &data->params);
}

// kTypes: the input types the registration serves (kAllTypes for the generic one); eval reaches only their paths.
template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: %d inputs and %d outputs given (1 and 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  TfLiteStatus status = kTfLiteError;
  OpData* data = static_cast<OpData*>(node->user_data);
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SOFTMAX: missing input or output tensor");
  } else {
    status = PrepareTensors(context, static_cast<const TfLiteSoftmaxParams*>(node->builtin_data), input, output, data);
    if (status == kTfLiteOk) {
      status = CheckServedType<kTypes>(context, "SOFTMAX", schema::BuiltinOperator_SOFTMAX, input->type);
    }
  }
  if (status == kTfLiteOk) {
    switch (data->path) {
      case Path::kFloat32: ReportKernelVariant(context, "softmax/float32/reference"); break;
      case Path::kInt8:
        status = SelectVariant(context, "SOFTMAX", kInt8Variants, MakeInt8Problem(*data), &data->int8_variant);
        break;
      case Path::kInt8ToInt16:
        status =
            SelectVariant(context, "SOFTMAX", kInt8ToInt16Variants, MakeInt8Problem(*data), &data->int8_variant);
        break;
      case Path::kInt16: ReportKernelVariant(context, "softmax/int16/reference"); break;
    }
  }
  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (data.path) {
    case Path::kFloat32:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      reference::SoftmaxFloat(data.params, data.outer_size, data.depth, micro::GetTensorData<float>(input),
                              micro::GetTensorData<float>(output));
      break;
    case Path::kInt8:
    case Path::kInt8ToInt16: {
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      softmax::SoftmaxInt8Problem problem = MakeInt8Problem(data);
      problem.input = micro::GetTensorData<int8_t>(input);
      if (data.path == Path::kInt8) {
        problem.output = micro::GetTensorData<int8_t>(output);
        RunVariant(context, kInt8Variants, data.int8_variant, problem);
      } else {
        problem.output = micro::GetTensorData<int16_t>(output);
        RunVariant(context, kInt8ToInt16Variants, data.int8_variant, problem);
      }
      break;
    }
    case Path::kInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::SoftmaxInt16(data.params, data.outer_size, data.depth, micro::GetTensorData<int16_t>(input),
                              micro::GetTensorData<int16_t>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

// Prepare's guarantees (QuantizeMultiplierGreaterThanOne's multiplier, a non-negative left shift), restated
// because the variants' one-instruction multiplies rely on them, and rows short enough that the sum of
// exponentials (each at most 2^19 in Q12.19) stays below 2^31.
bool softmax::AppliesArm(const SoftmaxInt8Problem& p) {
  return p.input_multiplier >= (1 << 30) && p.input_left_shift >= 0 && p.input_left_shift <= 31 && p.depth <= 4095;
}

#define MOTE_KERNEL_SOFTMAX (TEMPLATED, "softmax/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSoftmax(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSoftmaxParams>(allocator, "SOFTMAX");
  if (params == nullptr) return kTfLiteError;
  const schema::SoftmaxOptions* options = op->builtin_options_as_SoftmaxOptions();
  params->beta = options != nullptr ? options->beta() : 0.f;
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
