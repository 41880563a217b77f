#include "kernels/glue/option_checks.h"

#include "mote/micro_log.h"

namespace mote {

TfLiteStatus CheckValueRange(TfLiteContext* context, const char* op_name, const char* what, int32_t value,
                             int32_t lo, int32_t hi) {
  if (value >= lo && value <= hi) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context, "%s: %s is %ld (must be in [%ld, %ld])", op_name, what, static_cast<long>(value),
                     static_cast<long>(lo), static_cast<long>(hi));
  return kTfLiteError;
}

}  // namespace mote
