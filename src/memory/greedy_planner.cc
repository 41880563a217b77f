#include "memory/greedy_planner.h"

#include "memory/arena.h"

namespace mote {
namespace {

bool LifetimesOverlap(const PlannerBuffer& a, const PlannerBuffer& b) {
  return a.first_use <= b.last_use && b.first_use <= a.last_use;
}

uint64_t Length(const PlannerBuffer& b) { return static_cast<uint64_t>(b.last_use - b.first_use + 1); }

// Placement order: fixed buffers first, then `placement`'s key, then larger, then earlier first use (stable,
// deterministic).
bool PlacedBefore(const PlannerBuffer& a, int32_t ia, const PlannerBuffer& b, int32_t ib, PlacementOrder placement) {
  const bool fa = a.fixed();
  const bool fb = b.fixed();
  if (fa != fb) return fa;
  switch (placement) {
    case PlacementOrder::kLargestFirst:
      break;
    case PlacementOrder::kLongestFirst:
      if (Length(a) != Length(b)) return Length(a) > Length(b);
      break;
    case PlacementOrder::kLargestAreaFirst:
      if (a.bytes * Length(a) != b.bytes * Length(b)) return a.bytes * Length(a) > b.bytes * Length(b);
      break;
    case PlacementOrder::kEarliestFirst:
      if (a.first_use != b.first_use) return a.first_use < b.first_use;
      break;
  }
  if (a.bytes != b.bytes) return a.bytes > b.bytes;
  if (a.first_use != b.first_use) return a.first_use < b.first_use;
  return ia < ib;
}

}  // namespace

const char* PlacementOrderName(PlacementOrder order) {
  switch (order) {
    case PlacementOrder::kLargestFirst:
      return "largest first";
    case PlacementOrder::kLongestFirst:
      return "longest first";
    case PlacementOrder::kLargestAreaFirst:
      return "largest area first";
    case PlacementOrder::kEarliestFirst:
      return "earliest first";
  }
  return "?";
}

template <typename Index>
size_t PlanGreedy(PlannerBuffer* buffers, int32_t count, Index* order, size_t alignment, PlacementOrder placement) {
  for (int32_t i = 0; i < count; ++i) order[i] = static_cast<Index>(i);
  // Insertion sort: counts are small (tensors of one subgraph) and it needs no extra memory.
  for (int32_t i = 1; i < count; ++i) {
    const Index key = order[i];
    int32_t j = i - 1;
    while (j >= 0 && PlacedBefore(buffers[key], key, buffers[order[j]], order[j], placement)) {
      order[j + 1] = order[j];
      --j;
    }
    order[j + 1] = key;
  }

  // order[0..k) holds the buffers placed so far, kept sorted by offset (an in-place insertion after each
  // placement): finding the lowest offset that fits is then one sweep, O(count^2) overall rather than trying
  // every candidate against every placed buffer (cubic, which a model with thousands of tensors alive at once
  // turns into minutes). The offset chosen is the same: the lowest of 0 and the aligned ends of the
  // lifetime-overlapping placed buffers that collides with none of them.
  size_t region = 0;
  for (int32_t k = 0; k < count; ++k) {
    const Index index = order[k];
    PlannerBuffer& cur = buffers[index];
    if (!cur.fixed()) {
      size_t candidate = 0;
      for (int32_t p = 0; p < k; ++p) {
        const PlannerBuffer& placed = buffers[order[p]];
        if (!LifetimesOverlap(cur, placed)) continue;
        // Every later placed buffer starts at or after this one: fitting before it fits before all of them.
        if (candidate + cur.bytes <= placed.offset) break;
        const size_t end = AlignUp(static_cast<size_t>(placed.offset) + placed.bytes, alignment);
        if (end > candidate) candidate = end;
      }
      cur.offset = static_cast<uint32_t>(candidate);
    }  // a fixed buffer keeps its offset
    int32_t at = k;
    while (at > 0 && buffers[order[at - 1]].offset > cur.offset) {
      order[at] = order[at - 1];
      --at;
    }
    order[at] = index;
    const size_t end = static_cast<size_t>(cur.offset) + cur.bytes;
    if (end > region) region = end;
  }
  return AlignUp(region, alignment);
}
template size_t PlanGreedy(PlannerBuffer*, int32_t, int16_t*, size_t, PlacementOrder);
template size_t PlanGreedy(PlannerBuffer*, int32_t, int32_t*, size_t, PlacementOrder);

bool FindOverlappingFixedBuffers(const PlannerBuffer* buffers, int32_t count, int32_t* first, int32_t* second) {
  for (int32_t i = 0; i < count; ++i) {
    const PlannerBuffer& a = buffers[i];
    if (!a.fixed() || a.bytes == 0) continue;
    for (int32_t j = i + 1; j < count; ++j) {
      const PlannerBuffer& b = buffers[j];
      if (!b.fixed() || b.bytes == 0 || !LifetimesOverlap(a, b)) continue;
      const int64_t a_end = static_cast<int64_t>(a.offset) + a.bytes;
      const int64_t b_end = static_cast<int64_t>(b.offset) + b.bytes;
      if (a.offset < b_end && b.offset < a_end) {
        *first = i;
        *second = j;
        return true;
      }
    }
  }
  return false;
}

}  // namespace mote
