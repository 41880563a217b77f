// Packed INT4 filters (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED with INT8 activations), as TFLM runs them.
//
// Storage: TFLite's packed layout, two signed 4-bit values per byte, element 2i in the low nibble of byte i
// and element 2i + 1 in the high nibble; an odd element count leaves the last high nibble unused (the model
// verifier sizes such a buffer (n + 1) / 2 bytes, model_verifier.h TensorBytes). The oracle confirms the
// nibble order: a model with packed INT4 weights gives TFLM's outputs bit for bit equal to the same model with
// those weights as INT8.
//
// Execution: prepare requests an arena scratch buffer of one byte per filter element; every invoke unpacks the
// filter into it (sign-extending each nibble to int8) and runs the op's int8 kernels, every variant included,
// on the unpacked copy, which is TFLM's scheme. The scratch lives in the planned region, shared over time with
// other nodes' activations and scratch, so the arena stays what TFLM needs; unpacking once in prepare into
// persistent memory would add the whole unpacked filter to the arena for the model's lifetime.
//
//   prepare: TF_LITE_ENSURE_STATUS(PrepareInt4Filter(context, "CONV_2D", filter, &data->unpacked_filter_index));
//   invoke:  problem.filter = FilterInt8Data(context, filter_eval_tensor, data.unpacked_filter_index);
#ifndef MOTE_KERNELS_GLUE_INT4_FILTER_H_
#define MOTE_KERNELS_GLUE_INT4_FILTER_H_

#include <cstdint>

#include "mote/c/common.h"

namespace mote {

// Unpacks `count` packed INT4 values (read from (count + 1) / 2 bytes of `packed`) into `unpacked` (count
// bytes), each in [-8, 7]. TFLite's UnpackDenseInt4IntoInt8.
void UnpackInt4ToInt8(const int8_t* packed, int count, int8_t* unpacked);

// Prepare: for an INT4 filter, refuses one that is not a constant tensor ("<op_name>: an INT4 filter must be a
// constant tensor": its packed bytes come from the model) and requests the unpacking scratch (one byte per
// element; the caller has checked the element count fits int), storing its index in *scratch_index. For any
// other filter type, sets *scratch_index to -1 and does nothing else.
TfLiteStatus PrepareInt4Filter(TfLiteContext* context, const char* op_name, const TfLiteTensor* filter,
                               int16_t* scratch_index);

// Invoke: the filter as int8: the tensor's own data when scratch_index < 0, else the packed INT4 data
// unpacked into that scratch buffer (done on every call; the buffer is not kept between invokes).
const int8_t* FilterInt8Data(TfLiteContext* context, const TfLiteEvalTensor* filter, int16_t scratch_index);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_INT4_FILTER_H_
