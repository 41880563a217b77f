// PENDING: placeholder until the real PAD kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("PAD is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_PAD =
    MakeBuiltinRegistration(schema::BuiltinOperator_PAD, "pad/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
