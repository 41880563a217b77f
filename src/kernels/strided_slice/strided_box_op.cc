#include "kernels/strided_slice/strided_box_op.h"

#include "mote/kernel_util.h"

namespace mote {

TfLiteStatus EvalStridedBox(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const StridedBoxOpData*>(node->user_data);
  reference::StridedSliceBytes(data->box, data->element_size, micro::GetEvalInput(context, node, 0)->data.raw_const,
                               micro::GetEvalOutput(context, node, 0)->data.raw);
  return kTfLiteOk;
}

}  // namespace mote
