// TFLite's kernels/internal/quantization_util.h: real multipliers to (quantized_multiplier, shift) and the
// quantization-parameter helpers, mote's implementation (mote/quantization_util.h), bit-exact with TFLite.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_QUANTIZATION_UTIL_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_QUANTIZATION_UTIL_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "mote/quantization_util.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/kernels/internal/cppmath.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {

using ::mote::CalculateInputRadius;
using ::mote::PreprocessSoftmaxScaling;
using ::mote::QuantizeMultiplier;
using ::mote::QuantizeMultiplierGreaterThanOne;
using ::mote::QuantizeMultiplierSmallerThanOneExp;

// Scale and zero point mapping [rmin, rmax] (widened to contain 0) onto T's full range, the zero point
// nudged to an exactly representable integer (TFLite's ChooseQuantizationParams).
template <typename T>
QuantizationParams ChooseQuantizationParams(double rmin, double rmax, bool narrow_range = false) {
  const T qmin = std::numeric_limits<T>::min() + (narrow_range ? 1 : 0);
  const T qmax = std::numeric_limits<T>::max();
  const double qmin_double = qmin;
  const double qmax_double = qmax;
  rmin = std::min(rmin, 0.0);
  rmax = std::max(rmax, 0.0);
  QuantizationParams params;
  if (rmin == rmax) {
    params.zero_point = 0;
    params.scale = 0.0;
    return params;
  }
  const double scale = (rmax - rmin) / (qmax_double - qmin_double);
  const double zero_point_from_min = qmin_double - rmin / scale;
  const double zero_point_from_max = qmax_double - rmax / scale;
  const double zero_point_from_min_error = std::abs(qmin_double) + std::abs(rmin / scale);
  const double zero_point_from_max_error = std::abs(qmax_double) + std::abs(rmax / scale);
  const double zero_point_double =
      zero_point_from_min_error < zero_point_from_max_error ? zero_point_from_min : zero_point_from_max;
  T nudged_zero_point;
  if (zero_point_double < qmin_double) {
    nudged_zero_point = qmin;
  } else if (zero_point_double > qmax_double) {
    nudged_zero_point = qmax;
  } else {
    nudged_zero_point = static_cast<T>(TfLiteRound(zero_point_double));
  }
  params.scale = scale;
  params.zero_point = nudged_zero_point;
  return params;
}

// Multipliers of a list of scales (TFLite's QuantizeMultiplierArray).
inline void QuantizeMultiplierArray(const double* effective_scales, size_t size, int32_t* effective_scale_significand,
                                    int* effective_shift) {
  for (size_t i = 0; i < size; ++i) {
    QuantizeMultiplier(effective_scales[i], &effective_scale_significand[i], &effective_shift[i]);
  }
}

// True (and the integer log2 in *log2_result) when x is within 1e-3 of a power of two.
inline bool CheckedLog2(const float x, int* log2_result) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  const float x_log2_rounded = TfLiteRound(x_log2);
  const float x_log2_fracpart = x_log2 - x_log2_rounded;
  *log2_result = static_cast<int>(x_log2_rounded);
  return std::abs(x_log2_fracpart) < 1e-3f;
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_QUANTIZATION_UTIL_H_
