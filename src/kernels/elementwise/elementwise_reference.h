// Reference compute of TFLM's elementwise.cc family (ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT),
// element by element, bit-exact with TFLM where the arithmetic is exact and with the same libm calls where it is
// not. The output may alias the input.
//
//   float32 (every op but LOGICAL_NOT), the float overloads of <cmath> as TFLM calls them:
//     ABS std::abs; SQUARE x * x; SQRT std::sqrt (IEEE-exact: sqrt(-x) is NaN, sqrt(-0) = -0);
//     RSQRT 1 / std::sqrt(x) (x < 0: NaN, +-0: +-inf); SIN std::sin; COS std::cos; LOG std::log (log(0) = -inf,
//     log(x < 0) = NaN). SIN, COS and LOG are the platform libm's sinf/cosf/logf: libms differ by an ulp or
//     two, so their results are platform-defined within that; NaN stays NaN (its sign and payload are the
//     platform's).
//   LOGICAL_NOT bool: !x.
//   ABS int8/int16, TFLM's requantization: y = clamp(output_zp + M(|x - input_zp|), qmin, qmax) with M the
//     quantized multiplier of input_scale / output_scale, or no multiplication at all when the scales are equal.
//   ABS int16 without quantization (TFLM's plain path): |x| in int16, so -32768 stays -32768.
//   RSQRT int8/int16, TFLM's fixed-point path: v = x - input_zp (>= 0: invoke checks it first, as TFLM does);
//     v = 0 gives qmax; else 1/sqrt(v) as a multiplier and shift (fixed_point::GetInvSqrtQuantizedMultiplierExp),
//     applied to 1 with 20 extra bits (d = M_v(1) * 2^20), then y = clamp(output_zp + M(d) * 2^-20, qmin, qmax)
//     with M the quantized multiplier of 1 / (sqrt(input_scale) * output_scale) (computed in double).
#ifndef MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_
#define MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "kernels/glue/bool_byte.h"
#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

inline void AbsFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::abs(input[i]);
}

inline void Square(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = input[i] * input[i];
}

inline void Sqrt(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::sqrt(input[i]);
}

inline void RsqrtFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = 1.0f / std::sqrt(input[i]);
}

inline void Sin(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::sin(input[i]);
}

inline void Cos(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::cos(input[i]);
}

inline void Log(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) output[i] = std::log(input[i]);
}

inline void LogicalNot(int size, const bool* input, bool* output) {
  const BoolByte* in = AsBoolBytes(input);
  for (int i = 0; i < size; ++i) output[i] = !in[i];
}

// ABS and RSQRT int8/int16. Prepare guarantees: zero points within T's range, and the requantization's left
// shift cannot overflow int32 (ABS: |x - input_zp| * 2^max(shift, 0); RSQRT: 2^20 * 2^max(shift - 20, 0)).
struct UnaryQuantParams {
  int32_t input_offset;   // input zero point
  int32_t output_offset;  // output zero point
  int32_t multiplier;
  int shift;
  bool rescale;  // ABS: false when the scales are equal (TFLM then adds the offset only; same result)
};

// T = int8_t or int16_t.
template <typename T>
inline void AbsQuantized(const UnaryQuantParams& p, int size, const T* input, T* output) {
  constexpr int32_t kMin = std::numeric_limits<T>::min();
  constexpr int32_t kMax = std::numeric_limits<T>::max();
  for (int i = 0; i < size; ++i) {
    const int32_t magnitude = std::abs(static_cast<int32_t>(input[i]) - p.input_offset);
    const int32_t scaled = p.rescale ? MultiplyByQuantizedMultiplier(magnitude, p.multiplier, p.shift) : magnitude;
    output[i] = static_cast<T>(std::min(std::max(scaled + p.output_offset, kMin), kMax));
  }
}

inline void AbsInt16(int size, const int16_t* input, int16_t* output) {
  for (int i = 0; i < size; ++i) {
    const int32_t x = input[i];
    output[i] = static_cast<int16_t>(static_cast<uint16_t>(x < 0 ? -x : x));  // 32768 wraps to -32768
  }
}

// Index of the first element below the input zero point, or -1 when every element is valid for RSQRT.
template <typename T>
inline int FirstBelowZeroPoint(const UnaryQuantParams& p, int size, const T* input) {
  for (int i = 0; i < size; ++i) {
    if (static_cast<int32_t>(input[i]) < p.input_offset) return i;
  }
  return -1;
}

// Precondition: FirstBelowZeroPoint(p, size, input) == -1. T = int8_t or int16_t.
template <typename T>
inline void RsqrtQuantized(const UnaryQuantParams& p, int size, const T* input, T* output) {
  constexpr int32_t kMin = std::numeric_limits<T>::min();
  constexpr int32_t kMax = std::numeric_limits<T>::max();
  constexpr int kExtraBits = 20;  // keeps 1 / sqrt(v) an integer with precision to spare
  for (int i = 0; i < size; ++i) {
    const int32_t v = static_cast<int32_t>(input[i]) - p.input_offset;
    if (v == 0) {  // the largest output stands for the infinite root of 0
      output[i] = static_cast<T>(kMax);
      continue;
    }
    int32_t inv_sqrt_multiplier;
    int inv_sqrt_shift;
    fixed_point::GetInvSqrtQuantizedMultiplierExp(v, -1, &inv_sqrt_multiplier, &inv_sqrt_shift);
    const int32_t inv_sqrt =
        MultiplyByQuantizedMultiplier(int32_t{1}, inv_sqrt_multiplier, inv_sqrt_shift + kExtraBits);
    const int32_t y = MultiplyByQuantizedMultiplier(inv_sqrt, p.multiplier, p.shift - kExtraBits) + p.output_offset;
    output[i] = static_cast<T>(std::min(std::max(y, kMin), kMax));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_
