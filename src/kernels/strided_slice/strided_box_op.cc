#include "kernels/strided_slice/strided_box_op.h"

#include "kernels/glue/registration.h"
#include "mote/kernel_util.h"

namespace mote {

TfLiteStatus StoreStridedBox(TfLiteContext* context, const reference::StridedBox& box,
                             reference::StridedSliceParams* params) {
  reference::SliceLoop loops[RuntimeShape::kMaxDims];
  params->rank = reference::CompactStridedBox(box, loops);
  params->first = box.first;
  params->output_elements = box.output_elements;
  params->loops = StorePersistentArray(context, loops, params->rank);
  return params->loops != nullptr ? kTfLiteOk : kTfLiteError;
}

TfLiteStatus EvalStridedBox(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const StridedBoxOpData*>(node->user_data);
  reference::StridedSliceBytes(data->box, data->element_size, micro::GetEvalInput(context, node, 0)->data.raw_const,
                               micro::GetEvalOutput(context, node, 0)->data.raw);
  return kTfLiteOk;
}

}  // namespace mote
