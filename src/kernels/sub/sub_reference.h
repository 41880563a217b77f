// SUB reference compute over a broadcast plan (kernels/glue/broadcast.h), bit-exact with TFLM:
// float32 and int32 (x - y clamped to the activation range; int32 wraps on overflow), int8/int16 through the
// general rescaling of kernels/quantization/quantized_add_sub.h. Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_SUB_SUB_REFERENCE_H_
#define MOTE_KERNELS_SUB_SUB_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/broadcast.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/quantized_add_sub.h"

namespace mote {
namespace reference {

inline void SubFloat(const BroadcastPlan& plan, float activation_min, float activation_max, const float* input1,
                     const float* input2, float* output) {
  BroadcastBinary(plan, input1, input2, output, [activation_min, activation_max](float x, float y) {
    return ActivationFunctionWithMinMax(x - y, activation_min, activation_max);
  });
}

inline void SubInt32(const BroadcastPlan& plan, int32_t activation_min, int32_t activation_max,
                     const int32_t* input1, const int32_t* input2, int32_t* output) {
  BroadcastBinary(plan, input1, input2, output, [activation_min, activation_max](int32_t x, int32_t y) {
    const int32_t d = static_cast<int32_t>(static_cast<uint32_t>(x) - static_cast<uint32_t>(y));
    return ActivationFunctionWithMinMax(d, activation_min, activation_max);
  });
}

template <typename T>
inline void SubQuantized(const BroadcastPlan& plan, const QuantizedAddSubParams& p, const T* input1,
                         const T* input2, T* output) {
  BroadcastBinary(plan, input1, input2, output, [&p](T x, T y) {
    const int32_t a = ScaleAddSubInput(x, p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift);
    const int32_t b = ScaleAddSubInput(y, p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift);
    return static_cast<T>(FinishAddSub(a - b, p));
  });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SUB_SUB_REFERENCE_H_
