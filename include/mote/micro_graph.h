// MicroGraph: what a control-flow kernel (IF, WHILE, CALL_ONCE) may ask of the interpreter's subgraphs.
//
// Reached as mote::GetMicroContext(context)->graph(), TFLM's shape (tflite::MicroGraph), so TFLM control-flow
// kernels compile unchanged. Contract:
//   - subgraph indices are model subgraph indices; an index outside [0, NumSubgraphs()) gives 0 counts,
//     nullptr tensors and a failing InvokeSubgraph (never an out-of-bounds access);
//   - GetSubgraphInput/Output are the subgraph's eval tensors: in prepare their type and dims are final (data is
//     null until the memory plan); in invoke their data is planned so that a subgraph's inputs and outputs stay
//     valid over the whole invoke of every node that calls the subgraph (the caller copies into the inputs,
//     invokes, then copies out of the outputs without intermediate buffers);
//   - InvokeSubgraph runs the subgraph's nodes in order. It is only available in invoke; nesting is bounded
//     (kMaxSubgraphNesting: the interpreter refuses, at load, models whose control flow recurses or nests
//     deeper).
#ifndef MOTE_MICRO_GRAPH_H_
#define MOTE_MICRO_GRAPH_H_

#include <cstddef>
#include <cstdint>

#include "mote/c/common.h"

namespace mote {

class MicroResourceVariables;

// Subgraphs on one chain of control-flow calls, subgraph 0 included.
constexpr int kMaxSubgraphNesting = 8;

class MicroGraph {
 public:
  virtual TfLiteStatus InvokeSubgraph(int subgraph_idx) = 0;
  virtual int NumSubgraphs() = 0;
  virtual size_t NumSubgraphInputs(int subgraph_idx) = 0;
  virtual size_t NumSubgraphOutputs(int subgraph_idx) = 0;
  virtual TfLiteEvalTensor* GetSubgraphInput(int subgraph_idx, int input_idx) = 0;
  virtual TfLiteEvalTensor* GetSubgraphOutput(int subgraph_idx, int output_idx) = 0;
  // The interpreter's resource variables (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE); nullptr when the model
  // has no VAR_HANDLE and the application passed none.
  virtual MicroResourceVariables* GetResourceVariables() = 0;
  // mote: the application's bound on one WHILE node's iterations per invoke (MicroInterpreter::
  // SetMaxLoopIterations); 0 when unbounded (TFLM's behaviour).
  virtual uint32_t max_loop_iterations() const = 0;

 protected:
  ~MicroGraph() = default;  // not virtual: no deleting destructor, so no operator delete on bare metal
};

}  // namespace mote

#endif  // MOTE_MICRO_GRAPH_H_
