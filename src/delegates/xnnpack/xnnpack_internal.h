// Internals of mote::XnnpackDelegate (mote/xnnpack_delegate.h): what it may claim (node_support.cc) and one
// partition's XNNPACK subgraph and runtime (partition.cc).
#ifndef MOTE_DELEGATES_XNNPACK_XNNPACK_INTERNAL_H_
#define MOTE_DELEGATES_XNNPACK_XNNPACK_INTERNAL_H_

#include <xnnpack.h>

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mote/c/builtin_op_data.h"
#include "mote/c/builtin_ops.h"
#include "mote/c/common.h"
#include "mote/xnnpack_delegate.h"

namespace mote {

// What the delegate's kernels share with it and outlive it with: the thread pool (nullptr: calling thread).
struct XnnpackDelegate::Shared {
  ~Shared();
  pthreadpool_t threadpool = nullptr;
  XnnpackDelegateOptions options;
  // Whether a test asked `call` to fail (XnnpackDelegateOptions::fail_call_for_testing).
  bool FailsForTesting(const char* call) const { return options.fail_call_for_testing == call; }
};

namespace xnnpack {

const char* StatusName(xnn_status status);
std::string DescribeNodes(const std::vector<int>& nodes);  // "3,4,5"
const char* OpName(const TfLiteRegistration& registration);

// Facts about the whole graph the per-node checks need: which node writes each tensor, and which tensors are
// a DEQUANTIZE of a float16 constant (those count as static float32 weights: folded when a partition is built).
struct GraphFacts {
  std::map<int, int> fp16_source;  // DEQUANTIZE output tensor -> its FLOAT16 constant input tensor
  static GraphFacts Collect(TfLiteContext* context);
};

// Whether the node runs on XNNPACK exactly as TFLite defines it; if not, *why says what is missing (empty for
// nodes that are not float at all, which are not worth a log line).
bool CanClaim(TfLiteContext* context, const GraphFacts& facts, const XnnpackDelegate::Shared& shared,
              const TfLiteNode& node, const TfLiteRegistration& registration, std::string* why);

// Output clamp of a fused activation: false for TANH / SIGN_BIT / SIGMOID (XNNPACK has no fused form).
bool ActivationRange(TfLiteFusedActivation activation, float* min, float* max);

// One delegate kernel's XNNPACK subgraph and runtime. Built (define, create) in the delegate's Prepare; the
// first Invoke binds the boundary tensors (xnn_setup_runtime), later ones only when a tensor moved.
class Partition {
 public:
  ~Partition();
  static TfLiteStatus Build(TfLiteContext* context, const GraphFacts& facts,
                            const std::shared_ptr<XnnpackDelegate::Shared>& shared, const TfLiteDelegateParams& params,
                            int number, std::unique_ptr<Partition>* out, std::string* error = nullptr);
  // Whether XNNPACK defines and creates node `node_index` on its own (an int8 node's quantization may be outside
  // what its kernels take; only creating the runtime tells). If not, *why names the XNNPACK call that failed.
  static bool Builds(TfLiteContext* context, const GraphFacts& facts,
                     const std::shared_ptr<XnnpackDelegate::Shared>& shared, int node_index, std::string* why);
  TfLiteStatus Invoke(TfLiteContext* context);
  const std::vector<int>& nodes() const { return nodes_; }

 private:
  Partition() = default;
  std::string Where() const;  // "XNNPACK partition 0 (nodes 0,1,2)"

  std::shared_ptr<XnnpackDelegate::Shared> shared_;
  int number_ = 0;
  std::vector<int> nodes_;
  xnn_subgraph_t subgraph_ = nullptr;
  xnn_runtime_t runtime_ = nullptr;
  std::deque<std::vector<float>> static_data_;    // folded float16 weights, reshaped slopes (outlive runtime_)
  std::deque<std::vector<float>> static_scales_;  // int8 biases' per-channel scales (input x filter scale)
  std::vector<int> external_tensors_;             // tensor of each external value (its id is the tensor index)
  std::vector<xnn_external_value> bound_;         // what xnn_setup_runtime last received
  bool set_up_ = false;
  std::vector<std::pair<int, const std::vector<float>*>> folded_outputs_;  // DEQUANTIZE outputs others read
};

}  // namespace xnnpack
}  // namespace mote

#endif  // MOTE_DELEGATES_XNNPACK_XNNPACK_INTERNAL_H_
