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
//   RSQRT int8/int16 (AbsRsqrtQuantParams, RsqrtQuantized below).
#ifndef MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_
#define MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_

#include <cmath>

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
  for (int i = 0; i < size; ++i) output[i] = !input[i];
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ELEMENTWISE_ELEMENTWISE_REFERENCE_H_
