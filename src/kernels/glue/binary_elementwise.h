// Glue shared by the binary element-wise ops (ADD, SUB, MUL; MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD). Prepare:
// the checks every one of them needs, the broadcast plan and activation clamp their invoke uses, and ADD/SUB's
// requantization constants (MUL's stay in its glue). Invoke: EvalBinaryElementwise, the per-type loops over the
// op's element functions; EvalBinaryElementwiseRaw for the ops without activation or quantization constants.
// Two-input ops with other types or outputs (the comparisons, LOGICAL_AND/OR) use only the arity, tensors and
// broadcast steps (CheckBinaryElementwiseArity, BinaryElementwiseTensors, PrepareBinaryBroadcast).
#ifndef MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_
#define MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_

#include <cstdint>
#include <type_traits>

#include "kernels/glue/broadcast.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {

struct QuantizedAddSubParams;  // kernels/quantization/quantized_add_sub.h

struct BinaryElementwiseData {
  const BroadcastPlan* plan;    // persistent, of its exact size (StorePlan)
  TfLiteType type;
  float float_activation_min;   // FLOAT32
  float float_activation_max;
  int32_t activation_min;       // INT32 (TFLite's integer CalculateActivationRange) or quantized range
  int32_t activation_max;
};

// An op's node data (user_data, from its init): the shared part and the op's INT8/INT16 constants, whose type
// its element functions name (Elements::QuantParams; see EvalBinaryElementwise).
template <typename Elements>
struct BinaryElementwiseOpData {
  BinaryElementwiseData common;
  typename Elements::QuantParams quant;
};

// What an op accepts.
struct BinaryElementwiseSpec {
  const char* op_name;          // "ADD"
  const TfLiteType* types;      // supported tensor types (both inputs and the output share it)
  int type_count;
  const char* types_text;       // "FLOAT32, INT32, INT8, INT16" for messages
  bool int32_activation;        // false: a fused activation on INT32 is refused (ADD: TFLM ignores it)
};

// Checks 2 inputs / 1 output; one supported type shared by both inputs and the output; input ranks <= 6 and
// broadcast-compatible; the output shape equal to the broadcast shape (leading 1s aside); a clamp activation
// (NONE, RELU, RELU_N1_TO_1, RELU6); for INT8/INT16: per-tensor quantization on all three tensors (scale > 0,
// zero point in range) and the quantized activation range of the output; for INT32 the integer activation
// range (or no activation when spec.int32_activation is false); for FLOAT32 the float range. Fills `data`.
TfLiteStatus PrepareBinaryElementwise(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                                      TfLiteFusedActivation activation, const TfLiteTensor* input1,
                                      const TfLiteTensor* input2, const TfLiteTensor* output,
                                      BinaryElementwiseData* data);

// The broadcast checks alone, for two-input ops with their own types and output (the comparisons' BOOL output,
// LOGICAL_AND/OR): inputs of the same shape have any rank (TFLM runs them as one flat loop); otherwise both ranks
// are <= max_rank (<= kMaxPlanRank, the op's TFLM broadcast limit) and broadcast-compatible; the output is the
// broadcast shape (leading 1s aside) and indexable in 32 bits. Points *plan at the plan, stored in persistent
// memory of its exact size ("<OP>: ..." messages; kTfLiteError when the arena has no room, reported there); with
// `swap` the plan is over (input2, input1) (SwapBroadcastInputs: GREATER runs as LESS).
TfLiteStatus PrepareBinaryBroadcast(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                                    const TfLiteTensor* input2, const TfLiteTensor* output, int max_rank,
                                    const BroadcastPlan** plan, bool swap = false);

// The type and shape half of PrepareBinaryElementwise (same checks, order and messages), for the ops that have
// no fused activation and read their inputs raw (MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD): the three tensors
// present, one of spec's types shared by all three, input ranks <= 6 and broadcast-compatible, the output the
// broadcast shape (leading 1s aside). Fills data->plan and data->type (the activation fields are left alone).
TfLiteStatus PrepareBinaryTypesAndShapes(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                                         const TfLiteTensor* input1, const TfLiteTensor* input2,
                                         const TfLiteTensor* output, BinaryElementwiseData* data);

// Input ranks <= kMaxBroadcastRank, broadcast-compatible, the output the broadcast shape (leading 1s aside) and
// indexable in 32 bits; points *plan at the stored plan (PrepareBinaryElementwise's shape step, for ops with types of their own:
// PRELU). Messages: "<OP>: inputs have A and B dimensions (at most 6)", "<OP>: input shapes [..] and [..] cannot
// be broadcast together", "<OP>: output shape [..] is not the broadcast shape of the inputs [..] and [..]",
// "<OP>: the output is too large for 32-bit indexing".
TfLiteStatus PrepareBroadcast(TfLiteContext* context, const char* op, const TfLiteTensor* input1,
                              const TfLiteTensor* input2, const TfLiteTensor* output, const BroadcastPlan** plan);

// Checks the node has 2 inputs and 1 output (message names `op_name`).
TfLiteStatus CheckBinaryElementwiseArity(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// Prepare's first checks: op data (from init) and parsed options present ("<OP>: missing op data or options"),
// then CheckBinaryElementwiseArity.
TfLiteStatus CheckBinaryElementwiseNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// Prepare's first checks for the ops without options (FLOOR_DIV, the comparisons, LOGICAL_AND/OR...): op data
// (from init) present ("<OP>: missing op data"), then CheckBinaryElementwiseArity.
TfLiteStatus CheckBinaryElementwiseOpData(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// Prepare for the ops whose node data is a BinaryElementwiseData and whose invoke is EvalBinaryElementwiseRaw
// (MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD): CheckBinaryElementwiseOpData, then PrepareBinaryTypesAndShapes on
// inputs 0 and 1 and output 0, filling the node's data. The caller reports its variant.
TfLiteStatus PrepareRawBinaryElementwise(TfLiteContext* context, const BinaryElementwiseSpec& spec, TfLiteNode* node);

// The temp tensors of one prepare call (inputs 0 and 1, output 0), released on every exit path.
struct BinaryElementwiseTensors {
  BinaryElementwiseTensors(TfLiteContext* context, const TfLiteNode* node);
  // "<OP>: missing input or output tensor" unless all three are present.
  TfLiteStatus CheckPresent(TfLiteContext* context, const char* op_name) const;
  ScopedTempTensor input1;
  ScopedTempTensor input2;
  ScopedTempTensor output;
};

// ADD and SUB, INT8 or INT16 (data.type): ComputeQuantizedAddSubParams from the three tensors' quantization,
// then the activation range from `data`. LogOutputScaleTooSmall's message when the output multiplier is >= 1.
TfLiteStatus PrepareQuantizedAddSub(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                                    const TfLiteTensor* input2, const TfLiteTensor* output,
                                    const BinaryElementwiseData& data, QuantizedAddSubParams* quant);

// The offsets and clamp a quantized binary op's constants carry besides its multipliers (DIV,
// SQUARED_DIFFERENCE): input offsets the negated zero points, the output offset its zero point, the
// activation range from `data`.
template <typename QuantParams>
void SetQuantizedOffsetsAndRange(const TfLiteTensor* input1, const TfLiteTensor* input2, const TfLiteTensor* output,
                                 const BinaryElementwiseData& data, QuantParams* q) {
  q->input1_offset = -input1->params.zero_point;
  q->input2_offset = -input2->params.zero_point;
  q->output_offset = output->params.zero_point;
  q->activation_min = data.activation_min;
  q->activation_max = data.activation_max;
}

// "<OP>: output scale S is too small for input scales A and B".
void LogOutputScaleTooSmall(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                            const TfLiteTensor* input2, const TfLiteTensor* output);

namespace binary_elementwise_internal {

// EvalBinaryElementwise's loop for one type: `op` over the plan on the tensors' data as T, when the registration
// serves kType (otherwise nothing: prepare refused the type). `op` by value: a local copy lets GCC keep the
// captured constants in registers (by reference, MUL INT16 ran ~9 % more instructions on Cortex-M4).
template <TypeSet kServed, TfLiteType kType, typename T, typename Op>
inline TfLiteStatus Loop(const BroadcastPlan& plan, const TfLiteEvalTensor* input1, const TfLiteEvalTensor* input2,
                         TfLiteEvalTensor* output, Op op) {
  if constexpr (Serves(kServed, kType)) {
    BroadcastBinary(plan, micro::GetTensorData<T>(input1), micro::GetTensorData<T>(input2),
                    micro::GetTensorData<T>(output), op);
  }
  return kTfLiteOk;
}

// Elements::kFloatActivation, true when absent (ADD, SUB, MUL, DIV clamp FLOAT32 to the activation range).
template <typename Elements, typename = void>
struct FloatActivation : std::true_type {};
template <typename Elements>
struct FloatActivation<Elements, std::void_t<decltype(Elements::kFloatActivation)>>
    : std::bool_constant<Elements::kFloatActivation> {};

}  // namespace binary_elementwise_internal

// Invoke: the loop over data.common.plan (same shape or broadcast, kernels/glue/broadcast.h) for the type
// prepare chose, on inputs 0 and 1 into output 0. What is particular to the op is `Elements`, a struct of its
// pure element functions (reference::AddElements, SubElements, MulElements in the op's *_reference.h):
//   using QuantParams = ...;                    // the INT8/INT16 constants prepare computed (data.quant)
//   static constexpr bool kInt32Activation;     // false: INT32 is not clamped (ADD: prepare refuses an activation)
//   static constexpr bool kFloatActivation;     // optional, default true; false: FLOAT32 is not clamped
//   static float Float(float x, float y);       // clamped here to data.common's float activation range
//   static int32_t Int32(int32_t x, int32_t y); // wrapping; clamped here to data.common's activation range
//   template <typename T> static T Quantized(const QuantParams& q, T x, T y);  // requantized and clamped
// They are inlined into the loops (no call through a pointer per element). kServed: the types the registration
// serves; the others compile to nothing (prepare refused them). `int8`, when given, runs INT8 instead of
// Elements::Quantized as `int8(input1, input2, output)` (ADD: its variant table). Returns kTfLiteError for any
// type other than FLOAT32, INT32, INT8 and INT16 (prepare accepted only these).
//
//   using OpData = BinaryElementwiseOpData<reference::SubElements>;
//   TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
//     return EvalBinaryElementwise(context, node, *static_cast<const OpData*>(node->user_data));
//   }
struct Int8FromElements {};  // EvalBinaryElementwise's default: INT8 through Elements::Quantized

template <TypeSet kServed = kAllTypes, typename Elements, typename Int8Fn = Int8FromElements>
TfLiteStatus EvalBinaryElementwise(TfLiteContext* context, TfLiteNode* node,
                                   const BinaryElementwiseOpData<Elements>& data, const Int8Fn& int8 = Int8Fn()) {
  using binary_elementwise_internal::Loop;
  const BinaryElementwiseData& common = data.common;
  const typename Elements::QuantParams& quant = data.quant;
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  const BroadcastPlan& plan = *common.plan;
  switch (common.type) {
    case kTfLiteFloat32: {
      if constexpr (binary_elementwise_internal::FloatActivation<Elements>::value) {
        const float lo = common.float_activation_min;
        const float hi = common.float_activation_max;
        return Loop<kServed, kTfLiteFloat32, float>(plan, input1, input2, output, [lo, hi](float x, float y) {
          return ActivationFunctionWithMinMax(Elements::Float(x, y), lo, hi);
        });
      } else {
        return Loop<kServed, kTfLiteFloat32, float>(plan, input1, input2, output,
                                                    [](float x, float y) { return Elements::Float(x, y); });
      }
    }
    case kTfLiteInt32:
      if constexpr (Elements::kInt32Activation) {
        const int32_t lo = common.activation_min;
        const int32_t hi = common.activation_max;
        return Loop<kServed, kTfLiteInt32, int32_t>(plan, input1, input2, output, [lo, hi](int32_t x, int32_t y) {
          return ActivationFunctionWithMinMax(Elements::Int32(x, y), lo, hi);
        });
      } else {
        return Loop<kServed, kTfLiteInt32, int32_t>(plan, input1, input2, output,
                                                    [](int32_t x, int32_t y) { return Elements::Int32(x, y); });
      }
    case kTfLiteInt8:
      if constexpr (std::is_same_v<Int8Fn, Int8FromElements>) {
        return Loop<kServed, kTfLiteInt8, int8_t>(
            plan, input1, input2, output, [&quant](int8_t x, int8_t y) { return Elements::Quantized(quant, x, y); });
      } else {
        if constexpr (Serves(kServed, kTfLiteInt8)) {
          int8(micro::GetTensorData<int8_t>(input1), micro::GetTensorData<int8_t>(input2),
               micro::GetTensorData<int8_t>(output));
        }
        return kTfLiteOk;
      }
    case kTfLiteInt16:
      return Loop<kServed, kTfLiteInt16, int16_t>(
          plan, input1, input2, output, [&quant](int16_t x, int16_t y) { return Elements::Quantized(quant, x, y); });
    default:
      return kTfLiteError;
  }
}

// Invoke for the ops whose element function is one template for every type and needs no constants, no clamp
// and no requantization (MAXIMUM and MINIMUM compare raw values, also quantized ones, as TFLM does):
//   template <typename T> static T Apply(T x, T y);
// run over `plan` for data.type among FLOAT32, INT8, INT16, INT32 and INT64 (those kServed serves; prepare
// accepted only the op's types). Returns kTfLiteError for any other type.
template <typename Elements, TypeSet kServed = kAllTypes>
TfLiteStatus EvalBinaryElementwiseRaw(TfLiteContext* context, TfLiteNode* node, const BinaryElementwiseData& data) {
  using binary_elementwise_internal::Loop;
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  const BroadcastPlan& plan = *data.plan;
  switch (data.type) {
    case kTfLiteFloat32:
      return Loop<kServed, kTfLiteFloat32, float>(plan, input1, input2, output,
                                                  [](float x, float y) { return Elements::Apply(x, y); });
    case kTfLiteInt8:
      return Loop<kServed, kTfLiteInt8, int8_t>(plan, input1, input2, output,
                                                [](int8_t x, int8_t y) { return Elements::Apply(x, y); });
    case kTfLiteInt16:
      return Loop<kServed, kTfLiteInt16, int16_t>(plan, input1, input2, output,
                                                  [](int16_t x, int16_t y) { return Elements::Apply(x, y); });
    case kTfLiteInt32:
      return Loop<kServed, kTfLiteInt32, int32_t>(plan, input1, input2, output,
                                                  [](int32_t x, int32_t y) { return Elements::Apply(x, y); });
    case kTfLiteInt64:
      return Loop<kServed, kTfLiteInt64, int64_t>(plan, input1, input2, output,
                                                  [](int64_t x, int64_t y) { return Elements::Apply(x, y); });
    default:
      return kTfLiteError;
  }
}

}  // namespace mote

namespace mote {

// In-place execution (MicroContext::AllowOutputToOverwriteInput) for ADD, SUB, MUL: output 0 may overwrite each
// input of its type and element count. BroadcastBinary and the optimized ADD loops read element i of both
// inputs before they write element i of the output, and an input of the output's shape is read at the output's
// own index, so the result is the same with the output on top of it.
void AllowInPlaceOverFullShapeInputs(TfLiteContext* context, const TfLiteTensor* input1, const TfLiteTensor* input2,
                                     const TfLiteTensor* output);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_BINARY_ELEMENTWISE_H_
