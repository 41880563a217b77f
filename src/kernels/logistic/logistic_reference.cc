#include "kernels/logistic/logistic_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/sigmoid_table.h"

namespace mote {
namespace reference {

void LogisticFloat(int size, const float* input, float* output) {
  // Above the upper cut-off the float result is exactly 1; below the lower one 1 + exp(-x) loses exp(x).
  constexpr float kCutoffUpper = 16.619047164916992188f;
  constexpr float kCutoffLower = -9.f;
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    float result;
    if (x > kCutoffUpper) {
      result = 1.0f;
    } else if (x < kCutoffLower) {
      result = std::exp(x);
    } else {
      result = 1.f / (1.f + std::exp(-x));
    }
    output[i] = result;
  }
}

void LogisticInt8(const SigmoidTanhInt8Params& params, int size, const int8_t* input, int8_t* output) {
  constexpr int kInputIntegerBits = 4;
  constexpr int kOutputIntegerBits = 8;
  constexpr int32_t kOutputZeroPoint = -128;
  for (int i = 0; i < size; ++i) {
    const int32_t x = static_cast<int32_t>(input[i]) - params.input_zero_point;
    if (x <= -params.input_range_radius) {
      output[i] = -128;
    } else if (x >= params.input_range_radius) {
      output[i] = 127;
    } else {
      // |x| < radius keeps x * 2^shift (and the shift itself) inside int32.
      const int32_t x_q4 = MultiplyByQuantizedMultiplier(x, params.input_multiplier, params.input_left_shift);
      const int32_t y_q0 =
          fixed_point::Logistic(fixed_point::Fixed<kInputIntegerBits>::FromRaw(x_q4)).raw;
      const int32_t y = RoundingDivideByPOT(y_q0, 31 - kOutputIntegerBits) + kOutputZeroPoint;
      output[i] = static_cast<int8_t>(std::min(std::max(y, int32_t{-128}), int32_t{127}));
    }
  }
}

void LogisticInt16(const SigmoidTanhInt16Params& params, int size, const int16_t* input, int16_t* output) {
  int32_t multiplier = params.input_multiplier;
  int shift = params.input_left_shift;
  if (multiplier == 0) {  // power-of-two input scale
    multiplier = 3 << shift;
    shift = 0;
  }
  const int32_t round = shift > 0 ? int32_t{1} << (shift - 1) : 0;
  for (int i = 0; i < size; ++i) {
    // Units of 1/(3 * 4096); the products stay below 2^31 (multiplier <= 65535, and <= 32767 when rounding).
    const int32_t x = (static_cast<int32_t>(input[i]) * multiplier + round) >> shift;
    const uint32_t abs_x = static_cast<uint32_t>(std::abs(x));
    // Table index: 1/24 per entry = 2^9 input units.
    const uint32_t index = abs_x >> 9;
    uint32_t result;
    if (index >= 255) {
      result = 0x7FFFu << 10;
    } else {
      const uint32_t ua = kSigmoidTableUint16[index];
      const uint32_t ub = kSigmoidTableUint16[index + 1];
      const uint32_t frac = abs_x & 0x1ff;
      result = (ua << 9) + frac * (ub - ua);
    }
    // sigmoid(-x) = 1 - sigmoid(x); Q0.16 with 9 fraction bits -> Q0.15.
    result = x >= 0 ? result + (1u << 9) : (1u << (16 + 9)) - result + (1u << 9) - 1;
    output[i] = static_cast<int16_t>(result >> 10);
  }
}

}  // namespace reference
}  // namespace mote
