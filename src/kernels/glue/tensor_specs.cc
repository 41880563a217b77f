#include "kernels/glue/tensor_specs.h"

#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

void LogShape(TfLiteContext* context, const char* op_name, const TensorSpec& spec, const TfLiteTensor* tensor) {
  const char* want = TfLiteTypeGetName(spec.type);
  const char* got = TfLiteTypeGetName(tensor->type);
  const int rank = tensor->dims->size;
  const char* article = want[0] == 'I' ? "an" : "a";  // an INT16, a UINT32
  if (spec.rank <= 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %s must be %s %s %s (got %s of rank %d)", op_name, spec.role, article, want,
                       spec.rank == 0 ? "scalar" : "vector", got, rank);
  } else {
    TF_LITE_KERNEL_LOG(context, "%s: %s must be %s of rank %d (got %s of rank %d)", op_name, spec.role, want, spec.rank,
                       got, rank);
  }
}

}  // namespace

SpecTensors::~SpecTensors() {
  MicroContext* micro_context = GetMicroContext(context_);
  for (int i = taken_ - 1; i >= 0; --i) {
    if (tensors_[i] != nullptr) micro_context->DeallocateTempTfLiteTensor(tensors_[i]);
  }
}

TfLiteStatus SpecTensors::Take(const char* op_name, const TensorSpec& spec, TfLiteTensor* tensor) {
  tensors_[taken_++] = tensor;
  if (tensor == nullptr) {
    TF_LITE_KERNEL_LOG(context_, "%s: %s is missing", op_name, spec.role);
    return kTfLiteError;
  }
  if (tensor->type != spec.type || tensor->dims->size != spec.rank) {
    LogShape(context_, op_name, spec, tensor);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus SpecTensors::Acquire(const char* op_name, const TensorSpec* inputs, int input_count,
                                  const TensorSpec* outputs, int output_count) {
  if (NumInputs(node_) != input_count || NumOutputs(node_) != output_count ||
      input_count + output_count > kMaxTensors) {
    TF_LITE_KERNEL_LOG(context_, "%s: %d inputs and %d outputs given (%d input%s, %d output%s)", op_name,
                       NumInputs(node_), NumOutputs(node_), input_count, input_count == 1 ? "" : "s", output_count,
                       output_count == 1 ? "" : "s");
    return kTfLiteError;
  }
  input_count_ = input_count;
  MicroContext* micro_context = GetMicroContext(context_);
  for (int i = 0; i < input_count; ++i) {
    TF_LITE_ENSURE_STATUS(Take(op_name, inputs[i], micro_context->AllocateTempInputTensor(node_, i)));
  }
  for (int i = 0; i < output_count; ++i) {
    TF_LITE_ENSURE_STATUS(Take(op_name, outputs[i], micro_context->AllocateTempOutputTensor(node_, i)));
  }
  return kTfLiteOk;
}

TfLiteStatus CheckElementCount(TfLiteContext* context, const char* op_name, const char* role,
                               const TfLiteTensor* tensor, int count, const char* expected_what) {
  const int n = SpecElementCount(tensor);
  if (n == count) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s has %d elements, %s %d", op_name, role, n, expected_what, count);
  return kTfLiteError;
}

bool ValuesKnownAtPrepare(const TfLiteTensor* tensor) {
  return IsConstantTensor(tensor) || (tensor->data.raw != nullptr && !tensor->is_variable);
}

int SpecElementCount(const TfLiteTensor* tensor) { return static_cast<int>(ElementCount(*tensor->dims)); }

}  // namespace mote
