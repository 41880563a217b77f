// InterpreterCore's lifecycle: construction (the context's callbacks wired), persistent arena memory and its
// diagnostics, Invoke/Reset/free, and the views the public interpreter hands out. Loading is in
// graph_builder.cc, AllocateTensors in tensor_allocation.cc, the kernel context in kernel_context.cc.
#include "interpreter/interpreter_core.h"

#include <cstring>

#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {

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
    if (status == kTfLiteAbort) {  // not an error: the rest of the plan waits for a later Invoke() (TFLM's)
      phase_ = Phase::kReady;
      return kTfLiteAbort;
    }
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

}  // namespace mote
