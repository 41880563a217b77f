// Memory planning for one execution plan: which tensors the arena must hold, how long each lives, where each
// goes (greedy, or where the model's offline plan says), and the scratch buffers kernels asked for in prepare.
//
// The planner sees the graph only through a PlanView: tensor sizes, which tensors already have memory
// (constants in the model, variables and other persistent tensors), which tensors each plan position uses,
// the graph's inputs and outputs, an optional offline plan and the scratch requests. The interpreter
// implements the view over its subgraph; tests implement it over arrays.
//
// Lifetimes are inclusive plan positions: a tensor lives from the first position that uses it to the last;
// graph inputs from position 0, graph outputs to the last position (they are read before and after Invoke).
// A scratch buffer lives at the one position that requested it.
//
// Arena use (all in the low end, nothing persistent):
//
//   base
//   |<- scratch requests ->|<- working set: tensor->buffer map | PlannerBuffer x N | order x N ->|
//   (map and order entries are int16 when the tensors and scratch requests number at most 32767)
//   |<------------------ planned region (may overlap the working set) ------------------>|
//
// The scratch requests are the view's (the interpreter keeps them at the overlay's base during prepare);
// the working set is allocated right after them and sized for the planned tensors only, so that on small
// models it does not outgrow the plan it computes. Both count in the arena's high-water mark: an identical
// run needs exactly arena->used_bytes(). The result is read from the working set (MemoryPlan's accessors),
// so it is valid until the caller writes planned data or resets the overlay.
//
// Usage (interpreter_core's PlanMemory):
//   MemoryPlan plan;
//   switch (PlanMemory(view, arena, &plan)) { ... report, or: }
//   for each planned tensor t: data = arena->base() + plan.tensor_offset(t);
//   for each scratch s:        pointer = arena->base() + plan.scratch_offset(s);
//   arena->ResetOverlay(plan.planned_bytes);
#ifndef MOTE_MEMORY_MEMORY_PLANNER_H_
#define MOTE_MEMORY_MEMORY_PLANNER_H_

#include <cstddef>
#include <cstdint>

#include "memory/arena.h"
#include "memory/greedy_planner.h"
#include "memory/operator_order.h"

namespace mote {

// One scratch buffer a kernel's prepare asked for (RequestScratchBufferInArena); 8 bytes, kept in the arena.
struct ScratchRequest {
  uint32_t bytes;  // bit 31 (kScratchOnlyInPlace): the buffer is needed only when the node runs in place
  int32_t plan_position;
};

// A scratch request flagged so is the temporary an in-place kernel needs (MicroContext::
// RequestInPlaceScratchBuffer): the planner gives it its bytes only when it joins that node's output onto an
// input, and 0 bytes otherwise, so a node that does not run in place pays nothing for it.
constexpr uint32_t kScratchOnlyInPlace = 0x80000000u;
inline uint32_t ScratchRequestBytes(const ScratchRequest& r) { return r.bytes & ~kScratchOnlyInPlace; }
inline bool ScratchOnlyInPlace(const ScratchRequest& r) { return (r.bytes & kScratchOnlyInPlace) != 0; }

// Receives the tensors one plan position uses.
class TensorVisitor {
 public:
  virtual void Visit(int32_t tensor) = 0;

 protected:
  ~TensorVisitor() = default;  // not virtual: no deleting destructor, so no operator delete on bare metal
};

// What the planner knows of an execution plan. Tensor indices outside [0, tensors_size()) (-1: an optional
// input left out) may be reported and are ignored.
class PlanView {
 public:
  virtual int32_t tensors_size() const = 0;
  virtual int32_t plan_size() const = 0;  // positions [0, plan_size())
  // False when the tensor's memory is already there: a constant in the model, a variable, another persistent one.
  virtual bool NeedsPlanning(int32_t tensor) const = 0;
  virtual uint32_t TensorBytes(int32_t tensor) const = 0;  // asked only of tensors that need planning
  // Every tensor the node at `position` reads, writes or keeps (repeats allowed), in a fixed order: the order
  // of first uses numbers the buffers, which breaks the greedy planner's ties.
  virtual void VisitUses(int32_t position, TensorVisitor* visitor) const = 0;
  virtual const int32_t* graph_inputs(int32_t* size) const = 0;   // may be nullptr with *size 0
  virtual const int32_t* graph_outputs(int32_t* size) const = 0;  // may be nullptr with *size 0
  // The model's own plan: tensors_size() offsets from the arena base, -1 for "planner decides"; or nullptr.
  virtual const int32_t* offline_offsets() const = 0;
  virtual const ScratchRequest* scratch_requests(int32_t* count) const = 0;
  // True when the offline plan may place live tensors in this tensor's bytes: Vela puts the `ethos-u` op's
  // inputs and outputs inside its scratch area on purpose. Asked only of offline-placed tensors, and only
  // when the plan overlaps live tensors; the default never allows it.
  virtual bool MayShareBytes(int32_t /*tensor*/) const { return false; }
  // In-place execution: whether any position has candidates (the planner then keeps one more map), and for
  // `position` the tensors its output `*output` may overwrite (declared by the kernel in prepare,
  // MicroContext::AllowOutputToOverwriteInput), at most kMaxInPlaceInputs of them in `inputs`; their count.
  virtual bool HasInPlaceCandidates() const { return false; }
  virtual int32_t InPlaceCandidates(int32_t /*position*/, int32_t* /*output*/, int32_t* /*inputs*/) const {
    return 0;
  }
  // Operator reordering (memory/operator_order.h): whether the nodes may run in another order the data
  // allows, and per position the tensors the node reads (inputs) and writes (outputs, intermediates), and
  // whether it keeps its order relative to every other pinned node (state, control flow, custom ops).
  virtual bool MayReorder() const { return false; }
  virtual void VisitInputs(int32_t /*position*/, TensorVisitor* /*visitor*/) const {}
  virtual void VisitOutputs(int32_t /*position*/, TensorVisitor* /*visitor*/) const {}
  virtual bool Pinned(int32_t /*position*/) const { return true; }

 protected:
  ~PlanView() = default;
};

constexpr int32_t kMaxInPlaceInputs = 8;

enum class PlanStatus {
  kOk,
  kWorkingSetTooLarge,  // the arena cannot hold the working set; the size needed is not known yet
  kArenaTooSmall,       // the plan is known: arena->used_bytes() is exactly what the model needs
  kOfflineOverlap,      // the offline plan puts two live tensors in shared bytes (already reported)
};

// The plan, as offsets into the working set the planner left in the arena's overlay.
struct MemoryPlan {
  size_t planned_bytes = 0;     // the planned region [0, planned_bytes), kArenaAlignment-aligned
  size_t activation_bytes = 0;  // sum of the planned tensors' sizes (before sharing)
  size_t scratch_bytes = 0;     // sum of the scratch requests' sizes
  // Tensor -> buffer index, -1 for unplanned: int16 entries when tensors + scratch requests fit (a smaller
  // working set), else int32; one of the two is set.
  const int16_t* narrow_tensor_to_buffer = nullptr;
  const int32_t* wide_tensor_to_buffer = nullptr;
  const PlannerBuffer* buffers = nullptr;  // planned tensors, then one per scratch request
  int32_t tensor_buffers = 0;
  // In-place execution: a tensor placed on top of its input maps to that input's buffer (buffer_of), whose
  // lifetime covers both; its own record is left with no bytes.
  size_t in_place_bytes = 0;  // bytes of the tensors placed in place
  int32_t in_place_tensors = 0;
  // The placement order that gave the smallest region (greedy_planner.h), and the region TFLM's largest-first
  // order gives for the same buffers.
  PlacementOrder placement = PlacementOrder::kLargestFirst;
  size_t largest_first_bytes = 0;
  // Operator reordering (memory/operator_order.h): the model positions in the order planned (in the working
  // set), or nullptr for the model's own order; the region the model order gives; the search's figures.
  const int16_t* order = nullptr;
  size_t model_order_bytes = 0;
  OrderSearch search;

  int32_t buffer_of(int32_t tensor) const {
    return narrow_tensor_to_buffer != nullptr ? narrow_tensor_to_buffer[tensor] : wide_tensor_to_buffer[tensor];
  }
  bool planned(int32_t tensor) const { return buffer_of(tensor) >= 0; }
  uint32_t tensor_offset(int32_t tensor) const { return buffers[buffer_of(tensor)].offset; }
  uint32_t scratch_offset(int32_t scratch) const { return buffers[tensor_buffers + scratch].offset; }
};

// Collects lifetimes, places every tensor that needs planning and every scratch request, and reserves the
// planned region in `arena`. In-place execution (docs/memory.md): a node's output takes the bytes of an input
// its kernel declared it may overwrite when that input's lifetime ends at the node, neither is a graph input,
// the input is not a graph output, both take the same bytes and the model has no offline plan; the plan is
// placed with and without it, and in place is kept unless its region is larger. On kOk, `plan`
// is filled; on an error, the sizes computed so far are. Only the offline overlap is reported here (it names the tensors); the arena-size errors are the caller's to report,
// with what it knows of the rest of the arena.
// `kept_bytes`: bytes at the overlay's base, before the scratch requests, that the planner keeps (the
// interpreter's in-place declarations).
// Reordering (view.MayReorder()): the order with the lowest peak of live bytes is searched (operator_order.h)
// in the overlay below what the arena has already reached or the largest tensor needs, both orders are
// planned, and the search's is kept when its region plus `persistent_cost` (what keeping the order costs the
// caller) is smaller. Scratch requests' positions are model positions.
struct ReorderOptions {
  bool enabled = false;
  uint32_t node_budget = 200000;
  size_t persistent_cost = 0;
};
PlanStatus PlanMemory(const PlanView& view, Arena* arena, MemoryPlan* plan, size_t kept_bytes = 0,
                      const ReorderOptions& reorder = ReorderOptions{});

}  // namespace mote

#endif  // MOTE_MEMORY_MEMORY_PLANNER_H_
