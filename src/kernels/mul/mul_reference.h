// MUL reference compute over a broadcast plan (kernels/glue/broadcast.h), bit-exact with TFLM:
// float32 and int32 (x * y clamped to the activation range; int32 wraps on overflow); int8/int16
// (reference_integer_ops::MulElementwise / BroadcastMul):
//   out = clamp(output_zp + MultiplyByQuantizedMultiplier((x - zp1) * (y - zp2), multiplier, shift))
// with multiplier/shift from QuantizeMultiplier(scale1 * scale2 / output_scale) in double.
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_MUL_MUL_REFERENCE_H_
#define MOTE_KERNELS_MUL_MUL_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/glue/broadcast.h"
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

inline void MulFloat(const BroadcastPlan& plan, float activation_min, float activation_max, const float* input1,
                     const float* input2, float* output) {
  BroadcastBinary(plan, input1, input2, output, [activation_min, activation_max](float x, float y) {
    return ActivationFunctionWithMinMax(x * y, activation_min, activation_max);
  });
}

inline void MulInt32(const BroadcastPlan& plan, int32_t activation_min, int32_t activation_max,
                     const int32_t* input1, const int32_t* input2, int32_t* output) {
  BroadcastBinary(plan, input1, input2, output, [activation_min, activation_max](int32_t x, int32_t y) {
    const int32_t product = static_cast<int32_t>(static_cast<uint32_t>(x) * static_cast<uint32_t>(y));
    return ActivationFunctionWithMinMax(product, activation_min, activation_max);
  });
}

template <typename T>
inline void MulQuantized(const BroadcastPlan& plan, const MulQuantParams& p, const T* input1, const T* input2,
                         T* output) {
  BroadcastBinary(plan, input1, input2, output, [&p](T x, T y) {
    const int32_t a = p.input1_offset + x;
    const int32_t b = p.input2_offset + y;
    const int32_t out = p.output_offset + MultiplyByQuantizedMultiplier(a * b, p.output_multiplier, p.output_shift);
    return static_cast<T>(std::min(p.activation_max, std::max(p.activation_min, out)));
  });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_MUL_MUL_REFERENCE_H_
