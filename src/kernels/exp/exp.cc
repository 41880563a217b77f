// EXP glue: input 0 and output 0, float32 only (TFLM refuses every other type), same shape.
#include "kernels/exp/exp_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kVariant[] = "exp/float32/reference";

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareSingleTypeUnaryOp(context, node, "EXP", kTfLiteFloat32, kVariant);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalSingleTypeUnaryOp<float>(context, node, reference::Exp);
}

}  // namespace

#define MOTE_KERNEL_EXP (PLAIN, kVariant, nullptr, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
