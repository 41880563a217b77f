// DEPTHWISE_CONV_2D glue: options parser, init/prepare/invoke. Compute: depthwise_conv_2d_reference.{h,cc}
// and, for int8, the variants of depthwise_conv_2d_variants.h, picked once in prepare from a best-first table.
//
// Supported (as TFLM's reference kernel): INT8 input/output with INT8 filter (per-channel along dimension 3
// or per-tensor) and optional INT32 bias; INT16 input/output with INT8 filter ("16x8") and optional INT64
// bias; FLOAT32. depth_multiplier >= 1 with output channels = input channels * depth_multiplier, strides,
// dilations, SAME/VALID padding, batches, fused NONE/RELU/RELU_N1_TO_1/RELU6.
// Deliberately refused where TFLM would compute something meaningless or read out of bounds: a
// depth_multiplier that disagrees with the shapes, INT32 bias on INT16 (TFLM reads it as INT64), nonzero
// filter or INT16 zero points, fused TANH/SIGN_BIT.
// Beyond TFLM, as LiteRT: FLOAT32 input/output with INT8 weights quantized per channel (hybrid,
// kernels/glue/hybrid_conv.h); one scale for several channels is refused, as LiteRT refuses it.
// A packed INT4 filter with INT8 activations runs the int8 kernels on a copy unpacked into scratch at every
// invoke, as TFLM does (kernels/glue/int4_filter.h).
#include <cstdint>
#include <cstring>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_float_variants.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
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

constexpr const char kOpName[] = "DEPTHWISE_CONV_2D";
// Per-channel filter quantization runs along the filter's last dimension (output channels).
constexpr int kQuantizedDimension = 3;

struct OpData {
  reference::DepthwiseParams params;  // multiplier/shift point into persistent per-channel arrays
  TfLiteType type;
  VariantChoice int8_variant;  // INT8 only
  VariantChoice float_variant;  // FLOAT32 (not hybrid) only
  const void* prepacked_weights;  // INT8: the variant's tables prepared once (constant weights), or nullptr
  int16_t unpacked_filter_index;  // INT8 with a packed INT4 filter: its unpacking scratch, else -1
  union {                           // one scratch index, by type (no persistent byte more per node)
    int16_t quantized_input_index;  // hybrid: scratch for one quantized batch image
    int16_t in_place_temp_index;    // INT8, FLOAT32: the in-place band buffer (RequestInPlaceScratchBuffer), else -1
  };
  bool is_hybrid;                 // FLOAT32 input, INT8 weights
  reference::HybridConvParams hybrid;
};

// In-place execution (delayed row write). With stride 1, multiplier 1 and the output of the input's shape,
// output row y reads input rows y - pad_top .. y - pad_top + (FH - 1) * dilation, so input row r is read
// last by output row r + pad_top. Bands of `band_rows` output rows are computed by the chosen variant, as a
// sub-problem over the input rows they read (clipped to the image, the top padding adjusted: the same sums as
// the whole call), into the temp after the rows still pending; then every computed row whose input row no
// later output row reads goes to the buffer, and the rest (at most pad_top rows) stay pending, moved to the
// temp's front. Temp: (pad_top + band_rows) output rows.
int InPlaceBandRows(int height, int pad_top, int row_bytes) {
  constexpr int kTargetBandBytes = 1600;  // few calls per layer (each rebuilds its tables), a small temp
  int rows = kTargetBandBytes / (row_bytes > 0 ? row_bytes : 1);
  if (rows < 4) rows = 4;
  // The temp, pad_top + rows rows, no larger than the tensor where it can be (else the planner drops the join).
  const int fits = height - pad_top > 1 ? height - pad_top : 1;
  return rows < fits ? rows : fits;
}

template <typename Problem, typename T, size_t N>
void RunInPlace(TfLiteContext* context, const KernelVariant<Problem> (&table)[N], VariantChoice choice,
                const Problem& whole, T* temp) {
  const int height = whole.output_height;
  const int pad_top = whole.pad_height;
  const int reach = (whole.filter_height - 1) * whole.dilation_height;  // input rows an output row spans - 1
  const size_t row = static_cast<size_t>(whole.output_width) * whole.output_depth;  // elements
  const int band_rows = InPlaceBandRows(height, pad_top, static_cast<int>(row * sizeof(T)));  // as prepare sized it
  for (int b = 0; b < whole.batches; ++b) {
    T* image = whole.output + static_cast<size_t>(b) * height * row;  // the input's bytes too
    int written = 0;  // output rows [written, y) are pending in temp[0 ..)
    for (int y = 0; y < height;) {
      const int rows = height - y < band_rows ? height - y : band_rows;
      const int first_in = y - pad_top > 0 ? y - pad_top : 0;
      const int end_in = y + rows - 1 - pad_top + reach + 1 < height ? y + rows - pad_top + reach : height;
      Problem band = whole;
      band.batches = 1;
      band.input_height = end_in - first_in;
      band.output_height = rows;
      band.pad_height = pad_top - (y - first_in);
      band.input = image + static_cast<size_t>(first_in) * row;
      band.output = temp + static_cast<size_t>(y - written) * row;
      RunVariant(context, table, choice, band);
      y += rows;
      int end = y == height ? height : y - pad_top;  // input rows below `end` are read no more
      if (end < written) end = written;
      std::memcpy(image + static_cast<size_t>(written) * row, temp, static_cast<size_t>(end - written) * row * sizeof(T));
      std::memmove(temp, temp + static_cast<size_t>(end - written) * row, static_cast<size_t>(y - end) * row * sizeof(T));
      written = end;
    }
  }
}

// Prepare: whether this node may run in place (the output has the input's shape), and its temp if so.
TfLiteStatus PrepareInPlace(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* filter,
                            const TfLiteTensor* output, const reference::DepthwiseParams& p, size_t element_bytes,
                            OpData* data) {
  data->in_place_temp_index = -1;
  for (int i = 0; i < 4; ++i)
    if (input->dims->data[i] != output->dims->data[i]) return kTfLiteOk;
  if (p.stride_height != 1 || p.stride_width != 1 || p.depth_multiplier != 1 || input->type != output->type) {
    return kTfLiteOk;
  }
  const int height = output->dims->data[1];
  const int pad_top = p.pad_height;
  const int64_t reach = static_cast<int64_t>(filter->dims->data[1] - 1) * p.dilation_height;
  if (pad_top < 0 || pad_top > reach) return kTfLiteOk;
  const size_t row_bytes = static_cast<size_t>(output->dims->data[2]) * output->dims->data[3] * element_bytes;
  if (row_bytes == 0 || row_bytes > 0x1000000u) return kTfLiteOk;
  const int band = InPlaceBandRows(height, pad_top, static_cast<int>(row_bytes));
  int index = -1;
  if (GetMicroContext(context)->RequestInPlaceScratchBuffer(static_cast<size_t>(pad_top + band) * row_bytes, &index) !=
      kTfLiteOk) {
    return kTfLiteOk;  // the context cannot plan the temp: no in-place execution
  }
  data->in_place_temp_index = static_cast<int16_t>(index);
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

// The int8 problem from the params and shapes (data pointers stay nullptr until invoke fills them).
depthwise_conv_2d::DepthwiseInt8Problem MakeInt8Problem(const reference::DepthwiseParams& params,
                                                        const RuntimeShape& input, const RuntimeShape& filter,
                                                        const RuntimeShape& output) {
  depthwise_conv_2d::DepthwiseInt8Problem p{};
  conv_common::FillInt8Problem(params, input, filter, output, &p);
  p.depth_multiplier = params.depth_multiplier;
  return p;
}

void RunInt8Reference(const depthwise_conv_2d::DepthwiseInt8Problem& p, void*) {
  reference::DepthwiseParams params{};
  conv_common::ParamsFromInt8Problem(p, &params);
  params.depth_multiplier = p.depth_multiplier;
  const int32_t input_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t filter_dims[4] = {1, p.filter_height, p.filter_width, p.output_depth};
  const int32_t output_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::DepthwiseConvInt8(params, RuntimeShape(4, input_dims), p.input, RuntimeShape(4, filter_dims), p.filter,
                               p.bias, RuntimeShape(4, output_dims), p.output);
}

// Best first; the reference last, always applies.
constexpr uint32_t kVnniIsa = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                              isa::kAvx512Vnni;

constexpr KernelVariant<depthwise_conv_2d::DepthwiseInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_X86_64
    {"depthwise_conv_2d/int8/avx512vnni", kVnniIsa, depthwise_conv_2d::AppliesAvx512, nullptr,
     MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx512),
     MOTE_X86_SIMD_FN(depthwise_conv_2d::Avx512PersistentBytes), MOTE_X86_SIMD_FN(depthwise_conv_2d::PrepareAvx512)},
    {"depthwise_conv_2d/int8/avx2", isa::kAvx2, depthwise_conv_2d::AppliesAvx2, nullptr,
     MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2), MOTE_X86_SIMD_FN(depthwise_conv_2d::Avx2PersistentBytes),
     MOTE_X86_SIMD_FN(depthwise_conv_2d::PrepareAvx2)},
    {"depthwise_conv_2d/int8/avx2-multiplier", isa::kAvx2, depthwise_conv_2d::AppliesAvx2Multiplier, nullptr,
     MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2Multiplier),
     MOTE_X86_SIMD_FN(depthwise_conv_2d::Avx2MultiplierPersistentBytes),
     MOTE_X86_SIMD_FN(depthwise_conv_2d::PrepareAvx2)},
#endif
#if MOTE_TARGET_AARCH64
    {"depthwise_conv_2d/int8/neon-3x3", isa::kArmNeon, depthwise_conv_2d::AppliesNeon3x3, nullptr,
     MOTE_AARCH64_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Neon3x3)},
    {"depthwise_conv_2d/int8/neon", isa::kArmNeon, depthwise_conv_2d::AppliesNeon, nullptr,
     MOTE_AARCH64_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Neon)},
#endif
#if MOTE_TARGET_ARM_MVE
    {"depthwise_conv_2d/int8/mve-3x3", isa::kArmMve, depthwise_conv_2d::AppliesMve3x3, nullptr,
     MOTE_ARM_MVE_FN(depthwise_conv_2d::DepthwiseInt8Mve3x3)},
    {"depthwise_conv_2d/int8/mve", isa::kArmMve, depthwise_conv_2d::AppliesMveGeneral,
     depthwise_conv_2d::MveGeneralScratchBytes, MOTE_ARM_MVE_FN(depthwise_conv_2d::DepthwiseInt8MveGeneral)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"depthwise_conv_2d/int8/dsp-channels", isa::kArmDsp, depthwise_conv_2d::AppliesDspChannels, nullptr,
     MOTE_ARM_DSP_FN(depthwise_conv_2d::DepthwiseInt8DspChannels)},
    {"depthwise_conv_2d/int8/dsp", isa::kArmDsp, depthwise_conv_2d::AppliesDsp, depthwise_conv_2d::DspScratchBytes,
     MOTE_ARM_DSP_FN(depthwise_conv_2d::DepthwiseInt8Dsp)},
#endif
#if MOTE_TARGET_ARMV6M
    {"depthwise_conv_2d/int8/v6m", isa::kArmV6m, depthwise_conv_2d::AppliesV6m, nullptr,
     MOTE_ARM_V6M_FN(depthwise_conv_2d::DepthwiseInt8V6m)},
#endif
    {"depthwise_conv_2d/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};

depthwise_conv_2d::DepthwiseFloatProblem MakeFloatProblem(const reference::DepthwiseParams& params,
                                                          const RuntimeShape& input, const RuntimeShape& filter,
                                                          const RuntimeShape& output) {
  depthwise_conv_2d::DepthwiseFloatProblem p{};
  conv_common::FillFloatProblem(params, input, filter, output, &p);
  p.depth_multiplier = params.depth_multiplier;
  return p;
}

void RunFloatReference(const depthwise_conv_2d::DepthwiseFloatProblem& p, void*) {
  reference::DepthwiseParams params{};
  conv_common::ParamsFromFloatProblem(p, &params);
  params.depth_multiplier = p.depth_multiplier;
  const int32_t input_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t filter_dims[4] = {1, p.filter_height, p.filter_width, p.output_depth};
  const int32_t output_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::DepthwiseConvFloat(params, RuntimeShape(4, input_dims), p.input, RuntimeShape(4, filter_dims), p.filter,
                                p.bias, RuntimeShape(4, output_dims), p.output);
}

// Best first; the reference last, always applies.
constexpr KernelVariant<depthwise_conv_2d::DepthwiseFloatProblem> kFloatVariants[] = {
#if MOTE_TARGET_X86_64
    {"depthwise_conv_2d/float32/avx2-3x3", isa::kAvx2, depthwise_conv_2d::AppliesAvx2Float3x3, nullptr,
     MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2_3x3)},
    {"depthwise_conv_2d/float32/avx2", isa::kAvx2, nullptr, nullptr,
     MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2)},
#endif
    {"depthwise_conv_2d/float32/reference", 0, nullptr, nullptr, RunFloatReference},
};

// kTypes: the input types the registration serves (kAllTypes for the generic one); eval reaches only their paths.
// Hybrid: one scale per output channel (LiteRT refuses a per-tensor scale unless there is one channel), then
// the shared hybrid preparation.
TfLiteStatus PrepareHybrid(TfLiteContext* context, TfLiteFusedActivation activation, const TfLiteTensor* input,
                           const TfLiteTensor* filter, OpData* data) {
  const int channels = filter->dims->data[kQuantizedDimension];
  TF_LITE_ENSURE_STATUS(PrepareHybridConv(context, kOpName, input, filter, kQuantizedDimension, channels,
                                          reference::HybridConvScheme::kDepthwisePerChannel, activation,
                                          &data->hybrid, &data->quantized_input_index));
  if (data->hybrid.scheme == reference::HybridConvScheme::kPerTensor) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: hybrid weights need one scale per output channel (%d), got one (LiteRT refuses it too); "
                       "quantize the weights per channel",
                       kOpName, channels);
    return kTfLiteError;
  }
  ReportKernelVariant(context, "depthwise_conv_2d/hybrid/reference");
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(conv_common::CheckNode(context, kOpName, node));
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* options = static_cast<const TfLiteDepthwiseConvParams*>(node->builtin_data);
  conv_common::TempTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, kOpName));
  const TfLiteTensor* input = t.input;
  const TfLiteTensor* filter = t.filter;
  const TfLiteTensor* bias = t.bias;
  const TfLiteTensor* output = t.output;

  // Types, activation, ranks. Shapes: input [N, H, W, IC], filter [1, FH, FW, OC], output [N, OH, OW, OC],
  // OC = IC * depth_multiplier.
  TF_LITE_ENSURE_STATUS(conv_common::CheckTensors(context, kOpName, options->activation, t));
  TF_LITE_ENSURE_STATUS(
      CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_DEPTHWISE_CONV_2D, input->type));
  const int input_depth = input->dims->data[3];
  const int output_depth = filter->dims->data[3];
  const int depth_multiplier = options->depth_multiplier;
  if (filter->dims->data[0] != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: filter must have shape [1, FH, FW, OC], got first dimension %d", kOpName,
                       filter->dims->data[0]);
    return kTfLiteError;
  }
  if (depth_multiplier < 1 || static_cast<int64_t>(input_depth) * depth_multiplier != output_depth) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: depth_multiplier (%d) times input channels (%d) must equal the filter's output channels "
                       "(%d)",
                       kOpName, depth_multiplier, input_depth, output_depth);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(conv_common::CheckOutputBatchesAndChannels(context, kOpName, output, input->dims->data[0],
                                                                   output_depth, "channels"));
  if (bias != nullptr) {
    TF_LITE_ENSURE_STATUS(conv_common::CheckBias(context, kOpName, input->type, /*int16_allows_int32=*/false, bias,
                                                 output_depth));
  }

  reference::DepthwiseParams& p = data->params;
  p = reference::DepthwiseParams{};
  bool output_is_computed_size = true;
  TF_LITE_ENSURE_STATUS(
      conv_common::PrepareWindow(context, kOpName, conv_common::GeometryOf(*options), input, filter, output, &p,
                                 &output_is_computed_size));
  p.depth_multiplier = depth_multiplier;
  data->type = input->type;

  data->is_hybrid = input->type == kTfLiteFloat32 && filter->type == kTfLiteInt8;
  if (data->is_hybrid) return PrepareHybrid(context, options->activation, input, filter, data);
  if (input->type == kTfLiteFloat32) {
    CalculateActivationRange(options->activation, &p.float_activation_min, &p.float_activation_max);
    TF_LITE_ENSURE_STATUS(conv_common::SelectWindowVariant(
        context, kOpName, kFloatVariants,
        MakeFloatProblem(p, GetTensorShape(input), GetTensorShape(filter), GetTensorShape(output)),
        output_is_computed_size, &data->float_variant));
    return PrepareInPlace(context, input, filter, output, p, sizeof(float), data);
  }

  // The 16x8 kernel requantizes with the int64 form, which computes 1 << (14 - shift).
  const int max_shift = input->type == kTfLiteInt16 ? 14 : 30;
  TF_LITE_ENSURE_STATUS(conv_common::PrepareQuantizedParams(context, kOpName, input, filter, output,
                                                            options->activation, kQuantizedDimension, output_depth,
                                                            max_shift, &p));
  if (input->type == kTfLiteInt8) {
    const depthwise_conv_2d::DepthwiseInt8Problem problem =
        MakeInt8Problem(p, GetTensorShape(input), GetTensorShape(filter), GetTensorShape(output));
    TF_LITE_ENSURE_STATUS(PrepareInt4Filter(context, kOpName, filter, &data->unpacked_filter_index));
    TF_LITE_ENSURE_STATUS(conv_common::SelectInt8WindowVariant(
        context, kOpName, kInt8Variants, problem, output_is_computed_size, filter, bias,
        data->unpacked_filter_index >= 0, &data->int8_variant, &data->prepacked_weights));
    TF_LITE_ENSURE_STATUS(PrepareInPlace(context, input, filter, output, p, sizeof(int8_t), data));
  } else {
    ReportKernelVariant(context, "depthwise_conv_2d/int16/reference");
  }
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const OpData*>(node->user_data);
  const conv_common::EvalTensors t(context, node);
  switch (data.type) {
    case kTfLiteInt8: {
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      depthwise_conv_2d::DepthwiseInt8Problem problem =
          MakeInt8Problem(data.params, t.input_shape, t.filter_shape, t.output_shape);
      t.SetInt8Data(&problem);
      problem.filter = FilterInt8Data(context, t.filter, data.unpacked_filter_index);  // INT4: unpacked
      problem.prepacked = data.prepacked_weights;
      if (data.in_place_temp_index >= 0 && problem.input == problem.output) {
        RunInPlace(context, kInt8Variants, data.int8_variant, problem,
                   static_cast<int8_t*>(context->GetScratchBuffer(context, data.in_place_temp_index)));
        return kTfLiteOk;
      }
      RunVariant(context, kInt8Variants, data.int8_variant, problem);
      return kTfLiteOk;
    }
    case kTfLiteInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::DepthwiseConvInt16(data.params, t.input_shape, micro::GetTensorData<int16_t>(t.input), t.filter_shape,
                                    micro::GetTensorData<int8_t>(t.filter),
                                    micro::GetOptionalTensorData<int64_t>(t.bias), t.output_shape,
                                    micro::GetTensorData<int16_t>(t.output));
      return kTfLiteOk;
    case kTfLiteFloat32:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      if (data.is_hybrid) {
        reference::DepthwiseConvHybrid(
            data.params, data.hybrid, t.input_shape, micro::GetTensorData<float>(t.input), t.filter_shape,
            micro::GetTensorData<int8_t>(t.filter), micro::GetOptionalTensorData<float>(t.bias), t.output_shape,
            static_cast<int8_t*>(context->GetScratchBuffer(context, data.quantized_input_index)),
            micro::GetTensorData<float>(t.output));
        return kTfLiteOk;
      }
      {
        depthwise_conv_2d::DepthwiseFloatProblem problem =
            MakeFloatProblem(data.params, t.input_shape, t.filter_shape, t.output_shape);
        t.SetFloatData(&problem);
        if (data.in_place_temp_index >= 0 && problem.input == problem.output) {
          RunInPlace(context, kFloatVariants, data.float_variant, problem,
                     static_cast<float*>(context->GetScratchBuffer(context, data.in_place_temp_index)));
          return kTfLiteOk;
        }
        RunVariant(context, kFloatVariants, data.float_variant, problem);
      }
      return kTfLiteOk;
    default:
      break;
  }
  return kTfLiteError;
}

}  // namespace

namespace depthwise_conv_2d {

Avx2TableLayout GetAvx2TableLayout(const DepthwiseInt8Problem& p) {
  constexpr size_t kRequantRecordBytes = 224;  // sizeof(avx2::Requant8), asserted in the AVX2 file
  auto align32 = [](size_t n) { return (n + 31) & ~static_cast<size_t>(31); };
  Avx2TableLayout l{};
  l.channels = (p.output_depth + 7) & ~7;
  l.pairs = (p.filter_height * p.filter_width + 1) / 2;
  l.weights = 0;
  l.bias = align32(l.weights + static_cast<size_t>(l.pairs) * l.channels * 2 * sizeof(int16_t));
  l.requant = align32(l.bias + static_cast<size_t>(l.channels) * sizeof(int32_t));
  l.zero_row = align32(l.requant + static_cast<size_t>(l.channels / 8) * kRequantRecordBytes);
  l.total = align32(l.zero_row + static_cast<size_t>(p.input_depth) + 32) + 32;  // + slack to align the base
  return l;
}

Avx512TableLayout GetAvx512TableLayout(const DepthwiseInt8Problem& p) {
  Avx512TableLayout l{};
  l.patterns = p.output_depth % 32 == 0 ? p.output_depth / 32 : 1;
  l.pairs = (p.filter_height * p.filter_width + 1) / 2;
  const size_t patterns = static_cast<size_t>(l.patterns);
  l.weights = 0;
  l.bias = l.weights + patterns * l.pairs * 2 * 64;
  l.requant = l.bias + patterns * 2 * 64;
  l.total = l.requant + patterns * 2 * kAvx512RequantBytes + 64;  // + slack to align the base
  return l;
}

Avx512RowLayout GetAvx512RowLayout(const DepthwiseInt8Problem& p) {
  const int64_t c = p.output_depth;
  Avx512RowLayout l{};
  if (p.stride_width == 1 && (32 % c == 0 || c % 32 == 0)) {
    l.steps = Avx512RowLayout::kFlat;
  } else if (c % 32 == 0) {
    l.steps = Avx512RowLayout::kBlocks;
  } else if (c == 16) {
    l.steps = Avx512RowLayout::kPixelPairs;
  } else {
    l.steps = Avx512RowLayout::kNone;
    return l;
  }
  const int64_t out_row = static_cast<int64_t>(p.output_width) * c;
  const int64_t reach = static_cast<int64_t>(p.filter_width - 1) * p.dilation_width * c;  // the last tap's shift
  // Bytes the steps read from a tap's start: a flat row's last step reads up to 32 bytes; a pair past the last
  // pixel reads one pixel further.
  const int64_t last = static_cast<int64_t>(p.output_width - 1) * p.stride_width * c;
  const int64_t steps = l.steps == Avx512RowLayout::kFlat ? (out_row + 31) / 32 * 32
                        : l.steps == Avx512RowLayout::kBlocks ? last + c
                                                              : last + static_cast<int64_t>(p.stride_width) * c + c;
  int64_t bytes = reach + steps;
  const int64_t copied = (static_cast<int64_t>(p.pad_width) + p.input_width) * c;
  if (copied > bytes) bytes = copied;
  bytes = (bytes + 63) / 64 * 64;
  l.row_bytes = bytes > kAvx512RowBytes ? kAvx512RowBytes + 1 : static_cast<int>(bytes);
  return l;
}

bool AppliesAvx512(const DepthwiseInt8Problem& p) {
  const int c = p.output_depth;
  if (p.depth_multiplier != 1 || c < 1 || p.filter_height * p.filter_width > kAvx512MaxTaps) return false;
  const Avx512RowLayout rows = GetAvx512RowLayout(p);
  if (rows.steps == Avx512RowLayout::kNone) return false;
  return GetAvx512TableLayout(p).total <= static_cast<size_t>(kAvx512TableBytes) &&
         static_cast<int64_t>(rows.row_bytes) * (p.filter_height + 1) <= kAvx512RowBytes;
}

namespace {
bool FitsAvx2(const DepthwiseInt8Problem& p) {
  return p.output_depth <= kAvx2MaxChannels && p.filter_height * p.filter_width <= kAvx2MaxTaps &&
         GetAvx2TableLayout(p).total <= static_cast<size_t>(kAvx2TableBytes);
}
}  // namespace

bool AppliesAvx2(const DepthwiseInt8Problem& p) { return p.depth_multiplier == 1 && FitsAvx2(p); }

// Rows of at least 12 outputs: on shorter ones the weights loaded per row and channel block cost more than they
// save (mote_bench: 6x6x512 10.5 vs 13.2 GMAC/s for the per-pixel variant, 48x48x16 12.5 vs 4.7).
bool AppliesAvx2Float3x3(const DepthwiseFloatProblem& p) {
  return p.filter_height == 3 && p.filter_width == 3 && p.dilation_height == 1 && p.dilation_width == 1 &&
         p.depth_multiplier == 1 && p.output_width >= kAvx2Float3x3MinRow;
}

bool AppliesNeon3x3(const DepthwiseInt8Problem& p) {
  return p.depth_multiplier == 1 && p.filter_height == 3 && p.filter_width == 3 && p.dilation_height == 1 &&
         p.dilation_width == 1 && p.output_depth >= 8 && p.input_offset >= -127 && p.input_offset <= 128 &&
         p.output_offset >= -128 && p.output_offset <= 127;
}

bool AppliesNeon(const DepthwiseInt8Problem& p) {
  const int64_t taps = static_cast<int64_t>(p.filter_height) * p.filter_width;
  return (p.depth_multiplier == 1 || p.depth_multiplier % 8 == 0) && taps <= kNeonMaxTaps &&
         taps * p.output_depth <= kNeonMaxWeights;
}

bool AppliesAvx2Multiplier(const DepthwiseInt8Problem& p) {
  return p.depth_multiplier % 8 == 0 && FitsAvx2(p);
}

bool AppliesMve3x3(const DepthwiseInt8Problem& p) {
  return p.depth_multiplier == 1 && p.filter_height == 3 && p.filter_width == 3;
}

bool AppliesDspChannels(const DepthwiseInt8Problem& p) {
  return p.depth_multiplier == 1 && p.input_depth >= 4 && p.dilation_width == 1 && p.dilation_height == 1 &&
         p.filter_height * p.filter_width <= kDspChannelsMaxTaps;
}

bool AppliesDsp(const DepthwiseInt8Problem& p) {
  return p.dilation_width == 1 && p.dilation_height == 1 && p.filter_height <= kDspMaxFilterHeight;
}

// Portable, so the table links without depthwise_conv_2d_v6m.cc.
bool AppliesV6m(const DepthwiseInt8Problem& p) {
  return p.filter_height * p.filter_width <= kV6mMaxTaps && p.depth_multiplier <= kV6mAccChannels;
}

DspScratchLayout GetDspScratchLayout(const DepthwiseInt8Problem& p) {
  const int block = p.input_depth < kDspChannelBlock ? p.input_depth : kDspChannelBlock;
  DspScratchLayout l{};
  l.ring_width = ((p.output_width - 1) * p.stride_width + p.filter_width + 1 + 1) & ~1;
  l.ring = 0;
  l.ring_halfwords = static_cast<size_t>(p.filter_height) * block * l.ring_width;
  l.weights = (l.ring_halfwords * sizeof(int16_t) + 3) & ~static_cast<size_t>(3);
  const size_t block_channels = static_cast<size_t>(block) * p.depth_multiplier;
  l.quant = l.weights + block_channels * p.filter_height * ((p.filter_width + 1) / 2) * sizeof(uint32_t);
  l.acc = l.quant + block_channels * 16;
  l.total = l.acc + static_cast<size_t>(p.output_width) * sizeof(int32_t);
  return l;
}

size_t DspScratchBytes(const DepthwiseInt8Problem& p) { return GetDspScratchLayout(p).total; }

}  // namespace depthwise_conv_2d

#define MOTE_KERNEL_DEPTHWISE_CONV_2D (TEMPLATED, "depthwise_conv_2d/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseDepthwiseConv2D(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteDepthwiseConvParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  const auto* options = op == nullptr ? nullptr : op->builtin_options_as_DepthwiseConv2DOptions();
  TF_LITE_ENSURE_STATUS(conv_common::ParseWindowOptions(options, kOpName, params));
  if (options != nullptr) params->depth_multiplier = options->depth_multiplier();  // else 0: refused by prepare
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
