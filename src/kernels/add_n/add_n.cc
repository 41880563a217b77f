// ADD_N glue. Types as TFLM: float32 and int8 (int32, int16 and the rest are refused). At least 2 inputs, all
// of one type and one shape (no broadcasting), the output of that type with as many elements (TFLM does not
// compare the output's shape, only reads its element count, so a reshaped output is accepted). Int8 inputs
// share one scale and zero point (TFLM rescales them all with one multiplier); the output's may differ.
// As TFLM, prepare requests an arena scratch buffer for the inputs' data pointers, which invoke fills.
#include <cstddef>
#include <cstdint>
#include <limits>

#include "kernels/add_n/add_n_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kOutputTensor = 0;
constexpr int kAddNLeftShift = 20;  // TFLM's kAddNIntegerShift

struct OpData {
  TfLiteType type;
  int num_inputs;
  int scratch_index;  // num_inputs data pointers
  size_t size;        // elements per tensor
  AddNInt8Params int8;
};

TfLiteStatus CheckInput(TfLiteContext* context, int index, const TfLiteTensor* input, const TfLiteTensor* first) {
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: input %d is missing", index);
    return kTfLiteError;
  }
  if (input->type != first->type) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: input %d type %s differs from input 0's %s", index,
                       TfLiteTypeGetName(input->type), TfLiteTypeGetName(first->type));
    return kTfLiteError;
  }
  if (!HaveSameShapes(input, first)) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: input %d shape differs from input 0's (ADD_N does not broadcast)", index);
    return kTfLiteError;
  }
  if (input->type == kTfLiteInt8 &&
      (input->params.scale != first->params.scale || input->params.zero_point != first->params.zero_point)) {
    TF_LITE_KERNEL_LOG(context,
                       "ADD_N: int8 input %d has scale %g / zero point %d but input 0 has %g / %d (TFLM "
                       "requires one quantization for all inputs)",
                       index, static_cast<double>(input->params.scale), static_cast<int>(input->params.zero_point),
                       static_cast<double>(first->params.scale), static_cast<int>(first->params.zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// TFLM's int8 constants: one input multiplier (scale / (2 * scale) = 0.5) and the output's
// 2 * scale / (2^20 * output scale), which must be < 1 (TFLM aborts otherwise).
TfLiteStatus PrepareInt8(TfLiteContext* context, const TfLiteTensor* first, const TfLiteTensor* output,
                         AddNInt8Params* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, "ADD_N", "input 0", first));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, "ADD_N", "output", output));
  const double twice_input_scale = 2 * static_cast<double>(first->params.scale);
  const double real_output_multiplier =
      twice_input_scale / ((1 << kAddNLeftShift) * static_cast<double>(output->params.scale));
  if (!(real_output_multiplier < 1.0)) {
    TF_LITE_KERNEL_LOG(context,
                       "ADD_N: output scale %g is too small for input scale %g (2 * input scale / "
                       "(2^20 * output scale) must be < 1)",
                       static_cast<double>(output->params.scale), static_cast<double>(first->params.scale));
    return kTfLiteError;
  }
  p->input_offset = -first->params.zero_point;
  p->output_offset = output->params.zero_point;
  p->left_shift = kAddNLeftShift;
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(first->params.scale) / twice_input_scale,
                                      &p->input_multiplier, &p->input_shift);
  QuantizeMultiplierSmallerThanOneExp(real_output_multiplier, &p->output_multiplier, &p->output_shift);
  p->activation_min = std::numeric_limits<int8_t>::min();
  p->activation_max = std::numeric_limits<int8_t>::max();
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const TfLiteTensor* first,
                            const TfLiteTensor* output, OpData* data) {
  MicroContext* micro_context = GetMicroContext(context);
  if (output->type != first->type) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: output type %s differs from the inputs' %s", TfLiteTypeGetName(output->type),
                       TfLiteTypeGetName(first->type));
    return kTfLiteError;
  }
  if (output->type != kTfLiteFloat32 && output->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: type %s is not supported (FLOAT32, INT8)", TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  const int num_inputs = NumInputs(node);
  for (int i = 1; i < num_inputs; ++i) {
    TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, i);
    const TfLiteStatus status = CheckInput(context, i, input, first);
    if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
    TF_LITE_ENSURE_STATUS(status);
  }
  const int64_t size = ElementCount(*first->dims);
  if (ElementCount(*output->dims) != size) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: the output has %lld elements, the inputs %lld",
                       static_cast<long long>(ElementCount(*output->dims)), static_cast<long long>(size));
    return kTfLiteError;
  }
  if (output->type == kTfLiteInt8) TF_LITE_ENSURE_STATUS(PrepareInt8(context, first, output, &data->int8));
  TF_LITE_ENSURE_STATUS(
      context->RequestScratchBufferInArena(context, sizeof(const void*) * num_inputs, &data->scratch_index));
  data->type = output->type;
  data->num_inputs = num_inputs;
  data->size = static_cast<size_t>(size);
  ReportKernelVariant(context, output->type == kTfLiteInt8 ? "add_n/int8/reference" : "add_n/float32/reference");
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  OpData* data = static_cast<OpData*>(node->user_data);
  if (NumInputs(node) < 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: %d inputs and %d outputs given (at least 2 inputs, 1 output)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* first = micro_context->AllocateTempInputTensor(node, 0);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  TfLiteStatus status = kTfLiteError;
  if (first == nullptr) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: input 0 is missing");
  } else if (output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "ADD_N: output tensor is missing");
  } else {
    status = PrepareTensors(context, node, first, output, data);
  }
  if (first != nullptr) micro_context->DeallocateTempTfLiteTensor(first);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

template <typename T>
const T* const* GatherInputs(TfLiteContext* context, TfLiteNode* node, const OpData& data) {
  const T** pointers = static_cast<const T**>(context->GetScratchBuffer(context, data.scratch_index));
  for (int i = 0; i < data.num_inputs; ++i) {
    pointers[i] = reinterpret_cast<const T*>(micro::GetEvalInput(context, node, i)->data.raw_const);
  }
  return pointers;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  if (data.type == kTfLiteInt8) {
    reference::AddN(data.int8, data.size, data.num_inputs, GatherInputs<int8_t>(context, node, data),
                    output->data.int8);
  } else {
    reference::AddN(data.size, data.num_inputs, GatherInputs<float>(context, node, data), output->data.f);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_ADD_N (PLAIN, "add_n/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
