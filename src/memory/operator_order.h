// Operator reordering: among the execution orders the graph's data dependencies allow, the one whose peak of
// live activation bytes is lowest (issue #21 item 2, docs/memory.md "Operator order").
//
// The search sees the graph through an OrderGraph (a PlanView extension, memory_planner.h): per model
// position the tensors a node reads and the tensors it writes, and whether it is pinned. A node may run once
// every producer of its inputs has run, and a pinned node only after every pinned node before it in the model
// order (stateful and control-flow ops keep their relative order). The cost of running node v after the set S
// of nodes already run is
//
//   open(S) + bytes of v's tensors not yet live + v's scratch - (an input v's output may overwrite in place)
//
// where open(S) is the bytes of the tensors some node in S (or the application, for graph inputs) has used
// and some node outside S still uses (graph outputs stay to the end); the peak of an order is its largest
// step cost. Sizes are rounded up to kArenaAlignment as the planner places them. open(S) depends on S only,
// so the best completion from S does not depend on how S was reached: the search is a depth-first branch
// and bound over the orders that keeps a table of the ready-sets it has reached with the lowest peak it
// reached them with (dynamic programming over ready-sets, memoised), and prunes
//   - a step whose peak already reaches the best complete order's,
//   - a set reached before with a peak no higher.
// Sets are keyed by a 64-bit fingerprint (XOR of one hash per node): a collision could only prune an order,
// so it can cost optimality, never validity.
//
// Bounds and fallback. The search stops after `node_budget` steps. Before it, two orders are costed: the
// model's own and a greedy one (at each step the ready node with the lowest step cost; ties: the one that
// frees the most bytes, then the lower index); the search starts from the better of the two, so the result
// is never worse than the model order and, when the budget runs out, is the best order found so far
// (`exact` false). The table takes the memory the caller gives; with none the search is still exact, only
// slower. `lower_bound` (the largest single node's own bytes) bounds every order from below, so
// peak - lower_bound bounds what an unfinished search may have missed.
//
// Memory: all of it from the arena's overlay below `limit`, released before returning (nothing when the
// order cannot be changed): per node 27 bytes, per tensor 9, per distinct use and per dependency 2; the rest
// up to `limit` for the table (12 bytes an entry). A graph the working set does not fit keeps the model order.
#ifndef MOTE_MEMORY_OPERATOR_ORDER_H_
#define MOTE_MEMORY_OPERATOR_ORDER_H_

#include <cstddef>
#include <cstdint>

#include "memory/arena.h"

namespace mote {

class PlanView;

// Nodes the search takes (indices are int16; a larger plan keeps the model order).
constexpr int32_t kMaxReorderNodes = 4096;

enum class OrderStatus {
  kSearched,        // *order is the best order found (maybe the model's own)
  kNotReorderable,  // the view says no, or the model order is not a topological order of single producers
  kTooLarge,        // more nodes than kMaxReorderNodes
  kNoMemory,        // the working set does not fit below `limit`
};

struct OrderSearch {
  uint32_t node_budget = 200000;  // steps of the branch and bound
  size_t limit = 0;               // the overlay may grow up to this offset from the arena base
  // Out.
  OrderStatus status = OrderStatus::kNotReorderable;
  uint32_t model_peak = 0;    // the model order's cost
  uint32_t greedy_peak = 0;   // the greedy order's
  uint32_t peak = 0;          // the returned order's
  uint32_t lower_bound = 0;   // no order costs less
  uint32_t steps = 0;         // search steps taken
  uint32_t table_entries = 0; // the memo table's capacity
  bool exact = false;         // the search finished within its budget: no order costs less than `peak`
};

// Writes into order[0, view.plan_size()) the model positions in the order found (the model order unless the
// status is kSearched). Prepare-time only.
void FindMemoryOrder(const PlanView& view, Arena* arena, int16_t* order, OrderSearch* search);

}  // namespace mote

#endif  // MOTE_MEMORY_OPERATOR_ORDER_H_
