#include "memory/greedy_planner.h"

#include "memory/arena.h"

namespace mote {
namespace {

bool LifetimesOverlap(const PlannerBuffer& a, const PlannerBuffer& b) {
  return a.first_use <= b.last_use && b.first_use <= a.last_use;
}

// Placement order: fixed buffers first, then larger first, then earlier first use (stable, deterministic).
bool PlacedBefore(const PlannerBuffer& a, int32_t ia, const PlannerBuffer& b, int32_t ib) {
  const bool fa = a.fixed_offset >= 0;
  const bool fb = b.fixed_offset >= 0;
  if (fa != fb) return fa;
  if (a.bytes != b.bytes) return a.bytes > b.bytes;
  if (a.first_use != b.first_use) return a.first_use < b.first_use;
  return ia < ib;
}

}  // namespace

size_t PlanGreedy(PlannerBuffer* buffers, int32_t count, int32_t* order, size_t alignment) {
  for (int32_t i = 0; i < count; ++i) order[i] = i;
  // Insertion sort: counts are small (tensors of one subgraph) and it needs no extra memory.
  for (int32_t i = 1; i < count; ++i) {
    const int32_t key = order[i];
    int32_t j = i - 1;
    while (j >= 0 && PlacedBefore(buffers[key], key, buffers[order[j]], order[j])) {
      order[j + 1] = order[j];
      --j;
    }
    order[j + 1] = key;
  }

  size_t region = 0;
  for (int32_t k = 0; k < count; ++k) {
    PlannerBuffer& cur = buffers[order[k]];
    if (cur.fixed_offset >= 0) {
      cur.offset = static_cast<uint32_t>(cur.fixed_offset);
    } else {
      // Try candidate offsets: 0 and the end of every already-placed, lifetime-overlapping buffer; take the
      // lowest one that collides with none of them.
      size_t best = static_cast<size_t>(-1);  // some candidate always fits: the end of everything placed
      for (int32_t c = -1; c < k; ++c) {
        size_t candidate = 0;
        if (c >= 0) {
          const PlannerBuffer& other = buffers[order[c]];
          if (!LifetimesOverlap(cur, other)) continue;
          candidate = AlignUp(static_cast<size_t>(other.offset) + other.bytes, alignment);
        }
        if (candidate >= best) continue;
        bool fits = true;
        for (int32_t p = 0; p < k && fits; ++p) {
          const PlannerBuffer& placed = buffers[order[p]];
          if (!LifetimesOverlap(cur, placed)) continue;
          fits = candidate + cur.bytes <= placed.offset || static_cast<size_t>(placed.offset) + placed.bytes <= candidate;
        }
        if (fits) best = candidate;
      }
      cur.offset = static_cast<uint32_t>(best);
    }
    const size_t end = static_cast<size_t>(cur.offset) + cur.bytes;
    if (end > region) region = end;
  }
  return AlignUp(region, alignment);
}

}  // namespace mote
