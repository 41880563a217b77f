// PENDING: placeholder until the real RESHAPE kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("RESHAPE is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_RESHAPE =
    MakeBuiltinRegistration(schema::BuiltinOperator_RESHAPE, "reshape/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseReshape(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
