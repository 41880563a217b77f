#include "memory/operator_order.h"

#include <cstdint>

#include "memory/memory_planner.h"

namespace mote {
namespace {

enum TensorFlag : uint8_t { kPlanned = 1, kGraphInput = 2, kGraphOutput = 4 };

template <typename F>
class CallVisitor final : public TensorVisitor {
 public:
  explicit CallVisitor(F f) : f_(f) {}
  void Visit(int32_t tensor) override { f_(tensor); }

 private:
  F f_;
};
template <typename F>
CallVisitor<F> Calling(F f) {
  return CallVisitor<F>(f);
}

uint64_t NodeHash(int32_t node) {  // splitmix64 of the index: one fingerprint word per node, nothing stored
  uint64_t z = static_cast<uint64_t>(node) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct MemoEntry {
  uint32_t lo, hi, peak;  // peak kEmpty: a free slot
};
constexpr uint32_t kEmpty = 0xFFFFFFFFu;
constexpr int kProbes = 8;

// Overlay allocations that never raise the arena's high-water mark above `limit` (a refused AllocateOverlay
// would note its extent): nullptr instead.
class Bounded {
 public:
  Bounded(Arena* arena, size_t limit) : arena_(arena), limit_(limit) {}
  template <typename T>
  T* Take(int64_t count) {
    const size_t bytes = sizeof(T) * static_cast<size_t>(count > 0 ? count : 1);
    const size_t align = alignof(T) < alignof(void*) ? alignof(void*) : alignof(T);
    const size_t start = AlignUp(arena_->overlay_top(), align);
    const size_t tail = arena_->capacity() - arena_->persistent_bytes();
    if (start + bytes > limit_ || start + bytes > tail) return nullptr;
    return reinterpret_cast<T*>(arena_->AllocateOverlay(bytes, align));
  }
  size_t room(size_t align) const {
    const size_t start = AlignUp(arena_->overlay_top(), align);
    const size_t tail = arena_->capacity() - arena_->persistent_bytes();
    const size_t end = limit_ < tail ? limit_ : tail;
    return end > start ? end - start : 0;
  }

 private:
  Arena* arena_;
  size_t limit_;
};

// The graph as compact arrays (CSR lists), and the state of one partial order over it.
struct Graph {
  int32_t n = 0;
  int32_t tensors = 0;
  uint8_t* flags = nullptr;       // per tensor
  uint32_t* bytes = nullptr;      // per tensor, aligned
  uint16_t* total = nullptr;      // per tensor: nodes using it
  uint16_t* remaining = nullptr;  // per tensor: of those, not run yet
  int32_t* use_begin = nullptr;   // per node + 1: its distinct planned tensors
  int16_t* uses = nullptr;
  int32_t* pred_begin = nullptr;  // per node + 1: the producers of its inputs
  int16_t* preds = nullptr;
  int16_t* pinned_rank = nullptr;  // per node: rank among pinned nodes, -1 free
  uint32_t* scratch = nullptr;     // per node
  int16_t* in_place_out = nullptr;  // per node: the output a declared input may give its bytes to, or -1
  int32_t* ip_begin = nullptr;      // per node + 1: those inputs
  int16_t* ip = nullptr;
  uint8_t* done = nullptr;  // per node
  int32_t pinned_done = 0;
  uint64_t open = 0;
  uint64_t open0 = 0;

  bool started(int32_t t) const { return (flags[t] & kGraphInput) != 0 || remaining[t] < total[t]; }
  bool ready(int32_t v) const {
    if (done[v] || (pinned_rank[v] >= 0 && pinned_rank[v] != pinned_done)) return false;
    for (int32_t k = pred_begin[v]; k < pred_begin[v + 1]; ++k)
      if (!done[preds[k]]) return false;
    return true;
  }
  uint64_t Cost(int32_t v) const {
    uint64_t c = open + scratch[v];
    for (int32_t k = use_begin[v]; k < use_begin[v + 1]; ++k)
      if (!started(uses[k])) c += bytes[uses[k]];
    const int32_t o = in_place_out[v];
    if (o >= 0 && (flags[o] & kPlanned) && !started(o) && !(flags[o] & kGraphInput)) {
      for (int32_t k = ip_begin[v]; k < ip_begin[v + 1]; ++k) {
        const int32_t i = ip[k];
        if (i == o || !(flags[i] & kPlanned) || (flags[i] & (kGraphInput | kGraphOutput)) || !started(i) ||
            remaining[i] != 1 || bytes[i] != bytes[o]) {
          continue;
        }
        c -= bytes[o];
        break;
      }
    }
    return c;
  }
  uint64_t Freed(int32_t v) const {
    uint64_t f = 0;
    for (int32_t k = use_begin[v]; k < use_begin[v + 1]; ++k) {
      const int32_t t = uses[k];
      if (remaining[t] == 1 && !(flags[t] & kGraphOutput)) f += bytes[t];
    }
    return f;
  }
  void Run(int32_t v) {
    for (int32_t k = use_begin[v]; k < use_begin[v + 1]; ++k) {
      const int32_t t = uses[k];
      if (!started(t)) open += bytes[t];
      --remaining[t];
      if (remaining[t] == 0 && !(flags[t] & kGraphOutput)) open -= bytes[t];
    }
    done[v] = 1;
    if (pinned_rank[v] >= 0) ++pinned_done;
  }
  void Undo(int32_t v) {  // `open` is restored by the caller
    for (int32_t k = use_begin[v]; k < use_begin[v + 1]; ++k) ++remaining[uses[k]];
    done[v] = 0;
    if (pinned_rank[v] >= 0) --pinned_done;
  }
  void Restart() {
    for (int32_t t = 0; t < tensors; ++t) remaining[t] = total[t];
    for (int32_t v = 0; v < n; ++v) done[v] = 0;
    pinned_done = 0;
    open = open0;
  }
};

// Fills the graph's arrays from the view; false when the model order is not a topological order of tensors
// with one producer each (then the order stays), or when the arrays do not fit (*no_memory).
bool Build(const PlanView& view, Bounded* mem, Graph* g, bool* no_memory) {
  const int32_t n = g->n;
  const int32_t tensors = g->tensors;
  auto valid = [&](int32_t t) { return t >= 0 && t < tensors; };
  *no_memory = true;
  auto* producer = mem->Take<int16_t>(tensors);
  g->flags = mem->Take<uint8_t>(tensors);
  g->bytes = mem->Take<uint32_t>(tensors);
  g->total = mem->Take<uint16_t>(tensors);
  g->remaining = mem->Take<uint16_t>(tensors);
  g->use_begin = mem->Take<int32_t>(n + 1);
  g->pred_begin = mem->Take<int32_t>(n + 1);
  g->ip_begin = mem->Take<int32_t>(n + 1);
  g->pinned_rank = mem->Take<int16_t>(n);
  g->scratch = mem->Take<uint32_t>(n);
  g->in_place_out = mem->Take<int16_t>(n);
  g->done = mem->Take<uint8_t>(n);
  if (producer == nullptr || g->flags == nullptr || g->bytes == nullptr || g->total == nullptr ||
      g->remaining == nullptr || g->use_begin == nullptr || g->pred_begin == nullptr || g->ip_begin == nullptr ||
      g->pinned_rank == nullptr || g->scratch == nullptr || g->in_place_out == nullptr || g->done == nullptr) {
    return false;
  }
  *no_memory = false;
  for (int32_t t = 0; t < tensors; ++t) {
    producer[t] = -1;
    g->total[t] = 0;
    g->flags[t] = view.NeedsPlanning(t) ? kPlanned : 0;
    g->bytes[t] = (g->flags[t] & kPlanned) ? static_cast<uint32_t>(AlignUp(view.TensorBytes(t), kArenaAlignment)) : 0;
  }
  int32_t size = 0;
  const int32_t* io = view.graph_inputs(&size);
  for (int32_t i = 0; i < size; ++i)
    if (valid(io[i])) g->flags[io[i]] |= kGraphInput;
  io = view.graph_outputs(&size);
  for (int32_t i = 0; i < size; ++i)
    if (valid(io[i])) g->flags[io[i]] |= kGraphOutput;

  // One producer per tensor, never a graph input; every input produced earlier in the model order.
  bool ok = true;
  for (int32_t v = 0; v < n && ok; ++v) {
    auto produce = Calling([&](int32_t t) {
      if (!valid(t)) return;
      if ((producer[t] >= 0 && producer[t] != v) || (g->flags[t] & kGraphInput)) ok = false;
      producer[t] = static_cast<int16_t>(v);
    });
    view.VisitOutputs(v, &produce);
  }
  int64_t use_bound = 0, pred_bound = 0;
  for (int32_t v = 0; v < n && ok; ++v) {
    auto read = Calling([&](int32_t t) {
      if (!valid(t)) return;
      if (producer[t] >= v) ok = false;
      ++pred_bound;
    });
    view.VisitInputs(v, &read);
    auto use = Calling([&](int32_t t) { use_bound += valid(t) ? 1 : 0; });
    view.VisitUses(v, &use);
  }
  if (!ok) return false;
  *no_memory = true;
  const bool in_place = view.HasInPlaceCandidates();
  g->uses = mem->Take<int16_t>(use_bound);
  g->preds = mem->Take<int16_t>(pred_bound);
  g->ip = mem->Take<int16_t>(in_place ? static_cast<int64_t>(n) * kMaxInPlaceInputs : 1);
  if (g->uses == nullptr || g->preds == nullptr || g->ip == nullptr) return false;
  *no_memory = false;

  int32_t uses = 0, preds = 0, ips = 0, pinned = 0;
  for (int32_t v = 0; v < n; ++v) {
    g->use_begin[v] = uses;
    auto use = Calling([&](int32_t t) {
      if (!valid(t) || !(g->flags[t] & kPlanned)) return;
      for (int32_t k = g->use_begin[v]; k < uses; ++k)
        if (g->uses[k] == t) return;
      g->uses[uses++] = static_cast<int16_t>(t);
      ++g->total[t];
    });
    view.VisitUses(v, &use);
    g->pred_begin[v] = preds;
    auto read = Calling([&](int32_t t) {
      if (!valid(t) || producer[t] < 0) return;
      for (int32_t k = g->pred_begin[v]; k < preds; ++k)
        if (g->preds[k] == producer[t]) return;
      g->preds[preds++] = producer[t];
    });
    view.VisitInputs(v, &read);
    g->pinned_rank[v] = view.Pinned(v) ? static_cast<int16_t>(pinned++) : static_cast<int16_t>(-1);
    g->scratch[v] = 0;
    g->in_place_out[v] = -1;
    g->ip_begin[v] = ips;
    if (in_place) {
      int32_t output = -1;
      int32_t candidates[kMaxInPlaceInputs];
      const int32_t count = view.InPlaceCandidates(v, &output, candidates);
      if (count > 0 && valid(output)) {
        g->in_place_out[v] = static_cast<int16_t>(output);
        for (int32_t k = 0; k < count && k < kMaxInPlaceInputs; ++k)
          if (valid(candidates[k])) g->ip[ips++] = static_cast<int16_t>(candidates[k]);
      }
    }
  }
  g->use_begin[n] = uses;
  g->pred_begin[n] = preds;
  g->ip_begin[n] = ips;
  int32_t scratch_count = 0;
  const ScratchRequest* scratch = view.scratch_requests(&scratch_count);
  for (int32_t s = 0; s < scratch_count; ++s) {
    const int32_t at = scratch[s].plan_position;
    if (at >= 0 && at < n) g->scratch[at] += static_cast<uint32_t>(AlignUp(ScratchRequestBytes(scratch[s]), kArenaAlignment));
  }
  g->open0 = 0;
  for (int32_t t = 0; t < tensors; ++t) {
    if ((g->flags[t] & kPlanned) && (g->flags[t] & kGraphInput) && (g->total[t] > 0 || (g->flags[t] & kGraphOutput)))
      g->open0 += g->bytes[t];
  }
  g->Restart();
  return true;
}

uint32_t Clamp(uint64_t v) { return v > 0xFFFFFFFEull ? 0xFFFFFFFEu : static_cast<uint32_t>(v); }

// The model order's peak (the graph is left restarted).
uint64_t ModelPeak(Graph* g) {
  uint64_t peak = 0;
  for (int32_t v = 0; v < g->n; ++v) {
    const uint64_t c = g->Cost(v);
    if (c > peak) peak = c;
    g->Run(v);
  }
  g->Restart();
  return peak;
}

// The greedy order into `out` and its peak (the graph is left restarted).
uint64_t GreedyPeak(Graph* g, int16_t* out) {
  uint64_t peak = 0;
  for (int32_t d = 0; d < g->n; ++d) {
    int32_t best = -1;
    uint64_t best_cost = 0, best_freed = 0;
    for (int32_t v = 0; v < g->n; ++v) {
      if (!g->ready(v)) continue;
      const uint64_t c = g->Cost(v);
      const uint64_t f = g->Freed(v);
      if (best < 0 || c < best_cost || (c == best_cost && f > best_freed)) {
        best = v;
        best_cost = c;
        best_freed = f;
      }
    }
    if (best < 0) break;  // cannot happen on a graph Build accepted
    if (best_cost > peak) peak = best_cost;
    g->Run(best);
    out[d] = static_cast<int16_t>(best);
  }
  g->Restart();
  return peak;
}

class Memo {
 public:
  Memo(MemoEntry* entries, uint32_t capacity) : entries_(entries), mask_(capacity - 1) {
    for (uint32_t i = 0; entries_ != nullptr && i < capacity; ++i) entries_[i].peak = kEmpty;
  }
  // True when `key` was reached with a peak no higher than `peak` (prune); else records it.
  bool SeenNoWorse(uint64_t key, uint32_t peak) {
    if (entries_ == nullptr) return false;
    const uint32_t lo = static_cast<uint32_t>(key), hi = static_cast<uint32_t>(key >> 32);
    uint32_t slot = (lo ^ hi) & mask_;
    MemoEntry* victim = nullptr;
    for (int p = 0; p < kProbes; ++p, slot = (slot + 1) & mask_) {
      MemoEntry& e = entries_[slot];
      if (e.peak == kEmpty) {
        if (victim == nullptr) victim = &e;
        break;
      }
      if (e.lo == lo && e.hi == hi) {
        if (e.peak <= peak) return true;
        e.peak = peak;
        return false;
      }
      if (victim == nullptr || e.peak > victim->peak) victim = &e;  // full run: replace the worst
    }
    *victim = MemoEntry{lo, hi, peak};
    return false;
  }

 private:
  MemoEntry* entries_;
  uint32_t mask_;
};

}  // namespace

void FindMemoryOrder(const PlanView& view, Arena* arena, int16_t* order, OrderSearch* search) {
  const int32_t n = view.plan_size();
  for (int32_t p = 0; p < n; ++p) order[p] = static_cast<int16_t>(p);
  search->status = OrderStatus::kNotReorderable;
  search->exact = false;
  search->steps = 0;
  search->table_entries = 0;
  if (!view.MayReorder() || n < 2) return;
  if (n > kMaxReorderNodes || view.tensors_size() > INT16_MAX) {
    search->status = OrderStatus::kTooLarge;
    return;
  }
  const size_t mark = arena->overlay_top();
  Bounded mem(arena, search->limit);
  Graph g;
  g.n = n;
  g.tensors = view.tensors_size();
  bool no_memory = false;
  int16_t* path = nullptr;
  int32_t* next = nullptr;
  uint32_t* peak_at = nullptr;
  uint64_t* open_at = nullptr;
  const bool built = Build(view, &mem, &g, &no_memory);
  if (built) {
    path = mem.Take<int16_t>(n);
    next = mem.Take<int32_t>(n + 1);
    peak_at = mem.Take<uint32_t>(n + 1);
    open_at = mem.Take<uint64_t>(n + 1);
  }
  if (!built || path == nullptr || next == nullptr || peak_at == nullptr || open_at == nullptr) {
    search->status = built || no_memory ? OrderStatus::kNoMemory : OrderStatus::kNotReorderable;
    arena->ReleaseOverlayTo(mark);
    return;
  }
  search->status = OrderStatus::kSearched;

  uint64_t lower = 0;  // the largest node's own bytes, less what in place could save it
  for (int32_t v = 0; v < n; ++v) {
    uint64_t own = g.scratch[v];
    uint32_t largest = 0;
    for (int32_t k = g.use_begin[v]; k < g.use_begin[v + 1]; ++k) {
      own += g.bytes[g.uses[k]];
      if (g.bytes[g.uses[k]] > largest) largest = g.bytes[g.uses[k]];
    }
    if (g.ip_begin[v + 1] > g.ip_begin[v]) own -= largest;
    if (own > lower) lower = own;
  }
  uint32_t best = Clamp(ModelPeak(&g));
  search->model_peak = best;
  const uint32_t greedy = Clamp(GreedyPeak(&g, path));
  search->greedy_peak = greedy;
  if (greedy < best) {
    best = greedy;
    for (int32_t p = 0; p < n; ++p) order[p] = path[p];
  }
  search->lower_bound = Clamp(lower);

  // The memo table: the largest power of two that fits below the limit.
  uint32_t capacity = 0;
  const size_t room = mem.room(alignof(MemoEntry) < alignof(void*) ? alignof(void*) : alignof(MemoEntry));
  for (uint32_t c = 1u << 20; c >= 16; c >>= 1) {
    if (sizeof(MemoEntry) * c <= room) {
      capacity = c;
      break;
    }
  }
  MemoEntry* entries = capacity > 0 ? mem.Take<MemoEntry>(capacity) : nullptr;
  if (entries == nullptr) capacity = 0;
  search->table_entries = capacity;
  Memo memo(entries, capacity > 0 ? capacity : 1);

  bool finished = best <= search->lower_bound;
  int32_t d = 0;
  uint64_t key = 0;
  next[0] = 0;
  peak_at[0] = 0;
  open_at[0] = g.open;
  // Leaves the node placed last: the graph, the ready-set key and the open bytes return to depth d - 1.
  auto step_back = [&] {
    --d;
    g.Undo(path[d]);
    key ^= NodeHash(path[d]);
    g.open = open_at[d];
  };
  while (!finished) {
    if (d == n) {  // a complete order below the best (steps at or above it were pruned)
      best = peak_at[n];
      for (int32_t p = 0; p < n; ++p) order[p] = path[p];
      if (best <= search->lower_bound) {
        finished = true;
        break;
      }
      step_back();
      continue;
    }
    int32_t v = next[d];
    while (v < n && !g.ready(v)) ++v;
    if (v >= n) {
      if (d == 0) {
        finished = true;  // every order explored or pruned
        break;
      }
      step_back();
      continue;
    }
    next[d] = v + 1;
    if (search->steps >= search->node_budget) break;
    ++search->steps;
    const uint64_t c = g.Cost(v);
    const uint32_t p = Clamp(c > peak_at[d] ? c : peak_at[d]);
    if (p >= best) continue;
    g.Run(v);
    const uint64_t child = key ^ NodeHash(v);
    if (memo.SeenNoWorse(child, p)) {
      g.Undo(v);
      g.open = open_at[d];
      continue;
    }
    path[d] = static_cast<int16_t>(v);
    key = child;
    ++d;
    next[d] = 0;
    peak_at[d] = p;
    open_at[d] = g.open;
  }
  search->exact = finished;
  search->peak = best;
  arena->ReleaseOverlayTo(mark);
}

}  // namespace mote
