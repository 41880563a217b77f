// MUL's element functions, bit-exact with TFLM: float32 and int32 (x * y, clamped to the activation range by
// the caller; int32 wraps on overflow); int8/int16
// (reference_integer_ops::MulElementwise / BroadcastMul):
//   out = clamp(output_zp + MultiplyByQuantizedMultiplier((x - zp1) * (y - zp2), multiplier, shift))
// with multiplier/shift from QuantizeMultiplier(scale1 * scale2 / output_scale) in double.
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_MUL_MUL_REFERENCE_H_
#define MOTE_KERNELS_MUL_MUL_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct MulQuantParams {
  int32_t input1_offset;  // -zero point
  int32_t input2_offset;
  int32_t output_offset;  // +zero point
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;
  int32_t activation_max;
};

// MUL's element functions, which EvalBinaryElementwise (kernels/glue/binary_elementwise.h) runs over the plan
// with the activation clamp.
struct MulElements {
  using QuantParams = MulQuantParams;
  static constexpr bool kInt32Activation = true;

  static float Float(float x, float y) { return x * y; }

  // Two's-complement wrap-around on overflow, computed without signed-overflow UB.
  static int32_t Int32(int32_t x, int32_t y) {
    return static_cast<int32_t>(static_cast<uint32_t>(x) * static_cast<uint32_t>(y));
  }

  template <typename T>
  static T Quantized(const MulQuantParams& p, T x, T y) {
    const int32_t a = p.input1_offset + x;
    const int32_t b = p.input2_offset + y;
    const int32_t out = p.output_offset + MultiplyByQuantizedMultiplier(a * b, p.output_multiplier, p.output_shift);
    return static_cast<T>(std::min(p.activation_max, std::max(p.activation_min, out)));
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_MUL_MUL_REFERENCE_H_
