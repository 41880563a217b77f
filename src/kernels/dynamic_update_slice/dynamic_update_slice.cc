// DYNAMIC_UPDATE_SLICE glue. Inputs: 0 operand, 1 update (both FLOAT32, INT8, INT16 or INT32, as TFLM; one rank,
// at most 6 (TFLM's limit), update dims <= operand dims), 2 start indices (INT32 or INT64, one per dimension, usually a
// runtime tensor). The output has the operand's type and shape. Start indices are clamped at invoke, as TFLM
// does, so no value of them is an error.
#include <cstdint>

#include "kernels/dynamic_update_slice/dynamic_update_slice_reference.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "DYNAMIC_UPDATE_SLICE";
constexpr TypeSet kTypes =
    TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8) | TypeBit(kTfLiteInt16) | TypeBit(kTfLiteInt32);
using reference::DynamicUpdateSliceParams;

TfLiteStatus CheckUpdateAndStart(TfLiteContext* context, const TfLiteTensor* operand, const TfLiteTensor* update,
                                 const TfLiteTensor* start) {
  const int rank = operand->dims->size;
  if (update->type != operand->type) {
    TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: update type %s differs from the operand type %s",
                       TfLiteTypeGetName(update->type), TfLiteTypeGetName(operand->type));
    return kTfLiteError;
  }
  if ((start->type != kTfLiteInt32 && start->type != kTfLiteInt64) || start->dims->size != 1 ||
      start->dims->data[0] != rank) {
    TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: start indices must be a 1-D INT32 or INT64 tensor of %d values",
                       rank);
    return kTfLiteError;
  }
  if (rank > DynamicUpdateSliceParams::kMaxRank || update->dims->size != rank) {
    TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: operand rank %d and update rank %d must be equal, at most %d",
                       rank, update->dims->size, DynamicUpdateSliceParams::kMaxRank);
    return kTfLiteError;
  }
  for (int d = 0; d < rank; ++d) {
    if (update->dims->data[d] > operand->dims->data[d]) {
      TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: update dimension %d is %d, larger than the operand's %d", d,
                         update->dims->data[d], operand->dims->data[d]);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* operand, const TfLiteTensor* update,
                            const TfLiteTensor* start, const TfLiteTensor* output, DynamicUpdateSliceParams* p) {
  if (operand == nullptr || update == nullptr || start == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: operand, update, start indices and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, operand, output, kTypes, "FLOAT32, INT8, INT16, INT32"));
  TF_LITE_ENSURE_STATUS(CheckUpdateAndStart(context, operand, update, start));
  TF_LITE_ENSURE_STATUS(CheckOutputShape(context, kOp, output, operand->dims));
  p->rank = operand->dims->size;
  for (int d = 0; d < p->rank; ++d) {
    p->operand_dims[d] = operand->dims->data[d];
    p->update_dims[d] = update->dims->data[d];
  }
  RowMajorStrides(*operand->dims, p->operand_stride);
  p->operand_count = ElementCount(*operand->dims);
  p->update_count = ElementCount(*update->dims);
  p->element_size = TfLiteTypeSizeOf(operand->type);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 3 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "DYNAMIC_UPDATE_SLICE: %d inputs and %d outputs given (operand, update, start; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor operand(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor update(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor start(context, micro_context->AllocateTempInputTensor(node, 2));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, operand.get(), update.get(), start.get(), output.get(),
                                       static_cast<DynamicUpdateSliceParams*>(node->user_data)));
  ReportKernelVariant(context, "dynamic_update_slice/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& p = *static_cast<const DynamicUpdateSliceParams*>(node->user_data);
  const TfLiteEvalTensor* start = micro::GetEvalInput(context, node, 2);
  int64_t starts[DynamicUpdateSliceParams::kMaxRank];
  for (int d = 0; d < p.rank; ++d) {
    starts[d] = start->type == kTfLiteInt32 ? start->data.i32[d] : start->data.i64[d];
  }
  reference::DynamicUpdateSlice(p, micro::GetEvalInput(context, node, 0)->data.raw,
                                micro::GetEvalInput(context, node, 1)->data.raw, starts,
                                micro::GetEvalOutput(context, node, 0)->data.raw);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_DYNAMIC_UPDATE_SLICE \
  (PLAIN, "dynamic_update_slice/any/reference", InitOpData<reference::DynamicUpdateSliceParams>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
