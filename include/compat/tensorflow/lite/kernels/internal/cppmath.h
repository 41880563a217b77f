// TFLite's kernels/internal/cppmath.h: the rounding and exp helpers reference kernels call unqualified.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_CPPMATH_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_CPPMATH_H_

#include <cmath>

namespace tflite {

// Halfway cases away from zero, as std::round (TFLite's quantizers depend on it).
template <class T>
inline T TfLiteRound(const T x) {
  return std::round(x);
}

template <class T>
inline T TfLiteExpm1(const T x) {
  return std::expm1(x);
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_CPPMATH_H_
