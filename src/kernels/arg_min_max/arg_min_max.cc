// ARG_MAX and ARG_MIN glue (one kernel, the comparison differs). Inputs: 0 input (FLOAT32, INT8), 1 axis
// (INT32 with one element, negative counts from the end). Output: INT32 (the options' output_type),
// output_elements = the product of the other dimensions (its shape is not checked further, as in TFLM).
// TFLM does not check the axis range or the output size (it reads out of bounds): for a constant axis mote
// refuses those in prepare, so that Invoke needs no check. A non-constant axis (TFLM runs one: its kernel tests
// pass the axis as an ordinary tensor) is resolved at every Invoke, where an out-of-range axis or an output of
// another element count is an Invoke error.
#include <cstdint>

#include "kernels/arg_min_max/arg_min_max_reference.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kAxisTensor = 1;
constexpr int kOutputTensor = 0;

// A non-constant axis leaves params.axis_size 0 (a planned one is >= 1): the params are computed at Invoke. No
// flag of its own, so the node's persistent data keeps its size.
struct OpData {
  reference::ArgMinMaxParams params;
};

bool AxisAtInvoke(const OpData& data) { return data.params.axis_size == 0; }

// FLOAT32 or INT8 input, an INT32 output (TFLM has no INT64 output), an INT32 axis of one element.
TfLiteStatus CheckTypes(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* axis,
                        const TfLiteTensor* output) {
  if (input->type != kTfLiteFloat32 && input->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (FLOAT32, INT8)", op,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s is not supported (INT32)", op, TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (axis->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "%s: axis type %s is not supported (INT32)", op, TfLiteTypeGetName(axis->type));
    return kTfLiteError;
  }
  if (ElementCount(*axis->dims) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: the axis tensor has %lld elements (1 expected)", op,
                       static_cast<long long>(ElementCount(*axis->dims)));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// No input dimension of 0 or less.
TfLiteStatus CheckInputDims(TfLiteContext* context, const char* op, const TfLiteIntArray* dims) {
  for (int d = 0; d < dims->size; ++d) {
    if (dims->data[d] <= 0) {
      TF_LITE_KERNEL_LOG(context, "%s: input dimension %d is %d (empty inputs are not supported)", op, d,
                         static_cast<int>(dims->data[d]));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// outer x axis_size x inner around the resolved axis a, and the output's element count (input dimensions
// checked by CheckInputDims).
TfLiteStatus ComputeShape(TfLiteContext* context, const char* op, int32_t a, const TfLiteIntArray* input_dims,
                          const TfLiteIntArray* output_dims, reference::ArgMinMaxParams* p) {
  const int rank = input_dims->size;
  const int32_t resolved = a < 0 ? a + rank : a;
  if (resolved < 0 || resolved >= rank) {
    TF_LITE_KERNEL_LOG(context, "%s: axis %d is out of range for rank %d", op, static_cast<int>(a), rank);
    return kTfLiteError;
  }
  p->outer = 1;
  p->inner = 1;
  for (int d = 0; d < rank; ++d) {
    const int32_t dim = input_dims->data[d];
    if (d < resolved) p->outer *= dim;
    if (d > resolved) p->inner *= dim;
  }
  p->axis_size = input_dims->data[resolved];
  if (ElementCount(*output_dims) != p->outer * p->inner) {
    TF_LITE_KERNEL_LOG(context, "%s: output has %lld elements, expected %lld (the input without the axis)", op,
                       static_cast<long long>(ElementCount(*output_dims)),
                       static_cast<long long>(p->outer * p->inner));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* axis,
                            const TfLiteTensor* output, OpData* data) {
  if (input == nullptr || axis == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, axis and output are required", op);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, op, input, axis, output));
  TF_LITE_ENSURE_STATUS(CheckInputDims(context, op, input->dims));
  if (!IsConstantTensor(axis) || axis->data.raw == nullptr) {
    data->params = {};  // axis_size 0: resolved at Invoke
    return kTfLiteOk;
  }
  return ComputeShape(context, op, GetTensorData<int32_t>(axis)[0], input->dims, output->dims, &data->params);
}

template <bool kIsArgMax>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = kIsArgMax ? "ARG_MAX" : "ARG_MIN";
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (input, axis; 1 output)", op, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* axis = micro_context->AllocateTempInputTensor(node, kAxisTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status = PrepareTensors(context, op, input, axis, output, static_cast<OpData*>(node->user_data));
  if (status == kTfLiteOk) {
    const bool is_float = input->type == kTfLiteFloat32;
    ReportKernelVariant(context, kIsArgMax ? (is_float ? "arg_max/float32/reference" : "arg_max/int8/reference")
                                           : (is_float ? "arg_min/float32/reference" : "arg_min/int8/reference"));
  }
  TfLiteTensor* all[] = {input, axis, output};
  for (TfLiteTensor* t : all) {
    if (t != nullptr) micro_context->DeallocateTempTfLiteTensor(t);
  }
  return status;
}

template <bool kIsArgMax>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output_tensor = micro::GetEvalOutput(context, node, kOutputTensor);
  int32_t* output = micro::GetTensorData<int32_t>(output_tensor);
  reference::ArgMinMaxParams at_invoke;
  const bool axis_at_invoke = AxisAtInvoke(data);
  if (axis_at_invoke) {
    const int32_t axis = micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, kAxisTensor))[0];
    TF_LITE_ENSURE_STATUS(ComputeShape(context, kIsArgMax ? "ARG_MAX" : "ARG_MIN", axis, input->dims,
                                       output_tensor->dims, &at_invoke));
  }
  const reference::ArgMinMaxParams& params = axis_at_invoke ? at_invoke : data.params;
  if (input->type == kTfLiteFloat32) {
    reference::ArgMinMax(params, kIsArgMax, micro::GetTensorData<float>(input), output);
  } else {
    reference::ArgMinMax(params, kIsArgMax, micro::GetTensorData<int8_t>(input), output);
  }
  return kTfLiteOk;
}

// Both options tables hold only output_type (the kernel follows the output tensor's type, as TFLM's does); an
// absent table leaves kTfLiteNoType.
template <typename Params, typename Options>
TfLiteStatus ParseArgOptions(const Options* options, const char* op, BuiltinDataAllocator* allocator,
                             void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<Params>(allocator, op);
  if (params == nullptr) return kTfLiteError;
  if (options != nullptr) params->output_type = TensorTypeToTfLiteType(options->output_type());
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_ARG_MAX (PLAIN, "arg_max/any/reference", InitOpData<OpData>, Prepare<true>, Eval<true>)
#define MOTE_KERNEL_ARG_MIN (PLAIN, "arg_min/any/reference", InitOpData<OpData>, Prepare<false>, Eval<false>)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseArgMax(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseArgOptions<TfLiteArgMaxParams>(op->builtin_options_as_ArgMaxOptions(), "ARG_MAX", allocator,
                                             builtin_data);
}

TfLiteStatus ParseArgMin(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseArgOptions<TfLiteArgMinParams>(op->builtin_options_as_ArgMinOptions(), "ARG_MIN", allocator,
                                             builtin_data);
}

}  // namespace mote
