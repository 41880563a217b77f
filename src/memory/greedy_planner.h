// GreedyPlanner: places buffers with known lifetimes in one region so that buffers alive at the same time
// never overlap, largest first, each at the lowest offset that fits (TFLM's strategy, plus fixed offsets).
//
// Lifetimes are inclusive positions in the execution plan. Buffers with a fixed offset (offline planning from
// model metadata) are placed first, exactly where the model says. The planner never allocates: the caller
// gives it a working array of Buffer records (in the arena's overlay) and reads offsets back from them.
#ifndef MOTE_MEMORY_GREEDY_PLANNER_H_
#define MOTE_MEMORY_GREEDY_PLANNER_H_

#include <cstddef>
#include <cstdint>

namespace mote {

// `offset` before planning: where the model's offline plan puts the buffer.
constexpr uint32_t kPlannerChooses = 0xFFFFFFFFu;

// 16 bytes: the working set lives in the arena during AllocateTensors and on models with many small tensors
// it, not the plan, sets the arena's low end, so it is kept small (arenas and tensors are far below 4 GiB; the
// verifier bounds tensor sizes to 2^31).
struct PlannerBuffer {
  uint32_t bytes;
  int32_t first_use;
  int32_t last_use;
  uint32_t offset;  // in: a fixed offset, or kPlannerChooses; out (PlanGreedy): the buffer's offset

  bool fixed() const { return offset != kPlannerChooses; }  // meaningful before PlanGreedy only
};

// The order buffers are placed in (each at the lowest offset that fits): TFLM's largest first, or one of the
// others PlanMemory also tries, keeping the one with the smallest region (ties: the earlier in this list).
// Fixed buffers always come first; ties go to the earlier first use, then the lower index.
enum class PlacementOrder : int {
  kLargestFirst,      // bytes
  kLongestFirst,      // lifetime length, then bytes
  kLargestAreaFirst,  // bytes x lifetime length, then bytes
  kEarliestFirst,     // first use, then bytes
};
constexpr int kPlacementOrders = 4;
const char* PlacementOrderName(PlacementOrder order);  // "largest first", ...

// Places buffers[0..count); `order_scratch` must hold `count` entries (int16_t when count <= 32767, the
// working set of most models, or int32_t). Returns the region size. Offsets are multiples of `alignment`
// (fixed offsets are taken as given). O(count^2) time.
template <typename Index>
size_t PlanGreedy(PlannerBuffer* buffers, int32_t count, Index* order_scratch, size_t alignment,
                  PlacementOrder placement = PlacementOrder::kLargestFirst);

// True (with their indices) when two buffers with fixed offsets are alive at the same time and share bytes:
// an offline plan that would make a kernel's input and output overlap. O(count^2) time.
bool FindOverlappingFixedBuffers(const PlannerBuffer* buffers, int32_t count, int32_t* first, int32_t* second);

}  // namespace mote

#endif  // MOTE_MEMORY_GREEDY_PLANNER_H_
