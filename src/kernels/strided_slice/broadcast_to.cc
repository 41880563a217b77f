// BROADCAST_TO glue: the input repeated along its size-1 (and missing leading) dimensions up to the shape
// input, at most 5 dimensions as TFLM, any fixed-size type (TFLM refuses strings only). The shape input is
// 1-D INT32/INT64, one value per output dimension; a constant one is read as int32 as TFLM reads it and the
// output tensor's shape must be it; a non-constant one (TFLM accepts it) is checked for type and length only. The copy is a strided box (strided_box_op.h) whose step is 0
// along the broadcast dimensions.
#include <cstdint>

#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/strided_slice/strided_box_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kMaxBroadcastToRank = 5;  // TFLM's kMaxDims

TfLiteStatus CheckShape(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* shape_tensor,
                        const TfLiteTensor* output) {
  int64_t shape[kMaxBroadcastToRank];
  int n = 0;
  const TfLiteIntArray* in = input->dims;
  const TfLiteIntArray* out = output->dims;
  if (shape_tensor != nullptr && !IsConstantTensor(shape_tensor)) {
    // A non-constant shape input, as TFLM accepts it: its values cannot be read at prepare, and invoke needs
    // none (the output's declared shape is the one broadcast to), so its type and length are checked here
    // and the output's own dimensions take the place of its values.
    if (shape_tensor->type != kTfLiteInt32 && shape_tensor->type != kTfLiteInt64) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: shape input type %s is not supported (INT32, INT64)",
                         TfLiteTypeGetName(shape_tensor->type));
      return kTfLiteError;
    }
    if (shape_tensor->dims->size != 1) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: shape input must be 1-D, it has %d dimensions",
                         shape_tensor->dims->size);
      return kTfLiteError;
    }
    if (shape_tensor->dims->data[0] > kMaxBroadcastToRank || out->size > kMaxBroadcastToRank) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: shape input has %d elements (at most %d)",
                         shape_tensor->dims->data[0], kMaxBroadcastToRank);
      return kTfLiteError;
    }
    n = shape_tensor->dims->data[0];
    for (int d = 0; d < n && d < out->size; ++d) shape[d] = out->data[d];
  } else {
    TF_LITE_ENSURE_STATUS(ReadConstantIntVector(context, "BROADCAST_TO", "shape input", shape_tensor,
                                                {kInt32Or64, 1, kMaxBroadcastToRank}, shape, &n));
  }
  if (n != out->size || in->size > n) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: shape input has %d values; the output has rank %d, the input %d", n,
                       out->size, in->size);
    return kTfLiteError;
  }
  for (int d = 0; d < n; ++d) {
    const int32_t want = static_cast<int32_t>(shape[d]);
    if (out->data[d] != want) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: output dimension %d is %d but the shape input says %d", d,
                         out->data[d], static_cast<int>(want));
      return kTfLiteError;
    }
    const int i = d - (n - in->size);
    if (i >= 0 && in->data[i] != 1 && in->data[i] != want) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: input dimension %d (%d) does not broadcast to %d", i, in->data[i],
                         static_cast<int>(want));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// Output-order box over the input: the input's element stride along each output dimension, 0 where it
// broadcasts.
void MakeBox(const TfLiteIntArray* in, const TfLiteIntArray* out, reference::StridedBox* box) {
  box->rank = out->size;
  box->first = 0;
  box->output_elements = ElementCount(*out);
  int64_t stride = 1;
  for (int d = out->size - 1; d >= 0; --d) {
    const int i = d - (out->size - in->size);
    const bool broadcast = i < 0 || in->data[i] == 1;
    box->count[d] = out->data[d];
    box->step[d] = broadcast ? 0 : stride;
    if (i >= 0) stride *= in->data[i];
  }
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: %d inputs and %d outputs given (2: input, shape; 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor shape(context, micro_context->AllocateTempInputTensor(node, 1));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: missing input or output tensor");
    return kTfLiteError;
  }
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: input type %s and output type %s differ", TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (TfLiteTypeSizeOf(input->type) == 0 || TfLiteTypeSizeOf(input->type) > 8) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: type %s is not supported (numeric and bool types of at most 8 bytes)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (input->dims->size > kMaxBroadcastToRank) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_TO: input has rank %d (at most %d)", input->dims->size, kMaxBroadcastToRank);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckShape(context, input.get(), shape.get(), output.get()));
  auto* data = static_cast<StridedBoxOpData*>(node->user_data);
  reference::StridedBox box;
  MakeBox(input->dims, output->dims, &box);
  TF_LITE_ENSURE_STATUS(StoreStridedBox(context, box, &data->box));
  data->element_size = TfLiteTypeSizeOf(input->type);
  ReportKernelVariant(context, "broadcast_to/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_BROADCAST_TO \
  (PLAIN, "broadcast_to/any/reference", InitOpData<StridedBoxOpData>, Prepare, EvalStridedBox)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
