// Reference SOFTMAX over the last dimension, bit-exact with TFLM's reference kernels.
//
// The tensor is viewed as [outer_size, depth] (depth = last dimension). Paths:
//   float32 -> float32  exp((x - max) * beta) / sum, in float (TFLM's order of operations).
//   int8 -> int8/int16  gemmlowp fixed point: d = x - max (<= 0) is rescaled by beta * input_scale into Q5.26
//                       (input_multiplier, input_left_shift >= 0); entries with d < diff_min contribute
//                       nothing and output the type's minimum; exp(d) in Q0.31 is summed in Q12.19 and
//                       multiplied by the reciprocal of the sum. Outputs are offset by the type's minimum
//                       (int8: scale 1/256, zero point -128; int16: 1/65536, -32768).
//   int16 -> int16      TFLM's LUT path: d * multiplier maps [-10, 0] to [-65535, 0], exp by the 513-entry
//                       interpolated table kSoftmaxExpLut, 1/sum by kSoftmaxOneOverOnePlusXLut; output scale
//                       1/32768, zero point 0.
// Every row is independent; the output may alias the input (each element is read before it is written).
// Sums that overflow int32 (int8: more than 4095 entries near the row maximum; int16: more than 65538) wrap
// as in TFLM, with shift amounts clamped so that nothing is undefined.
#ifndef MOTE_KERNELS_SOFTMAX_SOFTMAX_REFERENCE_H_
#define MOTE_KERNELS_SOFTMAX_SOFTMAX_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

struct SoftmaxParams {
  float beta;                // float path
  int32_t input_multiplier;  // quantized paths
  int input_left_shift;      // int8: >= 0 (Q5.26 rescale); int16: any (MultiplyByQuantizedMultiplier shift)
  int32_t diff_min;          // int8 only: differences below this are treated as -infinity
};

constexpr int kSoftmaxInt16LutSize = 513;
extern const int16_t kSoftmaxExpLut[kSoftmaxInt16LutSize];              // exp(x), x in [-10, 0]
extern const int16_t kSoftmaxOneOverOnePlusXLut[kSoftmaxInt16LutSize];  // 1 / (1 + x), x in [0, 1]

// Interpolated lookup in a 513-entry table over the int16 range (TFLM's LUTLookup for int16).
inline int16_t LutLookupInt16(int16_t value, const int16_t* lut) {
  const int index = 256 + (value >> 7);
  const int offset = value & 0x7f;
  const int base = lut[index];
  const int slope = lut[index + 1] - lut[index];
  const int delta = (slope * offset + 64) >> 7;
  return static_cast<int16_t>(base + delta);
}

void SoftmaxFloat(const SoftmaxParams& params, int outer_size, int depth, const float* input, float* output);
void SoftmaxInt8(const SoftmaxParams& params, int outer_size, int depth, const int8_t* input, int8_t* output);
void SoftmaxInt8ToInt16(const SoftmaxParams& params, int outer_size, int depth, const int8_t* input,
                        int16_t* output);
void SoftmaxInt16(const SoftmaxParams& params, int outer_size, int depth, const int16_t* input, int16_t* output);

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SOFTMAX_SOFTMAX_REFERENCE_H_
