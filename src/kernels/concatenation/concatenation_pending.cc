// PENDING: placeholder until the real CONCATENATION kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("CONCATENATION is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_CONCATENATION =
    MakeBuiltinRegistration(schema::BuiltinOperator_CONCATENATION, "concatenation/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseConcatenation(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
