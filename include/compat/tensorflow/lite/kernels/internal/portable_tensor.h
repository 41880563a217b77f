// TFLite's kernels/internal/portable_tensor.h. mote provides SequentialTensorWriter (writes randomly read input
// elements one after another into an output). TFLite's VectorOfTensors and VectorOfQuantizedTensors build
// std::vector lists of a node's tensors; mote's kernels never allocate, so they are not provided.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_H_

#include <cstring>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/tensor_ctypes.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {

template <typename T>
class SequentialTensorWriter {
 public:
  SequentialTensorWriter(const TfLiteTensor* input, TfLiteTensor* output)
      : input_data_(GetTensorData<T>(input)), output_ptr_(GetTensorData<T>(output)) {}
  SequentialTensorWriter(const T* input_data, T* output_data) : input_data_(input_data), output_ptr_(output_data) {}

  // Appends input element `position`; WriteN appends `len` elements from there.
  void Write(int position) { *output_ptr_++ = input_data_[position]; }
  void WriteN(int position, int len) {
    std::memcpy(output_ptr_, input_data_ + position, sizeof(T) * len);
    output_ptr_ += len;
  }

 private:
  const T* input_data_;
  T* output_ptr_;
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_H_
