// Arena: carves one caller-provided buffer into a planned low end and a persistent high end.
//
//   base                                                                          base + capacity
//   |<- head: planned region, and during AllocateTensors the "overlay" ->|  free  |<- persistent --|
//       overlay = [scratch requests | node temp allocations | planner working set]
//
// Persistent allocations grow down from the top and live until the interpreter dies. Overlay allocations
// grow up from a movable base and are released in bulk. The two ends only have to miss each other at each
// moment, as TFLM's head and tail do: a prepare-time temporary released before later persistent memory is
// taken may lie where that memory goes. Used bytes = the largest (low end in use + persistent bytes) the run
// ever reached, which is exactly the capacity an identical run needs (capacity is rounded down to
// kArenaAlignment, so placement never depends on the caller's size). The head high-water mark (the largest
// extent the low end ever reached) is kept for the planner's limits.
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
    overlay_base_ = overlay_top_ = head_high_water_ = planned_ = peak_ = 0;
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

  // Claims [0, bytes) for the planned region (kept off limits to persistent memory from then on); false if it
  // would meet the persistent end.
  bool ReservePlanned(size_t bytes);

  // Low-end extent the arena has ever needed.
  size_t head_high_water() const { return head_high_water_; }
  // How far the low end may reach now without raising used_bytes(): the peak less the persistent bytes.
  size_t low_end_room() const { return peak_ - persistent_bytes(); }
  // The smallest kArenaAlignment multiple that held, at every moment, the low end in use and the persistent
  // bytes (a refused request counted as if it had been granted): with capacity rounded to kArenaAlignment,
  // persistent placement does not depend on the capacity.
  size_t used_bytes() const { return AlignUp(peak_, kArenaAlignment); }
  // What a refused persistent request of `bytes` shows the run needs at least.
  size_t needed_for_persistent(size_t bytes) const {
    const size_t now = LowInUse() + persistent_bytes() + bytes;
    return AlignUp(now > peak_ ? now : peak_, kArenaAlignment);
  }
  size_t failed_request() const { return failed_request_; }

 private:
  // The low end's bytes that must stay as they are: the planned region once reserved, and the overlay below
  // its top (everything above the top has been given back).
  size_t LowInUse() const { return planned_ > overlay_top_ ? planned_ : overlay_top_; }
  void NoteHead(size_t end) {
    if (end > head_high_water_) head_high_water_ = end;
    NotePeak(end + persistent_bytes());
  }
  void NotePeak(size_t used) {
    if (used > peak_) peak_ = used;
  }
  uint8_t* base_ = nullptr;
  size_t capacity_ = 0;
  size_t tail_ = 0;  // offset of the lowest persistent byte
  size_t overlay_base_ = 0;
  size_t overlay_top_ = 0;
  size_t head_high_water_ = 0;
  size_t planned_ = 0;  // the planned region reserved
  size_t peak_ = 0;     // the largest LowInUse() + persistent_bytes() so far
  size_t failed_request_ = 0;
};

}  // namespace mote

#endif  // MOTE_MEMORY_ARENA_H_
