// DEQUANTIZE reference compute, bit-exact with TFLite's reference_ops::Dequantize as TFLM runs it:
//   y = float(double(scale) * (x - zero_point))
// and, beyond TFLM (LiteRT's float16-weight models: FLOAT16 constants dequantized once per invoke), the exact
// IEEE binary16 -> binary32 widening (every half value, subnormals, infinities and NaNs included, is a float).
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_
#define MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

template <typename InT>
inline void Dequantize(const InT* input, int count, double scale, int32_t zero_point, float* output) {
  for (int i = 0; i < count; ++i) {
    const int32_t value = input[i];
    output[i] = static_cast<float>(scale * (value - zero_point));
  }
}

// One binary16 bit pattern as the float of the same value.
inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu;
  uint32_t mantissa = h & 0x3ffu;
  uint32_t bits = 0;
  if (exponent == 0x1f) {  // infinity or NaN (payload kept)
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {  // normal: rebias 15 -> 127
    bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {  // signed zero
    bits = sign;
  } else {  // subnormal half: normalise (a normal float)
    uint32_t e = 113;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --e;
    }
    bits = sign | (e << 23) | ((mantissa & 0x3ffu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

inline void DequantizeFloat16(const uint16_t* input, int count, float* output) {
  for (int i = 0; i < count; ++i) output[i] = HalfToFloat(input[i]);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DEQUANTIZE_DEQUANTIZE_REFERENCE_H_
