// CUMSUM glue. Inputs: 0 input (FLOAT32, INT8; rank >= 1), 1 axis (INT32 with one element, negative counts from
// the end). Output: the input's type and shape. Options: exclusive, reverse (CumsumOptions).
// A constant axis is resolved in prepare, so that Invoke needs no check. A non-constant axis (TFLM runs one and
// checks its range in invoke; its kernel tests pass the axis as an ordinary tensor) is resolved at every Invoke,
// where an out-of-range axis is an Invoke error.
#include <cstdint>

#include "kernels/cumsum/cumsum_reference.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kAxisTensor = 1;
constexpr int kOutputTensor = 0;

// A non-constant axis leaves params.depth 0 (a resolved one is >= 1): outer, depth and inner are computed at
// Invoke. No flag of its own, so the node's persistent data keeps its size.
struct OpData {
  reference::CumsumParams params;
};

bool AxisAtInvoke(const OpData& data) { return data.params.depth == 0; }

// FLOAT32 or INT8 input, the output of that type, an INT32 axis of one element.
TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* axis,
                        const TfLiteTensor* output) {
  if (input->type != kTfLiteFloat32 && input->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: input type %s is not supported (FLOAT32, INT8)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: output type %s differs from the input type %s",
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (axis->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: axis type %s is not supported (INT32)", TfLiteTypeGetName(axis->type));
    return kTfLiteError;
  }
  if (ElementCount(*axis->dims) != 1) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: the axis tensor has %lld elements (1 expected)",
                       static_cast<long long>(ElementCount(*axis->dims)));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Rank 1 or more, no dimension 0, and the output's shape the input's (TFLM checks it too).
TfLiteStatus CheckShapes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output) {
  const int rank = input->dims->size;
  if (rank < 1) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: the input must have rank 1 or more");
    return kTfLiteError;
  }
  bool same_shape = output->dims->size == rank;
  for (int d = 0; d < rank; ++d) {
    const int32_t dim = input->dims->data[d];
    if (dim <= 0) {
      TF_LITE_KERNEL_LOG(context, "CUMSUM: input dimension %d is %d (empty inputs are not supported)", d,
                         static_cast<int>(dim));
      return kTfLiteError;
    }
    same_shape = same_shape && output->dims->data[d] == dim;
  }
  if (!same_shape) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: output shape differs from the input shape");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// outer x depth x inner around the resolved axis a (dimensions checked by CheckShapes).
TfLiteStatus ResolveAxis(TfLiteContext* context, int32_t a, const TfLiteIntArray* dims, reference::CumsumParams* p) {
  const int rank = dims->size;
  const int32_t resolved = a < 0 ? a + rank : a;
  if (resolved < 0 || resolved >= rank) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: axis %d is out of range for rank %d", static_cast<int>(a), rank);
    return kTfLiteError;
  }
  p->outer = 1;
  p->inner = 1;
  for (int d = 0; d < rank; ++d) {
    if (d < resolved) p->outer *= dims->data[d];
    if (d > resolved) p->inner *= dims->data[d];
  }
  p->depth = dims->data[resolved];
  return kTfLiteOk;
}

// INT8: per-tensor quantization on both, and TFLM's quantized-add multipliers (the output multiplier must stay
// below 1: TFLM aborts otherwise).
TfLiteStatus PrepareQuantization(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                                 reference::CumsumParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, "CUMSUM", "input", input));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, "CUMSUM", "output", output));
  if (!ComputeQuantizedAddSubParams(input->params.scale, input->params.zero_point, input->params.scale,
                                    input->params.zero_point, output->params.scale, output->params.zero_point,
                                    /*int16=*/false, &p->quant)) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: output scale %g is too small for the input scale %g",
                       static_cast<double>(output->params.scale), static_cast<double>(input->params.scale));
    return kTfLiteError;
  }
  p->quant.activation_min = -128;
  p->quant.activation_max = 127;
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteNode* node, const TfLiteTensor* input,
                            const TfLiteTensor* axis, const TfLiteTensor* output, OpData* data) {
  if (input == nullptr || axis == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: input, axis and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, axis, output));
  reference::CumsumParams& p = data->params;
  TF_LITE_ENSURE_STATUS(CheckShapes(context, input, output));
  p.depth = 0;  // resolved at Invoke unless the axis is constant
  if (IsConstantTensor(axis) && axis->data.raw != nullptr) {
    TF_LITE_ENSURE_STATUS(ResolveAxis(context, GetTensorData<int32_t>(axis)[0], input->dims, &p));
  }
  const auto* options = static_cast<const TfLiteCumsumParams*>(node->builtin_data);
  p.exclusive = options != nullptr && options->exclusive;
  p.reverse = options != nullptr && options->reverse;
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareQuantization(context, input, output, &p);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "CUMSUM: %d inputs and %d outputs given (input, axis; 1 output)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* axis = micro_context->AllocateTempInputTensor(node, kAxisTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status = PrepareTensors(context, node, input, axis, output, static_cast<OpData*>(node->user_data));
  if (status == kTfLiteOk) {
    ReportKernelVariant(context, input->type == kTfLiteFloat32 ? "cumsum/float32/reference" : "cumsum/int8/reference");
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
  reference::CumsumParams at_invoke;
  const bool axis_at_invoke = AxisAtInvoke(data);
  if (axis_at_invoke) {
    at_invoke = data.params;
    const int32_t axis = micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, kAxisTensor))[0];
    TF_LITE_ENSURE_STATUS(ResolveAxis(context, axis, input->dims, &at_invoke));
  }
  const reference::CumsumParams& params = axis_at_invoke ? at_invoke : data.params;
  if (input->type == kTfLiteFloat32) {
    reference::CumsumFloat(params, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
  } else {
    reference::CumsumInt8(params, micro::GetTensorData<int8_t>(input), micro::GetTensorData<int8_t>(output));
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_CUMSUM (PLAIN, "cumsum/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseCumsum(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteCumsumParams>(allocator, "CUMSUM");
  if (params == nullptr) return kTfLiteError;
  if (const schema::CumsumOptions* options = op->builtin_options_as_CumsumOptions()) {
    params->exclusive = options->exclusive();
    params->reverse = options->reverse();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
