// Reference LEAKY_RELU, element-wise, bit-exact with TFLM's reference kernel.
//
//   float32     y = x > 0 ? x : alpha * x (so -0 and NaN take the alpha branch, as TFLM's).
//   int8/int16  d = x - input_zp; y = output_zp + MultiplyByQuantizedMultiplier(d, M, shift) with
//               M = input_scale / output_scale when d >= 0 (the "identity" multiplier) and
//               M = input_scale * alpha / output_scale otherwise (the "alpha" multiplier, may be 0 or negative),
//               clamped to the type's range. Zero points are not required to be 0 for int16 (TFLM does not).
// Preconditions (prepare): d << max(shift, 0) fits in int32 for every d of the type, for both multipliers. The
// output may alias the input.
#ifndef MOTE_KERNELS_LEAKY_RELU_LEAKY_RELU_REFERENCE_H_
#define MOTE_KERNELS_LEAKY_RELU_LEAKY_RELU_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct LeakyReluQuantParams {
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t identity_multiplier;  // input_scale / output_scale
  int identity_shift;
  int32_t alpha_multiplier;  // input_scale * alpha / output_scale
  int alpha_shift;
};

inline void LeakyReluFloat(float alpha, int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    output[i] = x > 0.f ? x : x * alpha;
  }
}

// T = int8_t or int16_t.
template <typename T>
inline void LeakyReluQuantized(const LeakyReluQuantParams& p, int size, const T* input, T* output) {
  constexpr int32_t kMin = std::numeric_limits<T>::min();
  constexpr int32_t kMax = std::numeric_limits<T>::max();
  for (int i = 0; i < size; ++i) {
    const int32_t d = static_cast<int32_t>(input[i]) - p.input_zero_point;
    const int32_t scaled = d >= 0 ? MultiplyByQuantizedMultiplier(d, p.identity_multiplier, p.identity_shift)
                                  : MultiplyByQuantizedMultiplier(d, p.alpha_multiplier, p.alpha_shift);
    output[i] = static_cast<T>(std::min(kMax, std::max(kMin, p.output_zero_point + scaled)));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_LEAKY_RELU_LEAKY_RELU_REFERENCE_H_
