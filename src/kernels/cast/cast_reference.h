// CAST reference compute, bit-exact with the TFLM release used as oracle. Element by element, the raw values
// (quantization parameters are ignored, as TFLM ignores them):
//   to BOOL: value != 0 (a NaN is true);
//   float to an integer type: truncation toward zero, saturated to the type's range, NaN -> 0 (TFLM's
//     saturating cast; +-inf saturate);
//   integer to integer: two's complement wrap-around (the low bits), as C++'s conversions on every target;
//   to FLOAT32: the nearest float (from BOOL: 0 or 1).
// Preconditions (prepare): both buffers hold `count` elements.
#ifndef MOTE_KERNELS_CAST_CAST_REFERENCE_H_
#define MOTE_KERNELS_CAST_CAST_REFERENCE_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/glue/bool_byte.h"

namespace mote {
namespace reference {

template <typename To, typename From>
inline To CastValue(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    if (std::isnan(v)) return To(0);
    // Compared in double, where every bound of these types and bound + 1 is exact.
    const double d = static_cast<double>(v);
    constexpr double kMax = static_cast<double>(std::numeric_limits<To>::max());
    constexpr double kMin = static_cast<double>(std::numeric_limits<To>::min());
    if (d >= kMax + 1.0) return std::numeric_limits<To>::max();
    if (d <= kMin - 1.0) return std::numeric_limits<To>::min();
    return static_cast<To>(d);  // in range after truncation
  } else {
    return static_cast<To>(v);
  }
}

// BOOL input read as bytes (kernels/glue/bool_byte.h): any non-zero byte is true, so it casts as 1.
template <typename To>
inline To CastValue(BoolByte v) {
  return CastValue<To>(static_cast<bool>(v));
}

template <typename From, typename To>
void Cast(const From* input, To* output, int count) {
  for (int i = 0; i < count; ++i) output[i] = CastValue<To>(input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CAST_CAST_REFERENCE_H_
