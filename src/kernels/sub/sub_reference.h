// SUB's element functions, bit-exact with TFLM: float32 and int32 (x - y, clamped to the activation range by the
// caller; int32 wraps on overflow), int8/int16 through the general rescaling of
// kernels/quantization/quantized_add_sub.h. Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_SUB_SUB_REFERENCE_H_
#define MOTE_KERNELS_SUB_SUB_REFERENCE_H_

#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/quantized_add_sub.h"

namespace mote {
namespace reference {

// SUB's element functions, which EvalBinaryElementwise (kernels/glue/binary_elementwise.h) runs over the plan
// with the activation clamp.
struct SubElements {
  using QuantParams = QuantizedAddSubParams;
  static constexpr bool kInt32Activation = true;

  static float Float(float x, float y) { return x - y; }

  // Two's-complement wrap-around on overflow, computed without signed-overflow UB.
  static int32_t Int32(int32_t x, int32_t y) {
    return static_cast<int32_t>(static_cast<uint32_t>(x) - static_cast<uint32_t>(y));
  }

  template <typename T>
  static T Quantized(const QuantizedAddSubParams& p, T x, T y) {
    const int32_t a = ScaleAddSubInput(x, p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift);
    const int32_t b = ScaleAddSubInput(y, p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift);
    return static_cast<T>(FinishAddSub(a - b, p));
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SUB_SUB_REFERENCE_H_
