// Reference L2_NORMALIZATION over the last dimension, bit-exact with TFLM's reference kernels.
//
// The tensor is `outer` rows of `depth` values (depth = the last dimension).
//   float32  per row: n = sqrt(sum x^2) (float, in order), n = max(n, 1e-6) (TFLM's fixed epsilon), y = x / n.
//   int8     per row: d = x - input_zp, acc = sum d^2 (int32; prepare bounds depth so it cannot overflow),
//            (M, s) = GetInvSqrtQuantizedMultiplierExp(acc) and y = clamp(MultiplyByQuantizedMultiplier(d, M,
//            s + 7), -128, 127): the output is always on the scale 1/128 with zero point 0, whatever the output
//            tensor says (TFLM does not read the output's quantization). A row of zeros (acc <= 1) uses
//            1/sqrt(1).
// The output may alias the input.
#ifndef MOTE_KERNELS_L2_NORMALIZATION_L2_NORMALIZATION_REFERENCE_H_
#define MOTE_KERNELS_L2_NORMALIZATION_L2_NORMALIZATION_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

constexpr float kL2NormalizationEpsilon = 1e-6f;

inline void L2NormalizationFloat(int outer, int depth, const float* input, float* output) {
  for (int i = 0; i < outer; ++i) {
    const float* in = input + static_cast<int64_t>(i) * depth;
    float* out = output + static_cast<int64_t>(i) * depth;
    float squared = 0.f;
    for (int c = 0; c < depth; ++c) squared += in[c] * in[c];
    const float norm = std::max(std::sqrt(squared), kL2NormalizationEpsilon);
    for (int c = 0; c < depth; ++c) out[c] = in[c] / norm;
  }
}

inline void L2NormalizationInt8(int32_t input_zero_point, int outer, int depth, const int8_t* input, int8_t* output) {
  constexpr int kOutputShift = 7;  // output scale 1/128
  for (int i = 0; i < outer; ++i) {
    const int8_t* in = input + static_cast<int64_t>(i) * depth;
    int8_t* out = output + static_cast<int64_t>(i) * depth;
    int32_t acc = 0;
    for (int c = 0; c < depth; ++c) {
      const int32_t d = static_cast<int32_t>(in[c]) - input_zero_point;
      acc += d * d;
    }
    int32_t multiplier = 0;
    int shift = 0;
    fixed_point::GetInvSqrtQuantizedMultiplierExp(acc, -1, &multiplier, &shift);
    for (int c = 0; c < depth; ++c) {
      const int32_t d = static_cast<int32_t>(in[c]) - input_zero_point;
      const int32_t y = MultiplyByQuantizedMultiplier(d, multiplier, shift + kOutputShift);
      out[c] = static_cast<int8_t>(std::min<int32_t>(127, std::max<int32_t>(-128, y)));
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_L2_NORMALIZATION_L2_NORMALIZATION_REFERENCE_H_
