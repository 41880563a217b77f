#include "memory/arena.h"

namespace mote {

void* Arena::AllocatePersistent(size_t bytes, size_t alignment) {
  if (alignment == 0) alignment = 1;
  // Everything below tail_ that the low end has ever touched stays off limits: planned data may live there.
  const size_t floor = head_high_water_ > overlay_top_ ? head_high_water_ : overlay_top_;
  if (bytes > tail_) {
    failed_request_ = bytes;
    return nullptr;
  }
  const size_t start = (tail_ - bytes) / alignment * alignment;
  if (start < floor) {
    failed_request_ = bytes;
    return nullptr;
  }
  tail_ = start;
  return base_ + start;
}

uint8_t* Arena::AllocateOverlay(size_t bytes, size_t alignment) {
  if (alignment < alignof(void*)) alignment = alignof(void*);
  const size_t start = AlignUp(overlay_top_, alignment);
  if (bytes > tail_ || start > tail_ - bytes) {
    failed_request_ = bytes;
    NoteHead(start + bytes);
    return nullptr;
  }
  overlay_top_ = start + bytes;
  NoteHead(overlay_top_);
  return base_ + start;
}

bool Arena::ReservePlanned(size_t bytes) {
  NoteHead(bytes);
  if (bytes > tail_) {
    failed_request_ = bytes;
    return false;
  }
  return true;
}

}  // namespace mote
