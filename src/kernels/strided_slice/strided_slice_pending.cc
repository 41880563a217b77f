// PENDING: placeholder until the real STRIDED_SLICE kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("STRIDED_SLICE is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_STRIDED_SLICE =
    MakeBuiltinRegistration(schema::BuiltinOperator_STRIDED_SLICE, "strided_slice/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseStridedSlice(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
