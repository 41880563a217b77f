// Reference ELU, element-wise, bit-exact with TFLM's reference kernel.
//
//   float32  y = x < 0 ? expm1(x) : x (std::expm1 in float: within the oracle's float tolerance of TFLM).
//   int8     y = table[(uint8_t)x], the 256-entry table prepare fills with EluTableEntry for every input value:
//            v = input_scale * (x - input_zp); e = v < 0 ? exp(v) - 1 : v (float, std::exp);
//            q = (int32)(round(e * (1 / output_scale)) + output_zp), clamped to int8 — TFLM's PopulateLookupTable
//            (its float operations in its order; exp is the platform's expf, so a value within one float ulp of
//            a rounding tie may differ between C libraries).
// The output may alias the input.
#ifndef MOTE_KERNELS_ELU_ELU_REFERENCE_H_
#define MOTE_KERNELS_ELU_ELU_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace mote {
namespace reference {

inline void EluFloat(int size, const float* input, float* output) {
  for (int i = 0; i < size; ++i) {
    const float x = input[i];
    output[i] = x < 0.f ? std::expm1(x) : x;
  }
}

inline int8_t EluTableEntry(int32_t x, float input_scale, int32_t input_zero_point, float inverse_output_scale,
                            int32_t output_zero_point) {
  const float v = input_scale * static_cast<float>(x - input_zero_point);
  const float e = v < 0.f ? std::exp(v) - 1.f : v;
  const float rescaled = std::round(e * inverse_output_scale);
  const int32_t q = static_cast<int32_t>(rescaled + static_cast<float>(output_zero_point));
  return static_cast<int8_t>(std::min<int32_t>(127, std::max<int32_t>(-128, q)));
}

// table[i] is the output for the input value (int8_t)i.
inline void EluInt8Table(float input_scale, int32_t input_zero_point, float output_scale, int32_t output_zero_point,
                         int8_t table[256]) {
  const float inverse_output_scale = 1.f / output_scale;
  for (int32_t x = -128; x <= 127; ++x) {
    table[static_cast<uint8_t>(static_cast<int8_t>(x))] =
        EluTableEntry(x, input_scale, input_zero_point, inverse_output_scale, output_zero_point);
  }
}

inline void EluInt8(const int8_t table[256], int size, const int8_t* input, int8_t* output) {
  for (int i = 0; i < size; ++i) output[i] = table[static_cast<uint8_t>(input[i])];
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ELU_ELU_REFERENCE_H_
