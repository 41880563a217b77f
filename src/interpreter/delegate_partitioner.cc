// Delegates (DESIGN §6): ModifyGraphWithDelegate and ReplaceNodeSubsetsWithDelegateKernels, heap-free.
//
// Partitioning. The nodes a delegate asks for are grouped so that replacing each group by one node keeps the
// graph acyclic: the current plan is re-emitted level by level, alternating between "delegated" and "kept"
// nodes, each level taking every node of its kind whose producers have all been emitted (TFLite's scheme).
// A delegated level is then split into connected components (nodes linked by a tensor one produces and the
// other consumes); each component becomes one delegate kernel. Splitting a valid level cannot create a cycle:
// a path between two components of one level would have to leave the level, which the level construction
// already excludes.
//
// Working memory comes from the arena's overlay; the delegate kernels' records and arrays are persistent.
#include <cstring>

#include "interpreter/interpreter_core.h"
#include "mote/micro_log.h"

namespace mote {

// ReplaceNodeSubsets' working arrays, in the arena's overlay for the length of one call. Plan positions index
// `selected`, `emitted`, `new_plan` and `level`; level slots index `component`.
struct PartitionWork {
  int32_t positions;     // size of the current plan
  int32_t* position_of;  // node index -> plan position, or -1 (a node already replaced)
  uint8_t* selected;     // kDelegated for the positions the delegate asks for, else kKept
  int32_t* producer;     // tensor -> the plan position that writes it, or -1
  uint8_t* emitted;      // positions already placed in the new plan
  int32_t* new_plan;     // node indices in the new execution order
  int32_t* level;        // positions of the level being emitted
  int32_t* component;    // level slot -> lowest level slot of its connected component
  int32_t* members;      // node indices of one component
};

namespace {

constexpr uint8_t kKept = 0;
constexpr uint8_t kDelegated = 1;

// Producer lookup over the current plan: for each tensor, the plan position that writes it (or -1).
int32_t ProducerOf(const SubgraphState& sg, int32_t tensor, const int32_t* producer) {
  return (tensor < 0 || tensor >= sg.tensors_size) ? -1 : producer[tensor];
}

bool Contains(const TfLiteIntArray* a, int value) {
  for (int i = 0; i < a->size; ++i)
    if (a->data[i] == value) return true;
  return false;
}

template <typename T>
T* AllocateOverlayArray(Arena* arena, int32_t count) {
  return reinterpret_cast<T*>(arena->AllocateOverlay(sizeof(T) * count, alignof(T)));
}

// One spare element per array so that an empty graph or plan still gets a valid pointer.
bool AllocatePartitionWork(Arena* arena, const SubgraphState& sg, PartitionWork* w) {
  w->positions = sg.plan->size;
  w->position_of = AllocateOverlayArray<int32_t>(arena, sg.node_count() + 1);
  w->selected = AllocateOverlayArray<uint8_t>(arena, w->positions + 1);
  w->producer = AllocateOverlayArray<int32_t>(arena, sg.tensors_size + 1);
  w->emitted = AllocateOverlayArray<uint8_t>(arena, w->positions + 1);
  w->new_plan = AllocateOverlayArray<int32_t>(arena, w->positions + 1);
  w->level = AllocateOverlayArray<int32_t>(arena, w->positions + 1);
  w->component = AllocateOverlayArray<int32_t>(arena, w->positions + 1);
  w->members = AllocateOverlayArray<int32_t>(arena, w->positions + 1);
  return w->position_of != nullptr && w->selected != nullptr && w->producer != nullptr && w->emitted != nullptr &&
         w->new_plan != nullptr && w->level != nullptr && w->component != nullptr && w->members != nullptr;
}

// Marks the plan positions of the requested nodes, refusing (with the reason) a request that names a node
// outside the graph, a delegate kernel, a node already replaced, or one node twice.
TfLiteStatus SelectRequestedNodes(const SubgraphState& sg, const TfLiteIntArray* nodes, PartitionWork* w) {
  for (int32_t i = 0; i < sg.node_count(); ++i) w->position_of[i] = -1;
  for (int32_t p = 0; p < w->positions; ++p) {
    w->position_of[sg.plan->data[p]] = p;
    w->selected[p] = kKept;
    w->emitted[p] = 0;
  }
  for (int i = 0; i < nodes->size; ++i) {
    const int n = nodes->data[i];
    if (n < 0 || n >= sg.node_count()) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is not in the execution plan (the graph has %d "
                  "nodes).", n, static_cast<int>(sg.node_count()));
      return kTfLiteError;
    }
    if (sg.node(n).replaced_nodes() != nullptr) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is a delegate kernel (%s); a delegate cannot "
                  "replace it.", n, sg.node(n).op_name());
      return kTfLiteError;
    }
    if (w->position_of[n] < 0) {
      const int32_t by = sg.taken_by[n];
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d (%s) is already replaced by delegate kernel node "
                  "%d (%s).", n, sg.node(n).op_name(), static_cast<int>(by),
                  by >= sg.nodes_size && by < sg.node_count() ? sg.node(by).op_name() : "?");
      return kTfLiteError;
    }
    if (w->selected[w->position_of[n]]) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is listed twice.", n);
      return kTfLiteError;
    }
    w->selected[w->position_of[n]] = kDelegated;
  }
  return kTfLiteOk;
}

void FindProducers(const SubgraphState& sg, PartitionWork* w) {
  for (int32_t t = 0; t < sg.tensors_size; ++t) w->producer[t] = -1;
  for (int32_t p = 0; p < w->positions; ++p) {
    const TfLiteNode& node = sg.node(sg.plan->data[p]).node;
    for (int i = 0; i < node.outputs->size; ++i) {
      const int t = node.outputs->data[i];
      if (t >= 0 && t < sg.tensors_size) w->producer[t] = p;
    }
  }
}

// Whether every producer of position p's inputs has been emitted.
bool IsReady(const SubgraphState& sg, const PartitionWork& w, int32_t p) {
  const TfLiteNode& node = sg.node(sg.plan->data[p]).node;
  for (int i = 0; i < node.inputs->size; ++i) {
    const int32_t q = ProducerOf(sg, node.inputs->data[i], w.producer);
    if (q >= 0 && q != p && !w.emitted[q]) return false;
  }
  return true;
}

// Emits into w->level every position of `kind` that is ready, repeating until none is; returns how many.
int32_t CollectLevel(const SubgraphState& sg, uint8_t kind, PartitionWork* w) {
  int32_t level_size = 0;
  bool progress = true;
  while (progress) {
    progress = false;
    for (int32_t p = 0; p < w->positions; ++p) {
      if (w->emitted[p] || w->selected[p] != kind || !IsReady(sg, *w, p)) continue;
      w->emitted[p] = 1;
      w->level[level_size++] = p;
      progress = true;
    }
  }
  return level_size;
}

// Connected components of a level by repeated relabelling (union-find is not worth it: levels are small).
void LabelComponents(const SubgraphState& sg, int32_t level_size, PartitionWork* w) {
  int32_t* component = w->component;
  for (int32_t k = 0; k < level_size; ++k) component[k] = k;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int32_t a = 0; a < level_size; ++a) {
      const TfLiteNode& na = sg.node(sg.plan->data[w->level[a]]).node;
      for (int i = 0; i < na.inputs->size; ++i) {
        const int32_t q = ProducerOf(sg, na.inputs->data[i], w->producer);
        for (int32_t b = 0; b < level_size; ++b) {
          if (w->level[b] != q || component[a] == component[b]) continue;
          const int32_t lo = component[a] < component[b] ? component[a] : component[b];
          component[a] = component[b] = lo;
          changed = true;
        }
      }
    }
  }
}

// Writes the node indices of component `root` to w->members in level order; returns how many.
int32_t ComponentMembers(const SubgraphState& sg, int32_t level_size, int32_t root, PartitionWork* w) {
  int32_t count = 0;
  for (int32_t k = 0; k < level_size; ++k)
    if (w->component[k] == root) w->members[count++] = sg.plan->data[w->level[k]];
  return count;
}

// The nodes one delegate kernel replaces.
struct Subset {
  const SubgraphState& sg;
  const int32_t* members;
  int32_t count;

  bool Has(int32_t n) const {
    for (int32_t m = 0; m < count; ++m)
      if (members[m] == n) return true;
    return false;
  }
  bool Produces(int t) const {
    for (int32_t m = 0; m < count; ++m)
      if (Contains(sg.node(members[m]).node.outputs, t)) return true;
    return false;
  }
  // Read by a node outside the subset, or a graph output.
  bool ReadOutside(int t) const {
    const auto* outs = sg.subgraph->outputs();
    for (flatbuffers::uoffset_t i = 0; outs != nullptr && i < outs->size(); ++i)
      if (outs->Get(i) == t) return true;
    for (int32_t p = 0; p < sg.plan->size; ++p) {
      const int32_t n = sg.plan->data[p];
      if (!Has(n) && Contains(sg.node(n).node.inputs, t)) return true;
    }
    return false;
  }
  // Whether tensor t, input i of member m, was already read by an earlier input of m or an earlier member.
  bool ReadBefore(int32_t m, int i, int t) const {
    for (int32_t m2 = 0; m2 <= m; ++m2) {
      const TfLiteIntArray* inputs = sg.node(members[m2]).node.inputs;
      const int limit = m2 == m ? i : inputs->size;
      for (int j = 0; j < limit; ++j)
        if (inputs->data[j] == t) return true;
    }
    return false;
  }
};

// The delegate kernel's inputs are the tensors a member reads and no member produces, once each; its outputs
// the tensors a member produces that are read outside the subset. Both in member order, then in the order of
// the member's own list. Writes them to `out` unless it is null; returns how many.
enum class Boundary { kInputs, kOutputs };
int32_t BoundaryTensors(const Subset& s, Boundary side, int* out) {
  int32_t count = 0;
  for (int32_t m = 0; m < s.count; ++m) {
    const TfLiteNode& node = s.sg.node(s.members[m]).node;
    const TfLiteIntArray* list = side == Boundary::kInputs ? node.inputs : node.outputs;
    for (int i = 0; i < list->size; ++i) {
      const int t = list->data[i];
      if (t < 0) continue;
      const bool crosses = side == Boundary::kInputs ? !s.Produces(t) && !s.ReadBefore(m, i, t) : s.ReadOutside(t);
      if (!crosses) continue;
      if (out != nullptr) out[count] = t;
      ++count;
    }
  }
  return count;
}

}  // namespace

TfLiteStatus InterpreterCore::ModifyGraphWithDelegate(TfLiteDelegate* delegate) {
  if (delegate == nullptr || delegate->Prepare == nullptr) {
    MicroPrintf("ModifyGraphWithDelegate: the delegate is null or has no Prepare function.");
    return kTfLiteError;
  }
  if (phase_ != Phase::kLoaded) {
    MicroPrintf("ModifyGraphWithDelegate must be called before AllocateTensors() (mote plans memory once).");
    return kTfLiteError;
  }
  SubgraphState& sg = primary();
  if (sg.nodes_size > kMaxDelegatedGraphNodes) {
    MicroPrintf("ModifyGraphWithDelegate: the model has %d operators; delegation supports at most %d.",
                static_cast<int>(sg.nodes_size), static_cast<int>(kMaxDelegatedGraphNodes));
    return kTfLiteError;
  }
  if (sg.delegate_nodes == nullptr && sg.nodes_size > 0) {
    sg.delegate_nodes = static_cast<NodeRecord*>(
        AllocatePersistentOrReport(sizeof(NodeRecord) * sg.nodes_size, alignof(NodeRecord), "delegate kernel nodes"));
    sg.taken_by = static_cast<int16_t*>(
        AllocatePersistentOrReport(sizeof(int16_t) * sg.nodes_size, alignof(int16_t), "delegated node links"));
    if (sg.delegate_nodes == nullptr || sg.taken_by == nullptr) return kTfLiteError;
    for (int32_t n = 0; n < sg.nodes_size; ++n) sg.taken_by[n] = -1;
  }
  TF_LITE_ENSURE_STATUS(MaterializePlan());
  // Snapshot for rollback: plan, delegate node count, which nodes were taken.
  arena_->ResetOverlay(0);
  TfLiteIntArray* saved_plan = AllocateIntArray(sg.plan->size, false);
  if (saved_plan == nullptr) return kTfLiteError;
  std::memcpy(saved_plan->data, sg.plan->data, sizeof(int) * sg.plan->size);
  const int32_t saved_delegate_nodes = sg.delegate_nodes_size;
  const size_t overlay_mark = arena_->overlay_top();

  phase_ = Phase::kDelegating;
  const TfLiteStatus status = delegate->Prepare(&context_, delegate);
  phase_ = Phase::kLoaded;
  arena_->ResetOverlay(overlay_mark);
  if (status != kTfLiteOk) {
    DropDelegateKernelsFrom(saved_delegate_nodes);
    std::memcpy(sg.plan->data, saved_plan->data, sizeof(int) * saved_plan->size);
    sg.plan->size = saved_plan->size;
    MicroPrintf("ModifyGraphWithDelegate: the delegate's Prepare failed (status %d); the graph is unchanged and "
                "runs on mote's own kernels.", static_cast<int>(status));
    return kTfLiteDelegateError;
  }
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::ReplaceNodeSubsetsThunk(TfLiteContext* context, TfLiteRegistration registration,
                                                      const TfLiteIntArray* nodes_to_replace,
                                                      TfLiteDelegate* delegate) {
  return From(context)->ReplaceNodeSubsets(registration, nodes_to_replace, delegate);
}

TfLiteStatus InterpreterCore::ReplaceNodeSubsets(const TfLiteRegistration& registration,
                                                 const TfLiteIntArray* nodes_to_replace, TfLiteDelegate* delegate) {
  if (phase_ != Phase::kDelegating) {
    MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels may only be called from a delegate's Prepare.");
    return kTfLiteError;
  }
  if (nodes_to_replace == nullptr || nodes_to_replace->size == 0) return kTfLiteOk;
  const size_t mark = arena_->overlay_top();
  PartitionWork work;
  if (!AllocatePartitionWork(arena_, primary(), &work)) {
    ReportArenaTooSmall(arena_->used_bytes(), false);
    return kTfLiteError;
  }
  TfLiteStatus status = SelectRequestedNodes(primary(), nodes_to_replace, &work);
  if (status == kTfLiteOk) {
    FindProducers(primary(), &work);
    status = RebuildPlan(registration, delegate, &work);
  }
  arena_->ResetOverlay(mark);
  return status;
}

TfLiteStatus InterpreterCore::RebuildPlan(const TfLiteRegistration& registration, TfLiteDelegate* delegate,
                                          PartitionWork* work) {
  SubgraphState& sg = primary();
  // A failure part-way drops the kernels this call added, so a refused call leaves the graph as it was even if
  // Prepare ignores the error.
  const int32_t first_new_kernel = sg.delegate_nodes_size;
  int32_t emitted_count = 0;
  int32_t new_size = 0;
  uint8_t kind = work->selected[0] ? kDelegated : kKept;
  int32_t empty_levels = 0;
  while (emitted_count < work->positions) {
    const int32_t level_size = CollectLevel(sg, kind, work);
    emitted_count += level_size;
    if (kind == kKept) {
      for (int32_t k = 0; k < level_size; ++k) work->new_plan[new_size++] = sg.plan->data[work->level[k]];
    } else if (level_size > 0) {
      const TfLiteStatus s = EmitDelegatedLevel(registration, delegate, level_size, work, &new_size);
      if (s != kTfLiteOk) {
        DropDelegateKernelsFrom(first_new_kernel);
        return s;
      }
    }
    kind = kind == kKept ? kDelegated : kKept;
    // An empty level is fine once (nothing of that kind was ready); two in a row would mean the plan is not
    // topologically ordered, which the verifier excludes. Guard anyway.
    empty_levels = level_size == 0 ? empty_levels + 1 : 0;
    if (empty_levels > 2) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: the execution plan has a dependency cycle.");
      DropDelegateKernelsFrom(first_new_kernel);
      return kTfLiteError;
    }
  }
  std::memcpy(sg.plan->data, work->new_plan, sizeof(int32_t) * new_size);
  sg.plan->size = new_size;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::EmitDelegatedLevel(const TfLiteRegistration& registration, TfLiteDelegate* delegate,
                                                 int32_t level_size, PartitionWork* work, int32_t* new_size) {
  LabelComponents(primary(), level_size, work);
  for (int32_t root = 0; root < level_size; ++root) {
    const int32_t count = ComponentMembers(primary(), level_size, root, work);
    if (count == 0) continue;
    int32_t index = -1;
    TF_LITE_ENSURE_STATUS(AddDelegateKernel(registration, delegate, work->members, count, &index));
    work->new_plan[(*new_size)++] = index;
  }
  return kTfLiteOk;
}

void InterpreterCore::DropDelegateKernelsFrom(int32_t first) {
  SubgraphState& sg = primary();
  for (int32_t i = 0; i < sg.nodes_size; ++i)
    if (sg.taken_by[i] >= sg.nodes_size + first) sg.taken_by[i] = -1;
  sg.delegate_nodes_size = first;
}

TfLiteStatus InterpreterCore::AddDelegateKernel(const TfLiteRegistration& registration, TfLiteDelegate* delegate,
                                                const int32_t* members, int32_t member_count, int32_t* new_index) {
  SubgraphState& sg = primary();
  if (sg.delegate_nodes_size >= sg.nodes_size) {
    MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: no room for another delegate kernel.");
    return kTfLiteError;
  }
  const Subset subset{sg, members, member_count};
  // Counted first, then written: persistent arrays cannot grow.
  TfLiteIntArray* in = AllocateIntArray(BoundaryTensors(subset, Boundary::kInputs, nullptr), true);
  TfLiteIntArray* out = AllocateIntArray(BoundaryTensors(subset, Boundary::kOutputs, nullptr), true);
  if (in == nullptr || out == nullptr) return kTfLiteError;
  BoundaryTensors(subset, Boundary::kInputs, in->data);
  BoundaryTensors(subset, Boundary::kOutputs, out->data);
  TfLiteIntArray* replaced = AllocateIntArray(member_count, true);
  auto* params = static_cast<TfLiteDelegateParams*>(
      AllocatePersistentOrReport(sizeof(TfLiteDelegateParams), alignof(TfLiteDelegateParams), "delegate params"));
  auto* reg = static_cast<TfLiteRegistration*>(
      AllocatePersistentOrReport(sizeof(TfLiteRegistration), alignof(TfLiteRegistration), "delegate registration"));
  if (replaced == nullptr || params == nullptr || reg == nullptr) return kTfLiteError;
  for (int32_t m = 0; m < member_count; ++m) replaced->data[m] = members[m];
  *reg = registration;
  reg->builtin_code = schema::BuiltinOperator_DELEGATE;
  params->delegate = delegate;
  params->nodes_to_replace = replaced;
  params->input_tensors = in;
  params->output_tensors = out;

  const int32_t index = sg.nodes_size + sg.delegate_nodes_size;
  NodeRecord& r = sg.delegate_nodes[sg.delegate_nodes_size++];
  std::memset(&r, 0, sizeof(r));
  r.node.inputs = in;
  r.node.outputs = out;
  r.node.intermediates = AllocateIntArray(0, true);
  if (r.node.intermediates == nullptr) return kTfLiteError;
  r.node.builtin_data = params;
  r.registration = reg;
  r.variant = reg->variant != nullptr ? reg->variant : "delegate";
  for (int32_t m = 0; m < member_count; ++m) sg.taken_by[members[m]] = static_cast<int16_t>(index);
  *new_index = index;
  return kTfLiteOk;
}

}  // namespace mote
