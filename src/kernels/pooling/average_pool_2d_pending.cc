// PENDING: placeholder until the real AVERAGE_POOL_2D kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("AVERAGE_POOL_2D is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_AVERAGE_POOL_2D =
    MakeBuiltinRegistration(schema::BuiltinOperator_AVERAGE_POOL_2D, "average_pool_2d/pending", nullptr, PendingPrepare,
                            nullptr);

TfLiteStatus ParsePool(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

}  // namespace mote
