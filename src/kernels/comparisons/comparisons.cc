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
#include <type_traits>

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
  const BroadcastPlan* plan;               // over (first, second): the inputs in order, or swapped when `swap`
  reference::ComparisonQuantParams quant;  // INT8, of (first, second)
  uint8_t type;                            // TfLiteType
  uint8_t relation;                        // Relation
  bool swap;
  bool negate;
};
static_assert(sizeof(OpData) <= 2 * sizeof(void*) + 16, "a comparison's op data: 32 bytes on a 64-bit host");

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

// Each op is one of three relations, on its inputs in order or swapped, maybe negated
// (comparisons_reference.h).
enum class Relation : uint8_t { kEqual, kLess, kLessEqual };

struct Equal : EqualityOp {
  static constexpr Relation kRelation = Relation::kEqual;
  static constexpr bool kSwap = false, kNegate = false;
  static constexpr const char* kName = "EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("equal");
};
struct NotEqual : EqualityOp {
  static constexpr Relation kRelation = Relation::kEqual;
  static constexpr bool kSwap = false, kNegate = true;
  static constexpr const char* kName = "NOT_EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("not_equal");
};
struct Greater : OrderOp {
  static constexpr Relation kRelation = Relation::kLess;
  static constexpr bool kSwap = true, kNegate = false;
  static constexpr const char* kName = "GREATER";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("greater");
};
struct GreaterEqual : OrderOp {
  static constexpr Relation kRelation = Relation::kLessEqual;
  static constexpr bool kSwap = true, kNegate = false;
  static constexpr const char* kName = "GREATER_EQUAL";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("greater_equal");
};
struct Less : OrderOp {
  static constexpr Relation kRelation = Relation::kLess;
  static constexpr bool kSwap = false, kNegate = false;
  static constexpr const char* kName = "LESS";
  static constexpr const char* kIds[] = MOTE_COMPARISON_IDS("less");
};
struct LessEqual : OrderOp {
  static constexpr Relation kRelation = Relation::kLessEqual;
  static constexpr bool kSwap = false, kNegate = false;
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
// (Zero points are in the INT8 range and a float scale's exponent above -160: the int16 fields hold them.)
void ComputeQuantParams(const TfLiteTensor* input1, const TfLiteTensor* input2, reference::ComparisonQuantParams* q) {
  q->input1_offset = static_cast<int16_t>(-input1->params.zero_point);
  q->input2_offset = static_cast<int16_t>(-input2->params.zero_point);
  int shift1 = 0;
  int shift2 = 0;
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input1->params.scale), &q->input1_multiplier, &shift1);
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input2->params.scale), &q->input2_multiplier, &shift2);
  q->input1_shift = static_cast<int16_t>(shift1);
  q->input2_shift = static_cast<int16_t>(shift2);
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
      PrepareBinaryBroadcast(context, op, input1, input2, output, kMaxComparisonBroadcastRank, &data->plan,
                                               Op::kSwap));
  data->type = static_cast<uint8_t>(type);
  data->relation = static_cast<uint8_t>(Op::kRelation);
  data->swap = Op::kSwap;
  data->negate = Op::kNegate;
  if (type == kTfLiteInt8) {
    TF_LITE_ENSURE_STATUS(CheckComparisonScale(context, op, "input1", input1));
    TF_LITE_ENSURE_STATUS(CheckComparisonScale(context, op, "input2", input2));
    ComputeQuantParams(Op::kSwap ? input2 : input1, Op::kSwap ? input1 : input2, &data->quant);
  }
  ReportKernelVariant(context, Op::kIds[VariantIndex(type)]);
  return kTfLiteOk;
}

// Every type the relation serves (BOOL only by EQUAL / NOT_EQUAL: prepare refuses it for the order ops).
template <typename Fn>
TfLiteStatus EvalRelation(const OpData& data, Fn fn, const TfLiteEvalTensor* first, const TfLiteEvalTensor* second,
                          bool* output) {
  switch (static_cast<TfLiteType>(data.type)) {
    case kTfLiteBool:
      if constexpr (std::is_same<Fn, reference::EqualFn>::value) {
        reference::CompareBool(*data.plan, fn, micro::GetTensorData<bool>(first), micro::GetTensorData<bool>(second),
                               output);
        return kTfLiteOk;
      }
      break;
    case kTfLiteFloat32:
      reference::Compare(*data.plan, fn, micro::GetTensorData<float>(first), micro::GetTensorData<float>(second),
                         output);
      return kTfLiteOk;
    case kTfLiteInt32:
      reference::Compare(*data.plan, fn, micro::GetTensorData<int32_t>(first), micro::GetTensorData<int32_t>(second),
                         output);
      return kTfLiteOk;
    case kTfLiteInt64:
      reference::Compare(*data.plan, fn, micro::GetTensorData<int64_t>(first), micro::GetTensorData<int64_t>(second),
                         output);
      return kTfLiteOk;
    case kTfLiteInt8:
      reference::CompareQuantized(*data.plan, fn, data.quant, micro::GetTensorData<int8_t>(first),
                                  micro::GetTensorData<int8_t>(second), output);
      return kTfLiteOk;
    default:
      break;
  }
  return kTfLiteError;  // prepare accepted only the types above
}

// One eval for the six ops.
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* first = micro::GetEvalInput(context, node, data.swap ? 1 : 0);
  const TfLiteEvalTensor* second = micro::GetEvalInput(context, node, data.swap ? 0 : 1);
  bool* output = micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 0));
  switch (static_cast<Relation>(data.relation)) {
    case Relation::kEqual:
      return EvalRelation(data, reference::EqualFn{data.negate}, first, second, output);
    case Relation::kLess:
      return EvalRelation(data, reference::LessFn{}, first, second, output);
    case Relation::kLessEqual:
      return EvalRelation(data, reference::LessEqualFn{}, first, second, output);
  }
  return kTfLiteError;
}

}  // namespace

#define MOTE_KERNEL_EQUAL (PLAIN, "equal/any/reference", InitOpData<OpData>, Prepare<Equal>, Eval)
#define MOTE_KERNEL_NOT_EQUAL (PLAIN, "not_equal/any/reference", InitOpData<OpData>, Prepare<NotEqual>, Eval)
#define MOTE_KERNEL_GREATER (PLAIN, "greater/any/reference", InitOpData<OpData>, Prepare<Greater>, Eval)
#define MOTE_KERNEL_GREATER_EQUAL \
  (PLAIN, "greater_equal/any/reference", InitOpData<OpData>, Prepare<GreaterEqual>, Eval)
#define MOTE_KERNEL_LESS (PLAIN, "less/any/reference", InitOpData<OpData>, Prepare<Less>, Eval)
#define MOTE_KERNEL_LESS_EQUAL \
  (PLAIN, "less_equal/any/reference", InitOpData<OpData>, Prepare<LessEqual>, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
