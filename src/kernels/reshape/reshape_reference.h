// RESHAPE reference compute: the output holds the input's bytes unchanged (only the shape differs).
#ifndef MOTE_KERNELS_RESHAPE_RESHAPE_REFERENCE_H_
#define MOTE_KERNELS_RESHAPE_RESHAPE_REFERENCE_H_

#include <cstddef>
#include <cstring>

namespace mote {
namespace reference {

// Copies `bytes` bytes from `input` to `output`. The memory planner may place the output on top of the
// input (in-place reshape): equal pointers make this a no-op, and memmove keeps any overlap well defined.
inline void Reshape(const void* input, void* output, size_t bytes) {
  if (input == output || bytes == 0) return;
  std::memmove(output, input, bytes);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_RESHAPE_RESHAPE_REFERENCE_H_
