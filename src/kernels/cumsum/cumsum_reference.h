// CUMSUM reference compute, bit-exact with the TFLM release used as oracle.
//
// The input is viewed as [outer, depth, inner] around the axis; every line along the axis is summed in order
// (from its end when `reverse`), output[k] being the sum of the elements up to k (inclusive) or before k
// (`exclusive`, the first output then being the starting value).
//   float32: the starting value is 0 and the sum is in float.
//   int8: TFLM's quantized-add arithmetic (left shift 20): each element becomes
//     scaled = MultiplyByQuantizedMultiplierSmallerThanOneExp((x - input_zero_point) << 20, m_in, s_in), the
//     line's accumulator (int32, wrapping) starts from the same scaling of -input_zero_point (TFLM's starting
//     value: one input zero point too many, kept for bit-exactness), and each output is
//     clamp(MultiplyByQuantizedMultiplierSmallerThanOneExp(acc, m_out, s_out) + output_zero_point).
// Preconditions (prepare): outer, depth, inner >= 1; output has the input's shape.
#ifndef MOTE_KERNELS_CUMSUM_CUMSUM_REFERENCE_H_
#define MOTE_KERNELS_CUMSUM_CUMSUM_REFERENCE_H_

#include <cstdint>

#include "kernels/quantization/quantized_add_sub.h"

namespace mote {
namespace reference {

struct CumsumParams {
  int64_t outer;
  int64_t depth;
  int64_t inner;
  bool exclusive;
  bool reverse;
  QuantizedAddSubParams quant;  // int8 only: input1_* and output_* fields, activation range of int8
};

namespace cumsum_internal {
// Calls step(index) for the elements of every line in summation order, begin(index of the line's first
// element) before each line.
template <typename Begin, typename Step>
void ForEachLine(const CumsumParams& p, Begin begin, Step step) {
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t i = 0; i < p.inner; ++i) {
      begin();
      for (int64_t k = 0; k < p.depth; ++k) {
        const int64_t d = p.reverse ? p.depth - 1 - k : k;
        step((o * p.depth + d) * p.inner + i);
      }
    }
  }
}
}  // namespace cumsum_internal

inline void CumsumFloat(const CumsumParams& p, const float* input, float* output) {
  float acc = 0.0f;
  cumsum_internal::ForEachLine(
      p, [&] { acc = 0.0f; },
      [&](int64_t index) {
        if (p.exclusive) {
          output[index] = acc;
          acc += input[index];
        } else {
          acc += input[index];
          output[index] = acc;
        }
      });
}

inline void CumsumInt8(const CumsumParams& p, const int8_t* input, int8_t* output) {
  const QuantizedAddSubParams& q = p.quant;
  const int32_t start = ScaleAddSubInput(0, q.input1_offset, q.left_shift, q.input1_multiplier, q.input1_shift);
  int32_t acc = start;
  cumsum_internal::ForEachLine(
      p, [&] { acc = start; },
      [&](int64_t index) {
        const int32_t scaled =
            ScaleAddSubInput(input[index], q.input1_offset, q.left_shift, q.input1_multiplier, q.input1_shift);
        const int32_t before = acc;
        // int32 wrap-around, as the overflowing sums of long lines do in TFLM.
        acc = static_cast<int32_t>(static_cast<uint32_t>(acc) + static_cast<uint32_t>(scaled));
        output[index] = static_cast<int8_t>(FinishAddSub(p.exclusive ? before : acc, q));
      });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CUMSUM_CUMSUM_REFERENCE_H_
