// TFLM's micro/mock_micro_graph.h: the graph a KernelRunner gives a control-flow kernel run alone
// (KernelRunner::GetMockGraph()). As TFLM's: kMaxSubgraphs subgraphs, each with one input and one output (the
// same FLOAT32 [1, 2] tensor), whose InvokeSubgraph only counts the calls. An index outside [0, kMaxSubgraphs)
// gets 0 counts, nullptr tensors and a failing InvokeSubgraph (never an out-of-bounds access).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MOCK_MICRO_GRAPH_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MOCK_MICRO_GRAPH_H_

#include <cstddef>
#include <cstdint>

#include "tensorflow/lite/c/common.h"
#include "mote/micro_graph.h"

namespace tflite {

class MockMicroGraph final : public ::mote::MicroGraph {
 public:
  static constexpr int kMaxSubgraphs = 10;

  MockMicroGraph();
  MockMicroGraph(const MockMicroGraph& other);
  MockMicroGraph& operator=(const MockMicroGraph&) = delete;

  TfLiteStatus InvokeSubgraph(int subgraph_idx) override;
  TfLiteStatus ResetVariableTensors() { return kTfLiteOk; }
  int NumSubgraphs() override { return kMaxSubgraphs; }
  size_t NumSubgraphInputs(int subgraph_idx) override { return InRange(subgraph_idx) ? 1 : 0; }
  size_t NumSubgraphOutputs(int subgraph_idx) override { return InRange(subgraph_idx) ? 1 : 0; }
  TfLiteEvalTensor* GetSubgraphInput(int subgraph_idx, int tensor_idx) override;
  TfLiteEvalTensor* GetSubgraphOutput(int subgraph_idx, int tensor_idx) override;
  ::mote::MicroResourceVariables* GetResourceVariables() override { return nullptr; }
  uint32_t max_loop_iterations() const override { return 0; }

  int get_init_count() const { return 0; }
  int get_prepare_count() const { return 0; }
  int get_free_count() const { return 0; }
  int get_invoke_count(int subgraph_idx) const { return InRange(subgraph_idx) ? invoke_counts_[subgraph_idx] : 0; }

 private:
  static bool InRange(int subgraph_idx) { return subgraph_idx >= 0 && subgraph_idx < kMaxSubgraphs; }
  void PointTensorAtOwnData();

  int invoke_counts_[kMaxSubgraphs] = {};
  int dims_[3] = {2, 1, 2};  // a TfLiteIntArray: size, then the dimensions
  float data_[2] = {};
  TfLiteEvalTensor tensor_ = {};
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MOCK_MICRO_GRAPH_H_
