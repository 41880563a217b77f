// PENDING: placeholder until the real CONV_2D kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("CONV_2D is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_CONV_2D =
    MakeBuiltinRegistration(schema::BuiltinOperator_CONV_2D, "conv_2d/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParseConv2D(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
