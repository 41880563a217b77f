#include "memory/arena.h"

namespace mote {

void* Arena::AllocatePersistent(size_t bytes, size_t alignment) {
  if (alignment == 0) alignment = 1;
  // The planned region and the overlay in use stay off limits; overlay bytes already given back do not.
  const size_t floor = LowInUse();
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
  NotePeak(floor + persistent_bytes());
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
  if (bytes > planned_) planned_ = bytes;
  NoteHead(bytes);
  if (bytes > tail_) {
    failed_request_ = bytes;
    return false;
  }
  return true;
}

}  // namespace mote
