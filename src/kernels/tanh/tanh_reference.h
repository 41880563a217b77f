// Reference TANH, element-wise, bit-exact with TFLM's reference kernels.
//
//   float32  std::tanh.
//   int8     gemmlowp fixed point on x - input_zero_point rescaled to Q4.27 (saturating beyond the input
//            radius); output = round(tanh * 128) clamped to [-128, 127] with no zero point added (the model's
//            output scale should be 1/128 and zero point 0; TFLM does not check it).
//   int16    the sigmoid table (tanh(x) = 2 sigmoid(2x) - 1) with 8-bit linear interpolation; output scale
//            2^-15, zero point 0.
// The output may alias the input.
#ifndef MOTE_KERNELS_TANH_TANH_REFERENCE_H_
#define MOTE_KERNELS_TANH_TANH_REFERENCE_H_

#include <cstdint>

#include "kernels/quantization/sigmoid_tanh_scaling.h"

namespace mote {
namespace reference {

void TanhFloat(int size, const float* input, float* output);
void TanhInt8(const SigmoidTanhInt8Params& params, int size, const int8_t* input, int8_t* output);
void TanhInt16(const SigmoidTanhInt16Params& params, int size, const int16_t* input, int16_t* output);

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_TANH_TANH_REFERENCE_H_
