// MAXIMUM and MINIMUM glue (one kernel, two element functions). Types (as TFLM's kernel): FLOAT32, INT8, INT16,
// INT32 and INT64, both inputs and the output of one type; quantized tensors are compared raw (TFLM checks no
// quantization, so neither does this). Broadcasting up to 6 dimensions. No options. Prepare validates and
// computes the broadcast plan; invoke runs the element function through EvalBinaryElementwiseRaw.
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/registration.h"
#include "kernels/maximum_minimum/maximum_minimum_reference.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt8, kTfLiteInt16, kTfLiteInt32, kTfLiteInt64};
constexpr const char kTypesText[] = "FLOAT32, INT8, INT16, INT32, INT64";

// The variant ids of one op, indexed as kTypes.
struct OpNames {
  const char* op_name;
  const char* variants[5];
};
constexpr OpNames kMaximum = {"MAXIMUM",
                              {"maximum/float32/reference", "maximum/int8/reference", "maximum/int16/reference",
                               "maximum/int32/reference", "maximum/int64/reference"}};
constexpr OpNames kMinimum = {"MINIMUM",
                              {"minimum/float32/reference", "minimum/int8/reference", "minimum/int16/reference",
                               "minimum/int32/reference", "minimum/int64/reference"}};

TfLiteStatus PrepareOp(TfLiteContext* context, TfLiteNode* node, const OpNames& names) {
  const BinaryElementwiseSpec spec = {names.op_name, kTypes, 5, kTypesText, false};
  TF_LITE_ENSURE_STATUS(PrepareRawBinaryElementwise(context, spec, node));
  const auto* data = static_cast<const BinaryElementwiseData*>(node->user_data);
  for (int i = 0; i < 5; ++i) {
    if (kTypes[i] == data->type) ReportKernelVariant(context, names.variants[i]);
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareMaximum(TfLiteContext* context, TfLiteNode* node) { return PrepareOp(context, node, kMaximum); }
TfLiteStatus PrepareMinimum(TfLiteContext* context, TfLiteNode* node) { return PrepareOp(context, node, kMinimum); }

TfLiteStatus EvalMaximum(TfLiteContext* context, TfLiteNode* node) {
  return EvalBinaryElementwiseRaw<reference::MaximumElements>(
      context, node, *static_cast<const BinaryElementwiseData*>(node->user_data));
}

TfLiteStatus EvalMinimum(TfLiteContext* context, TfLiteNode* node) {
  return EvalBinaryElementwiseRaw<reference::MinimumElements>(
      context, node, *static_cast<const BinaryElementwiseData*>(node->user_data));
}

}  // namespace

#define MOTE_KERNEL_MAXIMUM \
  (PLAIN, "maximum/any/reference", InitOpData<BinaryElementwiseData>, PrepareMaximum, EvalMaximum)
#define MOTE_KERNEL_MINIMUM \
  (PLAIN, "minimum/any/reference", InitOpData<BinaryElementwiseData>, PrepareMinimum, EvalMinimum)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
