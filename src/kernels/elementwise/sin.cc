// SIN glue: input 0 and output 0, float32 only (TFLM refuses every other type), same shape.
#include "kernels/elementwise/elementwise_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kVariant[] = "sin/float32/reference";

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareSingleTypeUnaryOp(context, node, "SIN", kTfLiteFloat32, kVariant);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalSingleTypeUnaryOp<float>(context, node, reference::Sin);
}

}  // namespace

#define MOTE_KERNEL_SIN (PLAIN, kVariant, nullptr, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
