// Dynamic (runtime) quantization of a float32 row to int8, as LiteRT's hybrid kernels do it before their
// int8 x int8 accumulation (tensor_utils::SymmetricQuantizeFloats / AsymmetricQuantizeFloats, portable path).
// TFLM has no hybrid kernels; LiteRT is the oracle (tools/oracle/gen_hybrid.py).
//
//   symmetric:  range = max |x|; scale = range / 127; q = clamp(round(x * (127 / range)), -127, 127),
//               zero point 0; an all-zero row gives q = 0 and scale 1.
//   asymmetric: [rmin, rmax] = [min(0, min x), max(0, max x)]; scale = (rmax - rmin) / 255 in float; the zero
//               point is the one (from rmin or rmax, in double) with the smaller error, nudged into [-128, 127];
//               q = clamp(round(zero_point + x * (1 / scale)), -128, 127); rmin == rmax gives q = 0, scale 1,
//               zero point 0.
// The real value of q is (q - zero_point) * scale. Rounding is half away from zero (std::round, TfLiteRound).
// Pure functions: no allocation, no checks.
#ifndef MOTE_KERNELS_QUANTIZATION_HYBRID_QUANTIZE_H_
#define MOTE_KERNELS_QUANTIZATION_HYBRID_QUANTIZE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace mote {
namespace reference {

// One row quantized: its scale and zero point (0 for the symmetric scheme).
struct RowQuantization {
  float scale;
  int32_t zero_point;
};

// round(x) as an int32, saturated: values beyond int32's range go to its ends and NaN to INT32_MIN (what x86's
// conversion yields; a plain cast is undefined there, and a row holding an infinity or a NaN reaches it).
inline int32_t RoundToInt32Saturated(double x) {
  if (!(x > -2147483648.0)) return std::numeric_limits<int32_t>::min();
  if (x >= 2147483647.0) return std::numeric_limits<int32_t>::max();
  return static_cast<int32_t>(std::round(x));
}

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
    const int32_t q = RoundToInt32Saturated(std::round(values[i] * inverse));
    quantized[i] = static_cast<int8_t>(std::min(kScale, std::max(-kScale, q)));
  }
  return {range / static_cast<float>(kScale), 0};
}

inline RowQuantization AsymmetricQuantizeRow(const float* values, int size, int8_t* quantized) {
  constexpr int32_t kMin = -128;
  constexpr int32_t kMax = 127;
  float rmin = 0.0f;
  float rmax = 0.0f;
  for (int i = 0; i < size; ++i) {
    rmin = std::min(rmin, values[i]);
    rmax = std::max(rmax, values[i]);
  }
  if (rmin == rmax) {
    std::fill(quantized, quantized + size, static_cast<int8_t>(0));
    return {1.0f, 0};
  }
  // The scale in float (what LiteRT's x86 build computes: the oracle matches it bit for bit, and not the
  // portable kernel's double), the zero point's choice in double.
  const float row_scale = (rmax - rmin) / static_cast<float>(kMax - kMin);
  const double scale = row_scale;
  const double from_min = kMin - rmin / scale;
  const double from_max = kMax - rmax / scale;
  const double from_min_error = std::abs(static_cast<double>(kMin)) + std::abs(rmin / scale);
  const double from_max_error = std::abs(static_cast<double>(kMax)) + std::abs(rmax / scale);
  const double zero_point = from_min_error < from_max_error ? from_min : from_max;
  int32_t nudged = 0;
  if (zero_point <= kMin) {
    nudged = kMin;
  } else if (zero_point >= kMax) {
    nudged = kMax;
  } else {
    nudged = RoundToInt32Saturated(zero_point);
  }
  const auto inverse = static_cast<float>(1.0 / scale);
  for (int i = 0; i < size; ++i) {
    const int32_t q = RoundToInt32Saturated(std::round(static_cast<float>(nudged) + values[i] * inverse));
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
