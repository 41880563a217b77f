// Quantized ADD / SUB arithmetic (int8 and int16), bit-exact with TFLite's general-rescaling path
// (reference_integer_ops::Add, reference_ops::AddElementwise / SubElementwise / BroadcastQuantSubSlow), which
// TFLM uses for both types (it ignores pot_scale_int16: int16 always takes this path).
//
// Prepare (ComputeQuantizedAddSubParams), in double as TFLM's CalculateOpDataAdd / CalculateOpDataSub:
//   left_shift = 20 (int8) or 15 (int16)
//   twice_max = 2 * max(scale1, scale2)
//   input_k multiplier  = scale_k / twice_max                             (<= 0.5)
//   output multiplier   = twice_max / (2^left_shift * output_scale)       (must be < 1)
// each turned into (multiplier, shift <= 0) by QuantizeMultiplier.
// Per element:
//   s_k = MultiplyByQuantizedMultiplierSmallerThanOneExp((x_k - zero_point_k) << left_shift, m_k, shift_k)
//   out = clamp(MultiplyByQuantizedMultiplierSmallerThanOneExp(s_1 +/- s_2, m_out, shift_out) + zp_out)
#ifndef MOTE_KERNELS_QUANTIZATION_QUANTIZED_ADD_SUB_H_
#define MOTE_KERNELS_QUANTIZATION_QUANTIZED_ADD_SUB_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/quantization_util.h"

namespace mote {

struct QuantizedAddSubParams {
  int32_t input1_offset;  // -zero point
  int32_t input2_offset;
  int32_t output_offset;  // +zero point
  int left_shift;
  int32_t input1_multiplier;
  int input1_shift;
  int32_t input2_multiplier;
  int input2_shift;
  int32_t output_multiplier;
  int output_shift;
  int32_t activation_min;
  int32_t activation_max;
};

// Fills everything but the activation range. Returns false when the output multiplier is >= 1 (output
// scale too small for the inputs' scales: TFLite's SmallerThanOne requantization cannot express it).
inline bool ComputeQuantizedAddSubParams(float scale1, int32_t zero_point1, float scale2, int32_t zero_point2,
                                         float output_scale, int32_t output_zero_point, bool int16,
                                         QuantizedAddSubParams* p) {
  p->input1_offset = -zero_point1;
  p->input2_offset = -zero_point2;
  p->output_offset = output_zero_point;
  p->left_shift = int16 ? 15 : 20;
  const double twice_max_input_scale = 2 * static_cast<double>(std::max(scale1, scale2));
  const double real_input1_multiplier = static_cast<double>(scale1) / twice_max_input_scale;
  const double real_input2_multiplier = static_cast<double>(scale2) / twice_max_input_scale;
  const double real_output_multiplier =
      twice_max_input_scale / ((1 << p->left_shift) * static_cast<double>(output_scale));
  QuantizeMultiplierSmallerThanOneExp(real_input1_multiplier, &p->input1_multiplier, &p->input1_shift);
  QuantizeMultiplierSmallerThanOneExp(real_input2_multiplier, &p->input2_multiplier, &p->input2_shift);
  QuantizeMultiplierSmallerThanOneExp(real_output_multiplier, &p->output_multiplier, &p->output_shift);
  return p->output_shift <= 0 && p->input1_shift <= 0 && p->input2_shift <= 0;
}

inline int32_t ScaleAddSubInput(int32_t value, int32_t offset, int left_shift, int32_t multiplier, int shift) {
  const int32_t shifted = (offset + value) * (1 << left_shift);
  return MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted, multiplier, shift);
}

inline int32_t FinishAddSub(int32_t raw, const QuantizedAddSubParams& p) {
  const int32_t out =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(raw, p.output_multiplier, p.output_shift) + p.output_offset;
  return std::min(p.activation_max, std::max(p.activation_min, out));
}

}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZATION_QUANTIZED_ADD_SUB_H_
