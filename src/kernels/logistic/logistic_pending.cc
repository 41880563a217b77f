// PENDING: placeholder until the real LOGISTIC kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("LOGISTIC is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_LOGISTIC =
    MakeBuiltinRegistration(schema::BuiltinOperator_LOGISTIC, "logistic/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
