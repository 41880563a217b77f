// MIRROR_PAD glue. Inputs: 0 input (FLOAT32 or INT8, as TFLM; at least 1-D), 1 paddings (INT32 or INT64,
// [rank, 2], read at prepare, so HasValuesAtPrepare); option mode REFLECT or SYMMETRIC (TFLM treats anything
// but REFLECT, including a missing options table, as SYMMETRIC). TFLM does not bound the paddings and reads
// outside the input when one exceeds the dimension (REFLECT: size - 1, SYMMETRIC: size); mote refuses those.
// The declared output shape must be the input's plus the paddings.
#include <cstdint>

#include "kernels/glue/data_movement.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/mirror_pad/mirror_pad_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "MIRROR_PAD";
constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8);

TfLiteStatus CheckPaddingsTensor(TfLiteContext* context, const TfLiteTensor* paddings, int rank) {
  if (!HasValuesAtPrepare(paddings) || paddings->data.raw == nullptr) {
    TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: the paddings tensor must be constant");
    return kTfLiteError;
  }
  const bool int_type = paddings->type == kTfLiteInt32 || paddings->type == kTfLiteInt64;
  if (!int_type || paddings->dims->size != 2 || paddings->dims->data[0] != rank || paddings->dims->data[1] != 2) {
    TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: paddings must be an INT32 or INT64 tensor of shape [%d, 2]", rank);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

int64_t PaddingAt(const TfLiteTensor* paddings, int i) {
  return paddings->type == kTfLiteInt32 ? GetTensorData<int32_t>(paddings)[i] : GetTensorData<int64_t>(paddings)[i];
}

// Per dimension: 0 <= left, right <= size - offset; the expected output dimension.
TfLiteStatus ComputeParams(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* paddings,
                           reference::MirrorPadParams* p, int32_t* expected) {
  RowMajorStrides(*input->dims, p->input_stride);
  for (int d = 0; d < p->rank; ++d) {
    const int32_t size = input->dims->data[d];
    const int64_t left = PaddingAt(paddings, 2 * d), right = PaddingAt(paddings, 2 * d + 1);
    const int64_t limit = static_cast<int64_t>(size) - p->offset;
    if (left < 0 || right < 0 || left > limit || right > limit) {
      TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: paddings of dimension %d are %lld, %lld (each in [0, %lld] for %s)", d,
                         static_cast<long long>(left), static_cast<long long>(right),
                         static_cast<long long>(limit < 0 ? 0 : limit), p->offset ? "REFLECT" : "SYMMETRIC");
      return kTfLiteError;
    }
    p->input_dims[d] = size;
    p->left[d] = static_cast<int32_t>(left);
    expected[d] = p->output_dims[d] = static_cast<int32_t>(size + left + right);
  }
  p->unpadded_from = p->rank;
  while (p->unpadded_from > 0 && p->output_dims[p->unpadded_from - 1] == p->input_dims[p->unpadded_from - 1]) {
    --p->unpadded_from;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteMirrorPaddingParams& options,
                            const TfLiteTensor* input, const TfLiteTensor* paddings, const TfLiteTensor* output,
                            reference::MirrorPadParams* p) {
  if (input == nullptr || paddings == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: input, paddings and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, kOp, input, output, kTypes, "FLOAT32, INT8"));
  p->rank = input->dims->size;
  if (p->rank < 1) {
    TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: the input must be at least 1-D");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckPaddingsTensor(context, paddings, p->rank));
  p->offset = options.mode == kTfLiteMirrorPaddingReflect ? 1 : 0;
  int32_t expected[RuntimeShape::kMaxDims];
  TF_LITE_ENSURE_STATUS(ComputeParams(context, input, paddings, p, expected));
  return CheckOutputShape(context, kOp, output, expected, p->rank);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "MIRROR_PAD: %d inputs and %d outputs given (input, paddings; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  const ScopedTempTensor paddings(context, micro_context->AllocateTempInputTensor(node, 1));
  const ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, *static_cast<const TfLiteMirrorPaddingParams*>(node->builtin_data),
                                       input.get(), paddings.get(), output.get(),
                                       static_cast<reference::MirrorPadParams*>(node->user_data)));
  ReportKernelVariant(context, "mirror_pad/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& p = *static_cast<const reference::MirrorPadParams*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  if (input->type == kTfLiteInt8) {
    reference::MirrorPad(p, micro::GetTensorData<int8_t>(input), micro::GetTensorData<int8_t>(output));
  } else {
    reference::MirrorPad(p, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
  }
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseMirrorPad(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteMirrorPaddingParams>(allocator, kOp);
  if (params == nullptr) return kTfLiteError;
  params->mode = kTfLiteMirrorPaddingUnknown;
  if (const schema::MirrorPadOptions* options = op->builtin_options_as_MirrorPadOptions()) {
    switch (options->mode()) {
      case schema::MirrorPadMode_REFLECT: params->mode = kTfLiteMirrorPaddingReflect; break;
      case schema::MirrorPadMode_SYMMETRIC: params->mode = kTfLiteMirrorPaddingSymmetric; break;
      default:
        MicroPrintf("MIRROR_PAD: mode %d is not a valid MirrorPadMode (0..1)", static_cast<int>(options->mode()));
        return kTfLiteError;
    }
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_MIRROR_PAD (PLAIN, "mirror_pad/any/reference", InitOpData<reference::MirrorPadParams>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
