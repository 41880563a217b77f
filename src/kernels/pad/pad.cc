// PAD and PADV2 glue (one kernel, as in TFLM). Inputs: 0 input, 1 paddings (constant INT32 or INT64, [rank, 2]: before/after per dimension,
// non-negative), 2 optional constant_values (a one-element tensor of the input type, PADV2 style; TFLM's PAD
// accepts it too). Types as TFLM: int8, int16, int32, float32. Default padding value: the output zero point
// for int8, 0 otherwise (TFLM uses 0 for int16 even with a non-zero zero point).
#include <cstdint>

#include "kernels/glue/registration.h"
#include "kernels/pad/pad_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kPaddingsTensor = 1;
constexpr int kConstantValuesTensor = 2;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::PadParams params;
  bool has_constant_values;
  int8_t int8_default;  // output zero point
};

// A supported input type, and the output of that same type.
TfLiteStatus CheckTypes(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* output) {
  const TfLiteType type = input->type;
  if (type != kTfLiteInt8 && type != kTfLiteInt16 && type != kTfLiteInt32 && type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "%s: type %s is not supported (INT8, INT16, INT32, FLOAT32)", op, TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (output->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from the input type %s", op, TfLiteTypeGetName(output->type),
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Input and output of one rank (at most RuntimeShape::kMaxDims); paddings constant INT32 or INT64 with a
// before/after pair per dimension.
TfLiteStatus CheckRanksAndPaddings(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* paddings,
                                   const TfLiteTensor* output) {
  const int rank = input->dims->size;
  if (rank > RuntimeShape::kMaxDims || output->dims->size != rank) {
    TF_LITE_KERNEL_LOG(context, "%s: input rank %d and output rank %d must be equal and at most %d", op, rank,
                       output->dims->size, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  if (!IsConstantTensor(paddings) || paddings->data.raw == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: the paddings tensor must be constant", op);
    return kTfLiteError;
  }
  if (paddings->type != kTfLiteInt32 && paddings->type != kTfLiteInt64) {
    TF_LITE_KERNEL_LOG(context, "%s: paddings type %s is not supported (INT32, INT64)", op,
                       TfLiteTypeGetName(paddings->type));
    return kTfLiteError;
  }
  if (ElementCount(*paddings->dims) != 2 * rank) {
    TF_LITE_KERNEL_LOG(context, "%s: paddings has %lld values, expected %d (a before/after pair per dimension)", op,
                       static_cast<long long>(ElementCount(*paddings->dims)), 2 * rank);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Dimension d's before/after pair from a checked INT32 or INT64 paddings tensor.
void ReadPaddingPair(const TfLiteTensor* paddings, int d, int64_t* before, int64_t* after) {
  if (paddings->type == kTfLiteInt32) {
    *before = GetTensorData<int32_t>(paddings)[2 * d];
    *after = GetTensorData<int32_t>(paddings)[2 * d + 1];
  } else {
    *before = GetTensorData<int64_t>(paddings)[2 * d];
    *after = GetTensorData<int64_t>(paddings)[2 * d + 1];
  }
}

// The reference's parameters: per dimension the paddings (each in [0, INT32_MAX]) that take the input
// dimension to the output's, then the output block sizes.
TfLiteStatus ComputePadParams(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* paddings,
                              const TfLiteTensor* output, reference::PadParams* p) {
  const int rank = input->dims->size;
  p->rank = rank;
  for (int d = 0; d < rank; ++d) {
    int64_t before, after;
    ReadPaddingPair(paddings, d, &before, &after);
    if (before < 0 || after < 0) {
      TF_LITE_KERNEL_LOG(context, "%s: paddings of dimension %d are %lld, %lld (must be >= 0)", op, d,
                         static_cast<long long>(before), static_cast<long long>(after));
      return kTfLiteError;
    }
    if (before > INT32_MAX || after > INT32_MAX) {  // int64 paddings: keep the sum below from overflowing
      TF_LITE_KERNEL_LOG(context, "%s: paddings of dimension %d are %lld, %lld (at most 2147483647 each)", op, d,
                         static_cast<long long>(before), static_cast<long long>(after));
      return kTfLiteError;
    }
    if (input->dims->data[d] + before + after != output->dims->data[d]) {
      TF_LITE_KERNEL_LOG(context, "%s: output dimension %d is %d, expected %lld (input %d + %lld + %lld)", op, d,
                         output->dims->data[d], static_cast<long long>(input->dims->data[d] + before + after),
                         input->dims->data[d], static_cast<long long>(before), static_cast<long long>(after));
      return kTfLiteError;
    }
    p->input_dims[d] = input->dims->data[d];
    p->left[d] = static_cast<int32_t>(before);
    p->right[d] = static_cast<int32_t>(after);
  }
  int64_t block = 1;
  for (int d = rank - 1; d >= 0; --d) {
    p->output_block[d] = block;
    block *= output->dims->data[d];
  }
  return kTfLiteOk;
}

// The padding value: constant_values when given (one value of the input type; for INT8 quantized as the
// output), else the default, the output zero point for INT8 (which must fit int8).
TfLiteStatus PreparePadValue(TfLiteContext* context, const char* op, const TfLiteTensor* constant_values, const TfLiteTensor* output,
                             OpData* data) {
  const TfLiteType type = output->type;
  data->has_constant_values = constant_values != nullptr;
  if (constant_values != nullptr) {
    if (constant_values->type != type || ElementCount(*constant_values->dims) != 1) {
      TF_LITE_KERNEL_LOG(context, "%s: constant_values must be one %s value", op, TfLiteTypeGetName(type));
      return kTfLiteError;
    }
    if (type == kTfLiteInt8 && (constant_values->params.scale != output->params.scale ||
                                constant_values->params.zero_point != output->params.zero_point)) {
      TF_LITE_KERNEL_LOG(context, "%s: int8 constant_values must have the output's scale and zero point", op);
      return kTfLiteError;
    }
  }
  if (type == kTfLiteInt8) {
    if (output->params.zero_point < -128 || output->params.zero_point > 127) {
      TF_LITE_KERNEL_LOG(context, "%s: int8 output zero point %d is out of range", op,
                         static_cast<int>(output->params.zero_point));
      return kTfLiteError;
    }
    data->int8_default = static_cast<int8_t>(output->params.zero_point);
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* paddings,
                            const TfLiteTensor* constant_values, const TfLiteTensor* output, OpData* data) {
  if (input == nullptr || paddings == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, paddings and output are required", op);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, op, input, output));
  TF_LITE_ENSURE_STATUS(CheckRanksAndPaddings(context, op, input, paddings, output));
  TF_LITE_ENSURE_STATUS(ComputePadParams(context, op, input, paddings, output, &data->params));
  return PreparePadValue(context, op, constant_values, output, data);
}

// PAD and PADV2 share the kernel; only the name in messages and the variant id differ.
template <bool kV2>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = kV2 ? "PADV2" : "PAD";
  const int num_inputs = NumInputs(node);
  if ((num_inputs != 2 && num_inputs != 3) || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (input, paddings[, constant_values]; 1 output)", op,
                       num_inputs, NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* paddings = micro_context->AllocateTempInputTensor(node, kPaddingsTensor);
  TfLiteTensor* constant_values =
      num_inputs == 3 ? micro_context->AllocateTempInputTensor(node, kConstantValuesTensor) : nullptr;
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status =
      PrepareTensors(context, op, input, paddings, constant_values, output, static_cast<OpData*>(node->user_data));
  if (status == kTfLiteOk) ReportKernelVariant(context, kV2 ? "padv2/any/reference" : "pad/any/reference");
  TfLiteTensor* all[] = {input, paddings, constant_values, output};
  for (TfLiteTensor* t : all) {
    if (t != nullptr) micro_context->DeallocateTempTfLiteTensor(t);
  }
  return status;
}

template <typename T>
void EvalTyped(const OpData& data, const TfLiteEvalTensor* input, const TfLiteEvalTensor* constant_values,
               T default_value, TfLiteEvalTensor* output) {
  const T pad_value = data.has_constant_values ? *micro::GetTensorData<T>(constant_values) : default_value;
  reference::Pad(data.params, micro::GetTensorData<T>(input), pad_value, micro::GetTensorData<T>(output));
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  const TfLiteEvalTensor* constant_values =
      data.has_constant_values ? micro::GetEvalInput(context, node, kConstantValuesTensor) : nullptr;
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (input->type) {
    case kTfLiteInt8: EvalTyped<int8_t>(data, input, constant_values, data.int8_default, output); break;
    case kTfLiteInt16: EvalTyped<int16_t>(data, input, constant_values, 0, output); break;
    case kTfLiteInt32: EvalTyped<int32_t>(data, input, constant_values, 0, output); break;
    default: EvalTyped<float>(data, input, constant_values, 0.0f, output); break;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_PAD (PLAIN, "pad/any/reference", InitOpData<OpData>, Prepare<false>, Eval)
#define MOTE_KERNEL_PADV2 (PLAIN, "padv2/any/reference", InitOpData<OpData>, Prepare<true>, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
