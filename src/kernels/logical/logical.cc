// Glue of LOGICAL_AND and LOGICAL_OR, written once as templates on the op. Both inputs and the output are BOOL
// (TFLM's kernel reads every input as bool without checking; mote refuses other types). Broadcasting as TFLM's
// loop: same-shaped inputs of any rank, otherwise at most 7 dimensions (TFLM's loop gives wrong results on 8-D
// broadcasts, so mote refuses them).
#include <cstdint>

#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/registration.h"
#include "kernels/logical/logical_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kMaxLogicalBroadcastRank = 7;

struct OpData {
  const BroadcastPlan* plan;  // persistent, of its exact size
};

struct LogicalAnd {
  using Fn = reference::LogicalAndFn;
  static constexpr const char* kName = "LOGICAL_AND";
  static constexpr const char* kId = "logical_and/bool/reference";
};
struct LogicalOr {
  using Fn = reference::LogicalOrFn;
  static constexpr const char* kName = "LOGICAL_OR";
  static constexpr const char* kId = "logical_or/bool/reference";
};

template <typename Op>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = Op::kName;
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseOpData(context, op, node));
  const BinaryElementwiseTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, op));
  const TfLiteTensor* input1 = t.input1.get();
  const TfLiteTensor* input2 = t.input2.get();
  const TfLiteTensor* output = t.output.get();
  if (input1->type != kTfLiteBool || input2->type != kTfLiteBool || output->type != kTfLiteBool) {
    TF_LITE_KERNEL_LOG(context, "%s: input1 %s, input2 %s and output %s must be BOOL", op,
                       TfLiteTypeGetName(input1->type), TfLiteTypeGetName(input2->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  OpData* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(
      PrepareBinaryBroadcast(context, op, input1, input2, output, kMaxLogicalBroadcastRank, &data->plan));
  ReportKernelVariant(context, Op::kId);
  return kTfLiteOk;
}

template <typename Op>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  reference::LogicalBinary<typename Op::Fn>(*data.plan,
                                            micro::GetTensorData<bool>(micro::GetEvalInput(context, node, 0)),
                                            micro::GetTensorData<bool>(micro::GetEvalInput(context, node, 1)),
                                            micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_LOGICAL_AND \
  (PLAIN, "logical_and/bool/reference", InitOpData<OpData>, Prepare<LogicalAnd>, Eval<LogicalAnd>)
#define MOTE_KERNEL_LOGICAL_OR \
  (PLAIN, "logical_or/bool/reference", InitOpData<OpData>, Prepare<LogicalOr>, Eval<LogicalOr>)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
