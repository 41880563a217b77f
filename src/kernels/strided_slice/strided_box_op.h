// The invoke shared by SLICE and BROADCAST_TO (strided_slice/): prepare resolves the op into one strided box
// over the input (reference::StridedSliceParams) and the element size; invoke walks it.
#ifndef MOTE_KERNELS_STRIDED_SLICE_STRIDED_BOX_OP_H_
#define MOTE_KERNELS_STRIDED_SLICE_STRIDED_BOX_OP_H_

#include <cstddef>

#include "kernels/strided_slice/strided_slice_reference.h"
#include "mote/c/common.h"

namespace mote {

struct StridedBoxOpData {
  reference::StridedSliceParams box;
  size_t element_size;  // 1, 2, 4 or 8
};

// The walk of `box` into *params, its loops stored in persistent memory of their exact count (prepare of
// STRIDED_SLICE, SLICE and BROADCAST_TO). kTfLiteError when the arena is full (reported there).
TfLiteStatus StoreStridedBox(TfLiteContext* context, const reference::StridedBox& box,
                             reference::StridedSliceParams* params);

// reference::StridedSliceBytes from input 0 to output 0 (StridedBoxOpData in node->user_data).
TfLiteStatus EvalStridedBox(TfLiteContext* context, TfLiteNode* node);

}  // namespace mote

#endif  // MOTE_KERNELS_STRIDED_SLICE_STRIDED_BOX_OP_H_
