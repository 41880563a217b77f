// AllocateTensors: variable tensors, every node's init then prepare (collecting scratch requests), the
// persistent tables, then the memory plan (src/memory/memory_planner.h) applied to the tensors.
//
// Order matters for arena sizes: every persistent allocation is made before the plan claims its region, so
// that a too-small arena fails at that claim, where the exact size needed is known.
#include "interpreter/interpreter_core.h"

#include <cstring>

#include "interpreter/flatbuffer_arrays.h"
#include "memory/memory_planner.h"
#include "mote/ethos_u.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

// Metadata "OfflineMemoryAllocation": int32 [version, subgraph, count, offset_0 .. offset_count-1] with -1
// for "let the planner decide" (validated by the model verifier). As in TFLM, the offsets cover the tensors
// of every subgraph in order (subgraph 0's first) and the version and subgraph words are not read. Subgraph
// 0's offsets, or nullptr when the model has none.
const int32_t* FindOfflinePlan(const schema::Model* model, int32_t tensors_size) {
  const int32_t* offsets = nullptr;
  const auto* metadata = model->metadata();
  if (metadata == nullptr) return nullptr;
  for (flatbuffers::uoffset_t i = 0; i < metadata->size(); ++i) {
    const schema::Metadata* m = metadata->Get(i);
    if (m->name() == nullptr || std::strcmp(m->name()->c_str(), "OfflineMemoryAllocation") != 0) continue;
    const schema::Buffer* b = model->buffers()->Get(m->buffer());
    const auto* words = reinterpret_cast<const int32_t*>(b->data()->data());
    if (words[2] < tensors_size) return offsets;
    offsets = words + 3;
  }
  return offsets;
}

const int32_t* VectorData(const flatbuffers::Vector<int32_t>* v, int32_t* size) {
  *size = v == nullptr ? 0 : static_cast<int32_t>(v->size());
  return v == nullptr ? nullptr : v->data();
}

// The primary subgraph's execution plan as the memory planner sees it. Constants and variables already point
// at their memory; a delegate kernel uses the tensors of the nodes it replaced at its own position, so that
// a delegate may run the original kernels on them.
class SubgraphPlanView final : public PlanView {
 public:
  SubgraphPlanView(const SubgraphState& sg, const int32_t* offline, const ScratchRequest* scratch,
                   int32_t scratch_count, const uint8_t* in_place_inputs, bool reorder)
      : sg_(sg),
        offline_(offline),
        scratch_(scratch),
        scratch_count_(scratch_count),
        in_place_(in_place_inputs),
        reorder_(reorder) {}

  // Reordering: one subgraph, no delegate and no offline plan (its offsets assume the model's order).
  bool MayReorder() const override { return reorder_ && sg_.plan == nullptr && offline_ == nullptr; }
  void VisitInputs(int32_t position, TensorVisitor* visitor) const override {
    VisitAll(sg_.node(sg_.plan_node(position)).node.inputs, visitor);
  }
  void VisitOutputs(int32_t position, TensorVisitor* visitor) const override {
    const NodeRecord& r = sg_.node(sg_.plan_node(position));
    VisitAll(r.node.outputs, visitor);
    VisitAll(r.node.intermediates, visitor);
  }
  // Pinned (their relative order kept): custom ops and delegate kernels (state the planner cannot see),
  // control flow and resource variables, and every node that touches a variable tensor (SVDF, LSTM state).
  bool Pinned(int32_t position) const override {
    const NodeRecord& r = sg_.node(sg_.plan_node(position));
    switch (r.builtin_code()) {
      case schema::BuiltinOperator_CUSTOM:
      case schema::BuiltinOperator_DELEGATE:
      case schema::BuiltinOperator_IF:
      case schema::BuiltinOperator_WHILE:
      case schema::BuiltinOperator_CALL_ONCE:
      case schema::BuiltinOperator_VAR_HANDLE:
      case schema::BuiltinOperator_READ_VARIABLE:
      case schema::BuiltinOperator_ASSIGN_VARIABLE:
        return true;
      default:
        break;
    }
    return TouchesVariable(r.node.inputs) || TouchesVariable(r.node.outputs) || TouchesVariable(r.node.intermediates);
  }

  int32_t tensors_size() const override { return sg_.tensors_size; }
  int32_t plan_size() const override { return sg_.plan_size(); }
  bool NeedsPlanning(int32_t tensor) const override { return sg_.eval_tensors[tensor].data.data == nullptr; }
  uint32_t TensorBytes(int32_t tensor) const override {
    const TfLiteEvalTensor& e = sg_.eval_tensors[tensor];
    return static_cast<uint32_t>(ElementCount(*e.dims) * static_cast<int64_t>(TfLiteTypeSizeOf(e.type)));
  }
  void VisitUses(int32_t position, TensorVisitor* visitor) const override {
    const NodeRecord& r = sg_.node(sg_.plan_node(position));
    VisitAll(r.node.inputs, visitor);
    VisitAll(r.node.outputs, visitor);
    VisitAll(r.node.intermediates, visitor);
    for (int m = 0; r.replaced_nodes() != nullptr && m < r.replaced_nodes()->size; ++m) {
      const NodeRecord& inner = sg_.node(r.replaced_nodes()->data[m]);
      VisitAll(inner.node.inputs, visitor);
      VisitAll(inner.node.outputs, visitor);
    }
  }
  const int32_t* graph_inputs(int32_t* size) const override { return VectorData(sg_.subgraph->inputs(), size); }
  const int32_t* graph_outputs(int32_t* size) const override { return VectorData(sg_.subgraph->outputs(), size); }
  const int32_t* offline_offsets() const override { return offline_; }
  const ScratchRequest* scratch_requests(int32_t* count) const override {
    *count = scratch_count_;
    return scratch_;
  }
  // Vela's scratch area: read by ethos-u nodes only, written by none and not a graph input (mote/ethos_u.h).
  bool MayShareBytes(int32_t tensor) const override {
    if (const auto* inputs = sg_.subgraph->inputs()) {
      for (flatbuffers::uoffset_t i = 0; i < inputs->size(); ++i)
        if (inputs->Get(i) == tensor) return false;
    }
    bool read = false;
    for (int32_t i = 0; i < sg_.nodes_size; ++i) {
      const NodeRecord& r = sg_.nodes[i];
      if (Contains(r.node.outputs, tensor)) return false;
      if (!Contains(r.node.inputs, tensor)) continue;
      if (r.registration->custom_name == nullptr || std::strcmp(r.registration->custom_name, kEthosUCustomName) != 0)
        return false;
      read = true;
    }
    return read;
  }
  bool HasInPlaceCandidates() const override { return in_place_ != nullptr; }
  int32_t InPlaceCandidates(int32_t position, int32_t* output, int32_t* inputs) const override {
    const int32_t node = sg_.plan_node(position);
    if (in_place_ == nullptr || node >= sg_.nodes_size || in_place_[node] == 0) return 0;
    const TfLiteNode& n = sg_.node(node).node;
    if (n.outputs->size < 1) return 0;
    *output = n.outputs->data[0];
    int32_t count = 0;
    for (int i = 0; i < n.inputs->size && i < kMaxInPlaceInputs; ++i)
      if ((in_place_[node] >> i) & 1u) inputs[count++] = n.inputs->data[i];
    return count;
  }

 private:
  static void VisitAll(const TfLiteIntArray* tensors, TensorVisitor* visitor) {
    for (int i = 0; i < tensors->size; ++i) visitor->Visit(tensors->data[i]);
  }
  bool TouchesVariable(const TfLiteIntArray* tensors) const {
    for (int i = 0; i < tensors->size; ++i) {
      const int32_t t = tensors->data[i];
      if (t >= 0 && t < sg_.tensors_size && sg_.subgraph->tensors()->Get(t)->is_variable()) return true;
    }
    return false;
  }
  static bool Contains(const TfLiteIntArray* tensors, int32_t tensor) {
    for (int i = 0; i < tensors->size; ++i)
      if (tensors->data[i] == tensor) return true;
    return false;
  }

  const SubgraphState& sg_;
  const int32_t* offline_;
  const ScratchRequest* scratch_;
  int32_t scratch_count_;
  const uint8_t* in_place_;  // per model node: the inputs output 0 may overwrite (bit i: input i), or nullptr
  bool reorder_;
};

// Every subgraph on one timeline (subgraph_calls.cc): tensor g of the view is tensor g - tensor_base of the
// subgraph whose range holds it. The model's offline plan (subgraph 0's tensors) comes widened to every tensor.
class TimelinePlanView final : public PlanView {
 public:
  TimelinePlanView(InterpreterCore* core, const TimelineEntry* timeline, int32_t timeline_size, int32_t total_tensors,
                   const int32_t* offline, const ScratchRequest* scratch, int32_t scratch_count)
      : core_(core),
        timeline_(timeline),
        timeline_size_(timeline_size),
        total_tensors_(total_tensors),
        offline_(offline),
        scratch_(scratch),
        scratch_count_(scratch_count) {}

  int32_t tensors_size() const override { return total_tensors_; }
  int32_t plan_size() const override { return timeline_size_; }
  bool NeedsPlanning(int32_t tensor) const override { return Eval(tensor).data.data == nullptr; }
  uint32_t TensorBytes(int32_t tensor) const override {
    const TfLiteEvalTensor& e = Eval(tensor);
    return static_cast<uint32_t>(ElementCount(*e.dims) * static_cast<int64_t>(TfLiteTypeSizeOf(e.type)));
  }
  void VisitUses(int32_t position, TensorVisitor* visitor) const override {
    const TimelineEntry& entry = timeline_[position];
    if (entry.kind == TimelineEntry::kRevisit) return VisitSubtree(entry.value, visitor);
    const SubgraphState& sg = core_->subgraph(entry.subgraph);
    const NodeRecord& r = sg.node(sg.plan_node(entry.value));
    OffsetVisitor local(visitor, sg.tensor_base);
    VisitAll(r.node.inputs, &local);
    VisitAll(r.node.outputs, &local);
    VisitAll(r.node.intermediates, &local);
    for (int m = 0; r.replaced_nodes() != nullptr && m < r.replaced_nodes()->size; ++m) {
      const NodeRecord& inner = sg.node(r.replaced_nodes()->data[m]);
      VisitAll(inner.node.inputs, &local);
      VisitAll(inner.node.outputs, &local);
    }
    const int32_t node = sg.plan_node(entry.value);
    if (node >= sg.nodes_size) return;  // a delegate kernel calls no subgraph
    int32_t callees[2];
    const int32_t n = CalledSubgraphs(sg.subgraph->operators()->Get(node), r.builtin_code(), callees);
    for (int32_t c = 0; c < n; ++c) VisitSubgraphIo(callees[c], visitor);
  }
  const int32_t* graph_inputs(int32_t* size) const override {
    return VectorData(core_->subgraph(0).subgraph->inputs(), size);
  }
  const int32_t* graph_outputs(int32_t* size) const override {
    return VectorData(core_->subgraph(0).subgraph->outputs(), size);
  }
  const int32_t* offline_offsets() const override { return offline_; }
  const ScratchRequest* scratch_requests(int32_t* count) const override {
    *count = scratch_count_;
    return scratch_;
  }

 private:
  class OffsetVisitor final : public TensorVisitor {
   public:
    OffsetVisitor(TensorVisitor* inner, int32_t base) : inner_(inner), base_(base) {}
    void Visit(int32_t tensor) override {
      if (tensor >= 0) inner_->Visit(base_ + tensor);
    }

   private:
    TensorVisitor* inner_;
    int32_t base_;
  };

  static void VisitAll(const TfLiteIntArray* tensors, TensorVisitor* visitor) {
    for (int i = 0; i < tensors->size; ++i) visitor->Visit(tensors->data[i]);
  }
  static void VisitVector(const flatbuffers::Vector<int32_t>* v, TensorVisitor* visitor) {
    for (flatbuffers::uoffset_t i = 0; v != nullptr && i < v->size(); ++i) visitor->Visit(v->Get(i));
  }
  void VisitSubgraphIo(int32_t s, TensorVisitor* visitor) const {
    const SubgraphState& sg = core_->subgraph(s);
    OffsetVisitor local(visitor, sg.tensor_base);
    VisitVector(sg.subgraph->inputs(), &local);
    VisitVector(sg.subgraph->outputs(), &local);
  }
  // A subgraph called again: it and every subgraph placed inside its interval keep all their tensors here.
  void VisitSubtree(int32_t callee, TensorVisitor* visitor) const {
    const SubgraphState& c = core_->subgraph(callee);
    VisitSubgraphIo(callee, visitor);
    for (int32_t s = 0; s < core_->subgraphs_size(); ++s) {
      const SubgraphState& sg = core_->subgraph(s);
      if (sg.timeline_first < c.timeline_first || sg.timeline_first > c.timeline_last) continue;
      for (int32_t t = 0; t < sg.tensors_size; ++t) visitor->Visit(sg.tensor_base + t);
    }
  }
  const TfLiteEvalTensor& Eval(int32_t tensor) const {
    // The subgraph holding global index `tensor`: the last one whose base is <= it (bases ascend).
    int32_t lo = 0;
    int32_t hi = core_->subgraphs_size() - 1;
    while (lo < hi) {
      const int32_t mid = (lo + hi + 1) / 2;
      if (core_->subgraph(mid).tensor_base <= tensor) lo = mid;
      else hi = mid - 1;
    }
    const SubgraphState& sg = core_->subgraph(lo);
    return sg.eval_tensors[tensor - sg.tensor_base];
  }

  InterpreterCore* core_;
  const TimelineEntry* timeline_;
  int32_t timeline_size_;
  int32_t total_tensors_;
  const int32_t* offline_;
  const ScratchRequest* scratch_;
  int32_t scratch_count_;
};

}  // namespace

TfLiteStatus InterpreterCore::AllocateTensors() {
  if (phase_ == Phase::kReady) return kTfLiteOk;
  if (phase_ != Phase::kLoaded) {
    MicroPrintf("AllocateTensors() cannot run: an earlier AllocateTensors() failed; create a new interpreter.");
    return kTfLiteError;
  }
  phase_ = Phase::kFailed;  // until everything below succeeds
  TF_LITE_ENSURE_STATUS(BuildTimeline());
  TF_LITE_ENSURE_STATUS(AllocateVariableTensors());
  TF_LITE_ENSURE_STATUS(InitNodes());
  TF_LITE_ENSURE_STATUS(PrepareNodes());
  if (resource_variables_ != nullptr) TF_LITE_ENSURE_STATUS(resource_variables_->CheckReadsAssigned());
  TF_LITE_ENSURE_STATUS(AllocateTensorTables());
  TF_LITE_ENSURE_STATUS(PlanMemory());

  SubgraphState& sg = primary();
  for (size_t i = 0; i < inputs_size(); ++i)
    input_tensors_[i].data = sg.eval_tensors[sg.subgraph->inputs()->Get(i)].data;
  for (size_t i = 0; i < outputs_size(); ++i)
    output_tensors_[i].data = sg.eval_tensors[sg.subgraph->outputs()->Get(i)].data;
  if (arena_->used_bytes() > arena_->capacity()) {
    ReportArenaTooSmall(arena_->used_bytes(), true);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(ResetVariableTensors());
  phase_ = Phase::kReady;
  return kTfLiteOk;
}

// Variable tensors own persistent memory: their value survives between invocations.
TfLiteStatus InterpreterCore::AllocateVariableTensors() {
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& sg = subgraph(s);
    for (int32_t t = 0; t < sg.tensors_size; ++t) {
      const schema::Tensor* tensor = sg.subgraph->tensors()->Get(t);
      TfLiteEvalTensor& e = sg.eval_tensors[t];
      if (!tensor->is_variable() || e.data.data != nullptr) continue;
      const size_t bytes = static_cast<size_t>(ElementCount(*e.dims)) * TfLiteTypeSizeOf(e.type);
      e.data.data = AllocatePersistentOrReport(bytes > 0 ? bytes : 1, kArenaAlignment, "a variable tensor");
      if (e.data.data == nullptr) return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// TFLM's order: subgraph by subgraph, each in plan order.
TfLiteStatus InterpreterCore::InitNodes() {
  phase_ = Phase::kInit;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& sg = subgraph(s);
    current_subgraph_ = s;
    for (int32_t p = 0; p < sg.plan_size(); ++p) {
      NodeRecord& r = sg.node(sg.plan_node(p));
      current_node_ = &r;
      current_plan_position_ = sg.position(p);
      if (r.registration->init != nullptr) {
        const char* buffer = nullptr;
        size_t length = 0;
        if (r.builtin_code() == schema::BuiltinOperator_CUSTOM) {
          buffer = static_cast<const char*>(r.node.custom_initial_data);
          length = static_cast<size_t>(r.node.custom_initial_data_size);
        } else {
          buffer = static_cast<const char*>(r.node.builtin_data);
        }
        const int32_t failures = persistent_failures_;
        r.node.user_data = r.registration->init(&context_, buffer, length);
        ++initialized_nodes_;
        if (persistent_failures_ != failures) {
          if (s == 0) {
            MicroPrintf("Node number %d (%s) failed to initialize: the arena has no room for its persistent data",
                        static_cast<int>(sg.plan_node(p)), r.op_name());
          } else {
            MicroPrintf("Subgraph %d node %d (%s) failed to initialize: the arena has no room for its persistent "
                        "data", static_cast<int>(s), static_cast<int>(sg.plan_node(p)), r.op_name());
          }
          return kTfLiteError;
        }
        continue;
      }
      ++initialized_nodes_;
    }
  }
  current_subgraph_ = 0;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::PrepareNodes() {
  phase_ = Phase::kPrepare;
  // Overlay layout during prepare: [scratch requests (grows) | reserve for this node | node temps].
  arena_->ResetOverlay(0);
  scratch_requests_ = reinterpret_cast<ScratchRequest*>(arena_->base());
  scratch_count_ = 0;
  in_place_inputs_ = nullptr;
  declarations_bytes_ = 0;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    current_subgraph_ = s;
    for (int32_t p = 0; p < subgraph(s).plan_size(); ++p) TF_LITE_ENSURE_STATUS(PrepareNode(s, p));
  }
  current_subgraph_ = 0;
  current_node_ = nullptr;
  current_plan_position_ = -1;
  // The last node's temps are given back too, so the persistent tables allocated next may take their bytes.
  arena_->ResetOverlay(declarations_bytes_ + sizeof(ScratchRequest) * scratch_count_);
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::PrepareNode(int32_t s, int32_t p) {
  SubgraphState& sg = subgraph(s);
  const int32_t index = sg.plan_node(p);
  NodeRecord& r = sg.node(index);
  current_node_ = &r;
  current_plan_position_ = sg.position(p);
  arena_->ResetOverlay(declarations_bytes_ + sizeof(ScratchRequest) * scratch_count_);
  pending_scratch_count_ = 0;
  pending_in_place_ = 0;
  const int32_t failures = persistent_failures_;
  TfLiteStatus status = r.registration->prepare == nullptr ? kTfLiteOk : r.registration->prepare(&context_, &r.node);
  if (status == kTfLiteOk && persistent_failures_ != failures) status = kTfLiteError;  // refused, reported above
  if (status != kTfLiteOk) {
    LogNodeStatus(s, index, r.op_name(), "prepare", status);
    return kTfLiteError;
  }
  // The node's temps are released: its in-place declaration and its scratch requests join the lists (claiming
  // overlay bytes, so that the high-water mark counts them).
  if (pending_in_place_ != 0) TF_LITE_ENSURE_STATUS(KeepInPlaceDeclaration(index));
  if (pending_scratch_count_ > 0) {
    arena_->ResetOverlay(declarations_bytes_ + sizeof(ScratchRequest) * scratch_count_);
    if (arena_->AllocateOverlay(sizeof(ScratchRequest) * pending_scratch_count_, alignof(ScratchRequest)) == nullptr) {
      ReportArenaTooSmall(arena_->used_bytes(), false);
      return kTfLiteError;
    }
    std::memcpy(scratch_requests_ + scratch_count_, pending_scratch_, sizeof(ScratchRequest) * pending_scratch_count_);
    scratch_count_ += pending_scratch_count_;
    pending_scratch_count_ = 0;
  }
  return kTfLiteOk;
}

// The first declaration makes the array at the overlay's base, moving the scratch requests up after it.
TfLiteStatus InterpreterCore::KeepInPlaceDeclaration(int32_t node) {
  const SubgraphState& sg = primary();
  if (in_place_inputs_ == nullptr) {
    const size_t bytes = AlignUp(static_cast<size_t>(sg.nodes_size), alignof(ScratchRequest));
    const size_t requests = sizeof(ScratchRequest) * static_cast<size_t>(scratch_count_);
    arena_->ResetOverlay(0);
    if (arena_->AllocateOverlay(bytes + requests, alignof(ScratchRequest)) == nullptr) {
      ReportArenaTooSmall(arena_->used_bytes(), false);
      return kTfLiteError;
    }
    std::memmove(arena_->base() + bytes, scratch_requests_, requests);
    std::memset(arena_->base(), 0, bytes);
    in_place_inputs_ = arena_->base();
    declarations_bytes_ = bytes;
    scratch_requests_ = reinterpret_cast<ScratchRequest*>(arena_->base() + bytes);
  }
  in_place_inputs_[node] = static_cast<uint8_t>(in_place_inputs_[node] | pending_in_place_);
  pending_in_place_ = 0;
  return kTfLiteOk;
}

// The last persistent allocations: the scratch offset table and the input/output tensor views.
TfLiteStatus InterpreterCore::AllocateTensorTables() {
  SubgraphState& sg = primary();
  if (scratch_count_ > 0) {
    scratch_offsets_ = static_cast<uint32_t*>(
        AllocatePersistentOrReport(sizeof(uint32_t) * scratch_count_, alignof(uint32_t), "scratch buffer table"));
    if (scratch_offsets_ == nullptr) return kTfLiteError;
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
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::PlanMemory() {
  phase_ = Phase::kPlanning;
  SubgraphState& sg = primary();
  const int32_t* offline = FindOfflinePlan(model_, sg.tensors_size);
  const SubgraphPlanView single(sg, offline, scratch_requests_, scratch_count_, in_place_inputs_,
                                reorder_enabled_ && subgraphs_size_ == 1);
  // The model's offline plan covers subgraph 0: on the timeline the other subgraphs' tensors are the planner's.
  int32_t* timeline_offline = nullptr;
  if (subgraphs_size_ > 1 && offline != nullptr) {
    timeline_offline = static_cast<int32_t*>(AllocatePersistentOrReport(
        sizeof(int32_t) * static_cast<size_t>(total_tensors_), alignof(int32_t), "the offline plan of every subgraph"));
    if (timeline_offline == nullptr) return kTfLiteError;
    for (int32_t t = 0; t < total_tensors_; ++t) timeline_offline[t] = t < sg.tensors_size ? offline[t] : -1;
  }
  const TimelinePlanView timeline(this, timeline_, timeline_size_, total_tensors_, timeline_offline, scratch_requests_,
                                  scratch_count_);
  const PlanView& view = subgraphs_size_ == 1 ? static_cast<const PlanView&>(single) : timeline;
  MemoryPlan plan;
  ReorderOptions reorder;
  reorder.enabled = reorder_enabled_ && subgraphs_size_ == 1;
  reorder.persistent_cost = sizeof(int16_t) * static_cast<size_t>(sg.nodes_size);
  const PlanStatus status = mote::PlanMemory(view, arena_, &plan, declarations_bytes_, reorder);
  activation_bytes_ = plan.activation_bytes;
  scratch_bytes_ = plan.scratch_bytes;
  planned_bytes_ = plan.planned_bytes;
  switch (status) {
    case PlanStatus::kOk:
      break;
    case PlanStatus::kWorkingSetTooLarge:
      ReportArenaTooSmall(arena_->used_bytes(), false);
      return kTfLiteError;
    case PlanStatus::kArenaTooSmall:
      ReportArenaTooSmall(arena_->used_bytes(), true);
      return kTfLiteError;
    case PlanStatus::kOfflineOverlap:
      return kTfLiteError;
  }
  // The planner's working set may overlap the planned region: read every offset out before writing data.
  if (plan.order != nullptr) {  // copied out of the working set before anything is written
    auto* order = static_cast<int16_t*>(AllocatePersistentOrReport(sizeof(int16_t) * static_cast<size_t>(sg.nodes_size),
                                                                   alignof(int16_t), "the execution order"));
    if (order == nullptr) return kTfLiteError;
    for (int32_t p = 0; p < sg.nodes_size; ++p) order[p] = plan.order[p];
    sg.order = order;
  }
  if (plan_observer_ != nullptr) ShowPlan(plan);
  for (int32_t s = 0; s < scratch_count_; ++s) scratch_offsets_[s] = plan.scratch_offset(s);
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& each = subgraph(s);
    for (int32_t t = 0; t < each.tensors_size; ++t) {
      const int32_t g = each.tensor_base + t;
      if (plan.planned(g)) each.eval_tensors[t].data.data = arena_->base() + plan.tensor_offset(g);
    }
  }
  arena_->ResetOverlay(planned_bytes_);
  in_place_inputs_ = nullptr;  // the planned region has taken its bytes
  declarations_bytes_ = 0;
  return kTfLiteOk;
}

void InterpreterCore::ShowPlan(const MemoryPlan& plan) const {
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    const SubgraphState& each = subgraph(s);
    for (int32_t t = 0; t < each.tensors_size; ++t) {
      const int32_t g = each.tensor_base + t;
      if (!plan.planned(g)) continue;
      const int32_t buffer = plan.buffer_of(g);
      const PlannerBuffer& b = plan.buffers[buffer];
      int32_t overwrites = -1;  // the input whose bytes this output takes: declared, and in the same buffer
      for (int32_t n = 0; in_place_inputs_ != nullptr && overwrites < 0 && n < each.nodes_size; ++n) {
        const TfLiteNode& node = each.nodes[n].node;
        if (in_place_inputs_[n] == 0 || node.outputs->size < 1 || node.outputs->data[0] != t) continue;
        for (int i = 0; i < node.inputs->size && i < kMaxInPlaceInputs; ++i) {
          const int32_t in = node.inputs->data[i];
          if (((in_place_inputs_[n] >> i) & 1u) && in >= 0 && in != t && plan.planned(in) &&
              plan.buffer_of(in) == buffer) {
            overwrites = in;
          }
        }
      }
      plan_observer_->OnPlannedBuffer(PlannedBufferInfo{s, t, b.bytes, b.offset, b.first_use, b.last_use, overwrites});
    }
  }
  for (int32_t k = 0; k < scratch_count_; ++k) {
    const PlannerBuffer& b = plan.buffers[plan.tensor_buffers + k];
    plan_observer_->OnPlannedBuffer(PlannedBufferInfo{-1, k, b.bytes, b.offset, b.first_use, b.last_use, -1});
  }
  plan_observer_->OnPlacement(PlacementOrderName(plan.placement), plan.planned_bytes, plan.largest_first_bytes);
  plan_observer_->OnOrder(plan.order != nullptr, plan.model_order_bytes, plan.search.status == OrderStatus::kSearched,
                          plan.search.exact, plan.search.model_peak, plan.search.peak);
}

TfLiteStatus InterpreterCore::FillTensor(int tensor_index, TfLiteTensor* out, bool persistent) {
  SubgraphState& sg = subgraph(current_subgraph_);
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
                          : AllocateOverlayOrReport(sizeof(TfLiteAffineQuantization), alignof(TfLiteAffineQuantization));
    if (qp == nullptr) return kTfLiteError;
    TfLiteIntArray* zero_points = AllocateIntArray(channels, persistent);
    if (zero_points == nullptr) return kTfLiteError;
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
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& sg = subgraph(s);
    for (int32_t t = 0; t < sg.tensors_size; ++t) {
      const schema::Tensor* tensor = sg.subgraph->tensors()->Get(t);
      if (!tensor->is_variable()) continue;
      TfLiteEvalTensor& e = sg.eval_tensors[t];
      const size_t bytes = static_cast<size_t>(ElementCount(*e.dims)) * TfLiteTypeSizeOf(e.type);
      int value = 0;
      const auto* q = tensor->quantization();
      if (e.type == kTfLiteInt8 && q != nullptr && q->zero_point() != nullptr && q->zero_point()->size() > 0) {
        value = static_cast<int>(q->zero_point()->Get(0));
      }
      std::memset(e.data.data, value, bytes);
    }
  }
  return kTfLiteOk;
}

}  // namespace mote
