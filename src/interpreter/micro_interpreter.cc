#include "mote/micro_interpreter.h"

#include <cstdint>
#include <new>

#include "interpreter/interpreter_core.h"
#include "memory/arena.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"

namespace mote {

const schema::Model* GetVerifiedModel(const void* data, size_t size) {
  if (VerifyModel(data, size) != kTfLiteOk) return nullptr;
  return schema::GetModel(data);
}

MicroInterpreter::MicroInterpreter(const void* model_data, size_t model_size, const MicroOpResolver& resolver,
                                   uint8_t* arena, size_t arena_size, MicroResourceVariables* resource_variables) {
  if (VerifyModel(model_data, model_size) != kTfLiteOk) return;
  Construct(schema::GetModel(model_data), model_data, model_size, resolver, arena, arena_size, resource_variables);
}

MicroInterpreter::MicroInterpreter(const schema::Model* model, const MicroOpResolver& resolver, uint8_t* arena,
                                   size_t arena_size, MicroResourceVariables* resource_variables,
                                   MicroProfilerInterface* profiler) {
  if (model == nullptr) {
    MicroPrintf("MicroInterpreter: the model pointer is null.");
    return;
  }
  if (ValidateModelSemantics(model, nullptr, 0) != kTfLiteOk) return;
  Construct(model, nullptr, 0, resolver, arena, arena_size, resource_variables);
  if (profiler != nullptr) {
    profiler_ = profiler;
    SetNodeHook(ProfileNode, this);
  }
}

void MicroInterpreter::ProfileNode(void* user, size_t plan_position, bool after) {
  auto* self = static_cast<MicroInterpreter*>(user);
  if (after) {
    self->profiler_->EndEvent(self->profiler_event_);
    return;
  }
  const NodeInfo info = self->node_info(plan_position);
  const char* tag = info.variant != nullptr && info.variant[0] != '\0' ? info.variant : info.op_name;
  self->profiler_event_ = self->profiler_->BeginEvent(tag);
}

void MicroInterpreter::Construct(const schema::Model* model, const void* data, size_t size,
                                 const MicroOpResolver& resolver, uint8_t* arena, size_t arena_size,
                                 MicroResourceVariables* resource_variables) {
  if (arena == nullptr || arena_size == 0) {
    MicroPrintf("Tensor arena is empty (%s): give the interpreter a 16-byte aligned buffer.",
                arena == nullptr ? "null pointer" : "0 bytes");
    return;
  }
  if (reinterpret_cast<uintptr_t>(arena) % kArenaAlignment != 0) {
    MicroPrintf("Tensor arena at %p is not %u-byte aligned: declare it with alignas(16).", static_cast<void*>(arena),
                static_cast<unsigned>(kArenaAlignment));
    return;
  }
  constexpr size_t kCoreOffset = (sizeof(Arena) + 15) / 16 * 16;
  static_assert(kCoreOffset + sizeof(InterpreterCore) <= kCoreStorageBytes, "grow kCoreStorageBytes");
  Arena* a = new (core_storage_) Arena();
  a->Init(arena, arena_size);
  core_ = new (core_storage_ + kCoreOffset) InterpreterCore(model, static_cast<const uint8_t*>(data), size, resolver, a,
                                                                resource_variables);
  init_status_ = core_->Load();
}

MicroInterpreter::~MicroInterpreter() {
  // Only a fully loaded graph has nodes whose init may have run.
  if (core_ != nullptr && init_status_ == kTfLiteOk) core_->FreeNodes();
}

TfLiteStatus MicroInterpreter::AllocateTensors() {
  if (core_ == nullptr || init_status_ != kTfLiteOk) {
    MicroPrintf("AllocateTensors() failed: the interpreter could not load the model (see the messages above).");
    return kTfLiteError;
  }
  return core_->AllocateTensors();
}

TfLiteStatus MicroInterpreter::Invoke() {
  if (!usable()) {
    MicroPrintf("Invoke() called on an interpreter that could not load its model.");
    return kTfLiteError;
  }
  return core_->Invoke();
}

TfLiteStatus MicroInterpreter::Reset() { return !usable() ? kTfLiteError : core_->Reset(); }

TfLiteStatus MicroInterpreter::ModifyGraphWithDelegate(TfLiteDelegate* delegate) {
  if (core_ == nullptr || init_status_ != kTfLiteOk) {
    MicroPrintf("ModifyGraphWithDelegate: the interpreter could not load its model.");
    return kTfLiteError;
  }
  return core_->ModifyGraphWithDelegate(delegate);
}

size_t MicroInterpreter::inputs_size() const { return !usable() ? 0 : core_->inputs_size(); }
size_t MicroInterpreter::outputs_size() const { return !usable() ? 0 : core_->outputs_size(); }
TfLiteTensor* MicroInterpreter::input(size_t index) { return !usable() ? nullptr : core_->input(index); }
TfLiteTensor* MicroInterpreter::output(size_t index) { return !usable() ? nullptr : core_->output(index); }

size_t MicroInterpreter::tensors_size() const {
  return !usable() ? 0 : static_cast<size_t>(core_->primary().tensors_size);
}
TfLiteEvalTensor* MicroInterpreter::GetEvalTensor(int tensor_index) {
  return !usable() ? nullptr : core_->GetEvalTensor(tensor_index);
}

size_t MicroInterpreter::arena_used_bytes() const { return core_ == nullptr ? 0 : core_->arena_report().total; }
ArenaReport MicroInterpreter::arena_report() const {
  return core_ == nullptr ? ArenaReport{0, 0, 0, 0, 0} : core_->arena_report();
}
PersistentUse MicroInterpreter::persistent_use(PersistentCategory category) const {
  if (core_ == nullptr || static_cast<int>(category) < 0 || category >= PersistentCategory::kCount) {
    return PersistentUse{0, 0, 0};
  }
  return core_->persistent_use(category);
}
TfLiteStatus MicroInterpreter::initialization_status() const { return init_status_; }

size_t MicroInterpreter::operators_size() const {
  return !usable() ? 0 : static_cast<size_t>(core_->primary().plan_size());
}

NodeInfo MicroInterpreter::node_info(size_t plan_position) const {
  NodeInfo info{-1, 0, "", "", nullptr};
  if (core_ == nullptr || plan_position >= operators_size()) return info;
  const SubgraphState& sg = core_->primary();
  const int32_t index = sg.plan_node(plan_position);
  const NodeRecord& r = sg.node(index);
  info.index = index;
  info.builtin_code = r.builtin_code();
  info.op_name = r.op_name();
  info.variant = r.variant;
  info.replaced_nodes = r.replaced_nodes();
  return info;
}

void MicroInterpreter::LogKernelVariants() const {
  for (size_t p = 0; p < operators_size(); ++p) {
    const NodeInfo info = node_info(p);
    MicroPrintf("Node %d (%s): %s", info.index, info.op_name, info.variant);
  }
}

void MicroInterpreter::SetMaxLoopIterations(uint32_t limit) {
  if (core_ != nullptr) core_->SetMaxLoopIterations(limit);
}

void MicroInterpreter::SetNodeHook(NodeHook hook, void* user) {
  if (core_ != nullptr) core_->SetNodeHook(hook, user);
}

void MicroInterpreter::SetInPlaceExecution(bool enabled) {
  if (core_ != nullptr) core_->SetInPlaceExecution(enabled);
}

void MicroInterpreter::SetOperatorReordering(bool enabled) {
  if (core_ != nullptr) core_->SetOperatorReordering(enabled);
}

void MicroInterpreter::SetWeightPrepacking(bool enabled) {
  if (core_ != nullptr) core_->SetWeightPrepacking(enabled);
}

void MicroInterpreter::SetMemoryPlanObserver(MemoryPlanObserver* observer) {
  if (core_ != nullptr) core_->SetMemoryPlanObserver(observer);
}

}  // namespace mote
