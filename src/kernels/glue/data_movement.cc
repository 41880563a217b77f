#include "kernels/glue/data_movement.h"

#include <cstdio>

#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace {

// "[1, 2, 3]" into buf (truncated to its size). Int: int (TfLiteIntArray) or int32_t, distinct types on
// arm-none-eabi.
template <typename Int>
const char* FormatDims(const Int* dims, int rank, char* buf, size_t size) {
  size_t used = static_cast<size_t>(snprintf(buf, size, "["));
  for (int d = 0; d < rank && used < size; ++d) {
    used += static_cast<size_t>(snprintf(buf + used, size - used, d == 0 ? "%d" : ", %d", static_cast<int>(dims[d])));
  }
  if (used < size) snprintf(buf + used, size - used, "]");
  return buf;
}

}  // namespace

TfLiteStatus CheckMovedTypes(TfLiteContext* context, const char* op, const TfLiteTensor* input,
                             const TfLiteTensor* output, TypeSet types, const char* supported) {
  if (!Serves(types, input->type)) {
    TF_LITE_KERNEL_LOG(context, "%s: type %s is not supported (%s)", op, TfLiteTypeGetName(input->type), supported);
    return kTfLiteError;
  }
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from the input type %s", op,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckOutputShape(TfLiteContext* context, const char* op, const TfLiteTensor* output,
                              const int32_t* expected, int rank) {
  bool same = output->dims->size == rank;
  for (int d = 0; same && d < rank; ++d) same = output->dims->data[d] == expected[d];
  if (same) return kTfLiteOk;
  char declared[96], wanted[96];
  TF_LITE_KERNEL_LOG(context, "%s: output shape %s differs from the expected %s", op,
                     FormatDims(output->dims->data, output->dims->size, declared, sizeof(declared)),
                     FormatDims(expected, rank, wanted, sizeof(wanted)));
  return kTfLiteError;
}

bool IsUnsetOutputShape(const TfLiteTensor* output) {
  bool unset = output->dims->size > 0;
  for (int d = 0; unset && d < output->dims->size; ++d) unset = output->dims->data[d] == 0;
  return unset;
}

TfLiteStatus SetOrCheckOutputShape(TfLiteContext* context, TfLiteNode* node, int index, TfLiteTensor* output,
                                   const char* op, const int32_t* expected, int rank) {
  if (!IsUnsetOutputShape(output)) return CheckOutputShape(context, op, output, expected, rank);
  return WriteOutputShape(context, node, index, output, op, expected, rank);
}

TfLiteStatus WriteOutputShape(TfLiteContext* context, TfLiteNode* node, int index, TfLiteTensor* output, const char* op,
                              const int32_t* expected, int rank) {
  TfLiteEvalTensor* eval = micro::GetEvalOutput(context, node, index);
  auto* dims = static_cast<TfLiteIntArray*>(context->AllocatePersistentBuffer(context, TfLiteIntArrayGetSizeInBytes(rank)));
  if (eval == nullptr || dims == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: no room for the output's computed shape", op);
    return kTfLiteError;
  }
  dims->size = rank;
  for (int d = 0; d < rank; ++d) dims->data[d] = expected[d];
  output->dims = dims;
  eval->dims = dims;
  return kTfLiteOk;
}

TfLiteStatus CheckOutputShape(TfLiteContext* context, const char* op, const TfLiteTensor* output,
                              const TfLiteIntArray* expected) {
  int32_t dims[RuntimeShape::kMaxDims];
  const int rank = expected->size < RuntimeShape::kMaxDims ? expected->size : RuntimeShape::kMaxDims;
  for (int d = 0; d < rank; ++d) dims[d] = expected->data[d];
  if (expected->size > rank) {
    TF_LITE_KERNEL_LOG(context, "%s: rank %d is above %d", op, expected->size, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  return CheckOutputShape(context, op, output, dims, rank);
}

TfLiteStatus CheckConstInt32Vector(TfLiteContext* context, const char* op, const char* what,
                                   const TfLiteTensor* tensor, int max_count) {
  if (!HasValuesAtPrepare(tensor) || tensor->data.raw == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: the %s tensor must be constant", op, what);
    return kTfLiteError;
  }
  if (tensor->type != kTfLiteInt32 || tensor->dims->size != 1 || tensor->dims->data[0] > max_count) {
    TF_LITE_KERNEL_LOG(context, "%s: %s must be a 1-D INT32 tensor of at most %d values", op, what, max_count);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

void RowMajorStrides(const TfLiteIntArray& dims, int64_t* strides) {
  int64_t stride = 1;
  for (int d = dims.size - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= dims.data[d];
  }
}

int64_t FirstIndexOutOfRange(const int32_t* indices, int64_t count, int32_t limit) {
  for (int64_t i = 0; i < count; ++i) {
    if (indices[i] < 0 || indices[i] >= limit) return i;
  }
  return -1;
}

TfLiteStatus EvalStridedCopy(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const StridedCopyOpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  reference::StridedCopyBytes(data.plan, data.element_size, input->data.raw, output->data.raw);
  return kTfLiteOk;
}

}  // namespace mote
