// mote::XnnpackDelegate (mote/xnnpack_delegate.h). Three steps, each in its own part of this file:
//   1. claim    which nodes XNNPACK can run exactly as TFLite defines them (node_support.cc)
//   2. build    one XNNPACK subgraph + runtime per partition mote's partitioner formed (partition.cc)
//   3. run      the delegate kernel: bind the partition's boundary tensors once, then xnn_invoke_runtime
#include "mote/xnnpack_delegate.h"

#include <xnnpack.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

#include "delegates/xnnpack/xnnpack_internal.h"
#include "mote/micro_log.h"

namespace mote {
namespace xnnpack {

const char* StatusName(xnn_status status) {
  switch (status) {
    case xnn_status_success: return "success";
    case xnn_status_uninitialized: return "uninitialized";
    case xnn_status_invalid_parameter: return "invalid parameter";
    case xnn_status_invalid_state: return "invalid state";
    case xnn_status_unsupported_parameter: return "unsupported parameter";
    case xnn_status_unsupported_hardware: return "unsupported hardware";
    case xnn_status_out_of_memory: return "out of memory";
  }
  return "unknown status";
}

std::string DescribeNodes(const std::vector<int>& nodes) {
  std::string s;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (i > 0) s += ",";
    s += std::to_string(nodes[i]);
  }
  return s;
}

}  // namespace xnnpack

using xnnpack::Partition;

XnnpackDelegate::Shared::~Shared() {
  if (threadpool != nullptr) pthreadpool_destroy(threadpool);
}

namespace {

// The delegate kernel's registration callbacks. user_data is the Partition, owned by the kernel.
void* KernelInit(TfLiteContext* context, const char* buffer, size_t length) {
  (void)length;
  const auto* params = reinterpret_cast<const TfLiteDelegateParams*>(buffer);
  auto* delegate = static_cast<XnnpackDelegate*>(params->delegate->data_);
  std::vector<int> nodes(params->nodes_to_replace->data, params->nodes_to_replace->data + params->nodes_to_replace->size);
  // Built (and proven to build) by the delegate's Prepare; a kernel whose partition is missing fails prepare.
  std::unique_ptr<Partition> partition = delegate->TakeBuiltPartition(nodes);
  return partition.release();
}

void KernelFree(TfLiteContext* context, void* buffer) {
  (void)context;
  delete static_cast<Partition*>(buffer);
}

TfLiteStatus KernelPrepare(TfLiteContext* context, TfLiteNode* node) {
  if (node->user_data != nullptr) return kTfLiteOk;
  // Not built by the delegate's Prepare for this graph: the delegate was prepared again since (one delegate
  // applied to several interpreters before they allocate). Build it now; free() releases node->user_data.
  const auto* params = static_cast<const TfLiteDelegateParams*>(node->builtin_data);
  auto* delegate = static_cast<XnnpackDelegate*>(params->delegate->data_);
  std::unique_ptr<Partition> partition;
  TF_LITE_ENSURE_STATUS(delegate->BuildPartition(context, *params, &partition));
  node->user_data = partition.release();
  return kTfLiteOk;
}

TfLiteStatus KernelInvoke(TfLiteContext* context, TfLiteNode* node) {
  return static_cast<Partition*>(node->user_data)->Invoke(context);
}

}  // namespace

std::unique_ptr<XnnpackDelegate> XnnpackDelegate::Create(const XnnpackDelegateOptions& options) {
  const xnn_status status = xnn_initialize(nullptr);
  if (status != xnn_status_success) {
    MicroPrintf("XNNPACK delegate: xnn_initialize failed: %s", xnnpack::StatusName(status));
    return nullptr;
  }
  std::unique_ptr<XnnpackDelegate> delegate(new XnnpackDelegate(options));
  if (options.num_threads > 1) {
    delegate->shared_->threadpool = pthreadpool_create(static_cast<size_t>(options.num_threads));
    if (delegate->shared_->threadpool == nullptr) {
      MicroPrintf("XNNPACK delegate: pthreadpool_create(%d) failed", options.num_threads);
      return nullptr;
    }
  }
  return delegate;
}

XnnpackDelegate::XnnpackDelegate(const XnnpackDelegateOptions& options)
    : options_(options), delegate_(TfLiteDelegateCreate()), shared_(std::make_shared<Shared>()) {
  shared_->options = options;
  delegate_.data_ = this;
  delegate_.Prepare = PrepareThunk;
}

XnnpackDelegate::~XnnpackDelegate() = default;

TfLiteStatus XnnpackDelegate::PrepareThunk(TfLiteContext* context, TfLiteDelegate* delegate) {
  return static_cast<XnnpackDelegate*>(delegate->data_)->Prepare(context);
}

std::unique_ptr<Partition> XnnpackDelegate::TakeBuiltPartition(const std::vector<int>& nodes) {
  for (auto& p : built_) {
    if (p != nullptr && p->nodes() == nodes) return std::move(p);
  }
  return nullptr;
}

TfLiteStatus XnnpackDelegate::BuildPartition(TfLiteContext* context, const TfLiteDelegateParams& params,
                                              std::unique_ptr<xnnpack::Partition>* out) {
  return Partition::Build(context, xnnpack::GraphFacts::Collect(context), shared_, params, -1, out);
}

TfLiteStatus XnnpackDelegate::Prepare(TfLiteContext* context) {
  claimed_nodes_.clear();
  decisions_.clear();
  partitions_ = 0;
  built_.clear();
  const xnnpack::GraphFacts facts = xnnpack::GraphFacts::Collect(context);
  TfLiteIntArray* plan = nullptr;
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
  std::vector<int> claimed;
  for (int i = 0; i < plan->size; ++i) {
    const int index = plan->data[i];
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, index, &node, &registration));
    std::string why;
    bool taken = xnnpack::CanClaim(context, facts, *shared_, *node, *registration, &why);
    // An int8 node is tried on its own first: whether XNNPACK takes its scales is known only by building it,
    // and one refusal must leave that node to mote, not fail the whole delegation.
    if (taken && options_.quantized && node->outputs->size > 0 &&
        context->GetTensor(context, node->outputs->data[0])->type == kTfLiteInt8)
      taken = Partition::Builds(context, facts, shared_, index, &why);
    decisions_.push_back(NodeDecision{index, xnnpack::OpName(*registration), taken, taken ? "" : why});
    if (taken) {
      claimed.push_back(index);
      if (options_.log_claims) MicroPrintf("XNNPACK delegate: takes node %d (%s)", index, xnnpack::OpName(*registration));
    } else if (options_.log_claims && !why.empty()) {
      MicroPrintf("XNNPACK delegate: leaves node %d (%s) to mote: %s", index, xnnpack::OpName(*registration),
                  why.c_str());
    }
  }
  if (claimed.empty()) return kTfLiteOk;

  TfLiteIntArray* request = TfLiteIntArrayCreate(static_cast<int>(claimed.size()));
  std::copy(claimed.begin(), claimed.end(), request->data);
  TfLiteRegistration kernel = {};
  kernel.init = KernelInit;
  kernel.free = KernelFree;
  kernel.prepare = KernelPrepare;
  kernel.invoke = KernelInvoke;
  kernel.custom_name = "XNNPACK";
  kernel.variant = options_.quantized ? "xnnpack/f32+qs8" : "xnnpack/f32";
  const TfLiteStatus replaced = context->ReplaceNodeSubsetsWithDelegateKernels(context, kernel, request, &delegate_);
  TfLiteIntArrayFree(request);
  TF_LITE_ENSURE_STATUS(replaced);

  // Build every partition now, so that an XNNPACK failure fails this Prepare and mote keeps its own kernels.
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
  int partition_number = 0;
  for (int i = 0; i < plan->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, plan->data[i], &node, &registration));
    if (registration->builtin_code != kTfLiteBuiltinDelegate || node->builtin_data == nullptr) continue;
    const auto* params = static_cast<const TfLiteDelegateParams*>(node->builtin_data);
    if (params->delegate != &delegate_) continue;
    std::unique_ptr<Partition> partition;
    const TfLiteStatus built = Partition::Build(context, facts, shared_, *params, partition_number, &partition);
    if (built != kTfLiteOk) {
      built_.clear();
      MicroPrintf("XNNPACK delegate: partition %d could not be built; no node is delegated", partition_number);
      return built;
    }
    built_.push_back(std::move(partition));
    ++partition_number;
  }
  claimed_nodes_ = claimed;
  partitions_ = partition_number;
  return kTfLiteOk;
}

}  // namespace mote

// --- TFLite's C entry points -------------------------------------------------------------------------------
TfLiteXNNPackDelegateOptions TfLiteXNNPackDelegateOptionsDefault() {
  TfLiteXNNPackDelegateOptions options;
  options.num_threads = 1;
  options.flags = 0;
  return options;
}

TfLiteDelegate* TfLiteXNNPackDelegateCreate(const TfLiteXNNPackDelegateOptions* options) {
  mote::XnnpackDelegateOptions o;
  if (options != nullptr) {
    o.num_threads = options->num_threads;
    o.quantized = (options->flags & TFLITE_XNNPACK_DELEGATE_FLAG_QS8) != 0;
  }
  std::unique_ptr<mote::XnnpackDelegate> delegate = mote::XnnpackDelegate::Create(o);
  return delegate == nullptr ? nullptr : delegate.release()->tflite_delegate();
}

void TfLiteXNNPackDelegateDelete(TfLiteDelegate* delegate) {
  if (delegate != nullptr) delete static_cast<mote::XnnpackDelegate*>(delegate->data_);
}
