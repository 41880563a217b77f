// Dynamic (runtime) quantization of a float32 row to int8, as LiteRT's hybrid kernels do it before their
// int8 x int8 accumulation (tensor_utils::SymmetricQuantizeFloats / AsymmetricQuantizeFloats, portable path).
// TFLM has no hybrid kernels; LiteRT is the oracle (tools/oracle/gen_hybrid.py).
//
//   symmetric:  range = max |x|; scale = range / 127; q = clamp(round(x * (127 / range)), -127, 127),
//               zero point 0; an all-zero row gives q = 0 and scale 1.
//   asymmetric: [rmin, rmax] = [min(0, min x), max(0, max x)] in double; scale = (rmax - rmin) / 255; the zero
//               point is the one (from rmin or rmax) with the smaller error, nudged into [-128, 127];
//               q = clamp(round(zero_point + x * (1 / scale)), -128, 127); rmin == rmax gives q = 0, scale 1,
//               zero point 0.
// The real value of q is (q - zero_point) * scale. Rounding is half away from zero (std::round, TfLiteRound).
// Pure functions: no allocation, no checks.
#ifndef MOTE_KERNELS_QUANTIZATION_HYBRID_QUANTIZE_H_
#define MOTE_KERNELS_QUANTIZATION_HYBRID_QUANTIZE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace mote {
namespace reference {

// One row quantized: its scale and zero point (0 for the symmetric scheme).
struct RowQuantization {
  float scale;
  int32_t zero_point;
};

inline RowQuantization SymmetricQuantizeRow(const float* values, int size, int8_t* quantized) {
  float range = 0.0f;
  for (int i = 0; i < size; ++i) range = std::max(range, std::fabs(values[i]));
  if (range == 0.0f) {
    std::fill(quantized, quantized + size, static_cast<int8_t>(0));
    return {1.0f, 0};
  }
  constexpr int32_t kScale = 127;
  const float inverse = static_cast<float>(kScale) / range;
  for (int i = 0; i < size; ++i) {
    const auto q = static_cast<int32_t>(std::round(values[i] * inverse));
    quantized[i] = static_cast<int8_t>(std::min(kScale, std::max(-kScale, q)));
  }
  return {range / static_cast<float>(kScale), 0};
}

inline RowQuantization AsymmetricQuantizeRow(const float* values, int size, int8_t* quantized) {
  constexpr int32_t kMin = -128;
  constexpr int32_t kMax = 127;
  float lo = values[0];
  float hi = values[0];
  for (int i = 1; i < size; ++i) {
    lo = std::min(lo, values[i]);
    hi = std::max(hi, values[i]);
  }
  const double rmin = std::fmin(0.0, static_cast<double>(lo));
  const double rmax = std::fmax(0.0, static_cast<double>(hi));
  if (rmin == rmax) {
    std::fill(quantized, quantized + size, static_cast<int8_t>(0));
    return {1.0f, 0};
  }
  const double qmin = kMin;
  const double qmax = kMax;
  const double scale = (rmax - rmin) / (qmax - qmin);
  const double from_min_error = std::abs(qmin) + std::abs(rmin / scale);
  const double from_max_error = std::abs(qmax) + std::abs(rmax / scale);
  const double zero_point = from_min_error < from_max_error ? qmin - rmin / scale : qmax - rmax / scale;
  int32_t nudged = 0;
  if (zero_point <= qmin) {
    nudged = kMin;
  } else if (zero_point >= qmax) {
    nudged = kMax;
  } else {
    nudged = static_cast<int32_t>(std::round(zero_point));
  }
  const auto row_scale = static_cast<float>(scale);
  const auto inverse = static_cast<float>(1.0 / row_scale);
  for (int i = 0; i < size; ++i) {
    const auto q = static_cast<int32_t>(std::round(static_cast<float>(nudged) + values[i] * inverse));
    quantized[i] = static_cast<int8_t>(std::min(kMax, std::max(kMin, q)));
  }
  return {row_scale, nudged};
}

inline RowQuantization QuantizeRow(bool asymmetric, const float* values, int size, int8_t* quantized) {
  return asymmetric ? AsymmetricQuantizeRow(values, size, quantized) : SymmetricQuantizeRow(values, size, quantized);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZATION_HYBRID_QUANTIZE_H_
