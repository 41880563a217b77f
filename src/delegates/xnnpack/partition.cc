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
                              const TfLiteDelegateParams& params, int number, std::unique_ptr<Partition>* out,
                              std::string* error) {
  std::unique_ptr<Partition> p(new Partition());
  auto fail = [&](const std::string& message) {
    if (error != nullptr) *error = message;
    else MicroPrintf("%s", message.c_str());
    return kTfLiteError;
  };
  p->shared_ = shared;
  p->number_ = number;
  p->nodes_.assign(params.nodes_to_replace->data, params.nodes_to_replace->data + params.nodes_to_replace->size);

  xnn_status status = xnn_create_subgraph(static_cast<uint32_t>(context->tensors_size), 0, &p->subgraph_);
  if (shared->FailsForTesting("xnn_create_subgraph")) status = xnn_status_invalid_parameter;
  if (status != xnn_status_success) {
    return fail(p->Where() + ": xnn_create_subgraph failed: " + StatusName(status));
  }

  std::set<int> defined;
  std::string value_error;
  Partition* self = p.get();
  auto check = [&](xnn_status s, const char* call, const std::string& what) {
    if (shared->FailsForTesting(call)) s = xnn_status_invalid_parameter;
    if (s != xnn_status_success && value_error.empty())
      value_error = std::string(call) + " (" + what + ") failed: " + StatusName(s);
    return s == xnn_status_success;
  };
  // Defines tensor `tensor` (or, with tensor < 0, a value of XNNPACK's own) with the type and quantization of
  // tensor `like`: fp32, qint8 per tensor, or qcint8 per channel (int8 weights quantized per channel).
  auto define = [&](int tensor, int like, size_t rank, const size_t* dims, const void* data, uint32_t flags) {
    uint32_t id = XNN_INVALID_VALUE_ID;
    const uint32_t external_id = tensor >= 0 ? static_cast<uint32_t>(tensor) : XNN_INVALID_VALUE_ID;
    const std::string what = tensor >= 0 ? "tensor " + std::to_string(tensor) : std::string("internal value");
    const TfLiteTensor* t = context->GetTensor(context, like);
    if (t == nullptr || t->type != kTfLiteInt8) {
      check(xnn_define_tensor_value(self->subgraph_, xnn_datatype_fp32, rank, dims, data, external_id, flags, &id),
            "xnn_define_tensor_value", what);
    } else {
      const auto* q = static_cast<const TfLiteAffineQuantization*>(t->quantization.params);
      if (q != nullptr && q->scale->size > 1) {
        check(xnn_define_channelwise_quantized_tensor_value(self->subgraph_, xnn_datatype_qcint8, q->scale->data, rank,
                                                            static_cast<size_t>(q->quantized_dimension), dims, data,
                                                            external_id, flags, &id),
              "xnn_define_channelwise_quantized_tensor_value", what);
      } else {
        check(xnn_define_quantized_tensor_value(self->subgraph_, xnn_datatype_qint8, t->params.zero_point,
                                                t->params.scale, rank, dims, data, external_id, flags, &id),
              "xnn_define_quantized_tensor_value", what);
      }
    }
    if (tensor >= 0) defined.insert(tensor);
    return id;
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
      return define(tensor, tensor, dims.size(), dims.data(), self->static_data_.back().data(), 0);
    }
    const TfLiteTensor* t = context->GetTensor(context, tensor);
    if (t != nullptr && t->allocation_type == kTfLiteMmapRo && t->data.raw != nullptr)
      return define(tensor, tensor, dims.size(), dims.data(), t->data.raw, 0);
    uint32_t flags = 0;
    if (Contains(params.input_tensors, tensor)) flags |= XNN_VALUE_FLAG_EXTERNAL_INPUT;
    if (Contains(params.output_tensors, tensor)) flags |= XNN_VALUE_FLAG_EXTERNAL_OUTPUT;
    if (flags != 0) self->external_tensors_.push_back(tensor);
    return define(tensor, tensor, dims.size(), dims.data(), nullptr, flags);
  };
  auto static_value = [&](int tensor, size_t rank, const size_t* dims) -> uint32_t {
    if (defined.count(tensor) > 0) return static_cast<uint32_t>(tensor);
    if (facts.fp16_source.count(tensor) > 0) {
      value(tensor);  // folded with the tensor's own dims; the element order is the same
      return static_cast<uint32_t>(tensor);
    }
    return define(tensor, tensor, rank, dims, context->GetEvalTensor(context, tensor)->data.data, 0);
  };
  auto internal_value = [&](int like, size_t rank, const size_t* dims) -> uint32_t {
    return define(-1, like, rank, dims, nullptr, 0);
  };
  auto bias_value = [&](int bias, int input, int filter) -> uint32_t {
    const TfLiteTensor* in = context->GetTensor(context, input);
    if (in->type != kTfLiteInt8) return value(bias);
    if (defined.count(bias) > 0) return static_cast<uint32_t>(bias);
    const TfLiteTensor* b = context->GetTensor(context, bias);
    const auto* fq = static_cast<const TfLiteAffineQuantization*>(context->GetTensor(context, filter)->quantization.params);
    const size_t dims[1] = {static_cast<size_t>(b->dims->data[0])};
    uint32_t id = XNN_INVALID_VALUE_ID;
    const std::string what = "bias tensor " + std::to_string(bias);
    if (fq->scale->size == 1) {
      check(xnn_define_quantized_tensor_value(self->subgraph_, xnn_datatype_qint32, 0, in->params.scale * fq->scale->data[0],
                                              1, dims, b->data.raw, static_cast<uint32_t>(bias), 0, &id),
            "xnn_define_quantized_tensor_value", what);
    } else {
      self->static_scales_.emplace_back(static_cast<size_t>(fq->scale->size));
      std::vector<float>& scales = self->static_scales_.back();
      for (size_t c = 0; c < scales.size(); ++c) scales[c] = in->params.scale * fq->scale->data[c];
      check(xnn_define_channelwise_quantized_tensor_value(self->subgraph_, xnn_datatype_qcint32, scales.data(), 1, 0,
                                                          dims, b->data.raw, static_cast<uint32_t>(bias), 0, &id),
            "xnn_define_channelwise_quantized_tensor_value", what);
    }
    defined.insert(bias);
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
    std::string why, define_error;
    NodeVisit v;
    v.context = context;
    v.facts = &facts;
    v.shared = shared.get();
    v.node = node;
    v.registration = registration;
    v.why = &why;
    v.subgraph = p->subgraph_;
    v.error = &define_error;
    v.value = value;
    v.static_value = static_value;
    v.internal_value = internal_value;
    v.bias_value = bias_value;
    const bool ok = VisitNode(v);
    if (!ok || !value_error.empty()) {
      return fail(p->Where() + ": node " + std::to_string(index) + " (" + OpName(*registration) +
                  "): " + (!value_error.empty() ? value_error : !define_error.empty() ? define_error : why));
    }
    ++xnnpack_nodes;
  }

  if (xnnpack_nodes > 0) {
    status = xnn_create_runtime_v2(p->subgraph_, shared->threadpool, 0, &p->runtime_);
    if (shared->FailsForTesting("xnn_create_runtime_v2")) status = xnn_status_invalid_parameter;
    if (status != xnn_status_success) {
      return fail(p->Where() + ": xnn_create_runtime_v2 failed: " + StatusName(status));
    }
  }
  // The runtime keeps what it needs (packed weights; static data it reads stays in the model / static_data_).
  xnn_delete_subgraph(p->subgraph_);
  p->subgraph_ = nullptr;
  p->bound_.assign(p->external_tensors_.size(), xnn_external_value{0, nullptr});
  *out = std::move(p);
  return kTfLiteOk;
}

bool Partition::Builds(TfLiteContext* context, const GraphFacts& facts,
                       const std::shared_ptr<XnnpackDelegate::Shared>& shared, int node_index, std::string* why) {
  TfLiteNode* node = nullptr;
  TfLiteRegistration* registration = nullptr;
  if (context->GetNodeAndRegistration(context, node_index, &node, &registration) != kTfLiteOk) return false;
  // The node alone: its non-constant inputs and its outputs are the partition's boundary.
  std::vector<int> inputs;
  for (int k = 0; k < node->inputs->size; ++k) {
    const int t = node->inputs->data[k];
    const TfLiteTensor* tensor = t < 0 ? nullptr : context->GetTensor(context, t);
    if (tensor != nullptr && tensor->allocation_type != kTfLiteMmapRo) inputs.push_back(t);
  }
  TfLiteIntArray* nodes = TfLiteIntArrayCreate(1);
  nodes->data[0] = node_index;
  TfLiteIntArray* input_tensors = TfLiteIntArrayCreate(static_cast<int>(inputs.size()));
  std::copy(inputs.begin(), inputs.end(), input_tensors->data);
  TfLiteDelegateParams params = {};
  params.nodes_to_replace = nodes;
  params.input_tensors = input_tensors;
  params.output_tensors = node->outputs;
  std::unique_ptr<Partition> trial;
  std::string error;
  const TfLiteStatus status = Build(context, facts, shared, params, -1, &trial, &error);
  TfLiteIntArrayFree(nodes);
  TfLiteIntArrayFree(input_tensors);
  if (status == kTfLiteOk) return true;
  // "XNNPACK partition (nodes 3): node 3 (ADD): xnn_create_runtime_v2 failed: unsupported parameter" -> the call.
  const size_t call = error.rfind("xnn_");
  *why = "XNNPACK does not build it: " + (call == std::string::npos ? error : error.substr(call));
  return false;
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
