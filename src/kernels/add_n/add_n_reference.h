// ADD_N reference compute, bit-exact with TFLM's reference_ops::AddN (float and int8 overloads).
//
// Float: out[i] = ((0 + in_0[i]) + in_1[i]) + ... + in_{n-1}[i], summed in input order as TFLM does.
//
// Int8: every input shares one scale s and zero point zp (prepare checks it), so each is rescaled with the same
// multiplier (s / 2s = 0.5) after a left shift of 20, and the sum is requantized once to the output:
//   acc    = R(-zp) + sum_j R(in_j[i] - zp)        R(v) = MultiplyByQuantizedMultiplierSmallerThanOneExp(v << 20,
//                                                                                     input_multiplier, input_shift)
//   out[i] = clamp(MultiplyByQuantizedMultiplierSmallerThanOneExp(acc, output_multiplier, output_shift) + out_zp)
// The extra R(-zp) term is TFLM's: its accumulator starts from the input offset, not from 0 (the oracle proves
// the outputs depend on it), so mote starts there too. acc can exceed int32 for 16 or more inputs; TFLM's
// signed overflow wraps on every target it runs on, so acc is summed with two's-complement wrap-around here
// (defined behaviour, the same bits).
//
// Preconditions (prepare): num_inputs >= 2, every inputs[j] and output hold `size` elements, input_shift and
// output_shift <= 0, activation_min <= activation_max.
#ifndef MOTE_KERNELS_ADD_N_ADD_N_REFERENCE_H_
#define MOTE_KERNELS_ADD_N_ADD_N_REFERENCE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {

struct AddNInt8Params {
  int32_t input_offset;   // -zero point of the inputs
  int32_t output_offset;  // +zero point of the output
  int left_shift;
  int32_t input_multiplier;
  int input_shift;
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;
  int32_t activation_max;
};

namespace reference {

inline void AddN(size_t size, int num_inputs, const float* const* inputs, float* output) {
  for (size_t i = 0; i < size; ++i) {
    float sum = 0.0f;
    for (int j = 0; j < num_inputs; ++j) sum += inputs[j][i];
    output[i] = sum;
  }
}

inline void AddN(const AddNInt8Params& p, size_t size, int num_inputs, const int8_t* const* inputs, int8_t* output) {
  auto rescale = [&p](int32_t offset_value) {
    return MultiplyByQuantizedMultiplierSmallerThanOneExp(offset_value * (1 << p.left_shift), p.input_multiplier,
                                                          p.input_shift);
  };
  const int32_t start = rescale(p.input_offset);
  for (size_t i = 0; i < size; ++i) {
    uint32_t acc = static_cast<uint32_t>(start);
    for (int j = 0; j < num_inputs; ++j) acc += static_cast<uint32_t>(rescale(p.input_offset + inputs[j][i]));
    const int32_t raw =
        MultiplyByQuantizedMultiplierSmallerThanOneExp(static_cast<int32_t>(acc), p.output_multiplier, p.output_shift) +
        p.output_offset;
    output[i] = static_cast<int8_t>(std::min(p.activation_max, std::max(p.activation_min, raw)));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ADD_N_ADD_N_REFERENCE_H_
