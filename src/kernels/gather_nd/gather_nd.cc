// GATHER_ND glue. Inputs: 0 params (FLOAT32 or INT8, at least 1-D, as TFLM), 1 indices (INT32, at least
// 1-D, innermost dimension nd <= min(rank(params), 5), TFLM's limits). The declared output shape must be
// indices[:-1] + params[nd:] (an unset, all-0, one takes it, as in TFLM). TFLM does not bound-check the
// indices (a read outside params); mote checks them at invoke, before copying, and ends with
// "GATHER_ND: index ..." on one outside its dimension.
#include <cstdint>

#include "kernels/gather_nd/gather_nd_reference.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "GATHER_ND";
constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8);
using reference::GatherNdParams;

TfLiteStatus CheckRanks(TfLiteContext* context, const TfLiteTensor* params, const TfLiteTensor* indices) {
  if (indices->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "GATHER_ND: indices type %s is not supported (INT32)",
                       TfLiteTypeGetName(indices->type));
    return kTfLiteError;
  }
  if (params->dims->size < 1 || indices->dims->size < 1) {
    TF_LITE_KERNEL_LOG(context, "GATHER_ND: params (%d dimensions) and indices (%d) must be at least 1-D",
                       params->dims->size, indices->dims->size);
    return kTfLiteError;
  }
  const int nd = indices->dims->data[indices->dims->size - 1];
  if (nd > params->dims->size || nd > GatherNdParams::kMaxNd) {
    TF_LITE_KERNEL_LOG(context, "GATHER_ND: indices innermost dimension %d exceeds the params rank %d or %d", nd,
                       params->dims->size, GatherNdParams::kMaxNd);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const TfLiteTensor* params,
                            const TfLiteTensor* indices, TfLiteTensor* output, GatherNdParams* p) {
  if (params == nullptr || indices == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "GATHER_ND: params, indices and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, params, output, kTypes, "FLOAT32, INT8"));
  TF_LITE_ENSURE_STATUS(CheckRanks(context, params, indices));
  const int index_rank = indices->dims->size, rank = params->dims->size;
  p->nd = indices->dims->data[index_rank - 1];
  int32_t expected[2 * RuntimeShape::kMaxDims];
  int n = 0;
  p->slice_count = 1;
  for (int d = 0; d < index_rank - 1; ++d) p->slice_count *= (expected[n++] = indices->dims->data[d]);
  p->slice_size = 1;
  for (int d = p->nd; d < rank; ++d) p->slice_size *= (expected[n++] = params->dims->data[d]);
  int64_t strides[RuntimeShape::kMaxDims];
  RowMajorStrides(*params->dims, strides);
  for (int j = 0; j < p->nd; ++j) {
    p->params_dims[j] = params->dims->data[j];
    p->dim_stride[j] = strides[j];
  }
  p->element_size = TfLiteTypeSizeOf(params->type);
  return SetOrCheckOutputShape(context, node, 0, output, kOp, expected, n);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "GATHER_ND: %d inputs and %d outputs given (params, indices; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor params(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor indices(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, node, params.get(), indices.get(), output.get(),
                                       static_cast<GatherNdParams*>(node->user_data)));
  ReportKernelVariant(context, "gather_nd/any/reference");
  return kTfLiteOk;
}

// The invoke-time bounds check: index j of each row against params dimension j.
bool IndicesInRange(TfLiteContext* context, const GatherNdParams& p, const int32_t* indices) {
  for (int j = 0; j < p.nd; ++j) {
    for (int64_t i = 0; i < p.slice_count; ++i) {
      const int32_t v = indices[i * p.nd + j];
      if (v < 0 || v >= p.params_dims[j]) {
        TF_LITE_KERNEL_LOG(context, "GATHER_ND: index %d (position %lld) is out of range [0, %d) of params dimension %d",
                           static_cast<int>(v), static_cast<long long>(i * p.nd + j),
                           static_cast<int>(p.params_dims[j]), j);
        return false;
      }
    }
  }
  return true;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const GatherNdParams& p = *static_cast<const GatherNdParams*>(node->user_data);
  const int32_t* indices = micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, 1));
  if (!IndicesInRange(context, p, indices)) return kTfLiteError;
  reference::GatherNd(p, micro::GetEvalInput(context, node, 0)->data.raw, indices,
                      micro::GetEvalOutput(context, node, 0)->data.raw);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_GATHER_ND (PLAIN, "gather_nd/any/reference", InitOpData<reference::GatherNdParams>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
