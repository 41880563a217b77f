// TFLite's kernels/internal/tensor_ctypes.h: typed data and shape of a TfLiteTensor (nullptr / empty shape for
// a null tensor), mote's implementation (mote/kernel_util.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TENSOR_CTYPES_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TENSOR_CTYPES_H_

#include "mote/kernel_util.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {

using ::mote::GetTensorData;
using ::mote::GetTensorShape;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TENSOR_CTYPES_H_
