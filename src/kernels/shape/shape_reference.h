// SHAPE and BROADCAST_ARGS reference compute: arithmetic on shapes, not on tensor data.
//
// Shape: the output is the input's dimensions, as int32 (TFLM's SHAPE writes INT32 only).
// BroadcastArgs: the NumPy broadcast of two shape vectors, aligned on their last element, as TFLite's
// reference_ops::BroadcastArgs: output element i (counted from the end) is shape2's when shape1's is 1 (or
// absent: a missing leading element counts as 1), else shape1's. Both are read through `int`, as TFLite does
// (an INT64 value outside int32 wraps). TFLite aborts on a pair that is neither equal nor 1; prepare refuses it
// for constant shapes and takes shape1's value for runtime ones, so invoke never fails. Any output length
// works: the output is written from its end, shorter outputs keep the trailing elements, longer ones lead
// with 1s.
#ifndef MOTE_KERNELS_SHAPE_SHAPE_REFERENCE_H_
#define MOTE_KERNELS_SHAPE_SHAPE_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

inline void Shape(const int* dims, int rank, int32_t* output) {
  for (int i = 0; i < rank; ++i) output[i] = dims[i];
}

// Element `back` positions from the end of a shape vector of n elements, 1 beyond its start.
template <typename T>
int BroadcastArgsElement(const T* shape, int n, int back) {
  const int i = n - 1 - back;
  return i < 0 ? 1 : static_cast<int>(shape[i]);
}

template <typename T>
void BroadcastArgs(const T* shape1, int n1, const T* shape2, int n2, T* output, int n_out) {
  for (int back = 0; back < n_out; ++back) {
    const int a = BroadcastArgsElement(shape1, n1, back);
    const int b = BroadcastArgsElement(shape2, n2, back);
    output[n_out - 1 - back] = static_cast<T>(a == 1 ? b : a);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SHAPE_SHAPE_REFERENCE_H_
