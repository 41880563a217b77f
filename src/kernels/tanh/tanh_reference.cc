#include "kernels/tanh/tanh_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/sigmoid_table.h"

namespace mote {
namespace reference {

void TanhFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::tanh(input[i]);
}

void TanhInt8(const SigmoidTanhInt8Params& params, int size, const int8_t* input, int8_t* output) {
  constexpr int kInputIntegerBits = 4;
  constexpr int kOutputFractionalBits = 7;
  for (int i = 0; i < size; ++i) {
    const int32_t x = static_cast<int32_t>(input[i]) - params.input_zero_point;
    if (x <= -params.input_range_radius) {
      output[i] = -128;
    } else if (x >= params.input_range_radius) {
      output[i] = 127;
    } else {
      // |x| < radius keeps x * 2^shift (and the shift itself) inside int32.
      const int32_t x_q4 = MultiplyByQuantizedMultiplier(x, params.input_multiplier, params.input_left_shift);
      const int32_t y_q0 = fixed_point::Tanh(fixed_point::Fixed<kInputIntegerBits>::FromRaw(x_q4)).raw;
      const int32_t y = RoundingDivideByPOT(y_q0, 31 - kOutputFractionalBits);
      output[i] = static_cast<int8_t>(std::min(std::max(y, int32_t{-128}), int32_t{127}));
    }
  }
}

void TanhInt16(const SigmoidTanhInt16Params& params, int size, const int16_t* input, int16_t* output) {
  int32_t multiplier = params.input_multiplier;
  int shift = params.input_left_shift;
  if (multiplier == 0) {  // power-of-two input scale (shift 0 or 1)
    multiplier = 3 << shift;
    shift = 0;
  }
  const int32_t round = shift > 0 ? int32_t{1} << (shift - 1) : 0;
  for (int i = 0; i < size; ++i) {
    // Units of 1/(3 * 4096); the products stay below 2^31 (multiplier <= 65535, and <= 32767 when rounding).
    // Right shifts of negative values are arithmetic (as in TFLM on every supported compiler).
    const int32_t x = (static_cast<int32_t>(input[i]) * multiplier + round) >> shift;
    const uint32_t abs_x = static_cast<uint32_t>(std::abs(x));
    // sigmoid(2x): the table's 1/24 per entry is 2^8 input units here.
    const uint32_t index = abs_x >> 8;
    int32_t result;
    if (index >= 255) {
      result = 0xFFFF << 8;
    } else {
      const uint32_t ua = kSigmoidTableUint16[index];
      const uint32_t ub = kSigmoidTableUint16[index + 1];
      const uint32_t frac = abs_x & 0xFF;
      result = static_cast<int32_t>((ua << 8) + frac * (ub - ua));
    }
    // 2 * sigmoid - 1, mirrored for negative inputs, rounded from Q0.24 to Q0.15.
    result = x >= 0 ? (result - (1 << (14 + 9)) + (1 << (9 - 2))) : (-result + (1 << (14 + 9)) + (1 << (9 - 2)) - 1);
    output[i] = static_cast<int16_t>(result >> (9 - 1));
  }
}

}  // namespace reference
}  // namespace mote
