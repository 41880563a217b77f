#include "kernels/softmax/softmax_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/fixed_point.h"

namespace mote {
namespace reference {
namespace {

using fixed_point::Fixed;

constexpr int kScaledDiffIntegerBits = 5;
constexpr int kAccumulationIntegerBits = 12;

// exp(d) in Q0.31 for a row difference d in [diff_min, 0]. The prepare-time bound on diff_min keeps
// d * 2^left_shift inside int32 (TFLM's MultiplyByQuantizedMultiplierGreaterThanOne).
inline Fixed<0> ExpOfScaledDiff(const SoftmaxParams& params, int32_t input_diff) {
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(input_diff) << params.input_left_shift);
  const int32_t rescaled = SaturatingRoundingDoublingHighMul(shifted, params.input_multiplier);
  return fixed_point::ExpOnNegativeValues(Fixed<kScaledDiffIntegerBits>::FromRaw(rescaled));
}

template <typename OutputT>
void SoftmaxInt8Impl(const SoftmaxParams& params, int outer_size, int depth, const int8_t* input,
                     OutputT* output) {
  constexpr int32_t kOutputMin = std::numeric_limits<OutputT>::min();
  constexpr int32_t kOutputMax = std::numeric_limits<OutputT>::max();
  constexpr int kOutputBits = static_cast<int>(sizeof(OutputT) * 8);
  for (int i = 0; i < outer_size; ++i) {
    const int8_t* in = input + static_cast<size_t>(i) * depth;
    OutputT* out = output + static_cast<size_t>(i) * depth;
    int8_t max_in_row = std::numeric_limits<int8_t>::min();
    for (int c = 0; c < depth; ++c) max_in_row = std::max(max_in_row, in[c]);

    Fixed<kAccumulationIntegerBits> sum_of_exps = Fixed<kAccumulationIntegerBits>::Zero();
    for (int c = 0; c < depth; ++c) {
      const int32_t input_diff = static_cast<int32_t>(in[c]) - max_in_row;
      if (input_diff >= params.diff_min) {
        sum_of_exps = sum_of_exps + fixed_point::Rescale<kAccumulationIntegerBits>(ExpOfScaledDiff(params, input_diff));
      }
    }

    int num_bits_over_unit = 0;
    const Fixed<0> shifted_scale =
        Fixed<0>::FromRaw(fixed_point::GetReciprocal(sum_of_exps.raw, kAccumulationIntegerBits, &num_bits_over_unit));
    // In [0, 31] unless the sum overflowed (TFLM aborts there); clamped so the shift stays defined.
    const int exponent = std::min(31, std::max(0, num_bits_over_unit + 31 - kOutputBits));

    for (int c = 0; c < depth; ++c) {
      const int32_t input_diff = static_cast<int32_t>(in[c]) - max_in_row;
      if (input_diff >= params.diff_min) {
        const Fixed<0> exp_in_0 = ExpOfScaledDiff(params, input_diff);
        const int32_t unsat_output = RoundingDivideByPOT(fixed_point::Mul(shifted_scale, exp_in_0).raw, exponent);
        const int32_t shifted_output = unsat_output + kOutputMin;
        out[c] = static_cast<OutputT>(std::max(std::min(shifted_output, kOutputMax), kOutputMin));
      } else {
        out[c] = static_cast<OutputT>(kOutputMin);
      }
    }
  }
}

}  // namespace

void SoftmaxFloat(const SoftmaxParams& params, int outer_size, int depth, const float* input, float* output) {
  for (int i = 0; i < outer_size; ++i) {
    const float* in = input + static_cast<size_t>(i) * depth;
    float* out = output + static_cast<size_t>(i) * depth;
    float max = std::numeric_limits<float>::lowest();
    for (int c = 0; c < depth; ++c) max = std::max(max, in[c]);
    float sum = 0.f;
    for (int c = 0; c < depth; ++c) {
      const float exp_c = std::exp((in[c] - max) * params.beta);
      out[c] = exp_c;
      sum += exp_c;
    }
    for (int c = 0; c < depth; ++c) out[c] = out[c] / sum;
  }
}

void SoftmaxInt8(const SoftmaxParams& params, int outer_size, int depth, const int8_t* input, int8_t* output) {
  SoftmaxInt8Impl(params, outer_size, depth, input, output);
}

void SoftmaxInt8ToInt16(const SoftmaxParams& params, int outer_size, int depth, const int8_t* input,
                        int16_t* output) {
  SoftmaxInt8Impl(params, outer_size, depth, input, output);
}

void SoftmaxInt16(const SoftmaxParams& params, int outer_size, int depth, const int16_t* input, int16_t* output) {
  for (int i = 0; i < outer_size; ++i) {
    const int16_t* in = input + static_cast<size_t>(i) * depth;
    int16_t* out = output + static_cast<size_t>(i) * depth;
    int16_t max_in_row = std::numeric_limits<int16_t>::min();
    for (int c = 0; c < depth; ++c) max_in_row = std::max(max_in_row, in[c]);

    // exp(x - max) in Q0.15, cached in the output row; their sum in Q16.15.
    uint32_t sum_of_exps = 0;
    for (int c = 0; c < depth; ++c) {
      const int32_t input_diff = static_cast<int32_t>(in[c]) - max_in_row;
      // Maps [-10, 0] (in real units) onto [-65535, 0], then recentres onto the table's [-32768, 32767].
      const int32_t scaled_diff =
          MultiplyByQuantizedMultiplier(input_diff, params.input_multiplier, params.input_left_shift);
      const int32_t sym_scaled_diff = std::min(std::max(scaled_diff + 32767, int32_t{-32768}), int32_t{32767});
      out[c] = LutLookupInt16(static_cast<int16_t>(sym_scaled_diff), kSoftmaxExpLut);
      sum_of_exps += static_cast<uint32_t>(static_cast<int32_t>(out[c]));
    }

    // 1 / sum through the 1 / (1 + x) table: sum normalised to [1, 2) in Q1.15, minus 1, recentred.
    const int headroom_plus_one = std::max(1, fixed_point::CountLeadingZeros32(sum_of_exps));
    const int32_t shifted_sum = static_cast<int32_t>(
        ((static_cast<int64_t>(static_cast<int32_t>(sum_of_exps)) * (int64_t{1} << (headroom_plus_one - 1))) +
         (1 << 13)) >>
        14);
    const int32_t sym_shifted_sum = shifted_sum - ((1 << 15) + (1 << 16));
    const int16_t reciprocal_scale_q015 = LutLookupInt16(
        static_cast<int16_t>(std::min(std::max(sym_shifted_sum, int32_t{-32768}), int32_t{32767})),
        kSoftmaxOneOverOnePlusXLut);

    // Output in [0, 32767] for [0, 1].
    const int right_shift = std::max(1, 31 - headroom_plus_one);
    const int64_t round = int64_t{1} << (right_shift - 1);
    for (int c = 0; c < depth; ++c) {
      const int32_t result = static_cast<int32_t>(
          (static_cast<int64_t>(out[c]) * static_cast<int64_t>(reciprocal_scale_q015) + round) >> right_shift);
      out[c] = static_cast<int16_t>(std::min(std::max(result, int32_t{0}), int32_t{32767}));
    }
  }
}

}  // namespace reference
}  // namespace mote
