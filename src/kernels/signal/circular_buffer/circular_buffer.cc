#include "kernels/signal/circular_buffer/circular_buffer.h"

#include <cstring>

namespace mote {
namespace signal {

size_t CircularBuffer::WritePosition() const {
  const size_t w = read_ + available_;
  return w >= capacity_ ? w - capacity_ : w;
}

void CircularBuffer::Write(const int16_t* values, size_t n) {
  size_t w = WritePosition();
  const size_t first = n < capacity_ - w ? n : capacity_ - w;
  std::memcpy(samples_ + w, values, first * sizeof(int16_t));
  std::memcpy(samples_, values + first, (n - first) * sizeof(int16_t));
  available_ += n;
}

void CircularBuffer::WriteZeros(size_t n) {
  const size_t w = WritePosition();
  const size_t first = n < capacity_ - w ? n : capacity_ - w;
  std::memset(samples_ + w, 0, first * sizeof(int16_t));
  std::memset(samples_, 0, (n - first) * sizeof(int16_t));
  available_ += n;
}

void CircularBuffer::Extend(size_t count, size_t times) {
  for (size_t t = 0; t < times; ++t) {
    // The last `count` samples, one at a time: the source and the free space never overlap.
    for (size_t i = 0; i < count; ++i) {
      size_t src = read_ + available_ - count;
      if (src >= capacity_) src -= capacity_;
      const int16_t v = samples_[src];
      Write(&v, 1);
    }
  }
}

void CircularBuffer::Get(size_t n, int16_t* out) const {
  const size_t first = n < capacity_ - read_ ? n : capacity_ - read_;
  std::memcpy(out, samples_ + read_, first * sizeof(int16_t));
  std::memcpy(out + first, samples_, (n - first) * sizeof(int16_t));
}

void CircularBuffer::Discard(size_t n) {
  read_ += n;
  if (read_ >= capacity_) read_ -= capacity_;
  available_ -= n;
}

}  // namespace signal
}  // namespace mote
