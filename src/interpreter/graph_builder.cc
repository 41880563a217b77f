// Load: the graph's structures for every subgraph (tensors, nodes), operator codes resolved to registrations,
// builtin options parsed. Everything here is persistent arena memory.
#include "interpreter/interpreter_core.h"

#include <cstring>

#include "interpreter/flatbuffer_arrays.h"
#include "interpreter/resolve_diagnostics.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"

namespace mote {
namespace {

// Builtin options structs go to the arena's persistent end; a refusal is reported like every other one.
class ArenaBuiltinDataAllocator final : public BuiltinDataAllocator {
 public:
  explicit ArenaBuiltinDataAllocator(InterpreterCore* core) : core_(core) {}
  void* Allocate(size_t size, size_t alignment) override {
    return core_->AllocatePersistentOrReport(size, alignment, "builtin options");
  }

 private:
  InterpreterCore* core_;
};

}  // namespace

TfLiteStatus InterpreterCore::Load() {
  const int32_t count = static_cast<int32_t>(model_->subgraphs()->size());  // >= 1 (verified)
  if (count > 1) {
    secondary_ = static_cast<SubgraphState*>(AllocatePersistentOrReport(
        sizeof(SubgraphState) * static_cast<size_t>(count - 1), alignof(SubgraphState), "subgraph table"));
    if (secondary_ == nullptr) return kTfLiteError;
  }
  subgraphs_size_ = count;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    TF_LITE_ENSURE_STATUS(BuildSubgraph(s));
  }
  context_.tensors_size = static_cast<size_t>(primary_.tensors_size);
  TF_LITE_ENSURE_STATUS(CheckSubgraphCalls());
  TF_LITE_ENSURE_STATUS(ResolveOperators());
  TF_LITE_ENSURE_STATUS(ParseOptions());
  return CreateResourceVariables();
}

TfLiteStatus InterpreterCore::BuildSubgraph(int index) {
  SubgraphState& sg = subgraph(index);
  sg.subgraph = model_->subgraphs()->Get(index);
  const auto* tensors = sg.subgraph->tensors();
  const auto* ops = sg.subgraph->operators();
  sg.tensors_size = tensors == nullptr ? 0 : static_cast<int32_t>(tensors->size());
  sg.nodes_size = ops == nullptr ? 0 : static_cast<int32_t>(ops->size());
  sg.delegate_nodes_size = 0;
  sg.delegate_nodes = nullptr;
  sg.taken_by = nullptr;
  sg.tensor_base = total_tensors_;
  sg.positions = nullptr;
  sg.timeline_first = -1;
  sg.timeline_last = -1;
  total_tensors_ += sg.tensors_size;

  sg.eval_tensors = static_cast<TfLiteEvalTensor*>(AllocatePersistentOrReport(
      sizeof(TfLiteEvalTensor) * (sg.tensors_size > 0 ? sg.tensors_size : 1), alignof(TfLiteEvalTensor), "tensors"));
  sg.nodes = static_cast<NodeRecord*>(AllocatePersistentOrReport(
      sizeof(NodeRecord) * (sg.nodes_size > 0 ? sg.nodes_size : 1), alignof(NodeRecord), "nodes"));
  sg.plan = nullptr;
  sg.order = nullptr;
  if (sg.eval_tensors == nullptr || sg.nodes == nullptr) return kTfLiteError;

  const auto* buffers = model_->buffers();
  for (int32_t t = 0; t < sg.tensors_size; ++t) {
    const schema::Tensor* tensor = tensors->Get(t);
    TfLiteEvalTensor& e = sg.eval_tensors[t];
    e.data.data = nullptr;
    e.dims = AsIntArray(tensor->shape());
    TF_LITE_ENSURE_STATUS(ConvertTensorType(tensor->type(), &e.type));
    const schema::Buffer* buffer = buffers == nullptr ? nullptr : buffers->Get(tensor->buffer());
    // A variable's state lives in the arena (AllocateTensors), as in TFLM, even when its buffer holds data:
    // pointing it into the model would make Reset()/invoke write the model (read-only flash on a device).
    if (buffer != nullptr && !tensor->is_variable()) {
      if (buffer->data() != nullptr && buffer->data()->size() > 0) {
        e.data.data = const_cast<uint8_t*>(buffer->data()->data());
      } else if (buffer->offset() > 1 && model_base_ != nullptr) {
        e.data.data = const_cast<uint8_t*>(model_base_ + buffer->offset());
      }
    }
    // 8-byte constants (int64 bias of 16x8 kernels) may sit at 4 mod 8 in the FlatBuffer: give kernels an
    // aligned copy in persistent memory rather than unaligned loads.
    const size_t element = TfLiteTypeSizeOf(e.type);
    if (e.data.data != nullptr && element > 4 && reinterpret_cast<uintptr_t>(e.data.data) % element != 0) {
      const size_t bytes = static_cast<size_t>(ElementCount(*e.dims)) * element;
      void* copy = AllocatePersistentOrReport(bytes, element, "an aligned copy of a constant tensor");
      if (copy == nullptr) return kTfLiteError;
      std::memcpy(copy, e.data.data, bytes);
      e.data.data = copy;
    }
  }

  for (int32_t n = 0; n < sg.nodes_size; ++n) {
    const schema::Operator* op = ops->Get(n);
    NodeRecord& r = sg.nodes[n];
    std::memset(&r, 0, sizeof(r));
    r.node.inputs = AsIntArray(op->inputs());
    r.node.outputs = AsIntArray(op->outputs());
    r.node.intermediates = AsIntArray(op->intermediates());
    if (op->custom_options() != nullptr) {
      r.node.custom_initial_data = op->custom_options()->data();
      r.node.custom_initial_data_size = static_cast<int>(op->custom_options()->size());
    }
  }
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::MaterializePlan() {
  SubgraphState& sg = primary();
  if (sg.plan != nullptr) return kTfLiteOk;
  TfLiteIntArray* plan = AllocateIntArray(sg.nodes_size, true);
  if (plan == nullptr) return kTfLiteError;
  for (int32_t n = 0; n < sg.nodes_size; ++n) plan->data[n] = n;
  sg.plan = plan;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::ResolveOperators() {
  // Each distinct operator code used by some operator is looked up once; every miss is reported.
  const auto* codes = model_->operator_codes();
  const int32_t code_count = static_cast<int32_t>(codes->size());
  bool ok = true;
  bool registered_listed = false;  // the first miss lists the registered ops; later ones refer to it
  for (int32_t c = 0; c < code_count; ++c) {
    bool used = false;
    for (int32_t s = 0; s < subgraphs_size_ && !used; ++s) {
      const auto* ops = subgraph(s).subgraph->operators();
      for (int32_t n = 0; ops != nullptr && n < static_cast<int32_t>(ops->size()) && !used; ++n)
        used = static_cast<int32_t>(ops->Get(n)->opcode_index()) == c;
    }
    if (!used) continue;  // unused or duplicate entries are legal (keyword_scrambled has both)
    const schema::OperatorCode* code = codes->Get(c);
    const int32_t builtin = GetBuiltinCode(code);
    const int version = code->version();
    const TfLiteRegistration* registration = nullptr;
    if (builtin == schema::BuiltinOperator_CUSTOM) {
      registration = resolver_.FindOp(code->custom_code()->c_str(), version);
      if (registration == nullptr) {
        ReportMissingCustomOp(resolver_, code->custom_code()->c_str(), version, &registered_listed);
      }
    } else {
      registration = resolver_.FindOp(static_cast<schema::BuiltinOperator>(builtin), version);
      if (registration == nullptr) ReportMissingBuiltinOp(resolver_, builtin, version, &registered_listed);
    }
    if (registration == nullptr) {
      ok = false;
      continue;
    }
    for (int32_t s = 0; s < subgraphs_size_; ++s) {
      SubgraphState& sg = subgraph(s);
      for (int32_t n = 0; n < sg.nodes_size; ++n) {
        if (static_cast<int32_t>(sg.subgraph->operators()->Get(n)->opcode_index()) != c) continue;
        sg.nodes[n].registration = registration;
        sg.nodes[n].variant = registration->variant != nullptr ? registration->variant : "custom";
      }
    }
  }
  return ok ? kTfLiteOk : kTfLiteError;
}

// Builtin options are parsed at load (not in AllocateTensors) so that delegates inspecting candidate nodes in
// their Prepare see node->builtin_data, as in TFLite.
TfLiteStatus InterpreterCore::ParseOptions() {
  ArenaBuiltinDataAllocator allocator(this);
  for (int32_t s = 0; s < subgraphs_size_; ++s) TF_LITE_ENSURE_STATUS(ParseSubgraphOptions(s, &allocator));
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::ParseSubgraphOptions(int32_t s, BuiltinDataAllocator* allocator) {
  SubgraphState& sg = subgraph(s);
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    NodeRecord& r = sg.node(sg.plan_node(p));
    if (r.replaced_nodes() != nullptr || r.builtin_code() == schema::BuiltinOperator_CUSTOM) continue;
    BuiltinParseFn parser = resolver_.GetOpDataParser(static_cast<schema::BuiltinOperator>(r.builtin_code()));
    if (parser == nullptr) {
      MicroPrintf("Did not find a parser for %s: register it with an AddXxx() method or pass a parser to "
                  "AddBuiltin.", r.op_name());
      return kTfLiteError;
    }
    const schema::Operator* op = sg.subgraph->operators()->Get(sg.plan_node(p));
    if (parser(op, allocator, &r.node.builtin_data) != kTfLiteOk) {
      if (s == 0) {
        MicroPrintf("Node number %d (%s) has invalid builtin options.", static_cast<int>(sg.plan_node(p)), r.op_name());
      } else {
        MicroPrintf("Subgraph %d node %d (%s) has invalid builtin options.", static_cast<int>(s),
                    static_cast<int>(sg.plan_node(p)), r.op_name());
      }
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

}  // namespace mote
