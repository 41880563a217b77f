// SignalOverlapAdd (TFLM's signal/src/overlap_add.cc), one frame of one stream: the frame is added into the
// stream's accumulator of frame_size samples (int16 saturating, float32 plain), the accumulator's first
// frame_step samples are the output, and the accumulator shifts left by frame_step, zero-filled.
// Preconditions (prepare): 1 <= frame_step <= frame_size.
#ifndef MOTE_KERNELS_SIGNAL_OVERLAP_ADD_OVERLAP_ADD_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_OVERLAP_ADD_OVERLAP_ADD_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

inline int16_t OverlapSum(int16_t a, int16_t b) {
  const int32_t s = static_cast<int32_t>(a) + b;
  return static_cast<int16_t>(s < INT16_MIN ? INT16_MIN : (s > INT16_MAX ? INT16_MAX : s));
}
inline float OverlapSum(float a, float b) { return a + b; }

template <typename T>
void OverlapAdd(const T* frame, T* accumulator, int frame_size, T* output, int frame_step) {
  for (int i = 0; i < frame_size; ++i) accumulator[i] = OverlapSum(frame[i], accumulator[i]);
  std::memcpy(output, accumulator, sizeof(T) * static_cast<size_t>(frame_step));
  std::memmove(accumulator, accumulator + frame_step, sizeof(T) * static_cast<size_t>(frame_size - frame_step));
  std::memset(accumulator + (frame_size - frame_step), 0, sizeof(T) * static_cast<size_t>(frame_step));
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_OVERLAP_ADD_OVERLAP_ADD_REFERENCE_H_
