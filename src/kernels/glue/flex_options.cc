#include "kernels/glue/flex_options.h"

#include "mote/micro_log.h"

namespace mote {

FlexOptions::FlexOptions(const char* buffer, size_t length) {
  if (!map_.Init(reinterpret_cast<const uint8_t*>(buffer), length)) {
    status_.error = "the custom options are missing or not a FlexBuffers map";
  }
}

void FlexOptions::Fail(const char* key, const char* error) {
  status_.key = key;
  status_.error = error;
}

// A null value counts as missing: flexbuffers would read it as 0, which no signal option means on purpose.
bool FlexOptions::Present(const char* key, FlexValue* value) {
  if (status_.error != nullptr) return false;
  *value = map_.Find(key);
  if (value->kind == FlexValue::Kind::kNull) {
    Fail(key, "is missing");
    return false;
  }
  return true;
}

void FlexOptions::ReadInt32(const char* key, int32_t* out) {
  FlexValue value;
  if (Present(key, &value) && !value.ToInt32(out)) Fail(key, "is not an int32");
}

void FlexOptions::ReadBool(const char* key, bool* out) {
  FlexValue value;
  if (Present(key, &value) && !value.ToBool(out)) Fail(key, "is not a boolean");
}

TfLiteStatus ReportFlexOptions(TfLiteContext* context, const char* op_name, const FlexOptionsStatus& status) {
  if (status.error == nullptr) return kTfLiteOk;
  if (status.key == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: %s", op_name, status.error);
  } else {
    TF_LITE_KERNEL_LOG(context, "%s: option %s %s", op_name, status.key, status.error);
  }
  return kTfLiteError;
}

TfLiteStatus CheckValueRange(TfLiteContext* context, const char* op_name, const char* what, int32_t value, int32_t lo,
                             int32_t hi) {
  if (value >= lo && value <= hi) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s is %ld (must be in [%ld, %ld])", op_name, what, static_cast<long>(value),
                     static_cast<long>(lo), static_cast<long>(hi));
  return kTfLiteError;
}

}  // namespace mote
