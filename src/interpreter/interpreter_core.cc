// InterpreterCore's lifecycle: construction (the context's callbacks wired), persistent arena memory and its
// diagnostics, Invoke/Reset/free, and the views the public interpreter hands out. Loading is in
// graph_builder.cc, AllocateTensors in tensor_allocation.cc, the kernel context in kernel_context.cc.
#include "interpreter/interpreter_core.h"

#include <cstring>

#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {

InterpreterCore::InterpreterCore(const schema::Model* model, const uint8_t* model_base, size_t model_size,
                                 const MicroOpResolver& resolver, Arena* arena,
                                 MicroResourceVariables* resource_variables)
    : model_(model),
      model_base_(model_base),
      model_size_(model_size),
      resolver_(resolver),
      arena_(arena),
      resource_variables_(resource_variables) {
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

namespace {

// The category of a persistent allocation, from the description every call site gives (RecordingMicroAllocator's
// PrintAllocations reports them); *element_bytes > 0 when the count is of array elements.
PersistentCategory CategoryOf(const char* what, size_t* element_bytes) {
  struct Entry {
    const char* what;
    PersistentCategory category;
    size_t element_bytes;
  };
  static constexpr Entry kEntries[] = {
      {"tensors", PersistentCategory::kEvalTensors, sizeof(TfLiteEvalTensor)},
      {"input tensors", PersistentCategory::kTensorViews, sizeof(TfLiteTensor)},
      {"output tensors", PersistentCategory::kTensorViews, sizeof(TfLiteTensor)},
      {"quantization parameters", PersistentCategory::kQuantization, 0},
      {"a kernel's persistent buffer", PersistentCategory::kKernelBuffers, 0},
      {"a variable tensor", PersistentCategory::kVariableTensors, 0},
      {"nodes", PersistentCategory::kNodes, sizeof(NodeRecord)},
      {"builtin options", PersistentCategory::kBuiltinOptions, 0},
  };
  for (const Entry& e : kEntries) {
    if (std::strcmp(e.what, what) == 0) {
      *element_bytes = e.element_bytes;
      return e.category;
    }
  }
  *element_bytes = 0;
  return PersistentCategory::kOther;
}

}  // namespace

void* InterpreterCore::AllocatePersistentOrReport(size_t bytes, size_t alignment, const char* what) {
  const size_t before = arena_->persistent_bytes();
  void* p = arena_->AllocatePersistent(bytes, alignment);
  if (p != nullptr) {
    size_t element_bytes = 0;
    PersistentUse& use = recorded_[static_cast<int>(CategoryOf(what, &element_bytes))];
    use.requested_bytes += bytes;
    use.used_bytes += arena_->persistent_bytes() - before;
    use.count += element_bytes > 0 ? bytes / element_bytes : 1;
  }
  if (p == nullptr) {
    ++persistent_failures_;
    MicroPrintf("Tensor arena too small while allocating %s (%u bytes).", what, static_cast<unsigned>(bytes));
    ReportArenaTooSmall(arena_->needed_for_persistent(bytes), false);
  }
  return p;
}

uint8_t* InterpreterCore::AllocateOverlayOrReport(size_t bytes, size_t alignment) {
  uint8_t* p = arena_->AllocateOverlay(bytes, alignment);
  if (p == nullptr) ReportArenaTooSmall(arena_->used_bytes(), false);
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
                       : static_cast<void*>(AllocateOverlayOrReport(bytes, alignof(int)));
  if (p == nullptr) return nullptr;
  auto* a = static_cast<TfLiteIntArray*>(p);
  a->size = size;
  return a;
}

// --- Invoke / Reset / free ---------------------------------------------------------------------------------
void InterpreterCore::LogNodeStatus(int32_t s, int32_t index, const char* op, const char* what, TfLiteStatus status) {
  // Subgraph 0's wording is TFLM's; the others name their subgraph (a node number alone would be ambiguous).
  if (s == 0) {
    MicroPrintf("Node number %d (%s) failed to %s with status %d", static_cast<int>(index), op, what,
                static_cast<int>(status));
  } else {
    MicroPrintf("Subgraph %d node %d (%s) failed to %s with status %d", static_cast<int>(s), static_cast<int>(index),
                op, what, static_cast<int>(status));
  }
}

TfLiteStatus InterpreterCore::Invoke() {
  if (phase_ != Phase::kReady) {
    MicroPrintf("Invoke() called before AllocateTensors() succeeded.");
    return kTfLiteError;
  }
  phase_ = Phase::kInvoke;
  const TfLiteStatus status = InvokeNodes(0);
  phase_ = Phase::kReady;
  return status;
}

// One subgraph's nodes in plan order. Nested calls come from control-flow kernels through InvokeSubgraph,
// whose depth the load-time check bounds (CheckSubgraphCalls), and which re-checks it.
TfLiteStatus InterpreterCore::InvokeNodes(int32_t s) {
  SubgraphState& sg = subgraph(s);
  const int32_t previous = current_subgraph_;
  current_subgraph_ = s;
  TfLiteStatus result = kTfLiteOk;
  for (int32_t p = 0; p < sg.plan_size(); ++p) {
    const int32_t index = sg.plan_node(p);
    NodeRecord& r = sg.node(index);
    const bool hooked = hook_ != nullptr && s == 0;  // the hook reports subgraph 0's plan positions
    if (hooked) hook_(hook_user_, static_cast<size_t>(p), false);
    const TfLiteStatus status = r.registration->invoke(&context_, &r.node);
    // Tensor views a kernel took with context->GetTensor during invoke (TFLite-style delegate kernels do)
    // are released after each node, as TFLM resets its temp allocations, so Invoke() never creeps.
    arena_->ResetOverlay(planned_bytes_);
    if (hooked) hook_(hook_user_, static_cast<size_t>(p), true);
    if (status == kTfLiteAbort) {  // not an error: the rest of the plan waits for a later Invoke() (TFLM's)
      result = kTfLiteAbort;
      break;
    }
    if (status != kTfLiteOk) {
      LogNodeStatus(s, index, r.op_name(), "invoke", status);
      result = kTfLiteError;
      break;
    }
  }
  current_subgraph_ = previous;
  return result;
}

TfLiteStatus InterpreterCore::Reset() {
  if (phase_ != Phase::kReady) return kTfLiteOk;
  // TFLM's order: every node's reset (all subgraphs), variable tensors, then the resource variables. CALL_ONCE
  // has no reset: its init subgraph does not run again.
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& sg = subgraph(s);
    current_subgraph_ = s;
    for (int32_t p = 0; p < sg.plan_size(); ++p) {
      NodeRecord& r = sg.node(sg.plan_node(p));
      if (r.registration->reset != nullptr) r.registration->reset(&context_, r.node.user_data);
    }
  }
  current_subgraph_ = 0;
  TF_LITE_ENSURE_STATUS(ResetVariableTensors());
  return resource_variables_ != nullptr ? resource_variables_->ResetAll() : kTfLiteOk;
}

void InterpreterCore::FreeNodes() {
  int32_t remaining = initialized_nodes_;
  for (int32_t s = 0; s < subgraphs_size_ && remaining > 0; ++s) {
    SubgraphState& sg = subgraph(s);
    current_subgraph_ = s;
    for (int32_t p = 0; p < sg.plan_size() && remaining > 0; ++p, --remaining) {
      NodeRecord& r = sg.node(sg.plan_node(p));
      if (r.registration != nullptr && r.registration->free != nullptr) r.registration->free(&context_, r.node.user_data);
    }
  }
  current_subgraph_ = 0;
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
  r.persistent = arena_->persistent_bytes();
  r.planned = r.total - r.persistent;  // the low end's share: total = planned + persistent
  r.activations = activation_bytes_;
  r.scratch = scratch_bytes_;
  r.prepacked = prepacked_bytes_;
  return r;
}

}  // namespace mote
