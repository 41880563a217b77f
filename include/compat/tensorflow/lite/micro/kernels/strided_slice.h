// TFLM's micro/kernels/strided_slice.h: STRIDED_SLICE (Register_STRIDED_SLICE(): mote's kernel) and its tensor indices.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_STRIDED_SLICE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_STRIDED_SLICE_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kStridedSliceInputTensor = 0;
inline constexpr int kStridedSliceBeginTensor = 1;
inline constexpr int kStridedSliceEndTensor = 2;
inline constexpr int kStridedSliceStridesTensor = 3;
inline constexpr int kStridedSliceOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_STRIDED_SLICE_H_
