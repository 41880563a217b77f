// DIV's element functions, bit-exact with TFLM:
//   FLOAT32: x / y, clamped to the activation range by the caller (x / 0 is +-inf, clamped to +-FLT_MAX as in
//            TFLM; 0 / 0 is NaN, which the clamp keeps);
//   INT32:   x / y truncated toward zero (C++ division), clamped by the caller. Precondition (invoke checks it
//            before computing): y != 0 and not (x == INT32_MIN and y == -1); both are defined here anyway (0
//            and INT32_MIN) so that the function has no undefined behaviour whatever it is given;
//   INT8:    TFLite's quantized division (reference_ops::DivElementwise): with a = x - zp1, b = y - zp2 (signs
//            flipped together so that b > 0), r = 1/b as a Q0.31 reciprocal and its exponent (GetReciprocal),
//            a normalised by its headroom, q = SaturatingRoundingDoublingHighMul(a << headroom, r), then
//            out = clamp(zp_out + RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(q, multiplier),
//                                                      -(shift - recip_shift - headroom)))
//            where multiplier/shift come from QuantizeMultiplier(scale1 / (scale2 * scale_out)), computed in
//            float as TFLM does. The final exponent reaches 32..63 whenever |a| is small (headroom up to 31):
//            TFLM's RoundingDivideByPOT assumes <= 31 there, and what the oracle records is its x86 build's
//            result (the 64-bit mask truncated to all ones, the 32-bit shift count taken modulo 32; so a = 0
//            gives zp_out + 1, not zp_out). DivRoundingDivideByPOT computes exactly that, in defined arithmetic,
//            on every target (TFLM's own Cortex-M build would shift negative values to -1 instead).
//            Preconditions: b != 0 (invoke checks it: y at its zero point is a division by zero; TFLM's result
//            there is undefined) and kDivMinOutputShift <= shift <= kDivMaxOutputShift (prepare checks it: the
//            exponent is then in [0, 63] for every |a| <= 255).
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_DIV_DIV_REFERENCE_H_
#define MOTE_KERNELS_DIV_DIV_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct DivQuantParams {
  int32_t input1_offset;  // -zero point
  int32_t input2_offset;
  int32_t output_offset;  // +zero point
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;
  int32_t activation_max;
};

// The output_shift range DivElements::Quantized takes (see the file comment): the final exponent
// -(shift - recip_shift - headroom), recip_shift in [0, 7] and headroom in [23, 31] for |a| <= 255, stays in
// [0, 63].
constexpr int kDivMinOutputShift = -25;
constexpr int kDivMaxOutputShift = 23;

// TFLM's RoundingDivideByPOT as its x86 build computes it for an exponent in [0, 63] (see the file comment):
// equal to RoundingDivideByPOT for [0, 31].
inline int32_t DivRoundingDivideByPOT(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>(static_cast<uint32_t>((uint64_t{1} << exponent) - 1));
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> (exponent & 31)) + (remainder > threshold ? 1 : 0);
}

// TFLite's CountLeadingSignBits for int32: the number of bits after the sign bit that equal it (31 for 0 and -1).
inline int CountLeadingSignBits32(int32_t x) {
  const uint32_t u = static_cast<uint32_t>(x);
  return fixed_point::CountLeadingZeros32(x < 0 ? ~u : u) - 1;
}

// DIV's element functions, which EvalBinaryElementwise (kernels/glue/binary_elementwise.h) runs over the plan
// with the activation clamp.
struct DivElements {
  using QuantParams = DivQuantParams;
  static constexpr bool kInt32Activation = true;

  static float Float(float x, float y) { return x / y; }

  static int32_t Int32(int32_t x, int32_t y) {
    if (y == 0) return 0;  // never reached: invoke refuses a zero divisor
    if (y == -1) return static_cast<int32_t>(0u - static_cast<uint32_t>(x));  // INT32_MIN / -1 wraps
    return x / y;
  }

  template <typename T>
  static T Quantized(const DivQuantParams& p, T x, T y) {
    int32_t a = p.input1_offset + x;
    int32_t b = p.input2_offset + y;
    if (b < 0) {  // the reciprocal must be of a positive value
      a = -a;
      b = -b;
    }
    int recip_shift = 0;
    const int32_t reciprocal = b == 0 ? 0 : fixed_point::GetReciprocal(b, 31, &recip_shift);
    const int headroom = CountLeadingSignBits32(a);
    // a << headroom cannot overflow (that is what the headroom is); shifted as unsigned to stay defined.
    const int32_t normalised = static_cast<int32_t>(static_cast<uint32_t>(a) << headroom);
    const int32_t quotient = SaturatingRoundingDoublingHighMul(normalised, reciprocal);
    const int total_shift = p.output_shift - recip_shift - headroom;
    const int32_t scaled =
        DivRoundingDivideByPOT(SaturatingRoundingDoublingHighMul(quotient, p.output_multiplier), -total_shift);
    const int32_t out = p.output_offset + scaled;
    return static_cast<T>(std::min(p.activation_max, std::max(p.activation_min, out)));
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DIV_DIV_REFERENCE_H_
