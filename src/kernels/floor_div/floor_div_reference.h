// FLOOR_DIV's element function, bit-exact with TFLM: the quotient computed in double precision, rounded down,
// then converted to the tensor type (x / y in float32 and then floor would round some quotients differently).
// Precondition (prepare and invoke guarantee it): y != 0; TFLM's kernel, and mote's, refuses a zero divisor in
// invoke. Only FLOAT32 is served (TFLM's only type); the template compiles for any arithmetic T. Pure: no
// allocation, no checks.
#ifndef MOTE_KERNELS_FLOOR_DIV_FLOOR_DIV_REFERENCE_H_
#define MOTE_KERNELS_FLOOR_DIV_FLOOR_DIV_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

// EvalBinaryElementwiseRaw's element function (kernels/glue/binary_elementwise.h).
struct FloorDivElements {
  template <typename T>
  static T Apply(T x, T y) {
    return static_cast<T>(std::floor(static_cast<double>(x) / static_cast<double>(y)));
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_FLOOR_DIV_FLOOR_DIV_REFERENCE_H_
