// PENDING: placeholder until the real FULLY_CONNECTED kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("FULLY_CONNECTED is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_FULLY_CONNECTED =
    MakeBuiltinRegistration(schema::BuiltinOperator_FULLY_CONNECTED, "fully_connected/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseFullyConnected(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
