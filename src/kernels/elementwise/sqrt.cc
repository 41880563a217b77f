// SQRT glue: input 0 and output 0, float32 only (TFLM refuses every other type), same shape.
#include "kernels/elementwise/elementwise_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kVariant[] = "sqrt/float32/reference";

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareSingleTypeUnaryOp(context, node, "SQRT", kTfLiteFloat32, kVariant);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalSingleTypeUnaryOp<float>(context, node, reference::Sqrt);
}

}  // namespace

#define MOTE_KERNEL_SQRT (PLAIN, kVariant, nullptr, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
