// PENDING: placeholder until the real TANH kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("TANH is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_TANH =
    MakeBuiltinRegistration(schema::BuiltinOperator_TANH, "tanh/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
