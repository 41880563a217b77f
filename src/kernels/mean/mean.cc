// MEAN glue. Inputs: 0 input (float32, int8, int16), 1 axis (constant INT32, any length; negative and
// duplicate axes allowed). Output: the input type; its element count must be the product of the
// non-reduced dimensions (keep_dims only changes the shape, which TFLM does not check either).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/mean/mean_reference.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kAxisTensor = 1;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::MeanParams params;
  int scratch_index;  // integer path: output_elements int32 sums
};

bool PositiveScale(const TfLiteTensor* t) { return t->params.scale > 0.0f && std::isfinite(t->params.scale); }

int FloorLog2(uint64_t n) {
  int bits = -1;
  while (n != 0) {
    n >>= 1;
    ++bits;
  }
  return bits;
}

// A supported input type, the output of that type, and a constant INT32 axis tensor.
TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* axis,
                        const TfLiteTensor* output) {
  const TfLiteType type = input->type;
  if (type != kTfLiteFloat32 && type != kTfLiteInt8 && type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(context, "MEAN: input type %s is not supported (FLOAT32, INT8, INT16)", TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (output->type != type) {
    TF_LITE_KERNEL_LOG(context, "MEAN: output type %s differs from the input type %s", TfLiteTypeGetName(output->type),
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (axis->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "MEAN: axis type %s is not supported (INT32)", TfLiteTypeGetName(axis->type));
    return kTfLiteError;
  }
  if (!IsConstantTensor(axis) || (axis->data.raw == nullptr && ElementCount(*axis->dims) > 0)) {
    TF_LITE_KERNEL_LOG(context, "MEAN: the axis tensor must be constant");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// reduced[d] for every dimension an axis names (negative axes count from the end; duplicates allowed).
TfLiteStatus ReadAxes(TfLiteContext* context, const TfLiteTensor* axis, int rank, bool* reduced) {
  const int64_t num_axis = ElementCount(*axis->dims);
  // TFLM ignores the axes of a scalar input.
  for (int64_t i = 0; i < num_axis && rank > 0; ++i) {
    const int32_t a = GetTensorData<int32_t>(axis)[i];
    const int32_t resolved = a < 0 ? a + rank : a;
    if (resolved < 0 || resolved >= rank) {
      TF_LITE_KERNEL_LOG(context, "MEAN: axis %d is out of range for rank %d", static_cast<int>(a), rank);
      return kTfLiteError;
    }
    reduced[resolved] = true;
  }
  return kTfLiteOk;
}

// The reduction's shape in p: input dimensions (none 0), element counts and the output stride of each
// dimension (0 where reduced), then the output's element count against the non-reduced dimensions.
TfLiteStatus ComputeShape(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* axis,
                          const TfLiteTensor* output, reference::MeanParams* p) {
  const int rank = input->dims->size;
  if (rank > RuntimeShape::kMaxDims) {
    TF_LITE_KERNEL_LOG(context, "MEAN: input rank %d is above %d", rank, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  p->rank = rank;
  bool reduced[RuntimeShape::kMaxDims] = {};
  TF_LITE_ENSURE_STATUS(ReadAxes(context, axis, rank, reduced));
  p->input_elements = 1;
  p->output_elements = 1;
  p->reduced_elements = 1;
  for (int d = rank - 1; d >= 0; --d) {
    const int32_t dim = input->dims->data[d];
    if (dim == 0) {
      TF_LITE_KERNEL_LOG(context, "MEAN: input dimension %d is 0 (empty inputs are not supported)", d);
      return kTfLiteError;
    }
    p->input_dims[d] = dim;
    p->input_elements *= dim;
    if (reduced[d]) {
      p->output_stride[d] = 0;
      p->reduced_elements *= dim;
    } else {
      p->output_stride[d] = p->output_elements;
      p->output_elements *= dim;
    }
  }
  if (ElementCount(*output->dims) != p->output_elements) {
    TF_LITE_KERNEL_LOG(context, "MEAN: output has %lld elements, expected %lld (the non-reduced dimensions)",
                       static_cast<long long>(ElementCount(*output->dims)), static_cast<long long>(p->output_elements));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// INT8/INT16: positive scales, zero points in the type's range, and the multiplier with 1/reduced_elements
// folded in as TFLM does.
TfLiteStatus PrepareQuantization(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                                 reference::MeanParams* p) {
  if (!PositiveScale(input) || !PositiveScale(output)) {
    TF_LITE_KERNEL_LOG(context, "MEAN: quantized input and output need a positive scale");
    return kTfLiteError;
  }
  p->input_zero_point = input->params.zero_point;
  p->output_zero_point = output->params.zero_point;
  // Zero points outside the type's range, or a scale ratio of 2^31 and more, would overflow the int32
  // requantization (hostile models only).
  const int32_t type_min = input->type == kTfLiteInt8 ? -128 : -32768;
  const int32_t type_max = input->type == kTfLiteInt8 ? 127 : 32767;
  if (p->input_zero_point < type_min || p->input_zero_point > type_max || p->output_zero_point < type_min ||
      p->output_zero_point > type_max) {
    TF_LITE_KERNEL_LOG(context, "MEAN: zero points %d (input) and %d (output) must be within the %s range",
                       static_cast<int>(p->input_zero_point), static_cast<int>(p->output_zero_point),
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  int32_t multiplier;
  int shift;
  QuantizeMultiplier(static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale), &multiplier,
                     &shift);
  // TFLM folds 1/count into the multiplier: shift it up by floor(log2(count)) (at most 32, and keeping the
  // final shift >= -31), then divide by count.
  int extra = FloorLog2(static_cast<uint64_t>(p->reduced_elements));
  extra = std::min(extra, 32);
  extra = std::min(extra, 31 + shift);
  p->multiplier = static_cast<int32_t>((static_cast<int64_t>(multiplier) << extra) / p->reduced_elements);
  p->shift = shift - extra;
  if (p->shift > 30) {
    TF_LITE_KERNEL_LOG(context, "MEAN: input scale / output scale (%g) is too large",
                       static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* axis,
                            const TfLiteTensor* output, OpData* data) {
  if (input == nullptr || axis == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "MEAN: input, axis and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, axis, output));
  reference::MeanParams& p = data->params;
  TF_LITE_ENSURE_STATUS(ComputeShape(context, input, axis, output, &p));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  TF_LITE_ENSURE_STATUS(PrepareQuantization(context, input, output, &p));
  // The integer path sums into int32 per output element.
  return context->RequestScratchBufferInArena(context, static_cast<size_t>(p.output_elements) * sizeof(int32_t),
                                              &data->scratch_index);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "MEAN: %d inputs and %d outputs given (input, axis; 1 output)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* axis = micro_context->AllocateTempInputTensor(node, kAxisTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status = PrepareTensors(context, input, axis, output, static_cast<OpData*>(node->user_data));
  if (status == kTfLiteOk) {
    ReportKernelVariant(context, input->type == kTfLiteFloat32 ? "mean/float32/reference"
                                 : input->type == kTfLiteInt8  ? "mean/int8/reference"
                                                               : "mean/int16/reference");
  }
  TfLiteTensor* all[] = {input, axis, output};
  for (TfLiteTensor* t : all) {
    if (t != nullptr) micro_context->DeallocateTempTfLiteTensor(t);
  }
  return status;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (input->type) {
    case kTfLiteFloat32:
      reference::MeanFloat(data.params, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
      break;
    case kTfLiteInt8:
      reference::MeanInteger(data.params, micro::GetTensorData<int8_t>(input),
                             static_cast<int32_t*>(context->GetScratchBuffer(context, data.scratch_index)),
                             micro::GetTensorData<int8_t>(output));
      break;
    default:
      reference::MeanInteger(data.params, micro::GetTensorData<int16_t>(input),
                             static_cast<int32_t*>(context->GetScratchBuffer(context, data.scratch_index)),
                             micro::GetTensorData<int16_t>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_MEAN (PLAIN, "mean/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseReducer(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteReducerParams>(allocator, "MEAN");
  if (params == nullptr) return kTfLiteError;
  const schema::ReducerOptions* options = op->builtin_options_as_ReducerOptions();
  if (options != nullptr) params->keep_dims = options->keep_dims();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
