#include "kernels/quantization/quantization_util.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mote {

void QuantizeMultiplier(double double_multiplier, int32_t* quantized_multiplier, int* shift) {
  if (!std::isfinite(double_multiplier)) {
    // Only hostile scales get here (infinity, NaN): a shift no kernel accepts makes prepare refuse them,
    // instead of the undefined conversion of an infinite value to an integer below.
    *quantized_multiplier = 0;
    *shift = kNonFiniteMultiplierShift;
    return;
  }
  if (double_multiplier == 0.0) {
    *quantized_multiplier = 0;
    *shift = 0;
    return;
  }
  const double q = std::frexp(double_multiplier, shift);
  auto q_fixed = static_cast<int64_t>(std::round(q * (1ll << 31)));
  if (q_fixed == (1ll << 31)) {
    q_fixed /= 2;
    ++*shift;
  }
  if (*shift < -31) {
    *shift = 0;
    q_fixed = 0;
  }
  *quantized_multiplier = static_cast<int32_t>(q_fixed);
}

void QuantizeMultiplierSmallerThanOneExp(double double_multiplier, int32_t* quantized_multiplier,
                                         int* left_shift) {
  QuantizeMultiplier(double_multiplier, quantized_multiplier, left_shift);
}

void QuantizeMultiplierGreaterThanOne(double double_multiplier, int32_t* quantized_multiplier,
                                      int* left_shift) {
  QuantizeMultiplier(double_multiplier, quantized_multiplier, left_shift);
}

void PreprocessSoftmaxScaling(double beta, double input_scale, int input_integer_bits,
                              int32_t* quantized_multiplier, int* left_shift) {
  // The input is scaled so that its integer part occupies input_integer_bits of a 31-bit fixed-point value.
  const double max_real_multiplier = (1ll << 31) - 1.0;
  const double input_beta_real_multiplier =
      std::min<double>(beta * input_scale * (1 << (31 - input_integer_bits)), max_real_multiplier);
  QuantizeMultiplierGreaterThanOne(input_beta_real_multiplier, quantized_multiplier, left_shift);
}

int CalculateInputRadius(int input_integer_bits, int input_left_shift, int total_signed_bits) {
  // TFLite divides by (1ll << input_left_shift); ldexp gives the same (exact) value and is defined for every
  // shift a hostile input scale can produce (negative, or 63 and more).
  const double max_input_rescaled = std::ldexp(1.0 * ((1 << input_integer_bits) - 1) *
                                                   (1ll << (total_signed_bits - input_integer_bits)),
                                               -input_left_shift);
  // Tighten the bound with floor so the rescaled input never overflows.
  const double radius = std::floor(max_input_rescaled);
  return radius >= static_cast<double>(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max()
                                                                        : static_cast<int>(radius);
}

}  // namespace mote
