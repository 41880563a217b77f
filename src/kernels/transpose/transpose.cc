// TRANSPOSE glue. Inputs: 0 input (FLOAT32, INT8, INT16, as TFLM; at most 5 dimensions, TFLM's limit),
// 1 perm (constant INT32, one value per input dimension). TFLM checks only that each perm value is in
// [0, rank); a repeated value makes its reference read outside the input, so mote refuses perms that are not
// permutations. The output's declared shape must be the permuted input shape.
#include <cstdint>

#include "kernels/glue/data_movement.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/transpose/transpose_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "TRANSPOSE";
constexpr int kMaxRank = 5;
constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8) | TypeBit(kTfLiteInt16);

// perm: rank values, each in [0, rank) and none repeated.
TfLiteStatus CheckPerm(TfLiteContext* context, const TfLiteTensor* perm, int rank) {
  TF_LITE_ENSURE_STATUS(CheckConstInt32Vector(context, kOp, "perm", perm, kMaxRank));
  if (perm->dims->data[0] != rank) {
    TF_LITE_KERNEL_LOG(context, "TRANSPOSE: perm has %d values for an input of %d dimensions", perm->dims->data[0],
                       rank);
    return kTfLiteError;
  }
  const int32_t* p = GetTensorData<int32_t>(perm);
  unsigned seen = 0;
  for (int d = 0; d < rank; ++d) {
    if (p[d] < 0 || p[d] >= rank || (seen >> p[d] & 1u) != 0) {
      TF_LITE_KERNEL_LOG(context, "TRANSPOSE: perm value %d (position %d) does not make a permutation of 0..%d",
                         static_cast<int>(p[d]), d, rank - 1);
      return kTfLiteError;
    }
    seen |= 1u << p[d];
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* perm,
                            const TfLiteTensor* output, StridedCopyOpData* data) {
  if (input == nullptr || perm == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "TRANSPOSE: input, perm and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, input, output, kTypes, "FLOAT32, INT8, INT16"));
  const int rank = input->dims->size;
  if (rank > kMaxRank) {
    TF_LITE_KERNEL_LOG(context, "TRANSPOSE: input has %d dimensions (at most %d)", rank, kMaxRank);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckPerm(context, perm, rank));
  reference::MakeTransposePlan(input->dims->data, rank, GetTensorData<int32_t>(perm), &data->plan);
  data->element_size = TfLiteTypeSizeOf(input->type);
  return CheckOutputShape(context, kOp, output, data->plan.dims, rank);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "TRANSPOSE: %d inputs and %d outputs given (input, perm; 1 output)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor perm(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, input.get(), perm.get(), output.get(),
                                       static_cast<StridedCopyOpData*>(node->user_data)));
  ReportKernelVariant(context, "transpose/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_TRANSPOSE (PLAIN, "transpose/any/reference", InitOpData<StridedCopyOpData>, Prepare, EvalStridedCopy)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
