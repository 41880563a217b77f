// SQUARED_DIFFERENCE's element functions, bit-exact with TFLM:
//   FLOAT32: (x - y)^2, not clamped (an overflow is +inf, as in TFLM);
//   INT32:   (x - y)^2 with two's-complement wrap-around (TFLM's int32 arithmetic), not clamped;
//   INT8/INT16: TFLM's rescaling: each input, offset by its zero point and shifted left by left_shift (7 for
//            INT8, 0 for INT16), is scaled by scale_i / (2 max(scale1, scale2)) (MultiplyByQuantized-
//            MultiplierSmallerThanOneExp), the difference d of the two is squared (|d| < 2^15, so d^2 fits), and
//            out = clamp(zp_out + MultiplyByQuantizedMultiplier(d^2, m_out, shift_out)) to the type's range,
//            with m_out from (2 max(scale1, scale2))^2 / (2^(2 left_shift) scale_out).
// Preconditions (prepare): zero points inside the type's range (INT16: 0), shift_out <= 31.
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_SQUARED_DIFFERENCE_SQUARED_DIFFERENCE_REFERENCE_H_
#define MOTE_KERNELS_SQUARED_DIFFERENCE_SQUARED_DIFFERENCE_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct SquaredDifferenceQuantParams {
  int32_t input1_offset;  // -zero point
  int32_t input2_offset;
  int32_t output_offset;  // +zero point
  int left_shift;
  int32_t input1_multiplier;
  int input1_shift;
  int32_t input2_multiplier;
  int input2_shift;
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;  // the type's range
  int32_t activation_max;
};

// The element functions EvalBinaryElementwise (kernels/glue/binary_elementwise.h) runs over the plan; no
// activation clamp for FLOAT32 and INT32 (the op has no fused activation and TFLM clamps neither).
struct SquaredDifferenceElements {
  using QuantParams = SquaredDifferenceQuantParams;
  static constexpr bool kInt32Activation = false;
  static constexpr bool kFloatActivation = false;

  static float Float(float x, float y) {
    const float d = x - y;
    return d * d;
  }

  static int32_t Int32(int32_t x, int32_t y) {
    const uint32_t d = static_cast<uint32_t>(x) - static_cast<uint32_t>(y);
    return static_cast<int32_t>(d * d);
  }

  template <typename T>
  static T Quantized(const SquaredDifferenceQuantParams& p, T x, T y) {
    const int32_t a = (p.input1_offset + x) * (1 << p.left_shift);
    const int32_t b = (p.input2_offset + y) * (1 << p.left_shift);
    const int32_t d = MultiplyByQuantizedMultiplierSmallerThanOneExp(a, p.input1_multiplier, p.input1_shift) -
                      MultiplyByQuantizedMultiplierSmallerThanOneExp(b, p.input2_multiplier, p.input2_shift);
    const int32_t out = MultiplyByQuantizedMultiplier(d * d, p.output_multiplier, p.output_shift) + p.output_offset;
    return static_cast<T>(std::min(p.activation_max, std::max(p.activation_min, out)));
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SQUARED_DIFFERENCE_SQUARED_DIFFERENCE_REFERENCE_H_
