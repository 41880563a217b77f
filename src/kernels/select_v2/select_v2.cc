// SELECT_V2 glue. Inputs: condition (BOOL), x and y (FLOAT32, INT8 or INT16, as
// TFLM's kernel; TFLM fails in invoke on the other types, mote refuses them in
// prepare); the output has x's type. Quantization parameters are not checked:
// values are copied as stored, as TFLM does. Broadcasting of all three inputs
// as TFLM's loop: same-shaped inputs of any rank, otherwise at most 7
// dimensions (TFLM's loop gives wrong results on 8-D broadcasts, so mote
// refuses them).
#include <cstdint>
#include <cstdio>
#include <limits>

#include "kernels/glue/broadcast.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/select_v2/select_v2_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "SELECT_V2";
constexpr int kMaxSelectBroadcastRank = 7;

struct OpData {
  const TernaryBroadcastPlan *plan; // persistent, of its exact size
  TfLiteType type;
};

// "[1, 2, 3]" into buf (for messages).
const char *ShapeText(const TfLiteIntArray *dims, char *buf, size_t size) {
  size_t used = static_cast<size_t>(snprintf(buf, size, "["));
  for (int i = 0; i < dims->size && used < size; ++i) {
    used += static_cast<size_t>(snprintf(
        buf + used, size - used, i == 0 ? "%d" : ", %d", dims->data[i]));
  }
  if (used < size)
    snprintf(buf + used, size - used, "]");
  return buf;
}

TfLiteStatus CheckTypes(TfLiteContext *context, const TfLiteTensor *condition,
                        const TfLiteTensor *x, const TfLiteTensor *y,
                        const TfLiteTensor *output) {
  if (condition->type != kTfLiteBool) {
    TF_LITE_KERNEL_LOG(context, "%s: condition type %s is not BOOL", kOpName,
                       TfLiteTypeGetName(condition->type));
    return kTfLiteError;
  }
  if (x->type != kTfLiteFloat32 && x->type != kTfLiteInt8 &&
      x->type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(
        context, "%s: input type %s is not supported (FLOAT32, INT8, INT16)",
        kOpName, TfLiteTypeGetName(x->type));
    return kTfLiteError;
  }
  if (y->type != x->type || output->type != x->type) {
    TF_LITE_KERNEL_LOG(
        context, "%s: x %s, y %s and output %s must have the same type",
        kOpName, TfLiteTypeGetName(x->type), TfLiteTypeGetName(y->type),
        TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Ranks (any when all three inputs have one shape, else <=
// kMaxSelectBroadcastRank), compatibility, the output the broadcast shape
// (leading 1s aside) and 32-bit indexable; points *plan at the stored plan.
TfLiteStatus PrepareBroadcast(TfLiteContext *context,
                              const TfLiteTensor *condition,
                              const TfLiteTensor *x, const TfLiteTensor *y,
                              const TfLiteTensor *output,
                              const TernaryBroadcastPlan **plan) {
  const RuntimeShape sc = GetTensorShape(condition);
  const RuntimeShape sx = GetTensorShape(x);
  const RuntimeShape sy = GetTensorShape(y);
  const int max_rank =
      (sc == sx && sx == sy) ? kMaxPlanRank : kMaxSelectBroadcastRank;
  if (condition->dims->size > max_rank || x->dims->size > max_rank ||
      y->dims->size > max_rank) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: inputs have %d, %d and %d dimensions (at most %d "
                       "when their shapes differ)",
                       kOpName, condition->dims->size, x->dims->size,
                       y->dims->size, max_rank);
    return kTfLiteError;
  }
  char b1[64];
  char b2[64];
  char b3[64];
  RuntimeShape broadcast;
  if (!BroadcastShapesCompatible3(sc, sx, sy, &broadcast, max_rank)) {
    TF_LITE_KERNEL_LOG(
        context, "%s: condition %s, x %s and y %s cannot be broadcast together",
        kOpName, ShapeText(condition->dims, b1, sizeof(b1)),
        ShapeText(x->dims, b2, sizeof(b2)), ShapeText(y->dims, b3, sizeof(b3)));
    return kTfLiteError;
  }
  if (output->dims->size > RuntimeShape::kMaxDims ||
      !SameShapeIgnoringLeadingOnes(GetTensorShape(output), broadcast)) {
    TF_LITE_KERNEL_LOG(
        context, "%s: output shape %s is not the broadcast shape of the inputs",
        kOpName, ShapeText(output->dims, b1, sizeof(b1)));
    return kTfLiteError;
  }
  if (broadcast.FlatSize() < 0 ||
      ElementCount(*output->dims) > std::numeric_limits<int32_t>::max()) {
    TF_LITE_KERNEL_LOG(
        context, "%s: the output is too large for 32-bit indexing", kOpName);
    return kTfLiteError;
  }
  TernaryBroadcastPlanBuffer local;
  *plan = StorePlan(context, *MakeTernaryBroadcastPlan(sc, sx, sy, &local));
  return *plan != nullptr ? kTfLiteOk : kTfLiteError;
}

TfLiteStatus Prepare(TfLiteContext *context, TfLiteNode *node) {
  if (node->user_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data", kOpName);
    return kTfLiteError;
  }
  if (NumInputs(node) != 3 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(
        context, "%s: %d inputs and %d outputs given (3 inputs, 1 output)",
        kOpName, NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext *micro = GetMicroContext(context);
  const ScopedTempTensor condition(context,
                                   micro->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor x(context, micro->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor y(context, micro->AllocateTempInputTensor(node, 2));
  const ScopedTempTensor output(context,
                                micro->AllocateTempOutputTensor(node, 0));
  if (condition.get() == nullptr || x.get() == nullptr || y.get() == nullptr ||
      output.get() == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", kOpName);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(
      CheckTypes(context, condition.get(), x.get(), y.get(), output.get()));
  OpData *data = static_cast<OpData *>(node->user_data);
  TF_LITE_ENSURE_STATUS(PrepareBroadcast(context, condition.get(), x.get(),
                                         y.get(), output.get(), &data->plan));
  data->type = x.get()->type;
  ReportKernelVariant(
      context, data->type == kTfLiteFloat32 ? "select_v2/float32/reference"
               : data->type == kTfLiteInt8  ? "select_v2/int8/reference"
                                            : "select_v2/int16/reference");
  return kTfLiteOk;
}

template <typename T>
void Run(TfLiteContext *context, TfLiteNode *node,
         const TernaryBroadcastPlan &plan) {
  reference::SelectV2(
      plan, micro::GetTensorData<bool>(micro::GetEvalInput(context, node, 0)),
      micro::GetTensorData<T>(micro::GetEvalInput(context, node, 1)),
      micro::GetTensorData<T>(micro::GetEvalInput(context, node, 2)),
      micro::GetTensorData<T>(micro::GetEvalOutput(context, node, 0)));
}

TfLiteStatus Eval(TfLiteContext *context, TfLiteNode *node) {
  const OpData &data = *static_cast<const OpData *>(node->user_data);
  switch (data.type) {
  case kTfLiteFloat32:
    Run<float>(context, node, *data.plan);
    return kTfLiteOk;
  case kTfLiteInt8:
    Run<int8_t>(context, node, *data.plan);
    return kTfLiteOk;
  case kTfLiteInt16:
    Run<int16_t>(context, node, *data.plan);
    return kTfLiteOk;
  default:
    return kTfLiteError; // prepare accepted only the types above
  }
}

} // namespace

#define MOTE_KERNEL_SELECT_V2                                                  \
  (PLAIN, "select_v2/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

} // namespace mote
