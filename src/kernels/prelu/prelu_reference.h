// Reference PRELU, element-wise over the broadcast of input and alpha, bit-exact with TFLM's reference kernel.
//
//   float32  y = x >= 0 ? x : x * alpha (NaN takes the alpha branch, -0 the identity one).
//   int8/int16 (alpha int8 for both, as TFLM's kernels)
//            d = x - input_zp; y = output_zp + MultiplyByQuantizedMultiplier(d, M1, shift1) when d >= 0, with
//            M1 = input_scale / output_scale, else MultiplyByQuantizedMultiplier(d * (alpha - alpha_zp), M2, shift2)
//            with M2 = input_scale * alpha_scale / output_scale (both in double, as TFLM); clamped to the output type.
//            Zero points need not be 0 for int16 (TFLM does not require it).
// Preconditions (prepare): R << max(shift1, 0) and R * 255 << max(shift2, 0) fit in int32, R = 255 (int8) or
// 65535 (int16). The element functions are applied over a broadcast plan (kernels/glue/broadcast.h) in output
// order; the output may alias the input when their shapes match.
#ifndef MOTE_KERNELS_PRELU_PRELU_REFERENCE_H_
#define MOTE_KERNELS_PRELU_PRELU_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/glue/broadcast.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct PreluQuantParams {
  int32_t input_zero_point;
  int32_t alpha_zero_point;
  int32_t output_zero_point;
  int32_t identity_multiplier;  // input_scale / output_scale
  int identity_shift;
  int32_t alpha_multiplier;  // input_scale * alpha_scale / output_scale
  int alpha_shift;
};

inline float PreluFloatElement(float x, float alpha) { return x >= 0.f ? x : x * alpha; }

// T = int8_t or int16_t.
template <typename T>
inline T PreluQuantizedElement(const PreluQuantParams& p, T x, int8_t alpha) {
  const int32_t d = static_cast<int32_t>(x) - p.input_zero_point;
  const int32_t scaled = d >= 0 ? MultiplyByQuantizedMultiplier(d, p.identity_multiplier, p.identity_shift)
                                : MultiplyByQuantizedMultiplier(d * (static_cast<int32_t>(alpha) - p.alpha_zero_point),
                                                                p.alpha_multiplier, p.alpha_shift);
  constexpr int32_t kMin = std::numeric_limits<T>::min();
  constexpr int32_t kMax = std::numeric_limits<T>::max();
  return static_cast<T>(std::min(kMax, std::max(kMin, p.output_zero_point + scaled)));
}

inline void PreluFloat(const BroadcastPlan& plan, const float* input, const float* alpha, float* output) {
  BroadcastBinary(plan, input, alpha, output, PreluFloatElement);
}

template <typename T>
inline void PreluQuantized(const BroadcastPlan& plan, const PreluQuantParams& p, const T* input, const int8_t* alpha,
                           T* output) {
  BroadcastBinary(plan, input, alpha, output, [&p](T x, int8_t a) { return PreluQuantizedElement(p, x, a); });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_PRELU_PRELU_REFERENCE_H_
