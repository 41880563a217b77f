// A TFLite-style reference kernel of the custom op WEIGHTED_SUM (output = alpha * input1 + input2, input2
// broadcast against input1, a fused clamp), written here against TFLite's internal headers as a TFLite user's
// reference_ops would be. The quantized form rescales both inputs to a common scale as TFLite's ADD does.
#ifndef MOTE_TESTS_COMPAT_WEIGHTED_SUM_REFERENCE_H_
#define MOTE_TESTS_COMPAT_WEIGHTED_SUM_REFERENCE_H_

#include <cstdint>

#include "tensorflow/lite/kernels/internal/common.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {
namespace reference_ops {

// Calls element(out_index, in1_index, in2_index) for every output element, input2 broadcast over input1.
template <typename Element>
inline void ForEachBroadcastElement(const RuntimeShape& input1_shape, const RuntimeShape& input2_shape,
                                    const RuntimeShape& output_shape, const Element& element) {
  NdArrayDesc<4> desc1;
  NdArrayDesc<4> desc2;
  NdArrayDescsForElementwiseBroadcast(input1_shape, input2_shape, &desc1, &desc2);
  const RuntimeShape extended_output_shape = RuntimeShape::ExtendedShape(4, output_shape);
  for (int b = 0; b < extended_output_shape.Dims(0); ++b) {
    for (int y = 0; y < extended_output_shape.Dims(1); ++y) {
      for (int x = 0; x < extended_output_shape.Dims(2); ++x) {
        for (int c = 0; c < extended_output_shape.Dims(3); ++c) {
          element(Offset(extended_output_shape, b, y, x, c), SubscriptToIndex(desc1, b, y, x, c),
                  SubscriptToIndex(desc2, b, y, x, c));
        }
      }
    }
  }
}

inline void WeightedSum(const ArithmeticParams& params, float alpha, const RuntimeShape& input1_shape,
                        const float* input1_data, const RuntimeShape& input2_shape, const float* input2_data,
                        const RuntimeShape& output_shape, float* output_data) {
  ForEachBroadcastElement(input1_shape, input2_shape, output_shape, [&](int out, int in1, int in2) {
    output_data[out] = ActivationFunctionWithMinMax(alpha * input1_data[in1] + input2_data[in2],
                                                    params.float_activation_min, params.float_activation_max);
  });
}

// params: input offsets (-zero points), input multipliers/shifts to the common scale (left_shift bits of
// headroom), output multiplier/shift/offset and the quantized clamp.
inline void WeightedSum(const ArithmeticParams& params, const RuntimeShape& input1_shape, const int8_t* input1_data,
                        const RuntimeShape& input2_shape, const int8_t* input2_data,
                        const RuntimeShape& output_shape, int8_t* output_data) {
  TFLITE_DCHECK_LE(params.quantized_activation_min, params.quantized_activation_max);
  ForEachBroadcastElement(input1_shape, input2_shape, output_shape, [&](int out, int in1, int in2) {
    const int32_t shifted1 = (params.input1_offset + input1_data[in1]) * (1 << params.left_shift);
    const int32_t shifted2 = (params.input2_offset + input2_data[in2]) * (1 << params.left_shift);
    const int32_t scaled1 =
        MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, params.input1_multiplier, params.input1_shift);
    const int32_t scaled2 =
        MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, params.input2_multiplier, params.input2_shift);
    const int32_t sum = scaled1 + scaled2;
    const int32_t raw = MultiplyByQuantizedMultiplierSmallerThanOneExp(sum, params.output_multiplier,
                                                                       params.output_shift) +
                        params.output_offset;
    output_data[out] = static_cast<int8_t>(
        ActivationFunctionWithMinMax(raw, params.quantized_activation_min, params.quantized_activation_max));
  });
}

}  // namespace reference_ops
}  // namespace tflite

#endif  // MOTE_TESTS_COMPAT_WEIGHTED_SUM_REFERENCE_H_
