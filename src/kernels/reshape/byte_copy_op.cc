#include "kernels/reshape/byte_copy_op.h"

#include <cstdint>

#include "kernels/reshape/reshape_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"

namespace mote {
namespace {

bool AnyFixedSize(TfLiteType type) { return TfLiteTypeSizeOf(type) != 0; }

}  // namespace

const ByteCopyTypes kAnyFixedSize = {AnyFixedSize, "fixed-size numeric and bool types"};

TfLiteStatus PrepareByteCopy(TfLiteContext* context, const char* op, const ByteCopyTypes& types,
                             const TfLiteTensor* input, const TfLiteTensor* output, ByteCopyOpData* data) {
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s and output type %s differ", op, TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (!types.accepts(input->type)) {
    TF_LITE_KERNEL_LOG(context, "%s: type %s is not supported (%s)", op, TfLiteTypeGetName(input->type), types.names);
    return kTfLiteError;
  }
  const int64_t input_elements = ElementCount(*input->dims);
  const int64_t output_elements = ElementCount(*output->dims);
  if (input_elements != output_elements) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %lld elements but the output shape has %lld", op,
                       static_cast<long long>(input_elements), static_cast<long long>(output_elements));
    return kTfLiteError;
  }
  data->bytes = static_cast<size_t>(input_elements) * TfLiteTypeSizeOf(input->type);
  // The output holds the input's bytes: on top of them, reference::Reshape has nothing to copy (an alias).
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

TfLiteStatus EvalByteCopy(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const ByteCopyOpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  reference::Reshape(input->data.raw_const, output->data.raw, data->bytes);
  return kTfLiteOk;
}

}  // namespace mote
