// ARG_MAX / ARG_MIN reference compute, bit-exact with the TFLM release used as oracle.
//
// The input is viewed as [outer, axis_size, inner] around the reduced axis; output[o * inner + i] is the index
// along the axis of the greatest (ARG_MAX) or smallest (ARG_MIN) element of that line. The first element is the
// starting candidate and a later one replaces it only when strictly greater (smaller), so ties give the first
// index and a NaN is never chosen unless it is the line's first element (every comparison with it is false).
// int8 compares the raw values (the quantization is irrelevant to the order).
// Preconditions (prepare): outer, axis_size, inner >= 1; output holds outer * inner elements.
#ifndef MOTE_KERNELS_ARG_MIN_MAX_ARG_MIN_MAX_REFERENCE_H_
#define MOTE_KERNELS_ARG_MIN_MAX_ARG_MIN_MAX_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

struct ArgMinMaxParams {
  int64_t outer;
  int64_t axis_size;
  int64_t inner;
};

// is_arg_max: ARG_MAX when true, ARG_MIN when false.
template <typename T>
void ArgMinMax(const ArgMinMaxParams& p, bool is_arg_max, const T* input, int32_t* output) {
  for (int64_t o = 0; o < p.outer; ++o) {
    const T* line = input + o * p.axis_size * p.inner;
    for (int64_t i = 0; i < p.inner; ++i) {
      T best = line[i];
      int32_t best_index = 0;
      for (int64_t a = 1; a < p.axis_size; ++a) {
        const T v = line[a * p.inner + i];
        if (is_arg_max ? v > best : v < best) {
          best = v;
          best_index = static_cast<int32_t>(a);
        }
      }
      output[o * p.inner + i] = best_index;
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ARG_MIN_MAX_ARG_MIN_MAX_REFERENCE_H_
