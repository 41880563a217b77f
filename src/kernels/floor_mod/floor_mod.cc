// FLOOR_MOD glue. Types (as TFLM's kernel): FLOAT32 only, both inputs and the output. Broadcasting up to 6
// dimensions. Options: FloorModOptions has no fields (the parser is ParseNoOptions). Prepare validates and
// computes the broadcast plan; invoke runs reference::FloorModElements through EvalBinaryElementwiseRaw (a zero
// divisor gives NaN, as in TFLM, which does not check it for FLOAT32).
#include "kernels/floor_mod/floor_mod_reference.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "FLOOR_MOD";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const BinaryElementwiseSpec spec = {kOpName, kTypes, 1, "FLOAT32", false};
  TF_LITE_ENSURE_STATUS(PrepareRawBinaryElementwise(context, spec, node));
  ReportKernelVariant(context, "floor_mod/float32/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalBinaryElementwiseRaw<reference::FloorModElements, TypeBit(kTfLiteFloat32)>(
      context, node, *static_cast<const BinaryElementwiseData*>(node->user_data));
}

}  // namespace

#define MOTE_KERNEL_FLOOR_MOD (PLAIN, "floor_mod/float32/reference", InitOpData<BinaryElementwiseData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
