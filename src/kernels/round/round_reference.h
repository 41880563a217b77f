// Reference ROUND, float32 only (TFLM's kernel supports no other type), element by element: the nearest
// integer, ties to even (TFLM's RoundToNearest: 0.5 -> 0, 1.5 -> 2, -2.5 -> -2). TFLM tests ties as
// x - floor(x) == 0.5 in float, which is exact: every float with a fractional part is below 2^23 in magnitude,
// so the difference is representable. Infinities pass through; NaN stays NaN. The output may alias the input.
#ifndef MOTE_KERNELS_ROUND_ROUND_REFERENCE_H_
#define MOTE_KERNELS_ROUND_ROUND_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

inline float RoundHalfToEven(float x) {
  const float floor_x = std::floor(x);
  const float fraction = x - floor_x;  // NaN for NaN and infinities: both comparisons fail, floor_x + 1 keeps them
  // Parity by fmod (TFLM casts floor_x to int, only reached for |x| < 2^23 where the two agree).
  if (fraction < 0.5f || (fraction == 0.5f && std::fmod(floor_x, 2.0f) == 0.0f)) return floor_x;
  return floor_x + 1.0f;
}

inline void Round(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = RoundHalfToEven(input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ROUND_ROUND_REFERENCE_H_
