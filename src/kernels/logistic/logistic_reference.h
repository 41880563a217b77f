// Reference LOGISTIC (sigmoid), element-wise, bit-exact with TFLM's reference kernels.
//
//   float32  x > 16.619047 -> 1; x < -9 -> exp(x); otherwise 1 / (1 + exp(-x)) (TFLM's cut-offs).
//   int8     gemmlowp fixed point on x - input_zero_point rescaled to Q4.27 (saturating beyond the input
//            radius); output = round(sigmoid * 256) - 128, i.e. scale 1/256 and zero point -128.
//   int16    the 256-entry sigmoid table with 9-bit linear interpolation; output scale 2^-15, zero point 0.
// The output may alias the input.
#ifndef MOTE_KERNELS_LOGISTIC_LOGISTIC_REFERENCE_H_
#define MOTE_KERNELS_LOGISTIC_LOGISTIC_REFERENCE_H_

#include <cstdint>

#include "kernels/quantization/sigmoid_tanh_scaling.h"

namespace mote {
namespace reference {

void LogisticFloat(int size, const float* input, float* output);
void LogisticInt8(const SigmoidTanhInt8Params& params, int size, const int8_t* input, int8_t* output);
void LogisticInt16(const SigmoidTanhInt16Params& params, int size, const int16_t* input, int16_t* output);

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_LOGISTIC_LOGISTIC_REFERENCE_H_
