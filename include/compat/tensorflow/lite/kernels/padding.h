// TFLite's kernels/padding.h: output size and padding of windowed ops, mote's implementation
// (mote/padding.h), bit-for-bit TFLite's.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_PADDING_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_PADDING_H_

#include "mote/padding.h"
#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {

using ::mote::ComputeOutSize;
using ::mote::ComputePadding;
using ::mote::ComputePaddingHeightWidth;
using ::mote::ComputePaddingWithOffset;

inline PaddingType RuntimePaddingType(TfLitePadding padding) {
  switch (padding) {
    case kTfLitePaddingSame:
      return PaddingType::kSame;
    case kTfLitePaddingValid:
      return PaddingType::kValid;
    default:
      return PaddingType::kNone;
  }
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_PADDING_H_
