#include "kernels/glue/int_vector_input.h"

#include "kernels/glue/tensor_specs.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

const char* TypeList(uint32_t types) { return (types & IntTypeBit(kTfLiteInt64)) != 0 ? "INT32, INT64" : "INT32"; }

}  // namespace

TfLiteStatus ReadConstantIntVector(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* tensor,
                                   const IntVectorRules& rules, int64_t* values, int* count) {
  if (tensor == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: %s is missing", op, what);
    return kTfLiteError;
  }
  if (!HasValuesAtPrepare(tensor)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s must be a constant tensor (mote fixes shapes and offsets at prepare)", op,
                       what);
    return kTfLiteError;
  }
  if (static_cast<uint32_t>(tensor->type) >= 32 || (rules.types & IntTypeBit(tensor->type)) == 0) {
    TF_LITE_KERNEL_LOG(context, "%s: %s type %s is not supported (%s)", op, what, TfLiteTypeGetName(tensor->type),
                       TypeList(rules.types));
    return kTfLiteError;
  }
  const int rank = tensor->dims->size;
  if (rank > 1 || (rank == 0 && rules.max_rank == 1)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s must be 1-D, it has %d dimensions", op, what, rank);
    return kTfLiteError;
  }
  const int64_t n = ElementCount(*tensor->dims);
  if (n > rules.max_count) {
    TF_LITE_KERNEL_LOG(context, "%s: %s has %lld elements (at most %d)", op, what, static_cast<long long>(n),
                       rules.max_count);
    return kTfLiteError;
  }
  for (int64_t i = 0; i < n; ++i) {
    values[i] = tensor->type == kTfLiteInt32 ? GetTensorData<int32_t>(tensor)[i] : GetTensorData<int64_t>(tensor)[i];
  }
  *count = static_cast<int>(n);
  return kTfLiteOk;
}

TfLiteStatus ResolveAxis(TfLiteContext* context, const char* op, int64_t value, int positions, int rank, int* axis) {
  if (value < -positions || value >= positions) {
    TF_LITE_KERNEL_LOG(context, "%s: axis %lld is out of range for rank %d", op, static_cast<long long>(value), rank);
    return kTfLiteError;
  }
  *axis = static_cast<int>(value < 0 ? value + positions : value);
  return kTfLiteOk;
}

TfLiteStatus ReadConstantAxis(TfLiteContext* context, const char* op, const TfLiteTensor* tensor, int positions,
                              int rank, int* axis) {
  int64_t value[1] = {0};
  int count = 0;
  TF_LITE_ENSURE_STATUS(ReadConstantIntVector(context, op, "axis input", tensor, {kInt32Only, 0, 1}, value, &count));
  if (count == 0) {
    TF_LITE_KERNEL_LOG(context, "%s: axis input is empty", op);
    return kTfLiteError;
  }
  return ResolveAxis(context, op, value[0], positions, rank, axis);
}

}  // namespace mote
