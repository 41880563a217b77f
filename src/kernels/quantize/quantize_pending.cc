// PENDING: placeholder until the real QUANTIZE kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("QUANTIZE is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_QUANTIZE =
    MakeBuiltinRegistration(schema::BuiltinOperator_QUANTIZE, "quantize/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
