#include "memory/memory_planner.h"

#include <cstdint>

#include "mote/micro_log.h"

namespace mote {
namespace {

template <typename F>
class FunctionVisitor final : public TensorVisitor {
 public:
  explicit FunctionVisitor(F f) : f_(f) {}
  void Visit(int32_t tensor) override { f_(tensor); }

 private:
  F f_;
};

// Calls use(tensor, position) for every use, in the order that numbers the buffers: graph inputs at the
// start, each position's tensors, graph outputs at the end.
template <typename F>
void ForEachUse(const PlanView& view, F use) {
  const int32_t positions = view.plan_size();
  const int32_t last = positions > 0 ? positions - 1 : 0;
  int32_t inputs_size = 0;
  const int32_t* inputs = view.graph_inputs(&inputs_size);
  for (int32_t i = 0; i < inputs_size; ++i) use(inputs[i], 0);
  for (int32_t p = 0; p < positions; ++p) {
    auto at_p = [&](int32_t tensor) { use(tensor, p); };
    FunctionVisitor<decltype(at_p)> visitor(at_p);
    view.VisitUses(p, &visitor);
  }
  int32_t outputs_size = 0;
  const int32_t* outputs = view.graph_outputs(&outputs_size);
  for (int32_t i = 0; i < outputs_size; ++i) use(outputs[i], last);
}

// The view with its positions permuted: position p runs model position node_at[p] (nullptr: the identity).
class OrderedView final : public PlanView {
 public:
  explicit OrderedView(const PlanView& inner) : inner_(inner) {}
  void SetOrder(const int16_t* node_at, const int16_t* position_of) {
    node_at_ = node_at;
    position_of_ = position_of;
  }
  int32_t Model(int32_t p) const { return node_at_ != nullptr ? node_at_[p] : p; }
  int32_t PositionOf(int32_t model) const {
    return position_of_ != nullptr && model >= 0 && model < inner_.plan_size() ? position_of_[model] : model;
  }
  int32_t tensors_size() const override { return inner_.tensors_size(); }
  int32_t plan_size() const override { return inner_.plan_size(); }
  bool NeedsPlanning(int32_t t) const override { return inner_.NeedsPlanning(t); }
  uint32_t TensorBytes(int32_t t) const override { return inner_.TensorBytes(t); }
  void VisitUses(int32_t p, TensorVisitor* v) const override { inner_.VisitUses(Model(p), v); }
  const int32_t* graph_inputs(int32_t* size) const override { return inner_.graph_inputs(size); }
  const int32_t* graph_outputs(int32_t* size) const override { return inner_.graph_outputs(size); }
  const int32_t* offline_offsets() const override { return inner_.offline_offsets(); }
  const ScratchRequest* scratch_requests(int32_t* count) const override { return inner_.scratch_requests(count); }
  bool MayShareBytes(int32_t t) const override { return inner_.MayShareBytes(t); }
  bool HasInPlaceCandidates() const override { return inner_.HasInPlaceCandidates(); }
  int32_t InPlaceCandidates(int32_t p, int32_t* output, int32_t* inputs) const override {
    return inner_.InPlaceCandidates(Model(p), output, inputs);
  }

 private:
  const PlanView& inner_;
  const int16_t* node_at_ = nullptr;
  const int16_t* position_of_ = nullptr;
};

template <typename T>
T* AllocateArray(Arena* arena, int32_t count) {
  return reinterpret_cast<T*>(arena->AllocateOverlay(sizeof(T) * (count > 0 ? count : 1), alignof(T)));
}

// Takes the offline-placed tensors the view lets others share out of the overlap check (fixed = false), or
// puts them back (fixed = true).
template <typename Index>
void SetSharedBuffersFixed(const PlanView& view, const int32_t* offline, int32_t tensors, const Index* tensor_to_buffer,
                           PlannerBuffer* buffers, bool fixed) {
  for (int32_t t = 0; t < tensors; ++t) {
    if (tensor_to_buffer[t] < 0 || offline[t] < 0 || !view.MayShareBytes(t)) continue;
    buffers[tensor_to_buffer[t]].offset = fixed ? static_cast<uint32_t>(offline[t]) : kPlannerChooses;
  }
}

// Fixed offsets from the model's plan; false (reported) when two live tensors would share bytes: the model's
// plan is trusted for where tensors go, never for keeping live tensors apart (but see PlanView::MayShareBytes).
template <typename Index>
bool ApplyOfflineOffsets(const PlanView& view, const int32_t* offline, int32_t tensors, const Index* tensor_to_buffer,
                         PlannerBuffer* buffers, int32_t count) {
  for (int32_t t = 0; t < tensors; ++t)
    if (tensor_to_buffer[t] >= 0 && offline[t] >= 0) buffers[tensor_to_buffer[t]].offset = static_cast<uint32_t>(offline[t]);
  int32_t a = -1, b = -1;
  if (!FindOverlappingFixedBuffers(buffers, count, &a, &b)) return true;
  SetSharedBuffersFixed(view, offline, tensors, tensor_to_buffer, buffers, false);
  const bool overlap = FindOverlappingFixedBuffers(buffers, count, &a, &b);
  SetSharedBuffersFixed(view, offline, tensors, tensor_to_buffer, buffers, true);
  if (!overlap) return true;
  int32_t ta = -1, tb = -1;
  for (int32_t t = 0; t < tensors; ++t) {
    if (tensor_to_buffer[t] == a) ta = t;
    if (tensor_to_buffer[t] == b) tb = t;
  }
  MicroPrintf(
      "Offline memory plan (metadata 'OfflineMemoryAllocation') places tensors %d and %d, which are "
      "alive at the same time, in overlapping bytes (offsets %d and %d)",
      static_cast<int>(ta), static_cast<int>(tb), static_cast<int>(buffers[a].offset),
      static_cast<int>(buffers[b].offset));
  return false;
}

bool Contains(const int32_t* values, int32_t size, int32_t value) {
  for (int32_t i = 0; i < size; ++i)
    if (values[i] == value) return true;
  return false;
}

// In-place execution: for each declared (output, input) pair that qualifies, the output is mapped to the
// buffer its input is in (so that it gets that buffer's offset), which takes the output's lifetime too; the
// output's own record keeps no bytes. Positions in order, so chains (ADD -> RELU -> RESHAPE) join one buffer.
// Returns the tensors joined. Undone by numbering the buffers and collecting their lifetimes again.
// A join at position p gives the node's in-place-only scratch (kScratchOnlyInPlace, buffers from
// `scratch_base` on) its bytes, so the comparison with the unjoined plan counts the temporary.
template <typename Index>
int32_t JoinInPlace(const OrderedView& view, Index* tensor_to_buffer, PlannerBuffer* buffers, int32_t scratch_base,
                    MemoryPlan* plan) {
  int32_t scratch_count = 0;
  const ScratchRequest* scratch = view.scratch_requests(&scratch_count);
  const int32_t tensors = view.tensors_size();
  int32_t inputs_size = 0, outputs_size = 0;
  const int32_t* graph_inputs = view.graph_inputs(&inputs_size);
  const int32_t* graph_outputs = view.graph_outputs(&outputs_size);
  auto planned = [&](int32_t t) { return t >= 0 && t < tensors && tensor_to_buffer[t] >= 0; };
  int32_t joined = 0;
  for (int32_t p = 0; p < view.plan_size(); ++p) {
    int32_t output = -1;
    int32_t inputs[kMaxInPlaceInputs];
    const int32_t n = view.InPlaceCandidates(p, &output, inputs);
    if (n <= 0 || !planned(output) || Contains(graph_inputs, inputs_size, output)) continue;
    PlannerBuffer& out = buffers[tensor_to_buffer[output]];
    if (out.first_use != p || out.bytes == 0) continue;  // bytes 0: already joined (or nothing to place)
    for (int32_t k = 0; k < n && k < kMaxInPlaceInputs; ++k) {
      const int32_t input = inputs[k];
      if (!planned(input) || input == output || Contains(graph_inputs, inputs_size, input) ||
          Contains(graph_outputs, outputs_size, input)) {
        continue;
      }
      PlannerBuffer& in = buffers[tensor_to_buffer[input]];
      // Same bytes, and the input's buffer (its lifetime, or its chain's) ends here: no later node reads it.
      if (view.TensorBytes(input) != out.bytes || in.last_use != p || &in == &out) continue;
      in.last_use = out.last_use;
      plan->in_place_bytes += out.bytes;
      out.bytes = 0;
      tensor_to_buffer[output] = tensor_to_buffer[input];
      for (int32_t s = 0; s < scratch_count; ++s) {
        if (ScratchOnlyInPlace(scratch[s]) && view.PositionOf(scratch[s].plan_position) == p)
          buffers[scratch_base + s].bytes = ScratchRequestBytes(scratch[s]);
      }
      ++joined;
      break;
    }
  }
  plan->in_place_tensors = joined;
  return joined;
}

// Greedy placement in TFLM's largest-first order, or (`try_orders`: no buffer has a fixed offset) in each
// PlacementOrder, keeping the smallest region; the first order wins ties. No extra memory: the winner is
// placed again. Prepare-time only: kPlacementOrders + 1 runs of O(count^2).
template <typename Index>
size_t PlaceBestOf(PlannerBuffer* buffers, int32_t count, Index* order, bool try_orders, MemoryPlan* plan) {
  plan->placement = PlacementOrder::kLargestFirst;
  const size_t largest_first = PlanGreedy(buffers, count, order, kArenaAlignment, PlacementOrder::kLargestFirst);
  plan->largest_first_bytes = largest_first;
  if (!try_orders) return largest_first;
  size_t best = largest_first;
  for (int k = 1; k < kPlacementOrders; ++k) {
    for (int32_t b = 0; b < count; ++b) buffers[b].offset = kPlannerChooses;
    const size_t bytes = PlanGreedy(buffers, count, order, kArenaAlignment, static_cast<PlacementOrder>(k));
    if (bytes < best) {
      best = bytes;
      plan->placement = static_cast<PlacementOrder>(k);
    }
  }
  if (plan->placement == static_cast<PlacementOrder>(kPlacementOrders - 1)) return best;  // placed last
  for (int32_t b = 0; b < count; ++b) buffers[b].offset = kPlannerChooses;
  return PlanGreedy(buffers, count, order, kArenaAlignment, plan->placement);
}

void SetMap(const int16_t* map, MemoryPlan* plan) { plan->narrow_tensor_to_buffer = map; }
void SetMap(const int32_t* map, MemoryPlan* plan) { plan->wide_tensor_to_buffer = map; }

// PlanMemory with map and order entries of type Index (every buffer index fits it).
template <typename Index>
PlanStatus PlanWith(const PlanView& model_view, Arena* arena, size_t kept_bytes, const ReorderOptions& reorder,
                    MemoryPlan* plan) {
  OrderedView view(model_view);
  const int32_t tensors = view.tensors_size();
  const int32_t positions = view.plan_size();
  int32_t scratch_count = 0;
  const ScratchRequest* scratch = view.scratch_requests(&scratch_count);

  arena->ResetOverlay(kept_bytes + sizeof(ScratchRequest) * scratch_count);
  auto* tensor_to_buffer = AllocateArray<Index>(arena, tensors);
  if (tensor_to_buffer == nullptr) return PlanStatus::kWorkingSetTooLarge;
  for (int32_t t = 0; t < tensors; ++t) tensor_to_buffer[t] = -1;
  auto planned = [&](int32_t t) { return t >= 0 && t < tensors && view.NeedsPlanning(t); };

  // Pass 1: number the planned tensors in order of first use.
  int32_t count = 0;
  auto number = [&]() {
    for (int32_t t = 0; t < tensors; ++t) tensor_to_buffer[t] = -1;
    count = 0;
    ForEachUse(view, [&](int32_t t, int32_t) {
      if (planned(t) && tensor_to_buffer[t] < 0) tensor_to_buffer[t] = static_cast<Index>(count++);
    });
  };
  number();
  const int32_t max_buffers = count + scratch_count;
  auto* buffers = AllocateArray<PlannerBuffer>(arena, max_buffers);
  auto* order = AllocateArray<Index>(arena, max_buffers);
  if (buffers == nullptr || order == nullptr) return PlanStatus::kWorkingSetTooLarge;
  // Reordering: the order found stays after the working set (node_at, and its inverse), the search's own
  // memory after that is given back; neither may raise the arena's mark above what it reached or the
  // largest tensor needs (every plan holds that), so that models the search cannot help pay nothing.
  int16_t* node_at = nullptr;
  int16_t* position_of = nullptr;
  if (reorder.enabled && model_view.MayReorder() && positions >= 2 && positions <= kMaxReorderNodes) {
    size_t largest = 0;
    for (int32_t t = 0; t < tensors; ++t)
      if (model_view.NeedsPlanning(t) && model_view.TensorBytes(t) > largest) largest = model_view.TensorBytes(t);
    const size_t reached = arena->low_end_room();
    const size_t limit = reached > largest ? reached : AlignUp(largest, kArenaAlignment);
    const size_t need = AlignUp(sizeof(int16_t) * 2 * static_cast<size_t>(positions), kArenaAlignment) + 16;
    const size_t tail = arena->capacity() - arena->persistent_bytes();
    if (arena->overlay_top() + need <= tail && arena->overlay_top() + need <= limit) {
      node_at = AllocateArray<int16_t>(arena, positions);
      position_of = AllocateArray<int16_t>(arena, positions);
    }
    if (node_at != nullptr && position_of != nullptr) {
      plan->search.node_budget = reorder.node_budget;
      plan->search.limit = limit;
      FindMemoryOrder(model_view, arena, node_at, &plan->search);
      for (int32_t p = 0; p < positions; ++p) position_of[node_at[p]] = static_cast<int16_t>(p);
    }
  }

  // Pass 2: lifetimes over plan positions (graph inputs and outputs are uses at the first and last position),
  // then one buffer per scratch request.
  auto collect = [&]() {
    for (int32_t t = 0; t < tensors; ++t) {
      if (tensor_to_buffer[t] >= 0)
        buffers[tensor_to_buffer[t]] = PlannerBuffer{view.TensorBytes(t), positions, -1, kPlannerChooses};
    }
    ForEachUse(view, [&](int32_t t, int32_t position) {
      if (!planned(t)) return;
      PlannerBuffer& b = buffers[tensor_to_buffer[t]];
      if (position < b.first_use) b.first_use = position;
      if (position > b.last_use) b.last_use = position;
    });
    for (int32_t s = 0; s < scratch_count; ++s) {
      const int32_t at = view.PositionOf(scratch[s].plan_position);
      const uint32_t bytes = ScratchOnlyInPlace(scratch[s]) ? 0 : ScratchRequestBytes(scratch[s]);  // JoinInPlace
      buffers[count + s] = PlannerBuffer{bytes, at, at, kPlannerChooses};
    }
  };
  collect();
  for (int32_t b = 0; b < count; ++b) plan->activation_bytes += buffers[b].bytes;
  for (int32_t s = 0; s < scratch_count; ++s) plan->scratch_bytes += ScratchOnlyInPlace(scratch[s]) ? 0 : ScratchRequestBytes(scratch[s]);

  const int32_t* offline = view.offline_offsets();
  if (offline != nullptr && !ApplyOfflineOffsets(view, offline, tensors, tensor_to_buffer, buffers, count)) {
    return PlanStatus::kOfflineOverlap;
  }
  auto place = [&]() {
  number();
  collect();
  if (offline != nullptr && !ApplyOfflineOffsets(view, offline, tensors, tensor_to_buffer, buffers, count)) return;
  plan->in_place_bytes = 0;
  plan->in_place_tensors = 0;
  if (offline != nullptr || !view.HasInPlaceCandidates() || JoinInPlace(view, tensor_to_buffer, buffers, count, plan) == 0) {
    plan->planned_bytes = PlaceBestOf(buffers, max_buffers, order, offline == nullptr, plan);
  } else {
    // Placed with the joined buffers and without; in place kept unless it makes the region larger (on a tie it
    // is kept: fewer buffers). Prepare-time only; the working set does not grow.
    const size_t with = PlaceBestOf(buffers, max_buffers, order, true, plan);
    const size_t in_place_bytes = plan->in_place_bytes;
    number();
    collect();
    plan->planned_bytes = PlaceBestOf(buffers, max_buffers, order, true, plan);
    plan->in_place_bytes = 0;
    plan->in_place_tensors = 0;
    if (with <= plan->planned_bytes) {
      number();
      collect();
      JoinInPlace(view, tensor_to_buffer, buffers, count, plan);
      plan->planned_bytes = PlaceBestOf(buffers, max_buffers, order, true, plan);
      plan->in_place_bytes = in_place_bytes;
    }
  }
  };
  place();
  plan->model_order_bytes = plan->planned_bytes;
  if (node_at != nullptr && plan->search.status == OrderStatus::kSearched && plan->search.peak < plan->search.model_peak) {
    const size_t reached = arena->low_end_room();
    const size_t before = reached > plan->planned_bytes ? reached : plan->planned_bytes;
    view.SetOrder(node_at, position_of);
    place();
    const size_t after = reached > plan->planned_bytes ? reached : plan->planned_bytes;
    if (after + AlignUp(reorder.persistent_cost, kArenaAlignment) < before) {
      plan->order = node_at;
    } else {
      view.SetOrder(nullptr, nullptr);
      place();
    }
  }
  if (!arena->ReservePlanned(plan->planned_bytes) || arena->used_bytes() > arena->capacity()) {
    return PlanStatus::kArenaTooSmall;
  }
  SetMap(tensor_to_buffer, plan);
  plan->buffers = buffers;
  plan->tensor_buffers = count;
  return PlanStatus::kOk;
}

}  // namespace

PlanStatus PlanMemory(const PlanView& view, Arena* arena, MemoryPlan* plan, size_t kept_bytes,
                      const ReorderOptions& reorder) {
  *plan = MemoryPlan{};
  int32_t scratch_count = 0;
  view.scratch_requests(&scratch_count);
  // Every buffer index is below tensors + scratch requests.
  const bool narrow = static_cast<int64_t>(view.tensors_size()) + scratch_count <= INT16_MAX;
  return narrow ? PlanWith<int16_t>(view, arena, kept_bytes, reorder, plan)
                : PlanWith<int32_t>(view, arena, kept_bytes, reorder, plan);
}

}  // namespace mote
