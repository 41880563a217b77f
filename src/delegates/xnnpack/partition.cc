// One XNNPACK partition: the nodes of one delegate kernel defined into an xnn_subgraph (in execution order),
// turned into a runtime, and run. Value ids are mote's tensor indices; the partition's boundary tensors are
// XNNPACK external values bound to mote's arena, tensors inside it are XNNPACK's own.
#include <algorithm>
#include <cstring>
#include <set>

#include "delegates/xnnpack/node_support.h"
#include "delegates/xnnpack/xnnpack_internal.h"
#include "kernels/dequantize/dequantize_reference.h"
#include "mote/micro_log.h"

namespace mote {
namespace xnnpack {
namespace {

bool Contains(const TfLiteIntArray* a, int value) {
  for (int i = 0; i < a->size; ++i)
    if (a->data[i] == value) return true;
  return false;
}

// The members in an order where every node comes after the members that write its inputs.
std::vector<int> ExecutionOrder(TfLiteContext* context, const std::vector<int>& members) {
  std::vector<TfLiteNode*> nodes(members.size(), nullptr);
  std::map<int, size_t> writer;  // tensor -> member position
  for (size_t m = 0; m < members.size(); ++m) {
    TfLiteRegistration* registration = nullptr;
    context->GetNodeAndRegistration(context, members[m], &nodes[m], &registration);
    for (int k = 0; nodes[m] != nullptr && k < nodes[m]->outputs->size; ++k) writer[nodes[m]->outputs->data[k]] = m;
  }
  std::vector<int> order;
  std::vector<bool> emitted(members.size(), false);
  for (size_t round = 0; round < members.size() && order.size() < members.size(); ++round) {
    for (size_t m = 0; m < members.size(); ++m) {
      if (emitted[m] || nodes[m] == nullptr) continue;
      bool ready = true;
      for (int k = 0; k < nodes[m]->inputs->size && ready; ++k) {
        auto w = writer.find(nodes[m]->inputs->data[k]);
        ready = w == writer.end() || emitted[w->second];
      }
      if (!ready) continue;
      emitted[m] = true;
      order.push_back(members[m]);
    }
  }
  return order;
}

}  // namespace

Partition::~Partition() {
  if (runtime_ != nullptr) xnn_delete_runtime(runtime_);
  if (subgraph_ != nullptr) xnn_delete_subgraph(subgraph_);
}

std::string Partition::Where() const {
  const std::string number = number_ >= 0 ? std::to_string(number_) + " " : "";
  return "XNNPACK partition " + number + "(nodes " + DescribeNodes(nodes_) + ")";
}

TfLiteStatus Partition::Build(TfLiteContext* context, const GraphFacts& facts,
                              const std::shared_ptr<XnnpackDelegate::Shared>& shared,
                              const TfLiteDelegateParams& params, int number, std::unique_ptr<Partition>* out) {
  std::unique_ptr<Partition> p(new Partition());
  p->shared_ = shared;
  p->number_ = number;
  p->nodes_.assign(params.nodes_to_replace->data, params.nodes_to_replace->data + params.nodes_to_replace->size);

  xnn_status status = xnn_create_subgraph(static_cast<uint32_t>(context->tensors_size), 0, &p->subgraph_);
  if (shared->FailsForTesting("xnn_create_subgraph")) status = xnn_status_invalid_parameter;
  if (status != xnn_status_success) {
    MicroPrintf("%s: xnn_create_subgraph failed: %s", p->Where().c_str(), StatusName(status));
    return kTfLiteError;
  }

  std::set<int> defined;
  std::string value_error;
  Partition* self = p.get();
  auto define = [&](int tensor, size_t rank, const size_t* dims, const void* data, uint32_t flags) -> uint32_t {
    uint32_t id = XNN_INVALID_VALUE_ID;
    xnn_status s = xnn_define_tensor_value(self->subgraph_, xnn_datatype_fp32, rank, dims, data,
                                           static_cast<uint32_t>(tensor), flags, &id);
    if (shared->FailsForTesting("xnn_define_tensor_value")) s = xnn_status_invalid_parameter;
    if (s != xnn_status_success && value_error.empty())
      value_error = "xnn_define_tensor_value (tensor " + std::to_string(tensor) + ") failed: " + StatusName(s);
    defined.insert(tensor);
    return s == xnn_status_success ? id : XNN_INVALID_VALUE_ID;
  };
  auto value = [&](int tensor) -> uint32_t {
    if (defined.count(tensor) > 0) return static_cast<uint32_t>(tensor);
    const TfLiteEvalTensor* e = context->GetEvalTensor(context, tensor);
    std::vector<size_t> dims(e->dims->data, e->dims->data + e->dims->size);
    const auto fp16 = facts.fp16_source.find(tensor);
    if (fp16 != facts.fp16_source.end()) {
      // Float16 weights behind a DEQUANTIZE: widened once, here (exactly, as mote's DEQUANTIZE does).
      const TfLiteEvalTensor* half = context->GetEvalTensor(context, fp16->second);
      size_t count = 1;
      for (size_t d : dims) count *= d;
      self->static_data_.emplace_back(count);
      const auto* bits = static_cast<const uint16_t*>(half->data.data);
      for (size_t i = 0; i < count; ++i) self->static_data_.back()[i] = reference::HalfToFloat(bits[i]);
      return define(tensor, dims.size(), dims.data(), self->static_data_.back().data(), 0);
    }
    const TfLiteTensor* t = context->GetTensor(context, tensor);
    if (t != nullptr && t->allocation_type == kTfLiteMmapRo && t->data.raw != nullptr)
      return define(tensor, dims.size(), dims.data(), t->data.raw, 0);
    uint32_t flags = 0;
    if (Contains(params.input_tensors, tensor)) flags |= XNN_VALUE_FLAG_EXTERNAL_INPUT;
    if (Contains(params.output_tensors, tensor)) flags |= XNN_VALUE_FLAG_EXTERNAL_OUTPUT;
    if (flags != 0) self->external_tensors_.push_back(tensor);
    return define(tensor, dims.size(), dims.data(), nullptr, flags);
  };
  auto static_value = [&](int tensor, size_t rank, const size_t* dims) -> uint32_t {
    if (defined.count(tensor) > 0) return static_cast<uint32_t>(tensor);
    const auto fp16 = facts.fp16_source.find(tensor);
    const void* data = nullptr;
    if (fp16 != facts.fp16_source.end()) {
      value(tensor);  // folded with the tensor's own dims; the element order is the same
      return static_cast<uint32_t>(tensor);
    }
    data = context->GetEvalTensor(context, tensor)->data.data;
    return define(tensor, rank, dims, data, 0);
  };

  auto internal_value = [&](size_t rank, const size_t* dims) -> uint32_t {
    uint32_t id = XNN_INVALID_VALUE_ID;
    const xnn_status s =
        xnn_define_tensor_value(self->subgraph_, xnn_datatype_fp32, rank, dims, nullptr, XNN_INVALID_VALUE_ID, 0, &id);
    if (s != xnn_status_success && value_error.empty())
      value_error = std::string("xnn_define_tensor_value (internal value) failed: ") + StatusName(s);
    return id;
  };

  int xnnpack_nodes = 0;
  for (int index : ExecutionOrder(context, p->nodes_)) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, index, &node, &registration));
    if (registration->builtin_code == kTfLiteBuiltinDequantize) {
      // Folded where it is read; written to mote's tensor only if a reader outside the partition needs it.
      const int output = node->outputs->data[0];
      if (Contains(params.output_tensors, output)) {
        value(output);
        p->external_tensors_.erase(std::remove(p->external_tensors_.begin(), p->external_tensors_.end(), output),
                                   p->external_tensors_.end());
        p->folded_outputs_.emplace_back(output, &p->static_data_.back());
      }
      continue;
    }
    std::string why, error;
    NodeVisit v;
    v.context = context;
    v.facts = &facts;
    v.shared = shared.get();
    v.node = node;
    v.registration = registration;
    v.why = &why;
    v.subgraph = p->subgraph_;
    v.error = &error;
    v.value = value;
    v.static_value = static_value;
    v.internal_value = internal_value;
    const bool ok = VisitNode(v);
    if (!ok || !value_error.empty()) {
      MicroPrintf("%s: node %d (%s): %s", p->Where().c_str(), index, OpName(*registration),
                  !value_error.empty() ? value_error.c_str() : !error.empty() ? error.c_str() : why.c_str());
      return kTfLiteError;
    }
    ++xnnpack_nodes;
  }

  if (xnnpack_nodes > 0) {
    status = xnn_create_runtime_v2(p->subgraph_, shared->threadpool, 0, &p->runtime_);
    if (shared->FailsForTesting("xnn_create_runtime_v2")) status = xnn_status_invalid_parameter;
    if (status != xnn_status_success) {
      MicroPrintf("%s: xnn_create_runtime_v2 failed: %s", p->Where().c_str(), StatusName(status));
      return kTfLiteError;
    }
  }
  // The runtime keeps what it needs (packed weights; static data it reads stays in the model / static_data_).
  xnn_delete_subgraph(p->subgraph_);
  p->subgraph_ = nullptr;
  p->bound_.assign(p->external_tensors_.size(), xnn_external_value{0, nullptr});
  *out = std::move(p);
  return kTfLiteOk;
}

TfLiteStatus Partition::Invoke(TfLiteContext* context) {
  // Bind the boundary tensors the first time and whenever one moved (never, once mote has planned its arena).
  bool moved = !set_up_;
  for (size_t i = 0; i < external_tensors_.size(); ++i) {
    void* data = context->GetEvalTensor(context, external_tensors_[i])->data.data;
    if (bound_[i].data != data) moved = true;
    bound_[i].id = static_cast<uint32_t>(external_tensors_[i]);
    bound_[i].data = data;
  }
  if (runtime_ != nullptr && moved) {
    xnn_status status = xnn_setup_runtime(runtime_, bound_.size(), bound_.data());
    if (shared_->FailsForTesting("xnn_setup_runtime")) status = xnn_status_invalid_parameter;
    if (status != xnn_status_success) {
      MicroPrintf("%s: xnn_setup_runtime failed: %s", Where().c_str(), StatusName(status));
      return kTfLiteError;
    }
    set_up_ = true;
  }
  for (const auto& folded : folded_outputs_) {
    std::memcpy(context->GetEvalTensor(context, folded.first)->data.data, folded.second->data(),
                folded.second->size() * sizeof(float));
  }
  if (runtime_ == nullptr) return kTfLiteOk;
  xnn_status status = xnn_invoke_runtime(runtime_);
  if (shared_->FailsForTesting("xnn_invoke_runtime")) status = xnn_status_invalid_parameter;
  if (status != xnn_status_success) {
    MicroPrintf("%s: xnn_invoke_runtime failed: %s", Where().c_str(), StatusName(status));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace xnnpack
}  // namespace mote
