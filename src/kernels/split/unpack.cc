// UNPACK glue: input 0 cut along `axis` into its `num` slices, each output the input without that dimension.
// TFLM's kernel (no prepare) trusts num and the shapes; mote asks num to be the output count and each output
// to be one slice (split_common.h).
#include <cstdint>

#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/split/split_common.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const auto* params = static_cast<const TfLiteUnpackParams*>(node->builtin_data);
  if (NumInputs(node) != 1 || NumOutputs(node) < 1) {
    TF_LITE_KERNEL_LOG(context, "UNPACK: %d inputs and %d outputs given (1; at least 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  if (params->num != NumOutputs(node)) {
    TF_LITE_KERNEL_LOG(context, "UNPACK: num is %d but %d outputs are given", params->num, NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "UNPACK: input tensor is missing");
    return kTfLiteError;
  }
  const int rank = input->dims->size;
  int axis = 0;
  TF_LITE_ENSURE_STATUS(ResolveAxis(context, "UNPACK", params->axis, rank, rank, &axis));
  auto* data = static_cast<SplitOpData*>(node->user_data);
  data->input_index = 0;
  TF_LITE_ENSURE_STATUS(PrepareSplit(context, node, "UNPACK", SplitKind::kDropAxis, input.get(), axis, data));
  ReportKernelVariant(context, "unpack/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_UNPACK (PLAIN, "unpack/any/reference", InitOpData<SplitOpData>, Prepare, EvalSplit)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseUnpack(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteUnpackParams>(allocator, "UNPACK");
  if (params == nullptr) return kTfLiteError;
  const schema::UnpackOptions* options = op->builtin_options_as_UnpackOptions();
  if (options != nullptr) {
    params->num = options->num();
    params->axis = options->axis();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
