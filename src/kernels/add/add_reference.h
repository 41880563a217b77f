// ADD reference compute, bit-exact with TFLM: float32 (x + y, clamped), int32 (wrapping x + y; TFLM applies no
// activation on int32), int8/int16 through the general rescaling of kernels/quantization/quantized_add_sub.h.
// The element functions, and AddQuantized over a broadcast plan (kernels/glue/broadcast.h). Pure: no
// allocation, no checks.
#ifndef MOTE_KERNELS_ADD_ADD_REFERENCE_H_
#define MOTE_KERNELS_ADD_ADD_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/broadcast.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/quantized_add_sub.h"

namespace mote {
namespace reference {

// ADD's element functions, which EvalBinaryElementwise (kernels/glue/binary_elementwise.h) runs over the plan
// with the activation clamp.
struct AddElements {
  using QuantParams = QuantizedAddSubParams;
  static constexpr bool kInt32Activation = false;  // TFLM applies none on int32

  static float Float(float x, float y) { return x + y; }

  // Two's-complement wrap-around on overflow, computed without signed-overflow UB.
  static int32_t Int32(int32_t x, int32_t y) {
    return static_cast<int32_t>(static_cast<uint32_t>(x) + static_cast<uint32_t>(y));
  }

  template <typename T>
  static T Quantized(const QuantizedAddSubParams& p, T x, T y) {
    const int32_t a = ScaleAddSubInput(x, p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift);
    const int32_t b = ScaleAddSubInput(y, p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift);
    return static_cast<T>(FinishAddSub(a + b, p));
  }
};

// The oracle of ADD's int8 variants (add_variants.h) and their reference entry: AddElements::Quantized over
// the plan.
template <typename T>
inline void AddQuantized(const BroadcastPlan& plan, const QuantizedAddSubParams& p, const T* input1,
                         const T* input2, T* output) {
  BroadcastBinary(plan, input1, input2, output, [&p](T x, T y) { return AddElements::Quantized(p, x, y); });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ADD_ADD_REFERENCE_H_
