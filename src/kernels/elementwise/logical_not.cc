// LOGICAL_NOT glue: input 0 and output 0, bool only (TFLM refuses every other type), same shape.
#include "kernels/elementwise/elementwise_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kVariant[] = "logical_not/bool/reference";

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareSingleTypeUnaryOp(context, node, "LOGICAL_NOT", kTfLiteBool, kVariant);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalSingleTypeUnaryOp<bool>(context, node, reference::LogicalNot);
}

}  // namespace

#define MOTE_KERNEL_LOGICAL_NOT (PLAIN, kVariant, nullptr, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
