// Reference EXP, float32 only (TFLM's kernel supports no other type): std::exp on float (the float overload, as TFLM),
// element by element: overflow gives +inf, underflow 0, exp(-inf) = 0, NaN stays NaN. Results are the platform libm's
// expf (within an ulp or two of each other across libms). The output may alias the input.
#ifndef MOTE_KERNELS_EXP_EXP_REFERENCE_H_
#define MOTE_KERNELS_EXP_EXP_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

inline void Exp(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::exp(input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_EXP_EXP_REFERENCE_H_
