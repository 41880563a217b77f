// Reference RELU and RELU6, element-wise, bit-exact with TFLM's reference kernels.
//
//   RELU float32    max(x, 0) (NaN passes through).
//   RELU int8/int16 requantized: y = output_zp + MultiplyByQuantizedMultiplier(x - input_zp, M, shift) with
//                   M = input_scale / output_scale, clamped to [max(qmin, output_zp), qmax].
//   RELU6 float32   min(max(x, 0), 6).
//   RELU6 int8/int16 NOT requantized (TFLM): y = clamp(x, input_zp, quantize(6, input_scale, input_zp)) in
//                   the input's own quantization; the output tensor's quantization is not used.
// The output may alias the input.
#ifndef MOTE_KERNELS_ACTIVATIONS_ACTIVATIONS_REFERENCE_H_
#define MOTE_KERNELS_ACTIVATIONS_ACTIVATIONS_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct ReluQuantParams {
  int32_t input_offset;   // input zero point
  int32_t output_offset;  // output zero point
  int32_t output_multiplier;
  int output_shift;  // (x - input_offset) * 2^max(shift, 0) fits in int32 (checked by prepare)
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
};

inline void ReluFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    output[i] = x < 0.f ? 0.f : x;
  }
}

inline void Relu6Float(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    output[i] = x > 6.f ? 6.f : (x < 0.f ? 0.f : x);
  }
}

// T = int8_t or int16_t.
template <typename T>
inline void ReluQuantized(const ReluQuantParams& p, int size, const T* input, T* output) {
  for (int i = 0; i < size; ++i) {
    const int32_t x = static_cast<int32_t>(input[i]) - p.input_offset;
    int32_t y = p.output_offset + MultiplyByQuantizedMultiplier(x, p.output_multiplier, p.output_shift);
    y = std::max(p.quantized_activation_min, y);
    y = std::min(p.quantized_activation_max, y);
    output[i] = static_cast<T>(y);
  }
}

// T = int8_t or int16_t; lower <= upper is not required (TFLM's order of comparisons decides).
template <typename T>
inline void Relu6Quantized(T lower, T upper, int size, const T* input, T* output) {
  for (int i = 0; i < size; ++i) {
    const T x = input[i];
    output[i] = x > upper ? upper : (x < lower ? lower : x);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ACTIVATIONS_ACTIVATIONS_REFERENCE_H_
