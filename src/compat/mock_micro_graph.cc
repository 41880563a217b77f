// tflite::MockMicroGraph (tensorflow/lite/micro/mock_micro_graph.h).
#include "tensorflow/lite/micro/mock_micro_graph.h"

namespace tflite {

MockMicroGraph::MockMicroGraph() { PointTensorAtOwnData(); }

MockMicroGraph::MockMicroGraph(const MockMicroGraph& other) : ::mote::MicroGraph(other) {
  for (int i = 0; i < kMaxSubgraphs; ++i) invoke_counts_[i] = other.invoke_counts_[i];
  data_[0] = other.data_[0];
  data_[1] = other.data_[1];
  PointTensorAtOwnData();
}

void MockMicroGraph::PointTensorAtOwnData() {
  tensor_.dims = reinterpret_cast<TfLiteIntArray*>(dims_);
  tensor_.data.f = data_;
  tensor_.type = kTfLiteFloat32;
}

TfLiteStatus MockMicroGraph::InvokeSubgraph(int subgraph_idx) {
  if (!InRange(subgraph_idx)) return kTfLiteError;
  ++invoke_counts_[subgraph_idx];
  return kTfLiteOk;
}

TfLiteEvalTensor* MockMicroGraph::GetSubgraphInput(int subgraph_idx, int tensor_idx) {
  return InRange(subgraph_idx) && tensor_idx == 0 ? &tensor_ : nullptr;
}

TfLiteEvalTensor* MockMicroGraph::GetSubgraphOutput(int subgraph_idx, int tensor_idx) {
  return InRange(subgraph_idx) && tensor_idx == 0 ? &tensor_ : nullptr;
}

}  // namespace tflite
