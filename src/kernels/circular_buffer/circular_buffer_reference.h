// CIRCULAR_BUFFER's compute (TFLM's EvalInt8): the output holds `slots` frames of `depth` int8 values, oldest
// first; one invoke drops the oldest, moves the others one frame towards the start and appends the input's
// first frame. Only the first slots * depth bytes of the output and the first depth bytes of the input are
// touched (TFLM ignores the batch dimension, and so does this). Preconditions (prepare): slots >= 1 or
// depth == 0; input and output do not overlap.
#ifndef MOTE_KERNELS_CIRCULAR_BUFFER_CIRCULAR_BUFFER_REFERENCE_H_
#define MOTE_KERNELS_CIRCULAR_BUFFER_CIRCULAR_BUFFER_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

inline void CircularBufferPush(const int8_t* input, int slots, int depth, int8_t* output) {
  if (depth == 0) return;
  const size_t frame = static_cast<size_t>(depth);
  const size_t kept = static_cast<size_t>(slots - 1) * frame;
  std::memmove(output, output + frame, kept);
  std::memcpy(output + kept, input, frame);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CIRCULAR_BUFFER_CIRCULAR_BUFFER_REFERENCE_H_
