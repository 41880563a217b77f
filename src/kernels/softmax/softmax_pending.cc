// PENDING: placeholder until the real SOFTMAX kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("SOFTMAX is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_SOFTMAX =
    MakeBuiltinRegistration(schema::BuiltinOperator_SOFTMAX, "softmax/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseSoftmax(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
