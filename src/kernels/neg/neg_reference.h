// Reference NEG, float32 only (TFLM's kernel supports no other type): -x on float, element by element (flips the sign
// of zeros and NaNs). The output may alias the input.
#ifndef MOTE_KERNELS_NEG_NEG_REFERENCE_H_
#define MOTE_KERNELS_NEG_NEG_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

inline void Neg(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = -input[i];
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_NEG_NEG_REFERENCE_H_
