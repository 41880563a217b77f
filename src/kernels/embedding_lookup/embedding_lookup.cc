// EMBEDDING_LOOKUP glue. Inputs: 0 lookup (1-D INT32), 1 value (at least 2-D: rows, then the columns of a
// row), as TFLM: FLOAT32 value -> FLOAT32 output, INT8 value -> INT8 output (a copy) or FLOAT32 output
// (hybrid: dequantized with the value's scale, zero point 0 as TFLM requires). TFLM applies one scale to
// every row, so mote refuses per-row (per-channel) scales rather than compute with the first alone. The
// output's declared shape must be [lookup count, value dims 1...]. The lookup values are a runtime tensor:
// invoke checks them (as TFLM does) and ends with "EMBEDDING_LOOKUP: index ..." on one outside [0, rows).
#include <cstdint>

#include "kernels/embedding_lookup/embedding_lookup_reference.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "EMBEDDING_LOOKUP";

struct OpData {
  int64_t count;    // lookups
  int64_t columns;  // elements per row
  int32_t rows;
  size_t row_bytes;
  bool hybrid;
  float scale;
};

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* lookup, const TfLiteTensor* value,
                        const TfLiteTensor* output) {
  if (lookup->type != kTfLiteInt32 || lookup->dims->size != 1) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: lookup must be a 1-D INT32 tensor");
    return kTfLiteError;
  }
  if (value->type != kTfLiteFloat32 && value->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: value type %s is not supported (FLOAT32, INT8)",
                       TfLiteTypeGetName(value->type));
    return kTfLiteError;
  }
  if (output->type != value->type && !(value->type == kTfLiteInt8 && output->type == kTfLiteFloat32)) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: output type %s is not supported for %s values",
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(value->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Hybrid lookups: one scale, zero point 0.
TfLiteStatus CheckHybridQuantization(TfLiteContext* context, const TfLiteTensor* value) {
  if (QuantizationScaleCount(value) > 1) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: hybrid value has %d scales (TFLM applies one to every row)",
                       QuantizationScaleCount(value));
    return kTfLiteError;
  }
  if (value->params.zero_point != 0) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: hybrid value zero point is %d (must be 0)",
                       static_cast<int>(value->params.zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* lookup, const TfLiteTensor* value,
                            const TfLiteTensor* output, OpData* data) {
  if (lookup == nullptr || value == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: lookup, value and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, lookup, value, output));
  const int rank = value->dims->size;
  if (rank < 2) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: value has %d dimensions (at least 2)", rank);
    return kTfLiteError;
  }
  int32_t expected[RuntimeShape::kMaxDims];
  expected[0] = lookup->dims->data[0];
  for (int d = 1; d < rank; ++d) expected[d] = value->dims->data[d];
  TF_LITE_ENSURE_STATUS(CheckOutputShape(context, kOp, output, expected, rank));
  data->hybrid = value->type != output->type;
  if (data->hybrid) TF_LITE_ENSURE_STATUS(CheckHybridQuantization(context, value));
  data->scale = value->params.scale;
  data->count = lookup->dims->data[0];
  data->rows = value->dims->data[0];
  data->columns = data->rows == 0 ? 0 : ElementCount(*value->dims) / data->rows;
  data->row_bytes = static_cast<size_t>(data->columns) * TfLiteTypeSizeOf(value->type);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: %d inputs and %d outputs given (lookup, value; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor lookup(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor value(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(
      PrepareTensors(context, lookup.get(), value.get(), output.get(), static_cast<OpData*>(node->user_data)));
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  ReportKernelVariant(context, data.hybrid ? "embedding_lookup/hybrid/reference" : "embedding_lookup/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const int32_t* lookup = micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, 0));
  const TfLiteEvalTensor* value = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  if (data.rows == 0 && !data.hybrid) return kTfLiteOk;  // TFLM: an empty table gives an untouched output
  const int64_t bad = FirstIndexOutOfRange(lookup, data.count, data.rows);
  if (bad >= 0) {
    TF_LITE_KERNEL_LOG(context, "EMBEDDING_LOOKUP: index %d (position %lld) is out of range [0, %d)",
                       static_cast<int>(lookup[bad]), static_cast<long long>(bad), static_cast<int>(data.rows));
    return kTfLiteError;
  }
  if (data.hybrid) {
    reference::EmbeddingLookupHybrid(lookup, data.count, micro::GetTensorData<int8_t>(value), data.columns, data.scale,
                                     micro::GetTensorData<float>(output));
  } else {
    reference::EmbeddingLookupCopy(lookup, data.count, value->data.raw, data.row_bytes, output->data.raw);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_EMBEDDING_LOOKUP (PLAIN, "embedding_lookup/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
