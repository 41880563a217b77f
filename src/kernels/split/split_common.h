// The glue shared by SPLIT, SPLIT_V and UNPACK (split/): every output is checked against the input once in
// prepare (type, shape, the parts adding up to the input's axis dimension) and the per-output chunk sizes go
// to op data; invoke is reference::Split. Types as TFLM's three kernels: FLOAT32, INT8, INT16, INT32.
//
// TFLM's kernels size the copy from the output tensors' shapes without checking them against the input (SPLIT
// even from output 0's alone): outputs that do not add up are refused here, so invoke never reads or writes
// out of bounds. SPLIT_V's size_splits input is not read, as in TFLM: the outputs' shapes are the sizes.
#ifndef MOTE_KERNELS_SPLIT_SPLIT_COMMON_H_
#define MOTE_KERNELS_SPLIT_SPLIT_COMMON_H_

#include <cstddef>

#include "mote/c/common.h"

namespace mote {

struct SplitOpData {
  int input_index;  // SPLIT's data is input 1 (input 0 is the axis), the others' input 0
  int num_outputs;
  int outer_size;
  size_t* chunk_bytes;  // per output, persistent
};

enum class SplitKind {
  kKeepAxis,  // SPLIT, SPLIT_V: outputs have the input's rank and differ from it along the axis only
  kDropAxis,  // UNPACK: outputs are the input without the axis dimension, one per index along it
};

// Refuses, each message starting with `op`: a type not supported, an output whose type or shape does not fit
// the input, parts that do not add up to the input's axis dimension. `axis` is resolved (0 <= axis < rank).
TfLiteStatus PrepareSplit(TfLiteContext* context, TfLiteNode* node, const char* op, SplitKind kind,
                          const TfLiteTensor* input, int axis, SplitOpData* data);

TfLiteStatus EvalSplit(TfLiteContext* context, TfLiteNode* node);

}  // namespace mote

#endif  // MOTE_KERNELS_SPLIT_SPLIT_COMMON_H_
