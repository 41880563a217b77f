// TFLite's kernels/internal/max.h.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MAX_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MAX_H_

#include <algorithm>

namespace tflite {

template <class T>
inline T TfLiteMax(const T& x, const T& y) {
  return std::max(x, y);
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_MAX_H_
