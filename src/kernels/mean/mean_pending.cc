// PENDING: placeholder until the real MEAN kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("MEAN is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_MEAN =
    MakeBuiltinRegistration(schema::BuiltinOperator_MEAN, "mean/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseReducer(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
