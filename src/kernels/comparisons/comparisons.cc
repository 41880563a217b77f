// Glue of the six comparison ops (EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL), written once as
// templates on the op (its name, types and relation). Types, as TFLM's kernels:
//   EQUAL, NOT_EQUAL                             BOOL, FLOAT32, INT8, INT32, INT64
//   GREATER, GREATER_EQUAL, LESS, LESS_EQUAL     FLOAT32, INT8, INT32, INT64
// (TFLM fails in invoke on the others; mote refuses them in prepare.) TFLM's GREATER also has an INT16 path, but
// its prepare never sets that path's rescaling constants: the oracle shows the results follow whatever the
// previous node left in the persistent buffer, so no INT16 result can be matched and mote refuses INT16 too.
// Both inputs share the type, the output is BOOL. INT8 is per-tensor quantized with scales in (0, 1): TFLM's
// rescaling (QuantizeMultiplierSmallerThanOneExp of each input scale) aborts on a scale >= 1. Broadcasting
// follows TFLM's loop: same-shaped inputs of any rank, otherwise at most 7 dimensions (TFLM's loop gives wrong
// results on 8-D broadcasts, so mote refuses them).
#include <cstdint>

#include "kernels/comparisons/comparisons_reference.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

// The highest rank TFLM's comparison broadcast computes correctly (see the file comment).
constexpr int kMaxComparisonBroadcastRank = 7;

struct OpData {
  WideBroadcastPlan plan;
  TfLiteType type;
  reference::ComparisonQuantParams quant;  // INT8
};

constexpr TypeSet kEqualityTypes = TypeBit(kTfLiteBool) | TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8) |
                                   TypeBit(kTfLiteInt32) | TypeBit(kTfLiteInt64);
constexpr TypeSet kOrderTypes =
    TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8) | TypeBit(kTfLiteInt32) | TypeBit(kTfLiteInt64);

// Variant ids, in the order of VariantIndex.
#define MOTE_COMPARISON_IDS(op) \
  { op "/bool/reference", op "/float32/reference", op "/int8/reference", op "/int32/reference", op "/int64/reference" }

int VariantIndex(TfLiteType type) {
  switch (type) {
    case kTfLiteBool:
      return 0;
    case kTfLiteFloat32:
      return 1;
    case kTfLiteInt8:
      return 2;
    case kTfLiteInt32:
      return 3;
    default:
      return 4;
  }
}

// The types (and their text for messages) of the equality and the order comparisons.
struct EqualityOp {
  static constexpr TypeSet kTypes = kEqualityTypes;
  static constexpr const char* kTypesText = "BOOL, FLOAT32, INT8, INT32, INT64";
};
struct OrderOp {
  static constexpr TypeSet kTypes = kOrderTypes;
  static constexpr const char* kTypesText = "FLOAT32, INT8, INT32, INT64";
};

struct Equal : EqualityOp {
  using Fn = reference::EqualFn;
  static constexpr const char* kName = "EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("equal");
};
struct NotEqual : EqualityOp {
  using Fn = reference::NotEqualFn;
  static constexpr const char* kName = "NOT_EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("not_equal");
};
struct Greater : OrderOp {
  using Fn = reference::GreaterFn;
  static constexpr const char* kName = "GREATER";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("greater");
};
struct GreaterEqual : OrderOp {
  using Fn = reference::GreaterEqualFn;
  static constexpr const char* kName = "GREATER_EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("greater_equal");
};
struct Less : OrderOp {
  using Fn = reference::LessFn;
  static constexpr const char* kName = "LESS";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("less");
};
struct LessEqual : OrderOp {
  using Fn = reference::LessEqualFn;
  static constexpr const char* kName = "LESS_EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("less_equal");
};

#undef MOTE_COMPARISON_IDS

// Per-tensor quantization with a scale TFLM's rescaling takes (0 < scale < 1).
TfLiteStatus CheckComparisonScale(TfLiteContext* context, const char* op, const char* what,
                                  const TfLiteTensor* tensor) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, op, what, tensor));
  if (!(tensor->params.scale < 1.0f)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s scale %g must be below 1 (TFLM's comparison rescaling aborts on it)", op, what,
                       static_cast<double>(tensor->params.scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// TFLM's constants: each input brought to a common scale with 8 bits of headroom.
void ComputeQuantParams(const TfLiteTensor* input1, const TfLiteTensor* input2, reference::ComparisonQuantParams* q) {
  q->left_shift = 8;
  q->input1_offset = -input1->params.zero_point;
  q->input2_offset = -input2->params.zero_point;
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input1->params.scale), &q->input1_multiplier,
                                      &q->input1_shift);
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input2->params.scale), &q->input2_multiplier,
                                      &q->input2_shift);
}

template <typename Op>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = Op::kName;
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseOpData(context, op, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const BinaryElementwiseTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, op));
  const TfLiteTensor* input1 = t.input1.get();
  const TfLiteTensor* input2 = t.input2.get();
  const TfLiteTensor* output = t.output.get();
  const TfLiteType type = input1->type;
  if (!Serves(Op::kTypes, type)) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (%s)", op, TfLiteTypeGetName(type), Op::kTypesText);
    return kTfLiteError;
  }
  if (input2->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: input1 %s and input2 %s must have the same type", op, TfLiteTypeGetName(type),
                       TfLiteTypeGetName(input2->type));
    return kTfLiteError;
  }
  if (output->type != kTfLiteBool) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s is not BOOL", op, TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(
      PrepareBinaryBroadcast(context, op, input1, input2, output, kMaxComparisonBroadcastRank, &data->plan));
  data->type = type;
  if (type == kTfLiteInt8) {
    TF_LITE_ENSURE_STATUS(CheckComparisonScale(context, op, "input1", input1));
    TF_LITE_ENSURE_STATUS(CheckComparisonScale(context, op, "input2", input2));
    ComputeQuantParams(input1, input2, &data->quant);
  }
  ReportKernelVariant(context, Op::kIds[VariantIndex(type)]);
  return kTfLiteOk;
}

template <typename Op>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  using Fn = typename Op::Fn;
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, 1);
  bool* output = micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 0));
  switch (data.type) {
    case kTfLiteBool:
      reference::CompareBool<Fn>(data.plan, micro::GetTensorData<bool>(input1), micro::GetTensorData<bool>(input2),
                                 output);
      return kTfLiteOk;
    case kTfLiteFloat32:
      reference::Compare<Fn>(data.plan, micro::GetTensorData<float>(input1), micro::GetTensorData<float>(input2),
                             output);
      return kTfLiteOk;
    case kTfLiteInt32:
      reference::Compare<Fn>(data.plan, micro::GetTensorData<int32_t>(input1), micro::GetTensorData<int32_t>(input2),
                             output);
      return kTfLiteOk;
    case kTfLiteInt64:
      reference::Compare<Fn>(data.plan, micro::GetTensorData<int64_t>(input1), micro::GetTensorData<int64_t>(input2),
                             output);
      return kTfLiteOk;
    case kTfLiteInt8:
      reference::CompareQuantized<Fn>(data.plan, data.quant, micro::GetTensorData<int8_t>(input1),
                                      micro::GetTensorData<int8_t>(input2), output);
      return kTfLiteOk;
    default:
      return kTfLiteError;  // prepare accepted only the types above
  }
}

}  // namespace

#define MOTE_KERNEL_EQUAL (PLAIN, "equal/any/reference", InitOpData<OpData>, Prepare<Equal>, Eval<Equal>)
#define MOTE_KERNEL_NOT_EQUAL (PLAIN, "not_equal/any/reference", InitOpData<OpData>, Prepare<NotEqual>, Eval<NotEqual>)
#define MOTE_KERNEL_GREATER (PLAIN, "greater/any/reference", InitOpData<OpData>, Prepare<Greater>, Eval<Greater>)
#define MOTE_KERNEL_GREATER_EQUAL \
  (PLAIN, "greater_equal/any/reference", InitOpData<OpData>, Prepare<GreaterEqual>, Eval<GreaterEqual>)
#define MOTE_KERNEL_LESS (PLAIN, "less/any/reference", InitOpData<OpData>, Prepare<Less>, Eval<Less>)
#define MOTE_KERNEL_LESS_EQUAL \
  (PLAIN, "less_equal/any/reference", InitOpData<OpData>, Prepare<LessEqual>, Eval<LessEqual>)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
