// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND glue (one file: the same checks around two directions). Inputs:
// 0 input (FLOAT32 or INT8, 3-D NHC or 4-D NHWC, as TFLM), 1 block_shape (constant INT32, one value per
// spatial dimension), 2 paddings / crops (constant INT32, 2 values per spatial dimension, before and after, in
// any shape: TFLite's is [spatial dimensions, 2]). Both are read at prepare (HasValuesAtPrepare). TFLM reads
// the last two without checks; mote requires blocks >= 1, paddings / crops >= 0 and TFLite's shape rules: a padded
// spatial size divisible by its block (SPACE_TO_BATCH_ND), an input batch divisible by the block product
// and a positive cropped size (BATCH_TO_SPACE_ND). The declared output shape must be TFLite's. Padding is
// 0.0 for FLOAT32 and the output zero point for INT8, as in TFLite: TFLM never sets its pad value (its op data
// is an uninitialised persistent buffer), so its padded positions hold stale arena bytes of either type. The
// padded cases are checked against LiteRT (tests/oracle/data/space_to_batch_litert.cases).
#include <cstdint>

#include "kernels/batch_space/batch_space_reference.h"
#include "kernels/glue/data_movement.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8);

// The spatial blocking of one direction, read from the constant tensors: block, before and after per
// spatial dimension (2; a 3-D input's second is 1, 0, 0).
struct Blocking {
  int32_t block[2] = {1, 1};
  int32_t before[2] = {0, 0};
  int32_t after[2] = {0, 0};
};

TfLiteStatus ReadBlocking(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* block,
                          const TfLiteTensor* pads, int spatial, Blocking* b) {
  TF_LITE_ENSURE_STATUS(CheckConstInt32Vector(context, op, "block_shape", block, 2));
  // TFLM reads paddings / crops as 2 * spatial values in a row whatever its shape (its tests give [4]).
  const bool pads_ok = HasValuesAtPrepare(pads) && pads->data.raw != nullptr && pads->type == kTfLiteInt32 &&
                       ElementCount(*pads->dims) == 2 * spatial;
  if (block->dims->data[0] != spatial || !pads_ok) {
    TF_LITE_KERNEL_LOG(context, "%s: block_shape must have %d values and %s be a constant INT32 tensor of %d values",
                       op, spatial, what, 2 * spatial);
    return kTfLiteError;
  }
  for (int i = 0; i < spatial; ++i) {
    b->block[i] = GetTensorData<int32_t>(block)[i];
    b->before[i] = GetTensorData<int32_t>(pads)[2 * i];
    b->after[i] = GetTensorData<int32_t>(pads)[2 * i + 1];
    if (b->block[i] < 1 || b->before[i] < 0 || b->after[i] < 0) {
      TF_LITE_KERNEL_LOG(context, "%s: spatial dimension %d has block %d and %s %d, %d (block >= 1, %s >= 0)", op, i,
                         static_cast<int>(b->block[i]), what, static_cast<int>(b->before[i]),
                         static_cast<int>(b->after[i]), what);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// NHWC sizes of a 3-D or 4-D tensor (W = 1 for 3-D).
void Nhwc(const TfLiteTensor* t, int32_t* n, int32_t* h, int32_t* w, int32_t* c) {
  const bool four = t->dims->size == 4;
  *n = t->dims->data[0];
  *h = t->dims->data[1];
  *w = four ? t->dims->data[2] : 1;
  *c = t->dims->data[four ? 3 : 2];
}

// SPACE_TO_BATCH_ND: the padded sizes divide by the blocks.
TfLiteStatus PlanToBatch(TfLiteContext* context, const Blocking& b, const TfLiteTensor* input,
                         reference::BatchSpaceParams* p, int32_t* expected) {
  int32_t n, h, w, c;
  Nhwc(input, &n, &h, &w, &c);
  const int64_t ph = static_cast<int64_t>(h) + b.before[0] + b.after[0];
  const int64_t pw = static_cast<int64_t>(w) + b.before[1] + b.after[1];
  if (ph % b.block[0] != 0 || pw % b.block[1] != 0 || ph > INT32_MAX || pw > INT32_MAX) {
    TF_LITE_KERNEL_LOG(context, "SPACE_TO_BATCH_ND: padded spatial sizes %lld, %lld must be multiples of the blocks",
                       static_cast<long long>(ph), static_cast<long long>(pw));
    return kTfLiteError;
  }
  *p = {n, h, w, static_cast<int32_t>(ph / b.block[0]), static_cast<int32_t>(pw / b.block[1]), b.block[0],
        b.block[1], b.before[0], b.before[1], 0, 0};
  const int64_t batch = static_cast<int64_t>(n) * b.block[0] * b.block[1];
  expected[0] = batch > INT32_MAX ? -1 : static_cast<int32_t>(batch);
  expected[1] = p->blocked_height;
  expected[2] = p->blocked_width;
  expected[3] = c;
  return kTfLiteOk;
}

// BATCH_TO_SPACE_ND: the batch divides by the block product; the cropped sizes stay positive.
TfLiteStatus PlanToSpace(TfLiteContext* context, const Blocking& b, const TfLiteTensor* input,
                         reference::BatchSpaceParams* p, int32_t* expected) {
  int32_t n, h, w, c;
  Nhwc(input, &n, &h, &w, &c);
  const int64_t blocks = static_cast<int64_t>(b.block[0]) * b.block[1];
  const int64_t oh = static_cast<int64_t>(h) * b.block[0] - b.before[0] - b.after[0];
  const int64_t ow = static_cast<int64_t>(w) * b.block[1] - b.before[1] - b.after[1];
  if (n % blocks != 0 || oh < 1 || ow < 1 || oh > INT32_MAX || ow > INT32_MAX) {
    TF_LITE_KERNEL_LOG(context,
                       "BATCH_TO_SPACE_ND: input batch %d must be a multiple of the blocks' product %lld and the "
                       "cropped sizes %lld, %lld positive", static_cast<int>(n), static_cast<long long>(blocks),
                       static_cast<long long>(oh), static_cast<long long>(ow));
    return kTfLiteError;
  }
  *p = {static_cast<int32_t>(n / blocks), static_cast<int32_t>(oh), static_cast<int32_t>(ow), h, w, b.block[0],
        b.block[1], b.before[0], b.before[1], 0, 0};
  expected[0] = p->batch;
  expected[1] = p->height;
  expected[2] = p->width;
  expected[3] = c;
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const char* op, bool to_batch, const TfLiteTensor* input,
                            const TfLiteTensor* block, const TfLiteTensor* pads, const TfLiteTensor* output,
                            reference::BatchSpaceParams* p) {
  if (input == nullptr || block == nullptr || pads == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, block_shape, %s and output are required", op,
                       to_batch ? "paddings" : "crops");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, op, input, output, kTypes, "FLOAT32, INT8"));
  const int rank = input->dims->size;
  if (rank != 3 && rank != 4) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %d dimensions (3 or 4)", op, rank);
    return kTfLiteError;
  }
  Blocking b;
  TF_LITE_ENSURE_STATUS(ReadBlocking(context, op, to_batch ? "paddings" : "crops", block, pads, rank - 2, &b));
  int32_t expected[4];
  TF_LITE_ENSURE_STATUS(to_batch ? PlanToBatch(context, b, input, p, expected)
                                 : PlanToSpace(context, b, input, p, expected));
  if (rank == 3) expected[2] = expected[3];  // NHC: no width
  p->row_bytes = static_cast<size_t>(expected[rank - 1]) * TfLiteTypeSizeOf(input->type);
  p->pad_byte = input->type == kTfLiteInt8 ? static_cast<uint8_t>(output->params.zero_point) : 0;
  return CheckOutputShape(context, op, output, expected, rank);
}

template <bool kToBatch>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = kToBatch ? "SPACE_TO_BATCH_ND" : "BATCH_TO_SPACE_ND";
  if (NumInputs(node) != 3 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (input, block_shape, %s; 1 output)", op,
                       NumInputs(node), NumOutputs(node), kToBatch ? "paddings" : "crops");
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor block(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor pads(context, micro_context->AllocateTempInputTensor(node, 2));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, op, kToBatch, input.get(), block.get(), pads.get(), output.get(),
                                       static_cast<reference::BatchSpaceParams*>(node->user_data)));
  ReportKernelVariant(context, kToBatch ? "space_to_batch_nd/any/reference" : "batch_to_space_nd/any/reference");
  return kTfLiteOk;
}

template <bool kToBatch>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& p = *static_cast<const reference::BatchSpaceParams*>(node->user_data);
  const void* input = micro::GetEvalInput(context, node, 0)->data.raw;
  void* output = micro::GetEvalOutput(context, node, 0)->data.raw;
  if (kToBatch) {
    reference::SpaceToBatchNd(p, input, output);
  } else {
    reference::BatchToSpaceNd(p, input, output);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SPACE_TO_BATCH_ND \
  (PLAIN, "space_to_batch_nd/any/reference", InitOpData<reference::BatchSpaceParams>, Prepare<true>, Eval<true>)
#define MOTE_KERNEL_BATCH_TO_SPACE_ND \
  (PLAIN, "batch_to_space_nd/any/reference", InitOpData<reference::BatchSpaceParams>, Prepare<false>, Eval<false>)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
