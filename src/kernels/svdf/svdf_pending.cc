// PENDING: placeholder until the real SVDF kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("SVDF is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_SVDF =
    MakeBuiltinRegistration(schema::BuiltinOperator_SVDF, "svdf/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseSvdf(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
