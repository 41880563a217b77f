// FLOOR_DIV glue. Types (as TFLM's kernel): FLOAT32 only, both inputs and the output. Broadcasting up to 6
// dimensions. Options: FloorDivOptions has no fields (the parser is ParseNoOptions). Prepare validates and
// computes the broadcast plan; invoke refuses a zero divisor anywhere in input2 (TFLM's kernel does the same,
// so a model that divides by zero fails on both), then runs reference::FloorDivElements through
// EvalBinaryElementwiseRaw.
#include "kernels/floor_div/floor_div_reference.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "FLOOR_DIV";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const BinaryElementwiseSpec spec = {kOpName, kTypes, 1, "FLOAT32", false};
  TF_LITE_ENSURE_STATUS(PrepareRawBinaryElementwise(context, spec, node));
  ReportKernelVariant(context, "floor_div/float32/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  // A zero divisor (either sign) is an error before anything is divided, as in TFLM: the model fails on both.
  const TfLiteEvalTensor* divisor = micro::GetEvalInput(context, node, 1);
  const float* y = micro::GetTensorData<float>(divisor);
  // Prepare bounded the output, which input2 broadcasts into, to 32-bit indexing.
  const int count = static_cast<int>(ElementCount(*divisor->dims));
  for (int i = 0; i < count; ++i) {
    if (y[i] == 0.0f) {
      TF_LITE_KERNEL_LOG(context, "%s: division by zero (input2 element %d is 0)", kOpName, i);
      return kTfLiteError;
    }
  }
  return EvalBinaryElementwiseRaw<reference::FloorDivElements, TypeBit(kTfLiteFloat32)>(
      context, node, *static_cast<const BinaryElementwiseData*>(node->user_data));
}

}  // namespace

#define MOTE_KERNEL_FLOOR_DIV (PLAIN, "floor_div/float32/reference", InitOpData<BinaryElementwiseData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
