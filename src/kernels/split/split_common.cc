#include "kernels/split/split_common.h"

#include <cstdint>

#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/split/split_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

bool Supported(TfLiteType t) {
  return t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32;
}

// Output i's extent along the axis (1 for UNPACK), or -1 when its shape does not fit the input.
int64_t AxisExtent(const TfLiteIntArray* in, int axis, SplitKind kind, const TfLiteIntArray* out) {
  const bool keep = kind == SplitKind::kKeepAxis;
  if (out->size != (keep ? in->size : in->size - 1)) return -1;
  for (int d = 0; d < in->size; ++d) {
    if (d == axis) continue;
    if (out->data[keep || d < axis ? d : d - 1] != in->data[d]) return -1;
  }
  return keep ? out->data[axis] : 1;
}

TfLiteStatus CheckOutput(TfLiteContext* context, const char* op, SplitKind kind, const TfLiteTensor* input, int axis,
                         int i, const TfLiteTensor* output, int64_t* extent) {
  if (output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: output %d is missing", op, i);
    return kTfLiteError;
  }
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "%s: output %d type %s differs from the input type %s", op, i,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  *extent = AxisExtent(input->dims, axis, kind, output->dims);
  if (*extent < 0) {
    TF_LITE_KERNEL_LOG(context, "%s: output %d's shape does not fit the input's %s axis %d", op, i,
                       kind == SplitKind::kKeepAxis ? "outside" : "without", axis);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus PrepareSplit(TfLiteContext* context, TfLiteNode* node, const char* op, SplitKind kind,
                          const TfLiteTensor* input, int axis, SplitOpData* data) {
  if (!Supported(input->type)) {
    TF_LITE_KERNEL_LOG(context, "%s: type %s is not supported (FLOAT32, INT8, INT16, INT32)", op,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  const int n = NumOutputs(node);
  data->chunk_bytes = static_cast<size_t*>(context->AllocatePersistentBuffer(context, sizeof(size_t) * n));
  if (data->chunk_bytes == nullptr) return kTfLiteError;
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d) outer *= input->dims->data[d];
  int64_t inner_bytes = static_cast<int64_t>(TfLiteTypeSizeOf(input->type));
  for (int d = axis + 1; d < input->dims->size; ++d) inner_bytes *= input->dims->data[d];
  int64_t sum = 0;
  MicroContext* micro_context = GetMicroContext(context);
  for (int i = 0; i < n; ++i) {
    ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, i));
    int64_t extent = 0;
    TF_LITE_ENSURE_STATUS(CheckOutput(context, op, kind, input, axis, i, output.get(), &extent));
    data->chunk_bytes[i] = static_cast<size_t>(extent * inner_bytes);
    sum += extent;
  }
  if (sum != input->dims->data[axis]) {
    TF_LITE_KERNEL_LOG(context, "%s: the outputs add up to %lld along axis %d but the input has %d", op,
                       static_cast<long long>(sum), axis, input->dims->data[axis]);
    return kTfLiteError;
  }
  data->num_outputs = n;
  data->outer_size = static_cast<int>(outer);
  return kTfLiteOk;
}

TfLiteStatus EvalSplit(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const SplitOpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, data->input_index);
  auto output_data = [context, node](int i) -> void* { return micro::GetEvalOutput(context, node, i)->data.raw; };
  reference::Split(reinterpret_cast<const uint8_t*>(input->data.raw_const), data->outer_size, data->num_outputs,
                   data->chunk_bytes, output_data);
  return kTfLiteOk;
}

}  // namespace mote
