// BATCH_MATMUL glue. Inputs 0 lhs, 1 rhs (either may be constant), output 0; options adj_x, adj_y,
// asymmetric_quantize_inputs (hybrid models only).
// Beyond TFLM (which refuses hybrid models), as LiteRT: FLOAT32 lhs with INT8 rhs (one scale, zero point 0) ->
// FLOAT32, each lhs row quantized at runtime (BatchMatMulHybrid, batch_matmul_reference.h); refused where LiteRT
// computes it wrongly (adj_x, asymmetric_quantize_inputs, a broadcast rhs batch, two or more batch dimensions).
//
// Types as TFLM: lhs, rhs and output all FLOAT32, all INT8 or all INT16 (per-tensor quantized; int16 zero
// points 0). Ranks 2..5; batch dimensions broadcast (equal or 1, right-aligned); the output must carry the
// shape TFLM would compute, [broadcast batches.., M, N], since mote never resizes tensors. TFLM copies
// transposed operands into the arena (persistent buffers, a constant RHS transposed once); mote reads them in
// place with strides, same products in the same order (batch_matmul_reference.h), so it needs neither.
#include <cstdint>
#include <limits>

#include "kernels/batch_matmul/batch_matmul_reference.h"
#include "kernels/batch_matmul/batch_matmul_variants.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/hybrid.h"
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

constexpr const char* kOpName = "BATCH_MATMUL";
constexpr int kLhsTensor = 0;
constexpr int kRhsTensor = 1;
constexpr int kOutputTensor = 0;
constexpr int kMaxRank = 5;

struct OpData {
  reference::BatchMatMulParams params;
  reference::BatchMatMulHybridParams hybrid;
  int16_t scratch_index;  // hybrid: one gathered lhs row (k floats), then its k quantized bytes
  bool is_hybrid;
  VariantChoice float_variant;  // FLOAT32 (not hybrid) only
};

void RunFloatReference(const batch_matmul::BatchMatMulFloatProblem& f, void*) {
  reference::BatchMatMulFloat(f.params, f.lhs, f.rhs, f.output);
}

// FLOAT32, best first; the reference last.
constexpr KernelVariant<batch_matmul::BatchMatMulFloatProblem> kFloatVariants[] = {
#if MOTE_TARGET_X86_64
    {"batch_matmul/float32/avx2", isa::kAvx2 | isa::kFma, batch_matmul::AppliesAvx2Float, nullptr,
     MOTE_X86_SIMD_FN(batch_matmul::BatchMatMulFloatAvx2)},
#endif
    {"batch_matmul/float32/reference", 0, nullptr, nullptr, RunFloatReference},
};

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* lhs, const TfLiteTensor* rhs,
                        const TfLiteTensor* output) {
  const TfLiteType type = lhs->type;
  if (type != kTfLiteFloat32 && type != kTfLiteInt8 && type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(context, "%s: lhs type %s is not supported (FLOAT32, INT8, INT16)", kOpName,
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (type == kTfLiteFloat32 && output->type == type && rhs->type != type) {
    if (rhs->type == kTfLiteInt8) return kTfLiteOk;  // hybrid
    return RefuseHybrid(context, kOpName, type, rhs->type);
  }
  if (rhs->type != type || output->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: rhs (%s) and output (%s) must have the lhs type %s",
                       kOpName, TfLiteTypeGetName(rhs->type), TfLiteTypeGetName(output->type),
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Dimension i of `t` right-aligned to `rank` dimensions (1 where t has none).
int DimAligned(const TfLiteTensor* t, int rank, int i) {
  const int j = i - (rank - t->dims->size);
  return j < 0 ? 1 : t->dims->data[j];
}

// Element count of t's dimensions after right-aligned dimension i (of `rank`).
int64_t TrailingSize(const TfLiteTensor* t, int rank, int i) {
  int64_t size = 1;
  for (int d = i + 1; d < rank; ++d) size *= DimAligned(t, rank, d);
  return size;
}

// Ranks, matrix sizes and broadcast batches into p; the output shape checked against them.
TfLiteStatus PrepareShapes(TfLiteContext* context, const TfLiteBatchMatMulParams* options, const TfLiteTensor* lhs,
                           const TfLiteTensor* rhs, const TfLiteTensor* output, reference::BatchMatMulParams* p) {
  const int lhs_rank = lhs->dims->size;
  const int rhs_rank = rhs->dims->size;
  if (lhs_rank < 2 || lhs_rank > kMaxRank || rhs_rank < 2 || rhs_rank > kMaxRank) {
    TF_LITE_KERNEL_LOG(context, "%s: lhs and rhs ranks must be 2..5 (got %d and %d)", kOpName, lhs_rank, rhs_rank);
    return kTfLiteError;
  }
  const int rank = lhs_rank > rhs_rank ? lhs_rank : rhs_rank;
  p->adj_x = options->adj_x;
  p->adj_y = options->adj_y;
  p->m = DimAligned(lhs, rank, p->adj_x ? rank - 1 : rank - 2);
  p->k = DimAligned(lhs, rank, p->adj_x ? rank - 2 : rank - 1);
  p->n = DimAligned(rhs, rank, p->adj_y ? rank - 2 : rank - 1);
  const int rhs_k = DimAligned(rhs, rank, p->adj_y ? rank - 1 : rank - 2);
  if (rhs_k != p->k) {
    TF_LITE_KERNEL_LOG(context, "%s: lhs depth %d and rhs depth %d differ (adj_x %d, adj_y %d)", kOpName,
                       static_cast<int>(p->k), rhs_k, p->adj_x, p->adj_y);
    return kTfLiteError;
  }
  if (output->dims->size != rank) {
    TF_LITE_KERNEL_LOG(context, "%s: output rank %d, expected %d", kOpName, output->dims->size, rank);
    return kTfLiteError;
  }
  for (int i = 0; i < 3; ++i) {  // batch dims of the 5-D extension
    const int d = i - (kMaxRank - rank);
    const int l = d < 0 ? 1 : DimAligned(lhs, rank, d);
    const int r = d < 0 ? 1 : DimAligned(rhs, rank, d);
    if (l != r && l != 1 && r != 1) {
      TF_LITE_KERNEL_LOG(context, "%s: batch dimension %d does not broadcast (%d vs %d)", kOpName, d, l, r);
      return kTfLiteError;
    }
    p->batch[i] = l == 1 ? r : l;
    p->lhs_batch_stride[i] = l == 1 ? 0 : TrailingSize(lhs, rank, d);
    p->rhs_batch_stride[i] = r == 1 ? 0 : TrailingSize(rhs, rank, d);
    if (d >= 0 && output->dims->data[d] != p->batch[i]) {
      TF_LITE_KERNEL_LOG(context, "%s: output batch dimension %d is %d, expected %d", kOpName, d,
                         output->dims->data[d], static_cast<int>(p->batch[i]));
      return kTfLiteError;
    }
  }
  if (output->dims->data[rank - 2] != p->m || output->dims->data[rank - 1] != p->n) {
    TF_LITE_KERNEL_LOG(context, "%s: output matrix is %d x %d, expected %d x %d", kOpName,
                       output->dims->data[rank - 2], output->dims->data[rank - 1], static_cast<int>(p->m),
                       static_cast<int>(p->n));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The requantization as TFLM's GetQuantizedConvolutionMultipler (the scale product formed in float), offsets
// and the type's range (BATCH_MATMUL has no fused activation).
TfLiteStatus PrepareQuantization(TfLiteContext* context, const TfLiteTensor* lhs, const TfLiteTensor* rhs,
                                 const TfLiteTensor* output, reference::BatchMatMulParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "lhs", lhs));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "rhs", rhs));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "output", output));
  const bool int16 = lhs->type == kTfLiteInt16;
  if (int16 && (lhs->params.zero_point != 0 || rhs->params.zero_point != 0 || output->params.zero_point != 0)) {
    TF_LITE_KERNEL_LOG(context, "%s: INT16 zero points must be 0 (lhs %d, rhs %d, output %d)", kOpName,
                       static_cast<int>(lhs->params.zero_point), static_cast<int>(rhs->params.zero_point),
                       static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  const double product = static_cast<double>(lhs->params.scale * rhs->params.scale);
  const double effective = product / static_cast<double>(output->params.scale);
  QuantizeMultiplier(effective, &p->output_multiplier, &p->output_shift);
  // The int64 requantization (int16) computes 1 << (14 - shift): shifts above 14 are undefined.
  if (p->output_shift > (int16 ? 14 : 30)) {
    TF_LITE_KERNEL_LOG(context, "%s: output multiplier %g is too large for the %s kernel", kOpName, effective,
                       TfLiteTypeGetName(lhs->type));
    return kTfLiteError;
  }
  p->lhs_offset = -lhs->params.zero_point;
  p->rhs_offset = -rhs->params.zero_point;
  p->output_offset = output->params.zero_point;
  QuantizedTypeRange(lhs->type, &p->activation_min, &p->activation_max);
  return kTfLiteOk;
}

// Hybrid: the rhs's one scale (LiteRT reads only rhs->params.scale), the quantization scheme, the row scratch.
TfLiteStatus PrepareHybrid(TfLiteContext* context, const TfLiteBatchMatMulParams& options, const TfLiteTensor* rhs,
                           OpData* data) {
  const TfLiteAffineQuantization* q = GetAffineQuantization(rhs);
  if (q != nullptr && q->scale != nullptr && q->scale->size > 1) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: hybrid INT8 weights must have one scale, got %d (LiteRT reads only the first); quantize "
                       "them per tensor",
                       kOpName, q->scale->size);
    return kTfLiteError;
  }
  if (options.adj_x) {  // LiteRT quantizes the stored (untransposed) lhs in rows of k: scales of other rows
    TF_LITE_KERNEL_LOG(context, "%s: a hybrid product with adj_x is not supported (LiteRT computes it wrongly); "
                       "transpose the lhs in the model instead", kOpName);
    return kTfLiteError;
  }
  const reference::BatchMatMulParams& p = data->params;
  if (options.asymmetric_quantize_inputs) {  // measured: LiteRT's results follow no scheme mote could match
    TF_LITE_KERNEL_LOG(context,
                       "%s: a hybrid product with asymmetric_quantize_inputs is not supported (LiteRT computes it "
                       "wrongly); quantize the inputs symmetrically",
                       kOpName);
    return kTfLiteError;
  }
  if (p.batch[0] > 1 || p.batch[1] > 1) {  // measured: LiteRT's batches past the first row of batches go wrong
    TF_LITE_KERNEL_LOG(context,
                       "%s: a hybrid product with more than one batch dimension is not supported (LiteRT computes it "
                       "wrongly); reshape to one batch dimension",
                       kOpName);
    return kTfLiteError;
  }
  for (int i = 0; i < 3; ++i) {
    if (p.batch[i] > 1 && p.rhs_batch_stride[i] == 0) {  // measured: LiteRT's later batches go wrong
      TF_LITE_KERNEL_LOG(context,
                         "%s: a hybrid product whose rhs batch broadcasts is not supported (LiteRT computes it "
                         "wrongly); give the rhs every batch",
                         kOpName);
      return kTfLiteError;
    }
  }
  HybridFilterScales scales{};
  TF_LITE_ENSURE_STATUS(PrepareHybridFilter(context, kOpName, rhs, 0, 1, &scales));
  data->hybrid.asymmetric = options.asymmetric_quantize_inputs;
  data->hybrid.rhs_scale = scales.scale;
  const size_t k = static_cast<size_t>(data->params.k);
  TF_LITE_ENSURE_STATUS(RequestHybridScratch(context, kOpName, k * sizeof(float) + k, &data->scratch_index));
  ReportKernelVariant(context, "batch_matmul/hybrid/reference");
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (2 and 1)", kOpName, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  const auto* options = static_cast<const TfLiteBatchMatMulParams*>(node->builtin_data);
  auto* data = static_cast<OpData*>(node->user_data);
  if (options == nullptr || data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing options", kOpName);
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor lhs(context, micro_context->AllocateTempInputTensor(node, kLhsTensor));
  ScopedTempTensor rhs(context, micro_context->AllocateTempInputTensor(node, kRhsTensor));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, kOutputTensor));
  if (lhs == nullptr || rhs == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing lhs, rhs or output tensor", kOpName);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, lhs.get(), rhs.get(), output.get()));
  TF_LITE_ENSURE_STATUS(CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_BATCH_MATMUL, lhs->type));
  reference::BatchMatMulParams& p = data->params;
  p = reference::BatchMatMulParams{};
  TF_LITE_ENSURE_STATUS(PrepareShapes(context, options, lhs.get(), rhs.get(), output.get(), &p));
  data->is_hybrid = lhs->type == kTfLiteFloat32 && rhs->type == kTfLiteInt8;
  if (data->is_hybrid) return PrepareHybrid(context, *options, rhs.get(), data);
  if (lhs->type == kTfLiteFloat32) {
    return SelectVariant(context, kOpName, kFloatVariants, batch_matmul::BatchMatMulFloatProblem{p, nullptr, nullptr, nullptr},
                         &data->float_variant);
  }
  TF_LITE_ENSURE_STATUS(PrepareQuantization(context, lhs.get(), rhs.get(), output.get(), &p));
  ReportKernelVariant(context, lhs->type == kTfLiteInt8 ? "batch_matmul/int8/reference" : "batch_matmul/int16/reference");
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const reference::BatchMatMulParams& p = data.params;
  const TfLiteEvalTensor* lhs = micro::GetEvalInput(context, node, kLhsTensor);
  const TfLiteEvalTensor* rhs = micro::GetEvalInput(context, node, kRhsTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (lhs->type) {
    case kTfLiteInt8:
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      reference::BatchMatMulQuantized<int8_t, int32_t>(p, micro::GetTensorData<int8_t>(lhs),
                                                       micro::GetTensorData<int8_t>(rhs),
                                                       micro::GetTensorData<int8_t>(output));
      return kTfLiteOk;
    case kTfLiteInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      reference::BatchMatMulQuantized<int16_t, int64_t>(p, micro::GetTensorData<int16_t>(lhs),
                                                        micro::GetTensorData<int16_t>(rhs),
                                                        micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    default:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      if (data.is_hybrid) {
        auto* row = static_cast<float*>(context->GetScratchBuffer(context, data.scratch_index));
        reference::BatchMatMulHybrid(p, data.hybrid, micro::GetTensorData<float>(lhs),
                                     micro::GetTensorData<int8_t>(rhs), row, reinterpret_cast<int8_t*>(row + p.k),
                                     micro::GetTensorData<float>(output));
        return kTfLiteOk;
      }
      RunVariant(context, kFloatVariants, data.float_variant,
                 batch_matmul::BatchMatMulFloatProblem{p, micro::GetTensorData<float>(lhs),
                                                       micro::GetTensorData<float>(rhs),
                                                       micro::GetTensorData<float>(output)});
      return kTfLiteOk;
  }
  return kTfLiteError;
}

}  // namespace

bool batch_matmul::AppliesAvx2Float(const BatchMatMulFloatProblem& p) { return !(p.params.adj_x && p.params.adj_y); }

#define MOTE_KERNEL_BATCH_MATMUL (TEMPLATED, "batch_matmul/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseBatchMatMul(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteBatchMatMulParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  const schema::BatchMatMulOptions* options = op->builtin_options_as_BatchMatMulOptions();
  params->adj_x = options != nullptr && options->adj_x();
  params->adj_y = options != nullptr && options->adj_y();
  params->asymmetric_quantize_inputs = options != nullptr && options->asymmetric_quantize_inputs();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
