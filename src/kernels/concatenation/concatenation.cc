// CONCATENATION glue. Types as TFLM: float32, int8, int16, int32, int64, bool; inputs and output share the
// type, int8 inputs must share the output's scale and zero point (no requantization) and int16 zero points
// must be 0. Any number of inputs (TFLM stops at 10), any rank up to RuntimeShape::kMaxDims, negative axes.
#include <cstddef>
#include <cstdint>

#include "kernels/concatenation/concatenation_reference.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kOutputTensor = 0;

struct OpData {
  int num_inputs;
  int outer_size;
  size_t* chunk_bytes;  // per input: dims[axis] * inner size * element size
};

bool SupportedType(TfLiteType type) {
  return type == kTfLiteFloat32 || type == kTfLiteInt8 || type == kTfLiteInt16 || type == kTfLiteInt32 ||
         type == kTfLiteInt64 || type == kTfLiteBool;
}

TfLiteStatus CheckInput(TfLiteContext* context, int index, const TfLiteTensor* input, const TfLiteTensor* output,
                        int axis, int64_t* axis_sum) {
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: input %d is missing", index);
    return kTfLiteError;
  }
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: input %d type %s differs from the output type %s", index,
                       TfLiteTypeGetName(input->type), TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  const TfLiteIntArray* in = input->dims;
  const TfLiteIntArray* out = output->dims;
  if (in->size != out->size) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: input %d has rank %d, the output has rank %d", index, in->size,
                       out->size);
    return kTfLiteError;
  }
  for (int d = 0; d < out->size; ++d) {
    if (d != axis && in->data[d] != out->data[d]) {
      TF_LITE_KERNEL_LOG(context, "CONCATENATION: input %d dimension %d is %d, the output's is %d (only axis %d may "
                         "differ)", index, d, in->data[d], out->data[d], axis);
      return kTfLiteError;
    }
  }
  *axis_sum += in->data[axis];
  if (input->type == kTfLiteInt8 &&
      (input->params.scale != output->params.scale || input->params.zero_point != output->params.zero_point)) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: int8 input %d has scale %g / zero point %d but the output has %g / %d "
                       "(TFLM does not requantize: they must be equal)", index,
                       static_cast<double>(input->params.scale), static_cast<int>(input->params.zero_point),
                       static_cast<double>(output->params.scale), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  if (input->type == kTfLiteInt16 && input->params.zero_point != 0) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: int16 input %d has zero point %d (must be 0)", index,
                       static_cast<int>(input->params.zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const auto* params = static_cast<const TfLiteConcatenationParams*>(node->builtin_data);
  OpData* data = static_cast<OpData*>(node->user_data);
  MicroContext* micro_context = GetMicroContext(context);
  const int num_inputs = NumInputs(node);
  if (num_inputs < 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: %d inputs and %d outputs given (at least 1 input, 1 output)",
                       num_inputs, NumOutputs(node));
    return kTfLiteError;
  }
  if (params->activation != kTfLiteActNone) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: fused activation %d is not supported (NONE only, as TFLM)",
                       static_cast<int>(params->activation));
    return kTfLiteError;
  }
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  if (output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "CONCATENATION: output tensor is missing");
    return kTfLiteError;
  }
  TfLiteStatus status = kTfLiteError;
  do {
    if (!SupportedType(output->type)) {
      TF_LITE_KERNEL_LOG(context, "CONCATENATION: type %s is not supported (FLOAT32, INT8, INT16, INT32, INT64, BOOL)",
                         TfLiteTypeGetName(output->type));
      break;
    }
    const int rank = output->dims->size;
    const int axis = params->axis < 0 ? params->axis + rank : params->axis;
    if (axis < 0 || axis >= rank) {
      TF_LITE_KERNEL_LOG(context, "CONCATENATION: axis %d is out of range for rank %d", params->axis, rank);
      break;
    }
    if (output->type == kTfLiteInt16 && output->params.zero_point != 0) {
      TF_LITE_KERNEL_LOG(context, "CONCATENATION: int16 output has zero point %d (must be 0)",
                         static_cast<int>(output->params.zero_point));
      break;
    }
    size_t* chunk_bytes =
        static_cast<size_t*>(context->AllocatePersistentBuffer(context, sizeof(size_t) * num_inputs));
    if (chunk_bytes == nullptr) break;
    int64_t outer = 1;
    for (int d = 0; d < axis; ++d) outer *= output->dims->data[d];
    int64_t inner_bytes = static_cast<int64_t>(TfLiteTypeSizeOf(output->type));
    for (int d = axis + 1; d < rank; ++d) inner_bytes *= output->dims->data[d];
    int64_t axis_sum = 0;
    bool ok = true;
    for (int i = 0; i < num_inputs && ok; ++i) {
      TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, i);
      ok = CheckInput(context, i, input, output, axis, &axis_sum) == kTfLiteOk;
      if (ok) chunk_bytes[i] = static_cast<size_t>(input->dims->data[axis] * inner_bytes);
      if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
    }
    if (!ok) break;
    if (axis_sum != output->dims->data[axis]) {
      TF_LITE_KERNEL_LOG(context, "CONCATENATION: inputs sum to %lld along axis %d but the output has %d",
                         static_cast<long long>(axis_sum), axis, output->dims->data[axis]);
      break;
    }
    data->num_inputs = num_inputs;
    data->outer_size = static_cast<int>(outer);
    data->chunk_bytes = chunk_bytes;
    ReportKernelVariant(context, "concatenation/any/reference");
    status = kTfLiteOk;
  } while (false);
  micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData* data = static_cast<const OpData*>(node->user_data);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  auto input_data = [context, node](int i) -> const void* {
    return micro::GetEvalInput(context, node, i)->data.raw_const;
  };
  reference::Concatenation(data->num_inputs, input_data, data->chunk_bytes, data->outer_size,
                           reinterpret_cast<uint8_t*>(output->data.raw));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_CONCATENATION (PLAIN, "concatenation/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseConcatenation(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteConcatenationParams>(allocator, "CONCATENATION");
  if (params == nullptr) return kTfLiteError;
  const schema::ConcatenationOptions* options = op->builtin_options_as_ConcatenationOptions();
  if (options != nullptr) {
    params->axis = options->axis();
    if (!ConvertFusedActivation(options->fused_activation_function(), &params->activation)) {
      MicroPrintf("CONCATENATION: fused activation %d is not a valid ActivationFunctionType (0..5)",
                  static_cast<int>(options->fused_activation_function()));
      return kTfLiteError;
    }
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
