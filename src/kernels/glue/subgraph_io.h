// Moving values between a control-flow node's tensors and the subgraphs it calls (IF, WHILE).
//
// Prepare: CheckSubgraphTensors compares a run of the node's tensors with a subgraph's inputs or outputs:
//   same count, and pairwise the same type and byte size (TFLM compares these in invoke; mote refuses in
//   prepare), and a subgraph input must be writable (not a constant or variable tensor: the copy would write
//   into the model or into state). Messages start with the op's name:
//     "IF: subgraph 2 has 3 inputs but the node passes 2"
//     "WHILE: output 1 is int8 but subgraph 1's output 1 is float32"
//     "IF: input 2 holds 16 bytes but subgraph 1's input 1 holds 8 bytes"
//     "IF: subgraph 1's input 0 is a constant or variable tensor: the node cannot pass a value into it"
// Invoke: the copies, after those checks (no validation). The interpreter plans a called subgraph's inputs and
//   outputs so that they never share bytes with the calling node's tensors (mote/micro_graph.h), so copies go
//   straight between them; memmove covers a tensor that is both a subgraph's input and output.
#ifndef MOTE_KERNELS_GLUE_SUBGRAPH_IO_H_
#define MOTE_KERNELS_GLUE_SUBGRAPH_IO_H_

#include "mote/c/common.h"

namespace mote {

enum class SubgraphSide { kInputs, kOutputs };

// The node's tensors `tensors->data[first..]` (`what`: "input" or "output", numbered as the node numbers them)
// against subgraph `subgraph`'s inputs or outputs.
TfLiteStatus CheckSubgraphTensors(TfLiteContext* context, const char* op, const TfLiteIntArray* tensors, int first,
                                  const char* what, int subgraph, SubgraphSide side);

// Node tensors tensors->data[first..] -> the subgraph's inputs.
void CopyToSubgraphInputs(TfLiteContext* context, const TfLiteIntArray* tensors, int first, int subgraph);
// The subgraph's outputs -> node tensors tensors->data[0..].
void CopyFromSubgraphOutputs(TfLiteContext* context, const TfLiteIntArray* tensors, int subgraph);
// Node tensors from[first..] -> to[0..] (WHILE: its inputs into its outputs).
void CopyNodeTensors(TfLiteContext* context, const TfLiteIntArray* from, int first, const TfLiteIntArray* to);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_SUBGRAPH_IO_H_
