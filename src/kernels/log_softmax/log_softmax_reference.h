// Reference LOG_SOFTMAX over the last dimension, bit-exact with TFLM's reference kernels.
//
// The tensor is `outer` rows of `depth` values.
//   float32  per row: m = max, s = sum exp(x - m) (float, in order), y = x - m - log(s).
//   int8     TFLM's fixed-point path; the output is always quantized (16/256, 127) (prepare checks it). Per row,
//            with m the row's maximum and d = x - m <= 0:
//              s   = sum over d >= diff_min of Rescale<12>(exp(d * input_multiplier << input_left_shift in Q5.26))
//              l   = ln(s) in Q5.26 (LogXForXGreaterThanOrEqualTo1<5>)
//              cut = max(diff_min - 1, MultiplyByQuantizedMultiplier(l + INT32_MIN, reverse_scaling_divisor,
//                    reverse_scaling_left_shift))  (the input difference below which the output is -128)
//              y   = d > cut ? clamp(RoundingDivideByPOT(d_q5 - l, 22) + 127, -128, 127) : -128
// Preconditions (prepare): depth <= 4096 (the Q12.19 sum of exponentials cannot overflow), constants from
// PreprocessLogSoftmaxScalingExp with beta 1 and 5 integer bits. The output may alias the input.
#ifndef MOTE_KERNELS_LOG_SOFTMAX_LOG_SOFTMAX_REFERENCE_H_
#define MOTE_KERNELS_LOG_SOFTMAX_LOG_SOFTMAX_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct LogSoftmaxInt8Params {
  int32_t input_multiplier;
  int input_left_shift;
  int32_t reverse_scaling_divisor;
  int reverse_scaling_left_shift;  // <= 0
  int32_t diff_min;
};

inline void LogSoftmaxFloat(int outer, int depth, const float* input, float* output) {
  for (int i = 0; i < outer; ++i) {
    const float* in = input + static_cast<int64_t>(i) * depth;
    float* out = output + static_cast<int64_t>(i) * depth;
    float max = std::numeric_limits<float>::lowest();
    for (int c = 0; c < depth; ++c) max = std::max(max, in[c]);
    float sum = 0.f;
    for (int c = 0; c < depth; ++c) sum += std::exp(in[c] - max);
    const float log_sum = std::log(sum);
    for (int c = 0; c < depth; ++c) out[c] = in[c] - max - log_sum;
  }
}

inline void LogSoftmaxInt8(const LogSoftmaxInt8Params& p, int outer, int depth, const int8_t* input, int8_t* output) {
  using fixed_point::Fixed;
  constexpr int kInputBits = 5;
  constexpr int kAccumBits = 12;
  constexpr int kOutputBits = 4;
  for (int i = 0; i < outer; ++i) {
    const int8_t* in = input + static_cast<int64_t>(i) * depth;
    int8_t* out = output + static_cast<int64_t>(i) * depth;
    int8_t max = std::numeric_limits<int8_t>::min();
    for (int c = 0; c < depth; ++c) max = std::max(max, in[c]);
    Fixed<kAccumBits> sum = Fixed<kAccumBits>::Zero();
    for (int c = 0; c < depth; ++c) {
      const int32_t d = static_cast<int32_t>(in[c]) - max;
      if (d >= p.diff_min) {
        const int32_t d_q5 = MultiplyByQuantizedMultiplier(d, p.input_multiplier, p.input_left_shift);
        sum =
            sum + fixed_point::Rescale<kAccumBits>(fixed_point::ExpOnNegativeValues(Fixed<kInputBits>::FromRaw(d_q5)));
      }
    }
    const int32_t log_sum = fixed_point::LogXForXGreaterThanOrEqualTo1<kInputBits>(sum).raw;
    const int32_t shifted_log_sum = fixed_point::WrappingAdd(log_sum, std::numeric_limits<int32_t>::min());
    const int32_t cut = std::max(
        p.diff_min - 1,
        MultiplyByQuantizedMultiplier(shifted_log_sum, p.reverse_scaling_divisor, p.reverse_scaling_left_shift));
    for (int c = 0; c < depth; ++c) {
      const int32_t d = static_cast<int32_t>(in[c]) - max;
      if (d > cut) {
        const int32_t d_q5 = MultiplyByQuantizedMultiplier(d, p.input_multiplier, p.input_left_shift);
        const int32_t y = RoundingDivideByPOT(fixed_point::WrappingSub(d_q5, log_sum), 31 - kInputBits - kOutputBits) +
                          std::numeric_limits<int8_t>::max();
        out[c] = static_cast<int8_t>(std::min<int32_t>(127, std::max<int32_t>(-128, y)));
      } else {
        out[c] = std::numeric_limits<int8_t>::min();
      }
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_LOG_SOFTMAX_LOG_SOFTMAX_REFERENCE_H_
