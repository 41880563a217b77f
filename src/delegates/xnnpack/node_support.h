// One node seen by the XNNPACK delegate: checked (subgraph == nullptr) or defined into a partition's subgraph.
// node_support.cc holds one visit function per op, used for both, so what is claimed is what gets defined.
#ifndef MOTE_DELEGATES_XNNPACK_NODE_SUPPORT_H_
#define MOTE_DELEGATES_XNNPACK_NODE_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "delegates/xnnpack/xnnpack_internal.h"

namespace mote {
namespace xnnpack {

struct NodeVisit {
  TfLiteContext* context = nullptr;
  const GraphFacts* facts = nullptr;
  const XnnpackDelegate::Shared* shared = nullptr;
  const TfLiteNode* node = nullptr;
  const TfLiteRegistration* registration = nullptr;
  std::string* why = nullptr;  // check mode: why the node is not claimed
  // The node's data type: FLOAT32, or INT8 (only with XnnpackDelegateOptions::quantized). Set by VisitNode
  // from the node's first output; every activation tensor of the node must have it.
  TfLiteType type = kTfLiteFloat32;

  // Define mode only.
  xnn_subgraph_t subgraph = nullptr;
  std::string* error = nullptr;  // the failing XNNPACK call and its status
  // The XNNPACK value of a tensor (defined on first use; its id is the tensor index).
  std::function<uint32_t(int tensor)> value;
  // A static value with other dimensions than the tensor's (PRELU's per-channel slope).
  std::function<uint32_t(int tensor, size_t rank, const size_t* dims)> static_value;
  // A value of XNNPACK's own between two XNNPACK nodes of one mote node (MEAN without keep_dims), with the
  // type and quantization of tensor `like`.
  std::function<uint32_t(int like, size_t rank, const size_t* dims)> internal_value;
  // An int8 node's INT32 bias, quantized as TFLM reads it: scale input scale x filter scale (per channel when
  // the filter is), whatever scale the bias tensor itself declares. For float nodes the same as value(bias).
  std::function<uint32_t(int bias, int input, int filter)> bias_value;
};

// Check or define one node; false when it cannot be claimed (*why) or a definition failed (*error).
bool VisitNode(NodeVisit& visit);

}  // namespace xnnpack
}  // namespace mote

#endif  // MOTE_DELEGATES_XNNPACK_NODE_SUPPORT_H_
