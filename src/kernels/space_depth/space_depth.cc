// SPACE_TO_DEPTH and DEPTH_TO_SPACE glue (one file: the same checks around two plans). Input: 4-D NHWC,
// FLOAT32 or INT8 as TFLM; option block_size. TFLM divides by block_size unchecked (a crash at 0), so mote
// refuses block_size < 1; it refuses, as TFLM does, H or W not divisible by the block (SPACE_TO_DEPTH) and a
// depth not divisible by block * block (DEPTH_TO_SPACE). The output's declared shape must be TFLM's, or unset
// (all 0: TFLM computes it in prepare, and so does mote, SetOrCheckOutputShape).
#include <cstdint>

#include "kernels/glue/data_movement.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/space_depth/space_depth_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr TypeSet kTypes = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt8);
constexpr int kMaxBlock = 46340;  // block * block fits int32

// An output dimension, or -1 (which no declared shape matches) when it does not fit int32.
int32_t Dim(int64_t v) { return v > INT32_MAX ? -1 : static_cast<int32_t>(v); }

// The sizes the block divides: H and W for SPACE_TO_DEPTH, the depth (by block * block) for DEPTH_TO_SPACE.
TfLiteStatus CheckBlock(TfLiteContext* context, const char* op, bool to_depth, const int* dims, int block) {
  if (block < 1 || block > kMaxBlock) {
    TF_LITE_KERNEL_LOG(context, "%s: block_size %d is out of range (1..%d)", op, block, kMaxBlock);
    return kTfLiteError;
  }
  if (to_depth && (dims[1] % block != 0 || dims[2] % block != 0)) {
    TF_LITE_KERNEL_LOG(context, "%s: input height %d and width %d must be multiples of block_size %d", op,
                       static_cast<int>(dims[1]), static_cast<int>(dims[2]), block);
    return kTfLiteError;
  }
  if (!to_depth && dims[3] % (block * block) != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: input depth %d must be a multiple of block_size squared (%d)", op,
                       static_cast<int>(dims[3]), block * block);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const char* op, bool to_depth, int block,
                            const TfLiteTensor* input, TfLiteTensor* output, StridedCopyOpData* data) {
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input and output are required", op);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckMovedTypes(context, op, input, output, kTypes, "FLOAT32, INT8"));
  if (input->dims->size != 4) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %d dimensions (must be 4, NHWC)", op, input->dims->size);
    return kTfLiteError;
  }
  const int* d = input->dims->data;
  TF_LITE_ENSURE_STATUS(CheckBlock(context, op, to_depth, d, block));
  const int64_t b = block;
  int32_t expected[4] = {d[0], Dim(d[1] * b), Dim(d[2] * b), d[3] / block / block};
  if (to_depth) {
    expected[1] = d[1] / block;
    expected[2] = d[2] / block;
    expected[3] = Dim(d[3] * b * b);
    reference::MakeSpaceToDepthPlan(d, block, &data->plan);
  } else {
    reference::MakeDepthToSpacePlan(d, block, &data->plan);
  }
  data->element_size = TfLiteTypeSizeOf(input->type);
  return SetOrCheckOutputShape(context, node, 0, output, op, expected, 4);
}

// Both ops' params are one int block_size (TfLiteSpaceToDepthParams, TfLiteDepthToSpaceParams).
template <bool kToDepth>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const char* op = kToDepth ? "SPACE_TO_DEPTH" : "DEPTH_TO_SPACE";
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 input, 1 output)", op, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  const int block = kToDepth ? static_cast<const TfLiteSpaceToDepthParams*>(node->builtin_data)->block_size
                             : static_cast<const TfLiteDepthToSpaceParams*>(node->builtin_data)->block_size;
  MicroContext* micro_context = GetMicroContext(context);
  const ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(PrepareTensors(context, node, op, kToDepth, block, input.get(), output.get(),
                                       static_cast<StridedCopyOpData*>(node->user_data)));
  ReportKernelVariant(context, kToDepth ? "space_to_depth/any/reference" : "depth_to_space/any/reference");
  return kTfLiteOk;
}

// block_size as the schema stores it; a missing options table keeps 0, which prepare refuses.
template <typename Params, typename Options>
TfLiteStatus ParseBlockSize(const Options* options, BuiltinDataAllocator* allocator, const char* op,
                            void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<Params>(allocator, op);
  if (params == nullptr) return kTfLiteError;
  if (options != nullptr) params->block_size = options->block_size();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus ParseSpaceToDepth(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseBlockSize<TfLiteSpaceToDepthParams>(op->builtin_options_as_SpaceToDepthOptions(), allocator,
                                                  "SPACE_TO_DEPTH", builtin_data);
}

TfLiteStatus ParseDepthToSpace(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseBlockSize<TfLiteDepthToSpaceParams>(op->builtin_options_as_DepthToSpaceOptions(), allocator,
                                                  "DEPTH_TO_SPACE", builtin_data);
}

#define MOTE_KERNEL_SPACE_TO_DEPTH \
  (PLAIN, "space_to_depth/any/reference", InitOpData<StridedCopyOpData>, Prepare<true>, EvalStridedCopy)
#define MOTE_KERNEL_DEPTH_TO_SPACE \
  (PLAIN, "depth_to_space/any/reference", InitOpData<StridedCopyOpData>, Prepare<false>, EvalStridedCopy)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
