// TFLM's micro/kernels/svdf.h: SVDF's registrations (Register_SVDF_INT8() is mote's type-specialised registration) and tensor
// indices.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SVDF_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SVDF_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kSvdfInputTensor = 0;
inline constexpr int kSvdfWeightsFeatureTensor = 1;
inline constexpr int kSvdfWeightsTimeTensor = 2;
inline constexpr int kSvdfBiasTensor = 3;
inline constexpr int kSvdfInputActivationStateTensor = 4;
inline constexpr int kSvdfOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SVDF_H_
