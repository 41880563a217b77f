// mote::XnnpackDelegate: float32 graphs on host CPUs through XNNPACK's subgraph API (DESIGN §6, §12), as an
// ordinary TfLiteDelegate over mote's own delegate mechanism.
//
//   mote::XnnpackDelegateOptions options;             // 1 thread, every op it supports
//   auto xnnpack = mote::XnnpackDelegate::Create(options);   // nullptr (reason logged): XNNPACK cannot start
//   interpreter->ModifyGraphWithDelegate(xnnpack->tflite_delegate());   // host::Interpreter or MicroInterpreter
//   interpreter->AllocateTensors();                   // MicroInterpreter: after ModifyGraphWithDelegate
//   interpreter->Invoke();
//   // destroy the interpreter, then the delegate (TFLite's order; see "Lifetimes")
//
// Or with TFLite's C names (TfLiteXNNPackDelegateCreate / TfLiteXNNPackDelegateDelete) declared below.
//
// int8 only on request (options.quantized / TFLITE_XNNPACK_DELEGATE_FLAG_QS8): FULLY_CONNECTED (per-tensor
// weights), CONV_2D, DEPTHWISE_CONV_2D, ADD, SUB, MUL, MAX_POOL_2D, MEAN over H and W, PAD, PADV2, RESHAPE,
// RESIZE_BILINEAR, LOGISTIC, ELU, RELU, RELU6, RELU_N1_TO_1 — each node only if this XNNPACK builds it (tried
// once on its own in Prepare, so a quantization XNNPACK refuses leaves the node to mote, not the whole graph).
//
// What it takes. Prepare walks the execution plan and claims each node whose op, types, shapes and parameters
// it can hand to the installed XNNPACK exactly as TFLite defines them (float32 tensors; weights and biases
// constant, or float16 constants behind a DEQUANTIZE, which are folded to float32 when the partition is built):
//   FULLY_CONNECTED, CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, ADD, SUB, MUL, DIV (fused NONE / RELU /
//   RELU_N1_TO_1 / RELU6), MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MAX_POOL_2D, AVERAGE_POOL_2D, MEAN over H and W
//   of a 4-D tensor, PAD / PADV2 (constant paddings), RESHAPE, RESIZE_BILINEAR, DEPTH_TO_SPACE, SOFTMAX (beta 1),
//   LOGISTIC, HARD_SWISH, ELU, LEAKY_RELU, PRELU (per-channel slope), RELU, RELU6, RELU_N1_TO_1, ABS, NEG,
//   SQUARE, SQRT, FLOOR, CEIL, ROUND (half to even), DEQUANTIZE (float16 constant -> float32).
// Everything else (CONCATENATION, which this XNNPACK lacks, integer ops, ...) stays on mote's
// kernels. mote's partitioner groups the claimed nodes into delegate kernels ("partitions"); each becomes one
// XNNPACK runtime. Results are XNNPACK's float arithmetic, not mote's reference kernels': tests hold them within
// |x - ref| <= 1e-4 + 1e-4 * |ref| of mote's float kernels.
//
// Errors. Every claimed partition is defined and created once inside Prepare; an xnn_status other than success
// there is logged naming the partition, the node and the XNNPACK call ("XNNPACK partition 0 (nodes 0-5): node 3
// (CONV_2D): xnn_define_convolution_2d failed: invalid parameter"), Prepare fails, and mote leaves the graph
// on its own kernels ("...the graph is unchanged and runs on mote's own kernels"), as TFLite does. Setup and
// run failures at Invoke fail that Invoke with the same kind of message.
//
// Memory and threads. HOST ONLY: XNNPACK allocates its packed weights and internal tensors from the heap when
// a partition is built; the first Invoke binds the partition's tensors (xnn_setup_runtime) and later Invokes
// only re-bind if the arena moved. num_threads > 1 runs partitions on a pthreadpool owned by the delegate and
// shared with its kernels.
//
// Lifetimes. The kernels keep what they need (runtime, weights, thread pool) themselves, so destroying the
// interpreter before the delegate (TFLite's order) and the delegate before the interpreter both work: after the
// delegate is gone the interpreter still invokes and is destroyed cleanly. What needs the delegate alive is
// anything that applies delegates again: host::Interpreter re-applies them when ModifyGraphWithDelegate is
// called again or when its arena grows during AllocateTensors.
#ifndef MOTE_XNNPACK_DELEGATE_H_
#define MOTE_XNNPACK_DELEGATE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mote/c/common.h"

namespace mote {
namespace xnnpack {
class Partition;  // one built XNNPACK runtime (src/delegates/xnnpack/)
}

struct XnnpackDelegateOptions {
  int num_threads = 1;             // <= 1: partitions run on the calling thread
  std::vector<int> excluded_ops;   // builtin codes (kTfLiteBuiltin*) left to mote's kernels
  bool log_claims = false;         // log each node taken and why each float node was not
  // Also take int8 (QS8) nodes: per-tensor int8 activations, int8 weights (per-channel for CONV_2D and
  // DEPTHWISE_CONV_2D), int32 biases. OFF by default: XNNPACK's requantization is not TFLM's, so results may
  // differ from mote's bit-exact kernels by a few quantization steps (docs/xnnpack-delegate.md, "int8").
  bool quantized = false;
  // Tests only: pretend the named XNNPACK call ("xnn_create_runtime_v2", "xnn_define_convolution_2d", ...)
  // returned xnn_status_invalid_parameter, to exercise the fallback and error paths.
  std::string fail_call_for_testing;
};

class XnnpackDelegate {
 public:
  // nullptr, with the reason logged, when xnn_initialize fails (e.g. a CPU without SSE2) or the thread pool
  // cannot be created.
  static std::unique_ptr<XnnpackDelegate> Create(const XnnpackDelegateOptions& options = {});
  ~XnnpackDelegate();
  XnnpackDelegate(const XnnpackDelegate&) = delete;
  XnnpackDelegate& operator=(const XnnpackDelegate&) = delete;

  TfLiteDelegate* tflite_delegate() { return &delegate_; }
  const XnnpackDelegateOptions& options() const { return options_; }

  // What the last Prepare did: the model nodes it took (execution order) and the partitions they formed
  // (0 when nothing was taken or the delegation failed).
  const std::vector<int>& claimed_nodes() const { return claimed_nodes_; }
  int partitions() const { return partitions_; }
  // Every node of the plan the last Prepare saw: taken or not, and why not (empty for non-float nodes).
  struct NodeDecision {
    int node;
    std::string op;
    bool taken;
    std::string reason;
  };
  const std::vector<NodeDecision>& decisions() const { return decisions_; }

  struct Shared;  // the thread pool and options, shared with the kernels (xnnpack_internal.h)
  // Internal (the delegate kernel's init): the partition Prepare built for exactly these nodes, or nullptr.
  std::unique_ptr<xnnpack::Partition> TakeBuiltPartition(const std::vector<int>& nodes);
  // Internal (the delegate kernel's prepare, when Prepare's partition went to another interpreter).
  TfLiteStatus BuildPartition(TfLiteContext* context, const TfLiteDelegateParams& params,
                              std::unique_ptr<xnnpack::Partition>* out);

 private:
  explicit XnnpackDelegate(const XnnpackDelegateOptions& options);
  static TfLiteStatus PrepareThunk(TfLiteContext* context, TfLiteDelegate* delegate);
  TfLiteStatus Prepare(TfLiteContext* context);

  XnnpackDelegateOptions options_;
  TfLiteDelegate delegate_;
  std::shared_ptr<Shared> shared_;
  std::vector<int> claimed_nodes_;
  int partitions_ = 0;
  std::vector<NodeDecision> decisions_;
  std::vector<std::unique_ptr<xnnpack::Partition>> built_;  // by the last Prepare, until the kernels take them
};

}  // namespace mote

// TFLite's C entry points (tensorflow/lite/delegates/xnnpack/xnnpack_delegate.h), over mote::XnnpackDelegate.
struct TfLiteXNNPackDelegateOptions {
  int32_t num_threads;  // <= 1: the calling thread
  uint32_t flags;       // TFLITE_XNNPACK_DELEGATE_FLAG_QS8 sets XnnpackDelegateOptions::quantized; others accepted
};
// TFLite's flag values.
#define TFLITE_XNNPACK_DELEGATE_FLAG_QS8 0x00000001
#define TFLITE_XNNPACK_DELEGATE_FLAG_QU8 0x00000002
#define TFLITE_XNNPACK_DELEGATE_FLAG_FORCE_FP16 0x00000004
TfLiteXNNPackDelegateOptions TfLiteXNNPackDelegateOptionsDefault();
// nullptr when XNNPACK cannot start (reason logged). Delete with TfLiteXNNPackDelegateDelete.
TfLiteDelegate* TfLiteXNNPackDelegateCreate(const TfLiteXNNPackDelegateOptions* options);
void TfLiteXNNPackDelegateDelete(TfLiteDelegate* delegate);

#endif  // MOTE_XNNPACK_DELEGATE_H_
