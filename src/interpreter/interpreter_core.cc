#include "interpreter/interpreter_core.h"

#include <cstdarg>
#include <cstring>
#include <new>

#include "interpreter/resolve_diagnostics.h"
#include "memory/greedy_planner.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"

namespace mote {
namespace {

// Dims of scalars and absent arrays: a shared, read-only empty array.
struct EmptyIntArray {
  int size = 0;
};
const EmptyIntArray kEmptyIntArray;
TfLiteIntArray* EmptyArray() {
  return reinterpret_cast<TfLiteIntArray*>(const_cast<EmptyIntArray*>(&kEmptyIntArray));
}

// A FlatBuffers [int] vector is laid out exactly like TfLiteIntArray (uint32 length, then int32s), so
// node index lists and tensor shapes point straight into the model (little-endian targets only).
TfLiteIntArray* AsIntArray(const flatbuffers::Vector<int32_t>* v) {
  if (v == nullptr) return EmptyArray();
  return reinterpret_cast<TfLiteIntArray*>(const_cast<flatbuffers::Vector<int32_t>*>(v));
}
TfLiteFloatArray* AsFloatArray(const flatbuffers::Vector<float>* v) {
  return reinterpret_cast<TfLiteFloatArray*>(const_cast<flatbuffers::Vector<float>*>(v));
}

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

static_assert(sizeof(TfLiteIntArray) == sizeof(uint32_t), "TfLiteIntArray must match a FlatBuffers vector");

}  // namespace

InterpreterCore::InterpreterCore(const schema::Model* model, const uint8_t* model_base, size_t model_size,
                                 const MicroOpResolver& resolver, Arena* arena)
    : model_(model), model_base_(model_base), model_size_(model_size), resolver_(resolver), arena_(arena) {
  std::memset(&context_, 0, sizeof(context_));
  context_.impl_ = static_cast<MicroContext*>(this);
  context_.GetExecutionPlan = GetExecutionPlanThunk;
  context_.GetNodeAndRegistration = GetNodeAndRegistrationThunk;
  context_.ReplaceNodeSubsetsWithDelegateKernels = ReplaceNodeSubsetsThunk;
  context_.ReportError = ReportErrorThunk;
  context_.AllocatePersistentBuffer = AllocatePersistentBufferThunk;
  context_.RequestScratchBufferInArena = RequestScratchBufferThunk;
  context_.GetScratchBuffer = GetScratchBufferThunk;
  context_.GetTensor = GetTensorThunk;
  context_.GetEvalTensor = GetEvalTensorThunk;
  context_.recommended_num_threads = 1;
}

InterpreterCore* InterpreterCore::From(const TfLiteContext* context) {
  return static_cast<InterpreterCore*>(static_cast<MicroContext*>(context->impl_));
}

void* InterpreterCore::AllocatePersistentOrReport(size_t bytes, size_t alignment, const char* what) {
  void* p = arena_->AllocatePersistent(bytes, alignment);
  if (p == nullptr) {
    ++persistent_failures_;
    MicroPrintf("Tensor arena too small while allocating %s (%u bytes).", what, static_cast<unsigned>(bytes));
    ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes() + bytes, false);
  }
  return p;
}

void InterpreterCore::ReportArenaTooSmall(size_t needed, bool exact) {
  if (exact) {
    MicroPrintf("Tensor arena too small: the model needs %u bytes, the arena has %u bytes.",
                static_cast<unsigned>(AlignUp(needed, kArenaAlignment)), static_cast<unsigned>(arena_->capacity()));
  } else {
    MicroPrintf(
        "Tensor arena too small: the model needs more than %u bytes, the arena has %u bytes (`mote inspect "
        "MODEL` prints the exact size).",
        static_cast<unsigned>(AlignUp(needed, kArenaAlignment)), static_cast<unsigned>(arena_->capacity()));
  }
}

TfLiteIntArray* InterpreterCore::AllocateIntArray(int size, bool persistent) {
  const size_t bytes = TfLiteIntArrayGetSizeInBytes(size);
  void* p = persistent ? AllocatePersistentOrReport(bytes, alignof(int), "an index array")
                       : static_cast<void*>(arena_->AllocateOverlay(bytes, alignof(int)));
  if (p == nullptr) return nullptr;
  auto* a = static_cast<TfLiteIntArray*>(p);
  a->size = size;
  return a;
}

// --- Load: structures for every subgraph, operator codes resolved ------------------------------------------
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
  TF_LITE_ENSURE_STATUS(ResolveOperators());
  return ParseOptions();
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

  sg.eval_tensors = static_cast<TfLiteEvalTensor*>(AllocatePersistentOrReport(
      sizeof(TfLiteEvalTensor) * (sg.tensors_size > 0 ? sg.tensors_size : 1), alignof(TfLiteEvalTensor), "tensors"));
  sg.nodes = static_cast<NodeRecord*>(AllocatePersistentOrReport(
      sizeof(NodeRecord) * (sg.nodes_size > 0 ? sg.nodes_size : 1), alignof(NodeRecord), "nodes"));
  sg.plan = nullptr;
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
    const schema::OperatorCode* code = model_->operator_codes()->Get(op->opcode_index());
    r.builtin_code = static_cast<int16_t>(GetBuiltinCode(code));
    if (op->custom_options() != nullptr) {
      r.node.custom_initial_data = op->custom_options()->data();
      r.node.custom_initial_data_size = static_cast<int>(op->custom_options()->size());
    }
    r.taken_by = -1;
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
      if (registration == nullptr) ReportMissingCustomOp(resolver_, code->custom_code()->c_str(), version);
    } else {
      registration = resolver_.FindOp(static_cast<schema::BuiltinOperator>(builtin), version);
      if (registration == nullptr) ReportMissingBuiltinOp(resolver_, builtin, version);
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
  SubgraphState& sg = primary();
  ArenaBuiltinDataAllocator allocator(this);
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    NodeRecord& r = sg.node(sg.plan_node(p));
    if (r.replaced_nodes() != nullptr || r.builtin_code == schema::BuiltinOperator_CUSTOM) continue;
    BuiltinParseFn parser = resolver_.GetOpDataParser(static_cast<schema::BuiltinOperator>(r.builtin_code));
    if (parser == nullptr) {
      MicroPrintf("Did not find a parser for %s: register it with an AddXxx() method or pass a parser to "
                  "AddBuiltin.", r.op_name());
      return kTfLiteError;
    }
    const schema::Operator* op = sg.subgraph->operators()->Get(sg.plan_node(p));
    if (parser(op, &allocator, &r.node.builtin_data) != kTfLiteOk) {
      MicroPrintf("Node number %d (%s) has invalid builtin options.", static_cast<int>(sg.plan_node(p)),
                  r.op_name());
      return kTfLiteError;
    }
  }

  return kTfLiteOk;
}

// --- AllocateTensors ---------------------------------------------------------------------------------------
TfLiteStatus InterpreterCore::AllocateTensors() {
  if (phase_ == Phase::kReady) return kTfLiteOk;
  if (phase_ != Phase::kLoaded) {
    MicroPrintf("AllocateTensors() cannot run: an earlier AllocateTensors() failed; create a new interpreter.");
    return kTfLiteError;
  }
  phase_ = Phase::kFailed;  // until everything below succeeds
  SubgraphState& sg = primary();
  // Variable tensors own persistent memory: their value survives between invocations.
  for (int32_t t = 0; t < sg.tensors_size; ++t) {
    const schema::Tensor* tensor = sg.subgraph->tensors()->Get(t);
    TfLiteEvalTensor& e = sg.eval_tensors[t];
    if (!tensor->is_variable() || e.data.data != nullptr) continue;
    const size_t bytes = static_cast<size_t>(ElementCount(*e.dims)) * TfLiteTypeSizeOf(e.type);
    e.data.data = AllocatePersistentOrReport(bytes > 0 ? bytes : 1, kArenaAlignment, "a variable tensor");
    if (e.data.data == nullptr) return kTfLiteError;
  }

  TF_LITE_ENSURE_STATUS(InitAndPrepare());

  // Every persistent allocation left is made before the plan claims its region, so that a too-small arena
  // fails at that claim, where the exact size needed is known.
  if (scratch_count_ > 0) {
    scratch_pointers_ = static_cast<uint8_t**>(
        AllocatePersistentOrReport(sizeof(uint8_t*) * scratch_count_, alignof(uint8_t*), "scratch buffer table"));
    if (scratch_pointers_ == nullptr) return kTfLiteError;
  }
  const size_t ni = inputs_size();
  const size_t no = outputs_size();
  input_tensors_ = static_cast<TfLiteTensor*>(
      AllocatePersistentOrReport(sizeof(TfLiteTensor) * (ni > 0 ? ni : 1), alignof(TfLiteTensor), "input tensors"));
  output_tensors_ = static_cast<TfLiteTensor*>(
      AllocatePersistentOrReport(sizeof(TfLiteTensor) * (no > 0 ? no : 1), alignof(TfLiteTensor), "output tensors"));
  if (input_tensors_ == nullptr || output_tensors_ == nullptr) return kTfLiteError;
  for (size_t i = 0; i < ni; ++i)
    TF_LITE_ENSURE_STATUS(FillTensor(sg.subgraph->inputs()->Get(i), &input_tensors_[i], true));
  for (size_t i = 0; i < no; ++i)
    TF_LITE_ENSURE_STATUS(FillTensor(sg.subgraph->outputs()->Get(i), &output_tensors_[i], true));

  TF_LITE_ENSURE_STATUS(PlanMemory());
  for (size_t i = 0; i < ni; ++i) input_tensors_[i].data = sg.eval_tensors[sg.subgraph->inputs()->Get(i)].data;
  for (size_t i = 0; i < no; ++i) output_tensors_[i].data = sg.eval_tensors[sg.subgraph->outputs()->Get(i)].data;

  if (arena_->used_bytes() > arena_->capacity()) {
    ReportArenaTooSmall(arena_->used_bytes(), true);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(ResetVariableTensors());
  phase_ = Phase::kReady;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::InitAndPrepare() {
  SubgraphState& sg = primary();
  phase_ = Phase::kInit;
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    NodeRecord& r = sg.node(sg.plan_node(p));
    current_node_ = &r;
    current_plan_position_ = p;
    if (r.registration->init != nullptr) {
      const char* buffer = nullptr;
      size_t length = 0;
      if (r.builtin_code == schema::BuiltinOperator_CUSTOM) {
        buffer = static_cast<const char*>(r.node.custom_initial_data);
        length = static_cast<size_t>(r.node.custom_initial_data_size);
      } else {
        buffer = static_cast<const char*>(r.node.builtin_data);
      }
      const int32_t failures = persistent_failures_;
      r.node.user_data = r.registration->init(&context_, buffer, length);
      initialized_nodes_ = p + 1;
      if (persistent_failures_ != failures) {
        MicroPrintf("Node number %d (%s) failed to initialize: the arena has no room for its persistent data",
                    static_cast<int>(sg.plan_node(p)), r.op_name());
        return kTfLiteError;
      }
    }
    initialized_nodes_ = p + 1;
  }

  phase_ = Phase::kPrepare;
  // Overlay layout during prepare: [scratch requests (grows) | reserve for this node | node temps].
  arena_->ResetOverlay(0);
  scratch_requests_ = reinterpret_cast<ScratchRequest*>(arena_->base());
  scratch_count_ = 0;
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    const int32_t index = sg.plan_node(p);
    NodeRecord& r = sg.node(index);
    current_node_ = &r;
    current_plan_position_ = p;
    arena_->ResetOverlay(sizeof(ScratchRequest) * scratch_count_);
    pending_scratch_count_ = 0;
    const int32_t failures = persistent_failures_;
    TfLiteStatus status = r.registration->prepare == nullptr ? kTfLiteOk : r.registration->prepare(&context_, &r.node);
    if (status == kTfLiteOk && persistent_failures_ != failures) status = kTfLiteError;  // refused, reported above
    if (status != kTfLiteOk) {
      MicroPrintf("Node number %d (%s) failed to prepare with status %d", static_cast<int>(index), r.op_name(),
                  static_cast<int>(status));
      return kTfLiteError;
    }
    // The node's temps are released: its scratch requests join the list (claiming overlay bytes, so that the
    // high-water mark counts them).
    if (pending_scratch_count_ > 0) {
      arena_->ResetOverlay(sizeof(ScratchRequest) * scratch_count_);
      if (arena_->AllocateOverlay(sizeof(ScratchRequest) * pending_scratch_count_, alignof(ScratchRequest)) == nullptr) {
        ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes(), false);
        return kTfLiteError;
      }
      std::memcpy(scratch_requests_ + scratch_count_, pending_scratch_, sizeof(ScratchRequest) * pending_scratch_count_);
      scratch_count_ += pending_scratch_count_;
      pending_scratch_count_ = 0;
    }
  }
  current_node_ = nullptr;
  current_plan_position_ = -1;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::ReadOfflinePlan(const int32_t** offsets) {
  // Metadata "OfflineMemoryAllocation": int32 [version, subgraph, count, offset_0 .. offset_count-1] with -1
  // for "let the planner decide" (validated by the model verifier).
  *offsets = nullptr;
  const auto* metadata = model_->metadata();
  if (metadata == nullptr) return kTfLiteOk;
  for (flatbuffers::uoffset_t i = 0; i < metadata->size(); ++i) {
    const schema::Metadata* m = metadata->Get(i);
    if (m->name() == nullptr || std::strcmp(m->name()->c_str(), "OfflineMemoryAllocation") != 0) continue;
    const schema::Buffer* b = model_->buffers()->Get(m->buffer());
    const auto* words = reinterpret_cast<const int32_t*>(b->data()->data());
    if (words[1] != 0 || words[2] != primary().tensors_size) return kTfLiteOk;
    *offsets = words + 3;
  }
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::PlanMemory() {
  phase_ = Phase::kPlanning;
  SubgraphState& sg = primary();
  const int32_t positions = sg.plan_size();
  // Planner working set lives in the overlay right after the scratch requests, sized for the tensors that are
  // planned (not every tensor: constants are most of a small model's tensors), so that on small models it
  // does not outgrow the plan it computes.
  arena_->ResetOverlay(sizeof(ScratchRequest) * scratch_count_);
  auto* tensor_to_buffer = reinterpret_cast<int32_t*>(
      arena_->AllocateOverlay(sizeof(int32_t) * (sg.tensors_size > 0 ? sg.tensors_size : 1), alignof(int32_t)));
  if (tensor_to_buffer == nullptr) {
    ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes(), false);
    return kTfLiteError;
  }
  for (int32_t t = 0; t < sg.tensors_size; ++t) tensor_to_buffer[t] = -1;

  // Every use of a tensor at a plan position: graph inputs from the start, each node's tensors (a delegate
  // kernel's internal tensors at its position, so that a delegate may run the original kernels on them),
  // outputs to the end.
  const auto* graph_inputs = sg.subgraph->inputs();
  const auto* graph_outputs = sg.subgraph->outputs();
  const int32_t last = positions > 0 ? positions - 1 : 0;
  auto for_each_use = [&](auto&& use) {
    for (flatbuffers::uoffset_t i = 0; graph_inputs != nullptr && i < graph_inputs->size(); ++i)
      use(graph_inputs->Get(i), 0);
    for (int32_t p = 0; p < positions; ++p) {
      const NodeRecord& r = sg.node(sg.plan_node(p));
      for (int i = 0; i < r.node.inputs->size; ++i) use(r.node.inputs->data[i], p);
      for (int i = 0; i < r.node.outputs->size; ++i) use(r.node.outputs->data[i], p);
      for (int i = 0; i < r.node.intermediates->size; ++i) use(r.node.intermediates->data[i], p);
      for (int m = 0; r.replaced_nodes() != nullptr && m < r.replaced_nodes()->size; ++m) {
        const NodeRecord& inner = sg.node(r.replaced_nodes()->data[m]);
        for (int i = 0; i < inner.node.inputs->size; ++i) use(inner.node.inputs->data[i], p);
        for (int i = 0; i < inner.node.outputs->size; ++i) use(inner.node.outputs->data[i], p);
      }
    }
    for (flatbuffers::uoffset_t i = 0; graph_outputs != nullptr && i < graph_outputs->size(); ++i)
      use(graph_outputs->Get(i), last);
  };
  auto planned = [&](int32_t t) {  // constants and variables have their memory already
    return t >= 0 && t < sg.tensors_size && sg.eval_tensors[t].data.data == nullptr;
  };

  // Pass 1: number the planned tensors.
  int32_t count = 0;
  for_each_use([&](int32_t t, int32_t) {
    if (planned(t) && tensor_to_buffer[t] < 0) tensor_to_buffer[t] = count++;
  });
  const int32_t max_buffers = count + scratch_count_;
  auto* buffers = reinterpret_cast<PlannerBuffer*>(
      arena_->AllocateOverlay(sizeof(PlannerBuffer) * (max_buffers > 0 ? max_buffers : 1), alignof(PlannerBuffer)));
  auto* order = reinterpret_cast<int32_t*>(
      arena_->AllocateOverlay(sizeof(int32_t) * (max_buffers > 0 ? max_buffers : 1), alignof(int32_t)));
  if (buffers == nullptr || order == nullptr) {
    ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes(), false);
    return kTfLiteError;
  }
  // Pass 2: lifetimes over plan positions.
  for (int32_t t = 0; t < sg.tensors_size; ++t) {
    if (tensor_to_buffer[t] < 0) continue;
    const TfLiteEvalTensor& e = sg.eval_tensors[t];
    buffers[tensor_to_buffer[t]] = PlannerBuffer{
        static_cast<uint32_t>(ElementCount(*e.dims) * static_cast<int64_t>(TfLiteTypeSizeOf(e.type))), positions,
        -1, -1, 0};
  }
  for_each_use([&](int32_t t, int32_t position) {
    if (!planned(t)) return;
    PlannerBuffer& b = buffers[tensor_to_buffer[t]];
    if (position < b.first_use) b.first_use = position;
    if (position > b.last_use) b.last_use = position;
  });
  for (flatbuffers::uoffset_t i = 0; graph_inputs != nullptr && i < graph_inputs->size(); ++i) {
    if (planned(graph_inputs->Get(i))) buffers[tensor_to_buffer[graph_inputs->Get(i)]].first_use = 0;
  }
  for (flatbuffers::uoffset_t i = 0; graph_outputs != nullptr && i < graph_outputs->size(); ++i) {
    if (planned(graph_outputs->Get(i))) buffers[tensor_to_buffer[graph_outputs->Get(i)]].last_use = last;
  }
  const int32_t tensor_buffers = count;
  activation_bytes_ = 0;
  for (int32_t b = 0; b < tensor_buffers; ++b) activation_bytes_ += buffers[b].bytes;

  const int32_t* offline = nullptr;
  TF_LITE_ENSURE_STATUS(ReadOfflinePlan(&offline));
  if (offline != nullptr) {
    for (int32_t t = 0; t < sg.tensors_size; ++t)
      if (tensor_to_buffer[t] >= 0 && offline[t] >= 0) buffers[tensor_to_buffer[t]].fixed_offset = offline[t];
    // The model's plan is trusted for where tensors go, never for keeping live tensors apart.
    int32_t a = -1, b = -1;
    if (FindOverlappingFixedBuffers(buffers, count, &a, &b)) {
      int32_t ta = -1, tb = -1;
      for (int32_t t = 0; t < sg.tensors_size; ++t) {
        if (tensor_to_buffer[t] == a) ta = t;
        if (tensor_to_buffer[t] == b) tb = t;
      }
      MicroPrintf("Offline memory plan (metadata 'OfflineMemoryAllocation') places tensors %d and %d, which are "
                  "alive at the same time, in overlapping bytes (offsets %d and %d)",
                  static_cast<int>(ta), static_cast<int>(tb), static_cast<int>(buffers[a].fixed_offset),
                  static_cast<int>(buffers[b].fixed_offset));
      return kTfLiteError;
    }
  }

  scratch_bytes_ = 0;
  for (int32_t s = 0; s < scratch_count_; ++s) {
    buffers[count++] = PlannerBuffer{scratch_requests_[s].bytes, scratch_requests_[s].plan_position,
                                     scratch_requests_[s].plan_position, -1, 0};
    scratch_bytes_ += scratch_requests_[s].bytes;
  }

  planned_bytes_ = PlanGreedy(buffers, count, order, kArenaAlignment);

  if (!arena_->ReservePlanned(planned_bytes_) || arena_->used_bytes() > arena_->capacity()) {
    ReportArenaTooSmall(arena_->used_bytes(), true);
    return kTfLiteError;
  }
  // The planner's working set may overlap the planned region: read every offset out before writing data.
  for (int32_t s = 0; s < scratch_count_; ++s)
    scratch_pointers_[s] = arena_->base() + buffers[tensor_buffers + s].offset;
  for (int32_t t = 0; t < sg.tensors_size; ++t) {
    if (tensor_to_buffer[t] >= 0) sg.eval_tensors[t].data.data = arena_->base() + buffers[tensor_to_buffer[t]].offset;
  }
  arena_->ResetOverlay(planned_bytes_);
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::FillTensor(int tensor_index, TfLiteTensor* out, bool persistent) {
  SubgraphState& sg = primary();
  const schema::Tensor* tensor = sg.subgraph->tensors()->Get(tensor_index);
  const TfLiteEvalTensor& e = sg.eval_tensors[tensor_index];
  std::memset(out, 0, sizeof(*out));
  out->type = e.type;
  out->data = e.data;
  out->dims = e.dims;
  out->bytes = static_cast<size_t>(ElementCount(*e.dims)) * TfLiteTypeSizeOf(e.type);
  out->name = tensor->name() == nullptr ? "" : tensor->name()->c_str();
  out->is_variable = tensor->is_variable();
  out->dims_signature = tensor->shape_signature() == nullptr ? nullptr : AsIntArray(tensor->shape_signature());
  const schema::Buffer* buffer = model_->buffers()->Get(tensor->buffer());
  const bool constant = !tensor->is_variable() && e.data.data != nullptr &&
                        (buffer->data() != nullptr || buffer->offset() > 1);
  out->allocation_type = constant ? kTfLiteMmapRo : (tensor->is_variable() ? kTfLiteArenaRwPersistent : kTfLiteArenaRw);

  const schema::QuantizationParameters* q = tensor->quantization();
  if (q != nullptr && q->scale() != nullptr && q->scale()->size() > 0) {
    const int channels = static_cast<int>(q->scale()->size());
    void* qp = persistent ? AllocatePersistentOrReport(sizeof(TfLiteAffineQuantization), alignof(TfLiteAffineQuantization),
                                             "quantization parameters")
                          : arena_->AllocateOverlay(sizeof(TfLiteAffineQuantization), alignof(TfLiteAffineQuantization));
    TfLiteIntArray* zero_points = AllocateIntArray(channels, persistent);
    if (qp == nullptr || zero_points == nullptr) return kTfLiteError;
    const auto* zp = q->zero_point();
    for (int c = 0; c < channels; ++c)
      zero_points->data[c] = (zp != nullptr && static_cast<int>(zp->size()) > c) ? static_cast<int>(zp->Get(c)) : 0;
    auto* affine = static_cast<TfLiteAffineQuantization*>(qp);
    affine->scale = AsFloatArray(q->scale());
    affine->zero_point = zero_points;
    affine->quantized_dimension = q->quantized_dimension();
    out->quantization.type = kTfLiteAffineQuantization;
    out->quantization.params = affine;
    out->params.scale = q->scale()->Get(0);
    out->params.zero_point = zero_points->data[0];
  }
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::ResetVariableTensors() {
  // TFLM's rule: int8 state starts at the tensor's zero point, everything else at 0.
  SubgraphState& sg = primary();
  for (int32_t t = 0; t < sg.tensors_size; ++t) {
    const schema::Tensor* tensor = sg.subgraph->tensors()->Get(t);
    if (!tensor->is_variable()) continue;
    TfLiteEvalTensor& e = sg.eval_tensors[t];
    const size_t bytes = static_cast<size_t>(ElementCount(*e.dims)) * TfLiteTypeSizeOf(e.type);
    int value = 0;
    if (e.type == kTfLiteInt8 && tensor->quantization() != nullptr && tensor->quantization()->zero_point() != nullptr &&
        tensor->quantization()->zero_point()->size() > 0) {
      value = static_cast<int>(tensor->quantization()->zero_point()->Get(0));
    }
    std::memset(e.data.data, value, bytes);
  }
  return kTfLiteOk;
}

// --- Invoke / Reset / free ---------------------------------------------------------------------------------
TfLiteStatus InterpreterCore::Invoke() {
  if (phase_ != Phase::kReady) {
    MicroPrintf("Invoke() called before AllocateTensors() succeeded.");
    return kTfLiteError;
  }
  SubgraphState& sg = primary();
  phase_ = Phase::kInvoke;
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    const int32_t index = sg.plan_node(p);
    NodeRecord& r = sg.node(index);
    if (hook_ != nullptr) hook_(hook_user_, static_cast<size_t>(p), false);
    const TfLiteStatus status = r.registration->invoke(&context_, &r.node);
    // Tensor views a kernel took with context->GetTensor during invoke (TFLite-style delegate kernels do)
    // are released after each node, as TFLM resets its temp allocations, so Invoke() never creeps.
    arena_->ResetOverlay(planned_bytes_);
    if (hook_ != nullptr) hook_(hook_user_, static_cast<size_t>(p), true);
    if (status != kTfLiteOk) {
      MicroPrintf("Node number %d (%s) failed to invoke with status %d", static_cast<int>(index), r.op_name(),
                  static_cast<int>(status));
      phase_ = Phase::kReady;
      return kTfLiteError;
    }
  }
  phase_ = Phase::kReady;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::Reset() {
  if (phase_ != Phase::kReady) return kTfLiteOk;
  SubgraphState& sg = primary();
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    NodeRecord& r = sg.node(sg.plan_node(p));
    if (r.registration->reset != nullptr) r.registration->reset(&context_, r.node.user_data);
  }
  return ResetVariableTensors();
}

void InterpreterCore::FreeNodes() {
  if (subgraphs_size_ == 0) return;
  SubgraphState& sg = primary();
  for (int32_t p = 0; p < initialized_nodes_; ++p) {
    NodeRecord& r = sg.node(sg.plan_node(p));
    if (r.registration != nullptr && r.registration->free != nullptr) r.registration->free(&context_, r.node.user_data);
  }
  initialized_nodes_ = 0;
}

// --- Inputs / outputs / report -----------------------------------------------------------------------------
size_t InterpreterCore::inputs_size() const {
  const auto* v = primary_.subgraph->inputs();
  return v == nullptr ? 0 : v->size();
}
size_t InterpreterCore::outputs_size() const {
  const auto* v = primary_.subgraph->outputs();
  return v == nullptr ? 0 : v->size();
}
TfLiteTensor* InterpreterCore::input(size_t i) {
  if (phase_ != Phase::kReady || i >= inputs_size()) return nullptr;
  return &input_tensors_[i];
}
TfLiteTensor* InterpreterCore::output(size_t i) {
  if (phase_ != Phase::kReady || i >= outputs_size()) return nullptr;
  return &output_tensors_[i];
}

ArenaReport InterpreterCore::arena_report() const {
  ArenaReport r;
  r.total = arena_->used_bytes();
  r.planned = AlignUp(arena_->head_high_water(), kArenaAlignment);
  r.activations = activation_bytes_;
  r.scratch = scratch_bytes_;
  r.persistent = arena_->persistent_bytes();
  return r;
}

// --- MicroContext ------------------------------------------------------------------------------------------
void* InterpreterCore::AllocatePersistentBuffer(size_t bytes) {
  // Also in a delegate's Prepare (kDelegating): a heap-free delegate builds its node list there.
  if (phase_ != Phase::kInit && phase_ != Phase::kPrepare && phase_ != Phase::kLoaded &&
      phase_ != Phase::kDelegating) {
    MicroPrintf("AllocatePersistentBuffer is only available in init and prepare.");
    return nullptr;
  }
  return AllocatePersistentOrReport(bytes, kPersistentBufferAlignment, "a kernel's persistent buffer");
}

TfLiteStatus InterpreterCore::RequestScratchBufferInArena(size_t bytes, int* buffer_idx) {
  if (phase_ != Phase::kPrepare || current_node_ == nullptr) {
    MicroPrintf("RequestScratchBufferInArena is only available in prepare.");
    return kTfLiteError;
  }
  if (pending_scratch_count_ >= kMaxScratchRequestsPerNode) {
    MicroPrintf("Node %s requested more than %d scratch buffers.", current_node_->op_name(),
                static_cast<int>(kMaxScratchRequestsPerNode));
    return kTfLiteError;
  }
  if (bytes > 0x7fffffffu) {
    MicroPrintf("Node %s requested a scratch buffer of %llu bytes.", current_node_->op_name(),
                static_cast<unsigned long long>(bytes));
    return kTfLiteError;
  }
  // Kernels keep scratch indices as int16 (kernels/dispatch/variant.h's VariantChoice): 32767 buffers per model.
  if (scratch_count_ + pending_scratch_count_ >= kMaxScratchBuffers) {
    MicroPrintf("Node %s: the model requests more than %d scratch buffers.", current_node_->op_name(),
                static_cast<int>(kMaxScratchBuffers));
    return kTfLiteError;
  }
  pending_scratch_[pending_scratch_count_] = ScratchRequest{static_cast<uint32_t>(bytes), current_plan_position_};
  *buffer_idx = scratch_count_ + pending_scratch_count_++;
  return kTfLiteOk;
}

void* InterpreterCore::GetScratchBuffer(int buffer_idx) {
  if (scratch_pointers_ == nullptr || buffer_idx < 0 || buffer_idx >= scratch_count_) return nullptr;
  return scratch_pointers_[buffer_idx];
}

TfLiteTensor* InterpreterCore::AllocateTempTfLiteTensor(int tensor_idx) {
  SubgraphState& sg = primary();
  if (tensor_idx < 0 || tensor_idx >= sg.tensors_size) return nullptr;
  auto* t = reinterpret_cast<TfLiteTensor*>(arena_->AllocateOverlay(sizeof(TfLiteTensor), alignof(TfLiteTensor)));
  if (t == nullptr) {
    ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes(), false);
    return nullptr;
  }
  if (FillTensor(tensor_idx, t, false) != kTfLiteOk) return nullptr;
  return t;
}

void InterpreterCore::DeallocateTempTfLiteTensor(TfLiteTensor*) {
  // Temp tensors are released in bulk when the node's prepare returns.
}

uint8_t* InterpreterCore::AllocateTempBuffer(size_t size, size_t alignment) {
  return arena_->AllocateOverlay(size, alignment);
}

void InterpreterCore::DeallocateTempBuffer(uint8_t*) {}

TfLiteEvalTensor* InterpreterCore::GetEvalTensor(int tensor_idx) {
  SubgraphState& sg = primary();
  if (tensor_idx < 0 || tensor_idx >= sg.tensors_size) return nullptr;
  return &sg.eval_tensors[tensor_idx];
}

void InterpreterCore::ReportKernelVariant(const char* variant) {
  if (current_node_ != nullptr && variant != nullptr) current_node_->variant = variant;
}

// --- TfLiteContext thunks ----------------------------------------------------------------------------------
TfLiteStatus InterpreterCore::GetExecutionPlanThunk(TfLiteContext* context, TfLiteIntArray** plan) {
  InterpreterCore* core = From(context);
  if (core->primary().plan == nullptr && (core->phase_ != Phase::kDelegating || core->MaterializePlan() != kTfLiteOk)) {
    MicroPrintf("GetExecutionPlan is only available to a delegate's Prepare.");
    *plan = nullptr;
    return kTfLiteError;
  }
  *plan = core->primary().plan;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::GetNodeAndRegistrationThunk(TfLiteContext* context, int node_index, TfLiteNode** node,
                                                          TfLiteRegistration** registration) {
  SubgraphState& sg = From(context)->primary();
  if (node_index < 0 || node_index >= sg.node_count()) {
    MicroPrintf("GetNodeAndRegistration: node %d does not exist (the graph has %d nodes).", node_index,
                static_cast<int>(sg.node_count()));
    return kTfLiteError;
  }
  *node = &sg.node(node_index).node;
  *registration = const_cast<TfLiteRegistration*>(sg.node(node_index).registration);
  return kTfLiteOk;
}

void InterpreterCore::ReportErrorThunk(TfLiteContext*, const char* format, ...) {
  va_list args;
  va_start(args, format);
  VLog(format, args);
  va_end(args);
}

void* InterpreterCore::AllocatePersistentBufferThunk(TfLiteContext* context, size_t bytes) {
  return From(context)->AllocatePersistentBuffer(bytes);
}
TfLiteStatus InterpreterCore::RequestScratchBufferThunk(TfLiteContext* context, size_t bytes, int* buffer_idx) {
  return From(context)->RequestScratchBufferInArena(bytes, buffer_idx);
}
void* InterpreterCore::GetScratchBufferThunk(TfLiteContext* context, int buffer_idx) {
  return From(context)->GetScratchBuffer(buffer_idx);
}
TfLiteTensor* InterpreterCore::GetTensorThunk(const TfLiteContext* context, int tensor_idx) {
  return From(context)->AllocateTempTfLiteTensor(tensor_idx);
}
TfLiteEvalTensor* InterpreterCore::GetEvalTensorThunk(const TfLiteContext* context, int tensor_idx) {
  return From(context)->GetEvalTensor(tensor_idx);
}

}  // namespace mote
