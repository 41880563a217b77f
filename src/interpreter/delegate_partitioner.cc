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
namespace {

// Producer lookup over the current plan: for each tensor, the plan position that writes it (or -1).
int32_t ProducerOf(const SubgraphState& sg, int32_t tensor, const int32_t* producer) {
  return (tensor < 0 || tensor >= sg.tensors_size) ? -1 : producer[tensor];
}

bool Contains(const TfLiteIntArray* a, int value) {
  for (int i = 0; i < a->size; ++i)
    if (a->data[i] == value) return true;
  return false;
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
    if (sg.delegate_nodes == nullptr) return kTfLiteError;
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
  SubgraphState& sg = primary();
  const int32_t positions = sg.plan->size;

  // Plan position of every node, and validation of the request.
  const size_t mark = arena_->overlay_top();
  auto* position_of = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (sg.node_count() + 1), 4));
  auto* selected = reinterpret_cast<uint8_t*>(arena_->AllocateOverlay(positions + 1, 1));
  auto* producer = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (sg.tensors_size + 1), 4));
  auto* emitted = reinterpret_cast<uint8_t*>(arena_->AllocateOverlay(positions + 1, 1));
  auto* new_plan = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (positions + 1), 4));
  auto* level = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (positions + 1), 4));
  auto* component = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (positions + 1), 4));
  auto* members = reinterpret_cast<int32_t*>(arena_->AllocateOverlay(sizeof(int32_t) * (positions + 1), 4));
  if (position_of == nullptr || selected == nullptr || producer == nullptr || emitted == nullptr ||
      new_plan == nullptr || level == nullptr || component == nullptr || members == nullptr) {
    ReportArenaTooSmall(arena_->head_high_water() + arena_->persistent_bytes(), false);
    return kTfLiteError;
  }
  for (int32_t i = 0; i < sg.node_count(); ++i) position_of[i] = -1;
  for (int32_t p = 0; p < positions; ++p) {
    position_of[sg.plan->data[p]] = p;
    selected[p] = 0;
    emitted[p] = 0;
  }
  for (int i = 0; i < nodes_to_replace->size; ++i) {
    const int n = nodes_to_replace->data[i];
    if (n < 0 || n >= sg.node_count()) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is not in the execution plan (the graph has %d "
                  "nodes).", n, static_cast<int>(sg.node_count()));
      arena_->ResetOverlay(mark);
      return kTfLiteError;
    }
    if (sg.node(n).replaced_nodes() != nullptr) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is a delegate kernel (%s); a delegate cannot "
                  "replace it.", n, sg.node(n).op_name());
      arena_->ResetOverlay(mark);
      return kTfLiteError;
    }
    if (position_of[n] < 0) {
      const int32_t by = sg.node(n).taken_by;
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d (%s) is already replaced by delegate kernel node "
                  "%d (%s).", n, sg.node(n).op_name(), static_cast<int>(by),
                  by >= sg.nodes_size && by < sg.node_count() ? sg.node(by).op_name() : "?");
      arena_->ResetOverlay(mark);
      return kTfLiteError;
    }
    if (selected[position_of[n]]) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: node %d is listed twice.", n);
      arena_->ResetOverlay(mark);
      return kTfLiteError;
    }
    selected[position_of[n]] = 1;
  }

  // Producers over the current plan.
  for (int32_t t = 0; t < sg.tensors_size; ++t) producer[t] = -1;
  for (int32_t p = 0; p < positions; ++p) {
    const TfLiteNode& node = sg.node(sg.plan->data[p]).node;
    for (int i = 0; i < node.outputs->size; ++i) {
      const int t = node.outputs->data[i];
      if (t >= 0 && t < sg.tensors_size) producer[t] = p;
    }
  }
  auto ready = [&](int32_t p) {
    const TfLiteNode& node = sg.node(sg.plan->data[p]).node;
    for (int i = 0; i < node.inputs->size; ++i) {
      const int32_t q = ProducerOf(sg, node.inputs->data[i], producer);
      if (q >= 0 && q != p && !emitted[q]) return false;
    }
    return true;
  };

  // Level-by-level emission, alternating kept (0) and delegated (1) levels. A failure part-way drops the
  // kernels this call added, so a refused call leaves the graph as it was even if Prepare ignores the error.
  const int32_t first_new_kernel = sg.delegate_nodes_size;
  int32_t emitted_count = 0;
  int32_t new_size = 0;
  uint8_t kind = selected[0] ? 1 : 0;
  int32_t empty_levels = 0;
  while (emitted_count < positions) {
    int32_t level_size = 0;
    bool progress = true;
    while (progress) {
      progress = false;
      for (int32_t p = 0; p < positions; ++p) {
        if (emitted[p] || selected[p] != kind || !ready(p)) continue;
        emitted[p] = 1;
        level[level_size++] = p;
        ++emitted_count;
        progress = true;
      }
    }
    if (kind == 0) {
      for (int32_t k = 0; k < level_size; ++k) new_plan[new_size++] = sg.plan->data[level[k]];
    } else if (level_size > 0) {
      // Connected components of the level (union by repeated relabelling; levels are small).
      for (int32_t k = 0; k < level_size; ++k) component[k] = k;
      bool changed = true;
      while (changed) {
        changed = false;
        for (int32_t a = 0; a < level_size; ++a) {
          const TfLiteNode& na = sg.node(sg.plan->data[level[a]]).node;
          for (int i = 0; i < na.inputs->size; ++i) {
            const int32_t q = ProducerOf(sg, na.inputs->data[i], producer);
            for (int32_t b = 0; b < level_size; ++b) {
              if (level[b] != q || component[a] == component[b]) continue;
              const int32_t lo = component[a] < component[b] ? component[a] : component[b];
              component[a] = component[b] = lo;
              changed = true;
            }
          }
        }
      }
      for (int32_t root = 0; root < level_size; ++root) {
        int32_t count = 0;
        for (int32_t k = 0; k < level_size; ++k)
          if (component[k] == root) members[count++] = sg.plan->data[level[k]];
        if (count == 0) continue;
        int32_t index = -1;
        const TfLiteStatus s = AddDelegateKernel(registration, delegate, members, count, &index);
        if (s != kTfLiteOk) {
          DropDelegateKernelsFrom(first_new_kernel);
          arena_->ResetOverlay(mark);
          return s;
        }
        new_plan[new_size++] = index;
      }
    }
    kind = kind ? 0 : 1;
    // An empty level is fine once (nothing of that kind was ready); two in a row would mean the plan is not
    // topologically ordered, which the verifier excludes. Guard anyway.
    empty_levels = level_size == 0 ? empty_levels + 1 : 0;
    if (empty_levels > 2) {
      MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: the execution plan has a dependency cycle.");
      DropDelegateKernelsFrom(first_new_kernel);
      arena_->ResetOverlay(mark);
      return kTfLiteError;
    }
  }
  std::memcpy(sg.plan->data, new_plan, sizeof(int32_t) * new_size);
  sg.plan->size = new_size;
  arena_->ResetOverlay(mark);
  return kTfLiteOk;
}

void InterpreterCore::DropDelegateKernelsFrom(int32_t first) {
  SubgraphState& sg = primary();
  for (int32_t i = 0; i < sg.nodes_size; ++i)
    if (sg.nodes[i].taken_by >= sg.nodes_size + first) sg.nodes[i].taken_by = -1;
  sg.delegate_nodes_size = first;
}

TfLiteStatus InterpreterCore::AddDelegateKernel(const TfLiteRegistration& registration, TfLiteDelegate* delegate,
                                                const int32_t* members, int32_t member_count, int32_t* new_index) {
  SubgraphState& sg = primary();
  if (sg.delegate_nodes_size >= sg.nodes_size) {
    MicroPrintf("ReplaceNodeSubsetsWithDelegateKernels: no room for another delegate kernel.");
    return kTfLiteError;
  }
  // Boundary tensors: inputs read by a member but not produced inside; outputs produced inside and read
  // outside (by a node outside the subset or as a graph output).
  auto produced_inside = [&](int t) {
    for (int32_t m = 0; m < member_count; ++m)
      if (Contains(sg.node(members[m]).node.outputs, t)) return true;
    return false;
  };
  auto is_member = [&](int32_t n) {
    for (int32_t m = 0; m < member_count; ++m)
      if (members[m] == n) return true;
    return false;
  };
  auto read_outside = [&](int t) {
    const auto* outs = sg.subgraph->outputs();
    for (flatbuffers::uoffset_t i = 0; outs != nullptr && i < outs->size(); ++i)
      if (outs->Get(i) == t) return true;
    for (int32_t p = 0; p < sg.plan->size; ++p) {
      const int32_t n = sg.plan->data[p];
      if (!is_member(n) && Contains(sg.node(n).node.inputs, t)) return true;
    }
    return false;
  };
  int32_t n_in = 0, n_out = 0;
  for (int32_t pass = 0; pass < 2; ++pass) {
    TfLiteIntArray* in = nullptr;
    TfLiteIntArray* out = nullptr;
    if (pass == 1) {
      in = AllocateIntArray(n_in, true);
      out = AllocateIntArray(n_out, true);
      if (in == nullptr || out == nullptr) return kTfLiteError;
    }
    int32_t ci = 0, co = 0;
    for (int32_t m = 0; m < member_count; ++m) {
      const TfLiteNode& node = sg.node(members[m]).node;
      for (int i = 0; i < node.inputs->size; ++i) {
        const int t = node.inputs->data[i];
        if (t < 0 || produced_inside(t)) continue;
        bool dup = false;
        for (int32_t k = 0; pass == 1 && k < ci; ++k) dup = dup || in->data[k] == t;
        if (pass == 0) {
          // Count distinct inputs by checking earlier members/inputs.
          for (int32_t m2 = 0; m2 <= m && !dup; ++m2) {
            const TfLiteNode& n2 = sg.node(members[m2]).node;
            const int limit = m2 == m ? i : n2.inputs->size;
            for (int j = 0; j < limit && !dup; ++j) dup = n2.inputs->data[j] == t;
          }
        }
        if (dup) continue;
        if (pass == 1) in->data[ci] = t;
        ++ci;
      }
      for (int i = 0; i < node.outputs->size; ++i) {
        const int t = node.outputs->data[i];
        if (t < 0 || !read_outside(t)) continue;
        if (pass == 1) out->data[co] = t;
        ++co;
      }
    }
    if (pass == 0) {
      n_in = ci;
      n_out = co;
      continue;
    }
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
    r.builtin_code = schema::BuiltinOperator_DELEGATE;
    r.variant = reg->variant != nullptr ? reg->variant : "delegate";
    r.taken_by = -1;
    for (int32_t m = 0; m < member_count; ++m) sg.node(members[m]).taken_by = static_cast<int16_t>(index);
    *new_index = index;
  }
  return kTfLiteOk;
}

}  // namespace mote
