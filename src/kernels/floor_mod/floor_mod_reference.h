// FLOOR_MOD's element function, bit-exact with TFLM: the remainder of the division rounded toward minus
// infinity, i.e. with the divisor's sign. Computed as TFLM does: the truncated remainder r = fmod(x, y) (exact
// in float32), then, when r is not zero and its sign differs from y's, r + y (one float32 addition). A zero
// divisor gives NaN (fmod's result; TFLM does not check), NaN inputs give NaN. Only FLOAT32 is served (TFLM's
// only type); the template compiles for any arithmetic T. Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_FLOOR_MOD_FLOOR_MOD_REFERENCE_H_
#define MOTE_KERNELS_FLOOR_MOD_FLOOR_MOD_REFERENCE_H_

#include <cmath>

namespace mote {
namespace reference {

// EvalBinaryElementwiseRaw's element function (kernels/glue/binary_elementwise.h).
struct FloorModElements {
  template <typename T>
  static T Apply(T x, T y) {
    const T r = static_cast<T>(std::fmod(x, y));
    const bool adjust = r != 0 && ((r < 0) != (y < 0));
    return adjust ? static_cast<T>(r + y) : r;
  }
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_FLOOR_MOD_FLOOR_MOD_REFERENCE_H_
