#include "kernels/glue/binary_elementwise.h"

#include <cstdio>
#include <limits>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

// "[1, 2, 3]" into buf (for messages).
const char* ShapeText(const TfLiteIntArray* dims, char* buf, size_t size) {
  size_t used = 0;
  used += static_cast<size_t>(snprintf(buf + used, size - used, "["));
  for (int i = 0; i < dims->size && used < size; ++i) {
    used += static_cast<size_t>(snprintf(buf + used, size - used, i == 0 ? "%d" : ", %d", dims->data[i]));
  }
  if (used < size) snprintf(buf + used, size - used, "]");
  return buf;
}

// One of spec's types, shared by both inputs and the output.
TfLiteStatus CheckTypes(TfLiteContext* context, const BinaryElementwiseSpec& spec, const TfLiteTensor* input1,
                        const TfLiteTensor* input2, const TfLiteTensor* output) {
  const TfLiteType type = input1->type;
  bool supported = false;
  for (int i = 0; i < spec.type_count; ++i) supported = supported || spec.types[i] == type;
  if (!supported) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (%s)", spec.op_name, TfLiteTypeGetName(type),
                       spec.types_text);
    return kTfLiteError;
  }
  if (input2->type != type || output->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: input1 %s, input2 %s and output %s must have the same type", spec.op_name,
                       TfLiteTypeGetName(type), TfLiteTypeGetName(input2->type), TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Input ranks <= max_rank (any rank up to RuntimeShape's when `same_shape_any_rank` and both inputs have the
// same shape), broadcast-compatible, the output the broadcast shape (leading 1s aside) and indexable in 32 bits;
// points *plan at the plan (its input strides traded when `swap`) stored in persistent memory.
TfLiteStatus CheckAndPlanBroadcast(TfLiteContext* context, const char* op, const TfLiteTensor* input1,
                                   const TfLiteTensor* input2, const TfLiteTensor* output, int max_rank,
                                   bool same_shape_any_rank, bool swap, const BroadcastPlan** plan) {
  const RuntimeShape shape1 = GetTensorShape(input1);
  const RuntimeShape shape2 = GetTensorShape(input2);
  char b1[64];
  char b2[64];
  char b3[64];
  const bool same_shape = same_shape_any_rank && shape1 == shape2;
  if (same_shape) max_rank = kMaxPlanRank;
  if (input1->dims->size > max_rank || input2->dims->size > max_rank ||
      output->dims->size > RuntimeShape::kMaxDims) {
    if (same_shape_any_rank) {
      TF_LITE_KERNEL_LOG(context, "%s: inputs have %d and %d dimensions (at most %d when their shapes differ)", op,
                         input1->dims->size, input2->dims->size, max_rank);
    } else {
      TF_LITE_KERNEL_LOG(context, "%s: inputs have %d and %d dimensions (at most %d)", op, input1->dims->size,
                         input2->dims->size, max_rank);
    }
    return kTfLiteError;
  }
  RuntimeShape broadcast;
  if (!BroadcastShapesCompatible(shape1, shape2, &broadcast, max_rank)) {
    TF_LITE_KERNEL_LOG(context, "%s: input shapes %s and %s cannot be broadcast together", op,
                       ShapeText(input1->dims, b1, sizeof(b1)), ShapeText(input2->dims, b2, sizeof(b2)));
    return kTfLiteError;
  }
  if (!SameShapeIgnoringLeadingOnes(GetTensorShape(output), broadcast)) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape %s is not the broadcast shape of the inputs %s and %s", op,
                       ShapeText(output->dims, b1, sizeof(b1)), ShapeText(input1->dims, b2, sizeof(b2)),
                       ShapeText(input2->dims, b3, sizeof(b3)));
    return kTfLiteError;
  }
  if (broadcast.FlatSize() < 0 || ElementCount(*output->dims) > std::numeric_limits<int32_t>::max()) {
    TF_LITE_KERNEL_LOG(context, "%s: the output is too large for 32-bit indexing", op);
    return kTfLiteError;
  }
  BroadcastPlanBuffer local;
  BroadcastPlan* made = MakeBroadcastPlan(shape1, shape2, &local);
  if (swap) SwapBroadcastInputs(made);
  *plan = StorePlan(context, *made);
  return *plan != nullptr ? kTfLiteOk : kTfLiteError;
}

// TFLite's integer CalculateActivationRange for a clamp activation: the int32 limits narrowed by it.
void Int32ActivationRange(TfLiteFusedActivation activation, int32_t* activation_min, int32_t* activation_max) {
  *activation_min = std::numeric_limits<int32_t>::min();
  *activation_max = std::numeric_limits<int32_t>::max();
  if (activation == kTfLiteActRelu) {
    *activation_min = 0;
  } else if (activation == kTfLiteActRelu6) {
    *activation_min = 0;
    *activation_max = 6;
  } else if (activation == kTfLiteActReluN1To1) {
    *activation_min = -1;
    *activation_max = 1;
  }
}

// A clamp activation, and its range for data->type: float, int32 (none unless spec.int32_activation), or for
// INT8/INT16 the output's quantized range after checking all three tensors' per-tensor quantization.
TfLiteStatus PrepareActivation(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                               TfLiteFusedActivation activation, const TfLiteTensor* input1,
                               const TfLiteTensor* input2, const TfLiteTensor* output, BinaryElementwiseData* data) {
  const char* op = spec.op_name;
  if (!FusedActivationIsClamp(activation)) {
    TF_LITE_KERNEL_LOG(context, "%s: fused activation %s is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)", op,
                       FusedActivationName(activation));
    return kTfLiteError;
  }
  switch (data->type) {
    case kTfLiteFloat32:
      CalculateActivationRange(activation, &data->float_activation_min, &data->float_activation_max);
      return kTfLiteOk;
    case kTfLiteInt32:
      if (activation != kTfLiteActNone && !spec.int32_activation) {
        TF_LITE_KERNEL_LOG(context,
                           "%s: fused activation %s on INT32 is not supported (TFLM ignores it, TFLite applies it)",
                           op, FusedActivationName(activation));
        return kTfLiteError;
      }
      Int32ActivationRange(activation, &data->activation_min, &data->activation_max);
      return kTfLiteOk;
    case kTfLiteInt8:
    case kTfLiteInt16:
      TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, op, "input1", input1));
      TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, op, "input2", input2));
      TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, op, "output", output));
      return CalculateActivationRangeQuantized(context, activation, output, &data->activation_min,
                                               &data->activation_max);
    default:
      return kTfLiteOk;
  }
}

}  // namespace

TfLiteStatus PrepareBroadcast(TfLiteContext* context, const char* op, const TfLiteTensor* input1,
                              const TfLiteTensor* input2, const TfLiteTensor* output, const BroadcastPlan** plan) {
  return CheckAndPlanBroadcast(context, op, input1, input2, output, kMaxBroadcastRank, false, false, plan);
}

TfLiteStatus PrepareBinaryBroadcast(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                                    const TfLiteTensor* input2, const TfLiteTensor* output, int max_rank,
                                    const BroadcastPlan** plan, bool swap) {
  return CheckAndPlanBroadcast(context, op_name, input1, input2, output, max_rank, true, swap, plan);
}

TfLiteStatus CheckBinaryElementwiseArity(TfLiteContext* context, const char* op_name, const TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (2 inputs, 1 output)", op_name,
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckBinaryElementwiseNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node) {
  if (node->user_data == nullptr || node->builtin_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data or options", op_name);
    return kTfLiteError;
  }
  return CheckBinaryElementwiseArity(context, op_name, node);
}

TfLiteStatus CheckBinaryElementwiseOpData(TfLiteContext* context, const char* op_name, const TfLiteNode* node) {
  if (node->user_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data", op_name);
    return kTfLiteError;
  }
  return CheckBinaryElementwiseArity(context, op_name, node);
}

BinaryElementwiseTensors::BinaryElementwiseTensors(TfLiteContext* context, const TfLiteNode* node)
    : input1(context, GetMicroContext(context)->AllocateTempInputTensor(node, 0)),
      input2(context, GetMicroContext(context)->AllocateTempInputTensor(node, 1)),
      output(context, GetMicroContext(context)->AllocateTempOutputTensor(node, 0)) {}

TfLiteStatus BinaryElementwiseTensors::CheckPresent(TfLiteContext* context, const char* op_name) const {
  if (input1 == nullptr || input2 == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", op_name);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

void LogOutputScaleTooSmall(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                            const TfLiteTensor* input2, const TfLiteTensor* output) {
  TF_LITE_KERNEL_LOG(context, "%s: output scale %g is too small for input scales %g and %g", op_name,
                     static_cast<double>(output->params.scale), static_cast<double>(input1->params.scale),
                     static_cast<double>(input2->params.scale));
}

TfLiteStatus PrepareQuantizedAddSub(TfLiteContext* context, const char* op_name, const TfLiteTensor* input1,
                                    const TfLiteTensor* input2, const TfLiteTensor* output,
                                    const BinaryElementwiseData& data, QuantizedAddSubParams* quant) {
  if (!ComputeQuantizedAddSubParams(input1->params.scale, input1->params.zero_point, input2->params.scale,
                                    input2->params.zero_point, output->params.scale, output->params.zero_point,
                                    data.type == kTfLiteInt16, quant)) {
    LogOutputScaleTooSmall(context, op_name, input1, input2, output);
    return kTfLiteError;
  }
  quant->activation_min = data.activation_min;
  quant->activation_max = data.activation_max;
  return kTfLiteOk;
}

TfLiteStatus PrepareBinaryTypesAndShapes(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                                         const TfLiteTensor* input1, const TfLiteTensor* input2,
                                         const TfLiteTensor* output, BinaryElementwiseData* data) {
  if (input1 == nullptr || input2 == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", spec.op_name);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, spec, input1, input2, output));
  TF_LITE_ENSURE_STATUS(
      CheckAndPlanBroadcast(context, spec.op_name, input1, input2, output, kMaxBroadcastRank, false, false, &data->plan));
  data->type = input1->type;
  return kTfLiteOk;
}

TfLiteStatus PrepareBinaryElementwise(TfLiteContext* context, const BinaryElementwiseSpec& spec,
                                      TfLiteFusedActivation activation, const TfLiteTensor* input1,
                                      const TfLiteTensor* input2, const TfLiteTensor* output,
                                      BinaryElementwiseData* data) {
  TF_LITE_ENSURE_STATUS(PrepareBinaryTypesAndShapes(context, spec, input1, input2, output, data));
  return PrepareActivation(context, spec, activation, input1, input2, output, data);
}

TfLiteStatus PrepareRawBinaryElementwise(TfLiteContext* context, const BinaryElementwiseSpec& spec, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseOpData(context, spec.op_name, node));
  const BinaryElementwiseTensors t(context, node);
  return PrepareBinaryTypesAndShapes(context, spec, t.input1.get(), t.input2.get(), t.output.get(),
                                     static_cast<BinaryElementwiseData*>(node->user_data));
}

}  // namespace mote

namespace mote {

void AllowInPlaceOverFullShapeInputs(TfLiteContext* context, const TfLiteTensor* input1, const TfLiteTensor* input2,
                                     const TfLiteTensor* output) {
  const int64_t elements = ElementCount(*output->dims);
  MicroContext* micro = GetMicroContext(context);
  if (input1->type == output->type && ElementCount(*input1->dims) == elements) micro->AllowOutputToOverwriteInput(0);
  if (input2->type == output->type && ElementCount(*input2->dims) == elements) micro->AllowOutputToOverwriteInput(1);
}

}  // namespace mote
