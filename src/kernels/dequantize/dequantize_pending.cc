// PENDING: placeholder until the real DEQUANTIZE kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("DEQUANTIZE is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_DEQUANTIZE =
    MakeBuiltinRegistration(schema::BuiltinOperator_DEQUANTIZE, "dequantize/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
