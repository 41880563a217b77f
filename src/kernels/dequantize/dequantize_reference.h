// DEQUANTIZE reference compute, bit-exact with TFLite's reference_ops::Dequantize as TFLM runs it:
//   y = float(double(scale) * (x - zero_point))
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_
#define MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

template <typename InT>
inline void Dequantize(const InT* input, int count, double scale, int32_t zero_point, float* output) {
  for (int i = 0; i < count; ++i) {
    const int32_t value = input[i];
    output[i] = static_cast<float>(scale * (value - zero_point));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_
