// CONV_2D glue: options parser, init/prepare/invoke. The compute lives in conv_2d_reference.{h,cc} and, for
// int8 and float32, in the variants of conv_2d_variants.h and conv_2d_float_variants.h, picked once in prepare
// from a best-first table per type.
//
// Supported (as TFLM's reference kernel): input/output INT8 with INT8 filter (per-channel or per-tensor
// scales) and optional INT32 bias; input/output INT16 with INT8 filter ("16x8") and optional INT64 or INT32
// bias; FLOAT32 with optional FLOAT32 bias. Grouped convolution (input channels = groups * filter input
// channels), batches, strides, dilations, SAME/VALID padding, fused NONE/RELU/RELU_N1_TO_1/RELU6.
// Deliberately refused where TFLM would compute something meaningless: nonzero filter zero points, nonzero
// INT16 zero points, fused TANH/SIGN_BIT, output shapes that disagree with the padding rules.
// Beyond TFLM, as LiteRT: FLOAT32 input/output with INT8 weights (hybrid, kernels/glue/hybrid_conv.h), per-tensor
// or per-channel scales, ungrouped (per-tensor: undilated).
// A packed INT4 filter with INT8 activations runs the int8 kernels on a copy unpacked into scratch at every
// invoke, as TFLM does (kernels/glue/int4_filter.h).
#include <cstdint>
#include <cstring>

#include "kernels/conv_2d/conv_2d_float_variants.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_common.h"
#include "kernels/glue/hybrid.h"
#include "kernels/glue/int4_filter.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "CONV_2D";
enum class Kind : int32_t { kFloat32, kInt8, kInt16Acc32, kInt16Acc64, kHybrid };

struct OpData {
  reference::ConvParams params;  // multiplier/shift point into persistent per-channel arrays
  Kind kind;
  VariantChoice int8_variant;  // kInt8 only
  VariantChoice float_variant;  // kFloat32 only
  const void* prepacked_weights;  // kInt8, kFloat32: the variant's prepacked filter and constants, or nullptr
  int16_t unpacked_filter_index;  // INT8 with a packed INT4 filter: its unpacking scratch, else -1
  union {                           // one scratch index, by kind (no persistent byte more per node)
    int16_t quantized_input_index;  // kHybrid: scratch for one quantized batch image
    int16_t in_place_temp_index;    // kInt8: the 1x1 in-place chunk buffer (RequestInPlaceScratchBuffer), else -1
  };
  reference::HybridConvParams hybrid;  // kHybrid
};

// In-place 1x1 (output channels = input channels, stride 1, no padding): output pixel i reads input pixel i
// only. Chunks of `chunk_pixels` pixels are copied to the temp and the chosen variant runs on the chunk as a
// [1, 1, P, C] problem writing straight into the buffer: the same sums as the whole call.
// Pixels per chunk: few calls (each has its own setup), a temp of about 2 KB, no more pixels than there are.
int32_t ChunkPixels(int64_t pixels, int32_t depth) {
  constexpr int32_t kTargetChunkBytes = 2048;
  int64_t chunk = kTargetChunkBytes / depth;
  if (chunk < 4) chunk = 4;
  return static_cast<int32_t>(chunk < pixels ? chunk : pixels);
}

template <typename Problem, size_t N>
void RunInPlace1x1(TfLiteContext* context, const KernelVariant<Problem> (&table)[N], VariantChoice choice,
                   const Problem& whole, int8_t* temp) {
  const int64_t pixels = static_cast<int64_t>(whole.batches) * whole.output_height * whole.output_width;
  const size_t depth = static_cast<size_t>(whole.input_depth);
  const int32_t chunk_pixels = ChunkPixels(pixels, whole.input_depth);  // as prepare sized the temp
  for (int64_t first = 0; first < pixels; first += chunk_pixels) {
    const int count = static_cast<int>(pixels - first < chunk_pixels ? pixels - first : chunk_pixels);
    int8_t* at = whole.output + static_cast<size_t>(first) * depth;
    std::memcpy(temp, at, static_cast<size_t>(count) * depth);
    Problem chunk = whole;
    chunk.batches = 1;
    chunk.input_height = chunk.output_height = 1;
    chunk.input_width = chunk.output_width = count;
    chunk.input = temp;
    chunk.output = at;
    RunVariant(context, table, choice, chunk);
  }
}

TfLiteStatus PrepareInPlace1x1(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                               const TfLiteTensor* output, const reference::ConvParams& p, OpData* data) {
  data->in_place_temp_index = -1;
  for (int i = 0; i < 4; ++i)
    if (input->dims->data[i] != output->dims->data[i]) return kTfLiteOk;
  if (filter->dims->data[1] != 1 || filter->dims->data[2] != 1 || filter->dims->data[3] != input->dims->data[3] ||
      p.stride_height != 1 || p.stride_width != 1 || p.pad_height != 0 || p.pad_width != 0 ||
      input->type != kTfLiteInt8 || output->type != kTfLiteInt8) {
    return kTfLiteOk;
  }
  const int32_t depth = input->dims->data[3];
  const int64_t pixels = static_cast<int64_t>(input->dims->data[0]) * input->dims->data[1] * input->dims->data[2];
  if (depth <= 0 || pixels <= 0) return kTfLiteOk;
  const int32_t chunk = ChunkPixels(pixels, depth);
  int index = -1;
  if (GetMicroContext(context)->RequestInPlaceScratchBuffer(static_cast<size_t>(chunk) * depth, &index) != kTfLiteOk) {
    return kTfLiteOk;  // the context cannot plan the temp: no in-place execution
  }
  data->in_place_temp_index = static_cast<int16_t>(index);
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

// The int8 problem from the params and shapes (data pointers stay nullptr until invoke fills them).
conv_2d::ConvInt8Problem MakeInt8Problem(const reference::ConvParams& params, const RuntimeShape& input,
                                         const RuntimeShape& filter, const RuntimeShape& output) {
  conv_2d::ConvInt8Problem p{};
  conv_common::FillInt8Problem(params, input, filter, output, &p);
  p.filter_input_depth = filter.Dims(3);
  return p;
}

void RunInt8Reference(const conv_2d::ConvInt8Problem& p, void*) {
  reference::ConvParams params{};
  conv_common::ParamsFromInt8Problem(p, &params);
  const int32_t input_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t filter_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t output_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::ConvInt8(params, RuntimeShape(4, input_dims), p.input, RuntimeShape(4, filter_dims), p.filter, p.bias,
                      RuntimeShape(4, output_dims), p.output);
}

// Best first; the reference last, always applies.
constexpr uint32_t kVnniIsa = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                              isa::kAvx512Vnni;

constexpr KernelVariant<conv_2d::ConvInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_X86_64
    {"conv_2d/int8/avx512vnni-1x1", kVnniIsa, conv_2d::AppliesVnniPointwise, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniPointwise), MOTE_X86_SIMD_FN(conv_2d::VnniPointwisePersistentBytes),
     MOTE_X86_SIMD_FN(conv_2d::PrepareVnniPointwise)},
    {"conv_2d/int8/avx512vnni-im2col", kVnniIsa, conv_2d::AppliesVnniIm2col, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniIm2col), MOTE_X86_SIMD_FN(conv_2d::VnniIm2colPersistentBytes),
     MOTE_X86_SIMD_FN(conv_2d::PrepareVnniIm2col)},
    {"conv_2d/int8/avx2-1x1", isa::kAvx2, conv_2d::AppliesAvx2Pointwise, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Pointwise), MOTE_X86_SIMD_FN(conv_2d::Avx2PointwisePersistentBytes),
     MOTE_X86_SIMD_FN(conv_2d::PrepareAvx2Pointwise)},
    {"conv_2d/int8/avx2-im2col", isa::kAvx2, conv_2d::AppliesAvx2Im2col, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col), MOTE_X86_SIMD_FN(conv_2d::Avx2Im2colPersistentBytes),
     MOTE_X86_SIMD_FN(conv_2d::PrepareAvx2Im2col)},
#endif
#if MOTE_TARGET_AARCH64
    {"conv_2d/int8/dotprod-1x1", isa::kArmNeon | isa::kArmDotProd, conv_2d::AppliesNeonPointwise, nullptr,
     MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8DotprodPointwise)},
    {"conv_2d/int8/dotprod-im2col", isa::kArmNeon | isa::kArmDotProd, conv_2d::AppliesNeonIm2col, nullptr,
     MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8DotprodIm2col)},
    {"conv_2d/int8/neon-1x1", isa::kArmNeon, conv_2d::AppliesNeonPointwise, nullptr,
     MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonPointwise)},
    {"conv_2d/int8/neon-im2col", isa::kArmNeon, conv_2d::AppliesNeonIm2col, nullptr,
     MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonIm2col)},
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
#if MOTE_TARGET_ARMV6M
    {"conv_2d/int8/v6m-1x1", isa::kArmV6m, conv_2d::AppliesV6mPointwise, nullptr,
     MOTE_ARM_V6M_FN(conv_2d::ConvInt8V6mPointwise)},
    {"conv_2d/int8/v6m-im2col", isa::kArmV6m, conv_2d::AppliesV6mIm2col, nullptr,
     MOTE_ARM_V6M_FN(conv_2d::ConvInt8V6mIm2col)},
#endif
    {"conv_2d/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};

conv_2d::ConvFloatProblem MakeFloatProblem(const reference::ConvParams& params, const RuntimeShape& input,
                                           const RuntimeShape& filter, const RuntimeShape& output) {
  conv_2d::ConvFloatProblem p{};
  conv_common::FillFloatProblem(params, input, filter, output, &p);
  p.filter_input_depth = filter.Dims(3);
  return p;
}

void RunFloatReference(const conv_2d::ConvFloatProblem& p, void*) {
  reference::ConvParams params{};
  conv_common::ParamsFromFloatProblem(p, &params);
  const int32_t input_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t filter_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t output_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::ConvFloat(params, RuntimeShape(4, input_dims), p.input, RuntimeShape(4, filter_dims), p.filter, p.bias,
                       RuntimeShape(4, output_dims), p.output);
}

// Best first; the reference last, always applies.
constexpr KernelVariant<conv_2d::ConvFloatProblem> kFloatVariants[] = {
#if MOTE_TARGET_X86_64
    {"conv_2d/float32/avx2-1x1-panels", isa::kAvx2 | isa::kFma, conv_2d::AppliesAvx2FloatPanels, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2Panels), MOTE_X86_SIMD_FN(conv_2d::Avx2FloatPanelBytes),
     MOTE_X86_SIMD_FN(conv_2d::PackAvx2FloatPanels)},
    {"conv_2d/float32/avx2-1x1", isa::kAvx2 | isa::kFma, conv_2d::AppliesAvx2FloatPointwise, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2Pointwise)},
    {"conv_2d/float32/avx2", isa::kAvx2 | isa::kFma, conv_2d::AppliesAvx2FloatGeneral, nullptr,
     MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2General)},
#endif
    {"conv_2d/float32/reference", 0, nullptr, nullptr, RunFloatReference},
};

// INT16 picks its accumulator from the bias, as TFLM: an INT32 bias the int32 one; an INT64 bias or none the
// int64 one. (Types are checked.)
Kind KindOf(TfLiteType type, const TfLiteTensor* filter, const TfLiteTensor* bias) {
  switch (type) {
    case kTfLiteFloat32:
      return filter->type == kTfLiteInt8 ? Kind::kHybrid : Kind::kFloat32;
    case kTfLiteInt8:
      return Kind::kInt8;
    default:
      return (bias != nullptr && bias->type == kTfLiteInt32) ? Kind::kInt16Acc32 : Kind::kInt16Acc64;
  }
}

// Hybrid: ungrouped (LiteRT's hybrid kernels read every input channel) and, with one weight scale, undilated
// (LiteRT's per-tensor hybrid path ignores the dilation); then the shared hybrid preparation.
TfLiteStatus PrepareHybrid(TfLiteContext* context, const TfLiteConvParams& options, const TfLiteTensor* input,
                           const TfLiteTensor* filter, int groups, OpData* data) {
  if (groups != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: a hybrid (FLOAT32 x INT8) convolution cannot be grouped (%d groups)", kOpName,
                       groups);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareHybridConv(context, kOpName, input, filter, 0, filter->dims->data[0],
                                          reference::HybridConvScheme::kConvPerChannel, options.activation,
                                          &data->hybrid, &data->quantized_input_index));
  if (data->hybrid.scheme == reference::HybridConvScheme::kPerTensor &&
      (options.dilation_width_factor != 1 || options.dilation_height_factor != 1)) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: a hybrid convolution with one weight scale cannot be dilated (LiteRT ignores the "
                       "dilation); quantize the weights per channel",
                       kOpName);
    return kTfLiteError;
  }
  ReportKernelVariant(context, "conv_2d/hybrid/reference");
  return kTfLiteOk;
}

// kTypes: the input types the registration serves (kAllTypes for the generic one); eval reaches only their paths.
template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(conv_common::CheckNode(context, kOpName, node));
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* options = static_cast<const TfLiteConvParams*>(node->builtin_data);
  conv_common::TempTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, kOpName));
  const TfLiteTensor* input = t.input;
  const TfLiteTensor* filter = t.filter;
  const TfLiteTensor* bias = t.bias;
  const TfLiteTensor* output = t.output;

  // Types, activation, ranks. Shapes: input [N, H, W, IC], filter [OC, FH, FW, FIC], output [N, OH, OW, OC].
  TF_LITE_ENSURE_STATUS(conv_common::CheckTensors(context, kOpName, options->activation, t));
  TF_LITE_ENSURE_STATUS(CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_CONV_2D, input->type));
  const Kind kind = KindOf(input->type, filter, bias);
  const int input_depth = input->dims->data[3];
  const int output_depth = filter->dims->data[0];
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
  TF_LITE_ENSURE_STATUS(conv_common::CheckOutputBatchesAndChannels(context, kOpName, output, input->dims->data[0],
                                                                   output_depth, "filter count"));
  if (bias != nullptr) {
    TF_LITE_ENSURE_STATUS(conv_common::CheckBias(context, kOpName, input->type, /*int16_allows_int32=*/true, bias,
                                                 output_depth));
  }

  reference::ConvParams& p = data->params;
  p = reference::ConvParams{};
  bool output_is_computed_size = true;
  TF_LITE_ENSURE_STATUS(
      conv_common::PrepareWindow(context, kOpName, conv_common::GeometryOf(*options), input, filter, output, &p,
                                 &output_is_computed_size));
  data->kind = kind;

  if (kind == Kind::kHybrid) return PrepareHybrid(context, *options, input, filter, groups, data);
  if (kind == Kind::kFloat32) {
    CalculateActivationRange(options->activation, &p.float_activation_min, &p.float_activation_max);
    conv_2d::ConvFloatProblem problem =
        MakeFloatProblem(p, GetTensorShape(input), GetTensorShape(filter), GetTensorShape(output));
    // Constant weights may be prepared once by the variant (its persistent_bytes / prepare_persistent).
    const bool weights_constant = IsConstantTensor(filter) && (bias == nullptr || IsConstantTensor(bias));
    if (weights_constant) {
      problem.filter = filter->data.f;
      problem.bias = bias == nullptr ? nullptr : bias->data.f;
    }
    data->prepacked_weights = nullptr;
    return conv_common::SelectWindowVariant(context, kOpName, kFloatVariants, problem, output_is_computed_size,
                                            &data->float_variant,
                                            weights_constant ? &data->prepacked_weights : nullptr);
  }

  // The int64 requantization (16x8 with int64 bias) computes 1 << (14 - shift): shifts above 14 are undefined.
  const int max_shift = kind == Kind::kInt16Acc64 ? 14 : 30;
  TF_LITE_ENSURE_STATUS(conv_common::PrepareQuantizedParams(context, kOpName, input, filter, output,
                                                            options->activation, /*quantized_dimension=*/0,
                                                            output_depth, max_shift, &p));
  if (kind == Kind::kInt8) {
    const conv_2d::ConvInt8Problem problem =
        MakeInt8Problem(p, GetTensorShape(input), GetTensorShape(filter), GetTensorShape(output));
    TF_LITE_ENSURE_STATUS(PrepareInt4Filter(context, kOpName, filter, &data->unpacked_filter_index));
    TF_LITE_ENSURE_STATUS(conv_common::SelectInt8WindowVariant(
        context, kOpName, kInt8Variants, problem, output_is_computed_size, filter, bias,
        data->unpacked_filter_index >= 0, &data->int8_variant, &data->prepacked_weights));
    TF_LITE_ENSURE_STATUS(PrepareInPlace1x1(context, input, filter, output, p, data));
  } else {
    ReportKernelVariant(context, "conv_2d/int16/reference");
  }
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const OpData*>(node->user_data);
  const conv_common::EvalTensors t(context, node);
  switch (data.kind) {
    case Kind::kInt8: {
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      conv_2d::ConvInt8Problem problem = MakeInt8Problem(data.params, t.input_shape, t.filter_shape, t.output_shape);
      t.SetInt8Data(&problem);
      problem.filter = FilterInt8Data(context, t.filter, data.unpacked_filter_index);  // INT4: unpacked
      problem.prepacked = data.prepacked_weights;
      if (data.in_place_temp_index >= 0 && problem.input == problem.output) {
        RunInPlace1x1(context, kInt8Variants, data.int8_variant, problem,
                      static_cast<int8_t*>(context->GetScratchBuffer(context, data.in_place_temp_index)));
        return kTfLiteOk;
      }
      RunVariant(context, kInt8Variants, data.int8_variant, problem);
      return kTfLiteOk;
    }
    case Kind::kInt16Acc32:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::ConvInt16Acc32(data.params, t.input_shape, micro::GetTensorData<int16_t>(t.input), t.filter_shape,
                                micro::GetTensorData<int8_t>(t.filter), micro::GetOptionalTensorData<int32_t>(t.bias),
                                t.output_shape, micro::GetTensorData<int16_t>(t.output));
      return kTfLiteOk;
    case Kind::kInt16Acc64:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::ConvInt16Acc64(data.params, t.input_shape, micro::GetTensorData<int16_t>(t.input), t.filter_shape,
                                micro::GetTensorData<int8_t>(t.filter), micro::GetOptionalTensorData<int64_t>(t.bias),
                                t.output_shape, micro::GetTensorData<int16_t>(t.output));
      return kTfLiteOk;
    case Kind::kHybrid:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      reference::ConvHybrid(data.params, data.hybrid, t.input_shape, micro::GetTensorData<float>(t.input),
                            t.filter_shape, micro::GetTensorData<int8_t>(t.filter),
                            micro::GetOptionalTensorData<float>(t.bias), t.output_shape,
                            static_cast<int8_t*>(context->GetScratchBuffer(context, data.quantized_input_index)),
                            micro::GetTensorData<float>(t.output));
      return kTfLiteOk;
    case Kind::kFloat32: {
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      conv_2d::ConvFloatProblem problem = MakeFloatProblem(data.params, t.input_shape, t.filter_shape, t.output_shape);
      t.SetFloatData(&problem);
      problem.prepacked = data.prepacked_weights;
      RunVariant(context, kFloatVariants, data.float_variant, problem);
      return kTfLiteOk;
    }
  }
  return kTfLiteError;
}

}  // namespace

namespace conv_2d {

// The float predicates live here, not in conv_2d_float32_avx2.cc, so tests and tables see them on every target.
bool AppliesAvx2FloatPointwise(const ConvFloatProblem& p) {
  return p.filter_input_depth == p.input_depth && p.filter_height == 1 && p.filter_width == 1 && p.pad_height == 0 &&
         p.pad_width == 0;
}

bool AppliesAvx2FloatPanels(const ConvFloatProblem& p) {
  return AppliesAvx2FloatPointwise(p) && p.input_depth <= kAvx2FloatPanelMaxDepth;
}

bool AppliesAvx2FloatGeneral(const ConvFloatProblem& p) { return p.filter_input_depth == p.input_depth; }

bool AppliesAvx2Pointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.filter_input_depth == p.input_depth &&
         p.pad_width == 0 && p.pad_height == 0 && p.input_depth <= kAvx2MaxPatch;
}

bool AppliesNeonPointwise(const ConvInt8Problem& p) {
  return p.filter_height == 1 && p.filter_width == 1 && p.filter_input_depth == p.input_depth &&
         p.pad_width == 0 && p.pad_height == 0 && p.output_depth <= kNeonMaxChannels;
}

bool AppliesNeonIm2col(const ConvInt8Problem& p) {
  return p.filter_input_depth == p.input_depth && p.output_depth <= kNeonMaxChannels &&
         static_cast<int64_t>(p.filter_height) * p.filter_width * p.input_depth <= kNeonMaxPatch;
}

bool AppliesAvx2Im2col(const ConvInt8Problem& p) {
  return p.filter_input_depth == p.input_depth &&
         static_cast<int64_t>(p.filter_height) * p.filter_width * p.input_depth <= kAvx2MaxPatch;
}

namespace {
// The packed filter of the VNNI variants: (k / 4 rounded up) x (channels / 16 rounded up) x 64 bytes.
bool FitsVnniPacking(const ConvInt8Problem& p, int64_t k) {
  const int64_t bytes = (k + 3) / 4 * ((p.output_depth + 15) / 16) * 64;
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

// The Armv6-M variants' applies() live here (portable), so the table links without conv_2d_v6m.cc.
bool AppliesV6mPointwise(const ConvInt8Problem& p) {
  return p.filter_input_depth == p.input_depth && p.filter_height == 1 && p.filter_width == 1 &&
         p.pad_width == 0 && p.pad_height == 0;
}

bool AppliesV6mIm2col(const ConvInt8Problem& p) {
  // The input zero point fills out-of-image taps as an int8 (checked here, not assumed).
  return p.filter_input_depth == p.input_depth && p.input_offset >= -127 && p.input_offset <= 128 &&
         p.filter_height * p.filter_width * p.input_depth <= kV6mMaxPatch;
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

#define MOTE_KERNEL_CONV_2D (TEMPLATED, "conv_2d/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseConv2D(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteConvParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  const auto* options = op == nullptr ? nullptr : op->builtin_options_as_Conv2DOptions();
  TF_LITE_ENSURE_STATUS(conv_common::ParseWindowOptions(options, kOpName, params));
  params->quantized_bias_type =
      options == nullptr ? kTfLiteFloat32 : TensorTypeToTfLiteType(options->quantized_bias_type());
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
