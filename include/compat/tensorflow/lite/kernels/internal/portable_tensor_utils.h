// TFLite's kernels/internal/portable_tensor_utils.h: the part TFLM's kernel tests use (its LSTM test data folds
// zero points into biases with MatrixScalarMultiplyAccumulate). mote's kernels do not use it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_UTILS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_UTILS_H_

#include <cstdint>

namespace tflite {
namespace tensor_utils {

// output[row] += scalar * (sum of row `row` of the n_row x n_col row-major int8 matrix). No saturation:
// n_col * 128 * |scalar| stays far below INT32_MAX for the sizes this serves.
inline void MatrixScalarMultiplyAccumulate(const int8_t* matrix, int32_t scalar, int32_t n_row, int32_t n_col,
                                           int32_t* output) {
  for (int32_t row = 0; row < n_row; ++row) {
    int32_t sum = 0;
    for (int32_t col = 0; col < n_col; ++col) sum += matrix[row * n_col + col];
    output[row] += sum * scalar;
  }
}

}  // namespace tensor_utils
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_PORTABLE_TENSOR_UTILS_H_
