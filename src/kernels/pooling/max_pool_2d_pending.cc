// PENDING: placeholder until the real MAX_POOL_2D kernel lands in this folder (delete this file then).
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
TfLiteStatus PendingPrepare(TfLiteContext*, TfLiteNode*) {
  MicroPrintf("MAX_POOL_2D is not implemented yet");
  return kTfLiteError;
}
}  // namespace

const TfLiteRegistration kRegistration_MAX_POOL_2D =
    MakeBuiltinRegistration(schema::BuiltinOperator_MAX_POOL_2D, "max_pool_2d/pending", nullptr, PendingPrepare,
                            nullptr);

}  // namespace mote
