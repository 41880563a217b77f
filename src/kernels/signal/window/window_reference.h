// SignalWindow (TFLM's signal/src/window.cc): each run of weights.size() samples multiplied by the weights,
// shifted right (arithmetically) and saturated to int16:
//   output[i] = clamp((int32(input[i]) * weights[i % size]) >> shift, -32768, 32767)
// Preconditions (prepare): size >= 1 and divides count; 0 <= shift <= 31.
#ifndef MOTE_KERNELS_SIGNAL_WINDOW_WINDOW_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_WINDOW_WINDOW_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

inline void ApplyWindow(const int16_t* input, const int16_t* weights, int size, int shift, int count,
                        int16_t* output) {
  for (int start = 0; start < count; start += size) {
    for (int i = 0; i < size; ++i) {
      const int32_t raw = (static_cast<int32_t>(input[start + i]) * weights[i]) >> shift;
      output[start + i] = static_cast<int16_t>(raw < INT16_MIN ? INT16_MIN : (raw > INT16_MAX ? INT16_MAX : raw));
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_WINDOW_WINDOW_REFERENCE_H_
