// MAXIMUM's and MINIMUM's element functions, bit-exact with TFLM: the larger (smaller) of the two raw values,
// for every type alike. Quantized tensors are compared as stored, without looking at their quantization (TFLM
// does the same; a model whose inputs and output differ in quantization gets TFLM's raw result). NaN: the
// comparison is false, so the second input is returned (x > y ? x : y), exactly as TFLM. Pure: no allocation,
// no checks.
#ifndef MOTE_KERNELS_MAXIMUM_MINIMUM_MAXIMUM_MINIMUM_REFERENCE_H_
#define MOTE_KERNELS_MAXIMUM_MINIMUM_MAXIMUM_MINIMUM_REFERENCE_H_

namespace mote {
namespace reference {

// EvalBinaryElementwiseRaw's element functions (kernels/glue/binary_elementwise.h).
struct MaximumElements {
  template <typename T>
  static T Apply(T x, T y) {
    return x > y ? x : y;
  }
};

struct MinimumElements {
  template <typename T>
  static T Apply(T x, T y) {
    return x < y ? x : y;
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_MAXIMUM_MINIMUM_MAXIMUM_MINIMUM_REFERENCE_H_
