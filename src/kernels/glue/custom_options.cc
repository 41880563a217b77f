#include "kernels/glue/custom_options.h"

#include "mote/micro_log.h"

namespace mote {

TfLiteStatus OptionStatus::Report(TfLiteContext* context, const char* op) const {
  if (problem == nullptr) return kTfLiteOk;
  if (key == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: the custom options %s", op, problem);
  } else {
    TF_LITE_KERNEL_LOG(context, "%s: option %s %s", op, key, problem);
  }
  return kTfLiteError;
}

CustomOptions::CustomOptions(const char* buffer, size_t length, OptionStatus* status) : status_(status) {
  *status_ = OptionStatus{nullptr, nullptr};
  valid_ = map_.Init(reinterpret_cast<const uint8_t*>(buffer), length);
  if (!valid_) Fail("are missing or not a FlexBuffers map", nullptr);
}

void CustomOptions::Fail(const char* problem, const char* key) {
  if (status_->problem != nullptr) return;
  status_->problem = problem;
  status_->key = key;
}

bool CustomOptions::Lookup(const char* key, FlexValue* value) {
  if (!valid_) return false;
  *value = map_.Find(key);
  if (value->kind == FlexValue::Kind::kNull) {
    Fail("is missing", key);
    return false;
  }
  return true;
}

void CustomOptions::Int(const char* key, int32_t* out) {
  FlexValue value;
  if (!Lookup(key, &value)) return;
  // TFLM's AsInt32 of a float or bool is not what the converter writes: take integers only.
  if ((value.kind != FlexValue::Kind::kInt && value.kind != FlexValue::Kind::kUInt) || !value.ToInt32(out)) {
    Fail("is not an int32", key);
  }
}

void CustomOptions::Bool(const char* key, bool* out) {
  FlexValue value;
  if (!Lookup(key, &value)) return;
  if (value.kind == FlexValue::Kind::kFloat || !value.ToBool(out)) Fail("is not a boolean", key);
}

}  // namespace mote
