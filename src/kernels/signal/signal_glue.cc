#include "kernels/signal/signal_glue.h"

#include <cstring>

#include "mote/kernel_util.h"
#include "mote/model_verifier.h"
#include "mote/schema/schema_generated.h"
#include "mote/micro_context.h"
#include "mote/micro_log.h"

namespace mote {
namespace signal {

TfLiteStatus CheckIoCounts(TfLiteContext* context, const char* op, const TfLiteNode* node, int inputs, int outputs) {
  if (NumInputs(node) == inputs && NumOutputs(node) == outputs) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: expects %d input%s and %d output%s (got %d and %d)", op, inputs,
                     inputs == 1 ? "" : "s", outputs, outputs == 1 ? "" : "s", NumInputs(node), NumOutputs(node));
  return kTfLiteError;
}

TfLiteStatus CheckType(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t,
                       TfLiteType type) {
  if (t->type == type) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s has type %s (must be %s)", op, what, TfLiteTypeGetName(t->type),
                     TfLiteTypeGetName(type));
  return kTfLiteError;
}

TfLiteStatus CheckRank(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t, int rank) {
  if (NumDimensions(t) == rank) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s has rank %d (must be %d)", op, what, NumDimensions(t), rank);
  return kTfLiteError;
}

TfLiteStatus CheckElementCount(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t,
                               int64_t count) {
  const int64_t actual = ElementCount(*t->dims);
  if (actual == count) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s has %lld elements (must be %lld)", op, what, static_cast<long long>(actual),
                     static_cast<long long>(count));
  return kTfLiteError;
}

SignalIo::SignalIo(TfLiteContext* context, TfLiteNode* node, int inputs, int outputs) : context_(context) {
  MicroContext* micro = GetMicroContext(context);
  for (int i = 0; i < inputs; ++i) {
    inputs_[i] = micro->AllocateTempInputTensor(node, i);
    ok_ = ok_ && inputs_[i] != nullptr;
  }
  for (int i = 0; i < outputs; ++i) {
    outputs_[i] = micro->AllocateTempOutputTensor(node, i);
    ok_ = ok_ && outputs_[i] != nullptr;
  }
}

SignalIo::~SignalIo() {
  MicroContext* micro = GetMicroContext(context_);
  for (TfLiteTensor* t : outputs_) {
    if (t != nullptr) micro->DeallocateTempTfLiteTensor(t);
  }
  for (TfLiteTensor* t : inputs_) {
    if (t != nullptr) micro->DeallocateTempTfLiteTensor(t);
  }
}

TfLiteStatus ResolveTypeOption(TfLiteContext* context, const char* op, TypeSet served, int32_t option,
                               TypeSet allowed, TfLiteType* type) {
  *type = kTfLiteNoType;
  if (served != kAllTypes) {
    for (uint32_t t = 0; t < 32 && *type == kTfLiteNoType; ++t) {
      if (Serves(served, static_cast<TfLiteType>(t))) *type = static_cast<TfLiteType>(t);
    }
    return kTfLiteOk;
  }
  TfLiteType from_option = kTfLiteNoType;
  const bool known = option >= 0 && option <= schema::TensorType_MAX &&
                     ConvertTensorType(static_cast<schema::TensorType>(option), &from_option) == kTfLiteOk;
  if (known && Serves(allowed, from_option)) {
    *type = from_option;
    return kTfLiteOk;
  }
  char names[64] = "";
  for (uint32_t t = 0; t < 32; ++t) {
    if (!Serves(allowed, static_cast<TfLiteType>(t))) continue;
    std::strncat(names, names[0] == '\0' ? "" : ", ", sizeof(names) - std::strlen(names) - 1);
    std::strncat(names, TfLiteTypeGetName(static_cast<TfLiteType>(t)), sizeof(names) - std::strlen(names) - 1);
  }
  TF_LITE_KERNEL_LOG(context, "%s: option T is %d (%s; must be one of %s)", op, static_cast<int>(option),
                     known ? TfLiteTypeGetName(from_option) : "not a tensor type", names);
  return kTfLiteError;
}

CircularBuffer* AllocateFifos(TfLiteContext* context, int count, size_t capacity) {
  auto* fifos = static_cast<CircularBuffer*>(
      context->AllocatePersistentBuffer(context, sizeof(CircularBuffer) * static_cast<size_t>(count > 0 ? count : 1)));
  if (fifos == nullptr) return nullptr;
  for (int i = 0; i < count; ++i) {
    auto* samples = static_cast<int16_t*>(context->AllocatePersistentBuffer(context, CircularBuffer::Bytes(capacity)));
    if (samples == nullptr) return nullptr;
    fifos[i] = CircularBuffer();
    fifos[i].Init(samples, capacity);
  }
  return fifos;
}

int64_t OuterCount(const TfLiteTensor* t) {
  int64_t n = 1;
  for (int i = 0; i + 1 < t->dims->size; ++i) n *= t->dims->data[i];
  return n;
}

int32_t InnerDim(const TfLiteTensor* t) { return t->dims->size == 0 ? 1 : t->dims->data[t->dims->size - 1]; }

}  // namespace signal
}  // namespace mote
