// PENDING: placeholder until the real RELU6 kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("RELU6 is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_RELU6 =
    MakeBuiltinRegistration(schema::BuiltinOperator_RELU6, "relu6/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
