// Arena: carves one caller-provided buffer into a planned low end and a persistent high end.
//
//   base                                                                          base + capacity
//   |<- head: planned region, and during AllocateTensors the "overlay" ->|  free  |<- persistent --|
//       overlay = [scratch requests | node temp allocations | planner working set]
//
// Persistent allocations grow down from the top and live until the interpreter dies. Overlay allocations
// grow up from a movable base and are released in bulk. The head high-water mark is the largest extent the
// low end ever reached (overlay or planned region); used bytes = head high-water + persistent bytes, which
// is exactly the capacity an identical run needs (capacity is rounded down to kArenaAlignment, so placement
// never depends on the caller's size).
#ifndef MOTE_MEMORY_ARENA_H_
#define MOTE_MEMORY_ARENA_H_

#include <cstddef>
#include <cstdint>

namespace mote {

constexpr size_t kArenaAlignment = 16;
// Kernels' persistent buffers (AllocatePersistentBuffer): aligned for every scalar type, alignof(max_align_t)
// (8 on Cortex-M, 16 on x86-64), not to 16 everywhere: a 32-bit core would lose ~8 bytes per buffer to padding.
// Planned tensors and scratch buffers stay kArenaAlignment-aligned.
constexpr size_t kPersistentBufferAlignment = alignof(std::max_align_t);

inline size_t AlignUp(size_t n, size_t a) { return (n + a - 1) / a * a; }

class Arena {
 public:
  // base must be kArenaAlignment-aligned (checked by the interpreter, which reports it).
  void Init(uint8_t* base, size_t size) {
    base_ = base;
    capacity_ = size / kArenaAlignment * kArenaAlignment;
    tail_ = capacity_;
    overlay_base_ = overlay_top_ = head_high_water_ = 0;
    failed_request_ = 0;
  }

  uint8_t* base() const { return base_; }
  size_t capacity() const { return capacity_; }

  // nullptr when the arena is exhausted; failed_request() then tells how many bytes were asked.
  void* AllocatePersistent(size_t bytes, size_t alignment);
  size_t persistent_bytes() const { return capacity_ - tail_; }

  // Overlay (low end) allocations, offsets from base. Start() sets where the next ones go.
  void ResetOverlay(size_t start_offset) { overlay_base_ = overlay_top_ = AlignUp(start_offset, kArenaAlignment); }
  uint8_t* AllocateOverlay(size_t bytes, size_t alignment);
  size_t overlay_top() const { return overlay_top_; }
  // Gives back the overlay above `offset` (a value overlay_top() had), LIFO: the high water stays.
  void ReleaseOverlayTo(size_t offset) {
    if (offset >= overlay_base_ && offset <= overlay_top_) overlay_top_ = offset;
  }

  // Claims [0, bytes) for the planned region; false if it would meet the persistent end.
  bool ReservePlanned(size_t bytes);

  // Low-end extent the arena has ever needed.
  size_t head_high_water() const { return head_high_water_; }
  // The smallest kArenaAlignment multiple that holds the low end's extent and the persistent bytes: with
  // capacity rounded to kArenaAlignment, persistent placement does not depend on the capacity.
  size_t used_bytes() const { return AlignUp(head_high_water_ + persistent_bytes(), kArenaAlignment); }
  size_t failed_request() const { return failed_request_; }

 private:
  void NoteHead(size_t end) {
    if (end > head_high_water_) head_high_water_ = end;
  }
  uint8_t* base_ = nullptr;
  size_t capacity_ = 0;
  size_t tail_ = 0;  // offset of the lowest persistent byte
  size_t overlay_base_ = 0;
  size_t overlay_top_ = 0;
  size_t head_high_water_ = 0;
  size_t failed_request_ = 0;
};

}  // namespace mote

#endif  // MOTE_MEMORY_ARENA_H_
