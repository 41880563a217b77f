// FILL and ZEROS_LIKE reference compute: every output element is one value (FILL's scalar input; zero for
// ZEROS_LIKE, whose zero of every type TFLM supports, FLOAT32 +0.0 included, is all-zero bytes).
#ifndef MOTE_KERNELS_FILL_FILL_REFERENCE_H_
#define MOTE_KERNELS_FILL_FILL_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

// T: any trivially copyable element type (only its size matters).
template <typename T>
void Fill(T value, T* output, int64_t count) {
  for (int64_t i = 0; i < count; ++i) output[i] = value;
}

inline void ZerosLike(void* output, size_t bytes) {
  if (bytes != 0) std::memset(output, 0, bytes);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_FILL_FILL_REFERENCE_H_
