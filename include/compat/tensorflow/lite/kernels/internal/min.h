// TFLite's kernels/internal/min.h.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MIN_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MIN_H_

#include <algorithm>

namespace tflite {

template <class T>
inline T TfLiteMin(const T& x, const T& y) {
  return std::min(x, y);
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MIN_H_
