#include "kernels/glue/unary_op.h"

#include <cstdint>
#include <limits>

#include "kernels/glue/quantization_checks.h"
#include "mote/kernel_util.h"

namespace mote {

namespace {

// "<OP>: output type T differs from input type U" unless they are the same.
TfLiteStatus CheckSameOutputType(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                 const TfLiteTensor* output) {
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from input type %s", op_name,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The output shape equal to the input's and the element count within int (in *size).
TfLiteStatus CheckSameShapeAndSize(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                   const TfLiteTensor* output, int* size) {
  if (!HaveSameShapes(input, output)) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape differs from the input shape", op_name);
    return kTfLiteError;
  }
  const int64_t elements = ElementCount(*input->dims);
  if (elements > std::numeric_limits<int>::max()) {
    TF_LITE_KERNEL_LOG(context, "%s: %lld elements is too many", op_name, static_cast<long long>(elements));
    return kTfLiteError;
  }
  *size = static_cast<int>(elements);
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus PrepareUnaryOp(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                            const UnaryVariantNames& variants, UnaryTensorCheck check) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 and 1)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, 0);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, 0);
  TfLiteStatus status = kTfLiteError;
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", op_name);
  } else {
    status = check(context, input, output, node->user_data);
    const char* variant = input->type == kTfLiteInt8    ? variants.int8
                          : input->type == kTfLiteInt16 ? variants.int16
                                                        : variants.float32;
    if (status == kTfLiteOk && variant != nullptr) ReportKernelVariant(context, variant);
  }
  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

TfLiteStatus CheckUnaryNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node) {
  if (node->user_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data", op_name);
    return kTfLiteError;
  }
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 input, 1 output)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

UnaryTempTensors::UnaryTempTensors(TfLiteContext* context, const TfLiteNode* node)
    : input(context, GetMicroContext(context)->AllocateTempInputTensor(node, 0)),
      output(context, GetMicroContext(context)->AllocateTempOutputTensor(node, 0)) {}

TfLiteStatus UnaryTempTensors::CheckPresent(TfLiteContext* context, const char* op_name) const {
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", op_name);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckSameElementCount(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                   const TfLiteTensor* output, int* count) {
  const int64_t input_count = ElementCount(*input->dims);
  if (input_count != ElementCount(*output->dims)) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %lld elements, output %lld", op_name,
                       static_cast<long long>(input_count), static_cast<long long>(ElementCount(*output->dims)));
    return kTfLiteError;
  }
  if (input_count > INT32_MAX) {
    TF_LITE_KERNEL_LOG(context, "%s: tensor too large for 32-bit indexing", op_name);
    return kTfLiteError;
  }
  *count = static_cast<int>(input_count);
  return kTfLiteOk;
}

TfLiteStatus CheckUnaryTypes(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                             const TfLiteTensor* output) {
  if (input->type != kTfLiteInt8 && input->type != kTfLiteInt16 && input->type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (INT8, INT16, FLOAT32)", op_name,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return CheckSameOutputType(context, op_name, input, output);
}

TfLiteStatus CheckFloat32OrInt8Input(TfLiteContext* context, const char* op_name, const TfLiteTensor* input) {
  if (input->type != kTfLiteFloat32 && input->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (FLOAT32, INT8)", op_name,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckFloat32OrInt8Tensors(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                       const TfLiteTensor* output, int* size) {
  TF_LITE_ENSURE_STATUS(CheckFloat32OrInt8Input(context, op_name, input));
  return CheckUnaryTensors(context, op_name, input, output, size);
}

TfLiteStatus CheckUnaryTensors(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                               const TfLiteTensor* output, int* size) {
  TF_LITE_ENSURE_STATUS(CheckUnaryTypes(context, op_name, input, output));
  return CheckSameShapeAndSize(context, op_name, input, output, size);
}

TfLiteStatus CheckUnaryTensorsOfType(TfLiteContext* context, const char* op_name, TfLiteType type,
                                     const TfLiteTensor* input, const TfLiteTensor* output, int* size) {
  if (input->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (%s)", op_name, TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckSameOutputType(context, op_name, input, output));
  return CheckSameShapeAndSize(context, op_name, input, output, size);
}

TfLiteStatus PrepareSingleTypeUnaryOp(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                                      TfLiteType type, const char* variant) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 and 1)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  const UnaryTempTensors tensors(context, node);
  TF_LITE_ENSURE_STATUS(tensors.CheckPresent(context, op_name));
  int size = 0;
  TF_LITE_ENSURE_STATUS(
      CheckUnaryTensorsOfType(context, op_name, type, tensors.input.get(), tensors.output.get(), &size));
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

TfLiteStatus CheckQuantizedScales(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                  const TfLiteTensor* output) {
  if (!IsValidScale(input->params.scale) || !IsValidScale(output->params.scale)) {
    TF_LITE_KERNEL_LOG(context, "%s: %s input and output must be quantized (scale finite and > 0)", op_name,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckInt16ZeroPoints(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                  const TfLiteTensor* output) {
  if (input->params.zero_point != 0 || output->params.zero_point != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: INT16 zero points must be 0 (got input %d, output %d)", op_name,
                       static_cast<int>(input->params.zero_point), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace mote
