// Reference CEIL, float32 only (TFLM's kernel supports no other type): std::ceil on float, element by element (NaN and
// infinities pass through). The output may alias the input.
#ifndef MOTE_KERNELS_CEIL_CEIL_REFERENCE_H_
#define MOTE_KERNELS_CEIL_CEIL_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

inline void Ceil(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::ceil(input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CEIL_CEIL_REFERENCE_H_
