// The int16 FIFO TFLM's signal library keeps between invokes (signal/src/circular_buffer.h), for SignalFramer,
// SignalDelay and SignalStacker: a ring of `capacity` samples with a read and a write position.
//
// Contract. The samples live in caller memory (persistent arena memory, CircularBufferBytes(capacity) bytes,
// int16-aligned) that outlives the buffer; Init() makes it empty. The callers' prepare proves that no call
// breaks its precondition, so there are no checks here (TFLM asserts them in debug builds):
//   Write/WriteZeros(n):  n <= CanWrite()
//   Extend(count, times): count <= Available(), count * times <= CanWrite()
//   Get(n) / Discard(n):  n <= Available()
// Reset() empties the buffer (TFLM also zeroes the samples: no call can read a sample that was not written
// since, so the zeroing is not observable and is skipped).
#ifndef MOTE_KERNELS_SIGNAL_CIRCULAR_BUFFER_CIRCULAR_BUFFER_H_
#define MOTE_KERNELS_SIGNAL_CIRCULAR_BUFFER_CIRCULAR_BUFFER_H_

#include <cstddef>
#include <cstdint>

namespace mote {
namespace signal {

class CircularBuffer {
 public:
  static size_t Bytes(size_t capacity) { return sizeof(int16_t) * (capacity > 0 ? capacity : 1); }

  void Init(int16_t* samples, size_t capacity) {
    samples_ = samples;
    capacity_ = capacity;
    Reset();
  }
  void Reset() {
    read_ = 0;
    available_ = 0;
  }
  size_t Available() const { return available_; }
  size_t CanWrite() const { return capacity_ - available_; }

  void Write(const int16_t* values, size_t n);
  void WriteZeros(size_t n);
  // Appends the last `count` samples `times` more times (the Stacker's padding of its first frame).
  void Extend(size_t count, size_t times);
  // Copies the oldest n samples to out (they stay in the buffer).
  void Get(size_t n, int16_t* out) const;
  void Discard(size_t n);

 private:
  size_t WritePosition() const;

  int16_t* samples_ = nullptr;
  size_t capacity_ = 0;
  size_t read_ = 0;
  size_t available_ = 0;
};

}  // namespace signal
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_CIRCULAR_BUFFER_CIRCULAR_BUFFER_H_
