// GATHER glue. Inputs: 0 params (FLOAT32 or INT8, as TFLM), 1 indices (INT32, as TFLM); options axis and
// batch_dims (negative values count from the end of the params / indices ranks). Prepare makes TFLM's checks
// (0 <= batch_dims <= axis < rank(params), batch_dims <= rank(indices), equal leading batch dimensions) and
// requires the declared output shape params[:axis] + indices[batch_dims:] + params[axis + 1:] (an unset, all-0,
// one takes it, as in TFLM). The indices
// are a runtime tensor: invoke checks them (as TFLM does) before copying and ends with "GATHER: index ..."
// on one outside [0, params dimension axis).
#include <cstdint>

#include "kernels/gather/gather_reference.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "GATHER";
constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8);

struct OpData {
  reference::GatherParams params;
  int64_t index_count;
};

int64_t Product(const int* dims, int begin, int end) {
  int64_t n = 1;
  for (int d = begin; d < end; ++d) n *= dims[d];
  return n;
}

// axis and batch_dims normalised and checked as TFLM does.
TfLiteStatus ResolveAxes(TfLiteContext* context, const TfLiteGatherParams& options, const TfLiteTensor* input,
                         const TfLiteTensor* indices, int* axis, int* batch_dims) {
  const int rank = input->dims->size, index_rank = indices->dims->size;
  *axis = options.axis < 0 ? options.axis + rank : options.axis;
  *batch_dims = options.batch_dims < 0 ? options.batch_dims + index_rank : options.batch_dims;
  if (*axis < 0 || *axis >= rank) {
    TF_LITE_KERNEL_LOG(context, "GATHER: axis %d is out of range for params of %d dimensions", options.axis, rank);
    return kTfLiteError;
  }
  if (*batch_dims < 0 || *batch_dims > *axis || *batch_dims > index_rank) {
    TF_LITE_KERNEL_LOG(context, "GATHER: batch_dims %d must be in [0, min(axis %d, indices rank %d)]",
                       options.batch_dims, *axis, index_rank);
    return kTfLiteError;
  }
  for (int d = 0; d < *batch_dims; ++d) {
    if (input->dims->data[d] != indices->dims->data[d]) {
      TF_LITE_KERNEL_LOG(context, "GATHER: batch dimension %d is %d in params and %d in indices", d,
                         input->dims->data[d], indices->dims->data[d]);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// params[:axis] + indices[batch_dims:] + params[axis + 1:].
// An unset (all 0) output takes it.
TfLiteStatus SetOrCheckGatherOutput(TfLiteContext* context, TfLiteNode* node, const TfLiteTensor* input,
                                    const TfLiteTensor* indices, int axis, int batch_dims, TfLiteTensor* output) {
  int32_t expected[2 * RuntimeShape::kMaxDims];
  int n = 0;
  for (int d = 0; d < axis; ++d) expected[n++] = input->dims->data[d];
  for (int d = batch_dims; d < indices->dims->size; ++d) expected[n++] = indices->dims->data[d];
  for (int d = axis + 1; d < input->dims->size; ++d) expected[n++] = input->dims->data[d];
  return SetOrCheckOutputShape(context, node, 0, output, kOp, expected, n);
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const TfLiteGatherParams& options,
                            const TfLiteTensor* input, const TfLiteTensor* indices, TfLiteTensor* output,
                            OpData* data) {
  if (input == nullptr || indices == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "GATHER: params, indices and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, input, output, kTypes, "FLOAT32, INT8"));
  if (indices->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "GATHER: indices type %s is not supported (INT32)", TfLiteTypeGetName(indices->type));
    return kTfLiteError;
  }
  int axis, batch_dims;
  TF_LITE_ENSURE_STATUS(ResolveAxes(context, options, input, indices, &axis, &batch_dims));
  TF_LITE_ENSURE_STATUS(SetOrCheckGatherOutput(context, node, input, indices, axis, batch_dims, output));
  const int* d = input->dims->data;
  reference::GatherParams& p = data->params;
  p.batch_size = Product(d, 0, batch_dims);
  p.outer_size = Product(d, batch_dims, axis);
  p.inner_size = Product(d, axis + 1, input->dims->size);
  p.coord_count = Product(indices->dims->data, batch_dims, indices->dims->size);
  p.axis_size = d[axis];
  p.element_size = TfLiteTypeSizeOf(input->type);
  data->index_count = ElementCount(*indices->dims);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "GATHER: %d inputs and %d outputs given (params, indices; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor indices(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, node, *static_cast<const TfLiteGatherParams*>(node->builtin_data),
                                       input.get(), indices.get(), output.get(),
                                       static_cast<OpData*>(node->user_data)));
  ReportKernelVariant(context, "gather/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  const int32_t* indices = micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, 1));
  const int64_t bad = FirstIndexOutOfRange(indices, data.index_count, data.params.axis_size);
  if (bad >= 0) {
    TF_LITE_KERNEL_LOG(context, "GATHER: index %d (position %lld) is out of range [0, %d)",
                       static_cast<int>(indices[bad]), static_cast<long long>(bad),
                       static_cast<int>(data.params.axis_size));
    return kTfLiteError;
  }
  reference::Gather(data.params, input->data.raw, indices, micro::GetEvalOutput(context, node, 0)->data.raw);
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseGather(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteGatherParams>(allocator, kOp);
  if (params == nullptr) return kTfLiteError;
  if (const schema::GatherOptions* options = op->builtin_options_as_GatherOptions()) {
    params->axis = options->axis();
    params->batch_dims = options->batch_dims();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_GATHER (PLAIN, "gather/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
