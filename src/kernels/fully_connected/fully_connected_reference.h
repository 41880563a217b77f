// FULLY_CONNECTED reference compute, bit-exact with TFLite's reference_ops::FullyConnected (float) and
// reference_integer_ops::FullyConnected / FullyConnectedPerChannel (int8 x int8 -> int8 with int32 bias,
// int16 x int8 -> int16 with int64 bias), as TFLM runs them.
//
// Layout: input is `batches` rows of `accum_depth` values (any input rank, flattened); filter is
// [output_depth, accum_depth] row-major; bias has output_depth entries (nullptr = no bias); output is
// [batches, output_depth] row-major.
//
// Quantized arithmetic per output (b, c):
//   acc = sum_d (filter[c][d] + filter_offset) * (input[b][d] + input_offset)      (int32 for int8, int64 for
//         int16 inputs; summed in d order)
//   acc += bias[c]
//   out = MultiplyByQuantizedMultiplier(acc, multiplier[c or 0], shift[c or 0]) + output_offset, clamped to
//         [activation_min, activation_max]
// (the int64 accumulator goes through the 16-bit-multiplier int64 MultiplyByQuantizedMultiplier, as TFLite).
// Pure functions: no allocation, no checks (prepare validated everything).
#ifndef MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_REFERENCE_H_
#define MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

struct FullyConnectedDims {
  int batches;
  int accum_depth;
  int output_depth;
};

struct FullyConnectedQuantParams {
  int32_t input_offset;   // -input zero point
  int32_t filter_offset;  // -filter zero point (0 for symmetric weights)
  int32_t output_offset;  // output zero point
  // Per-tensor requantization (used when per_channel_multiplier is nullptr).
  int32_t output_multiplier;
  int output_shift;
  // Per-channel requantization (output_depth entries each), or nullptr.
  const int32_t* per_channel_multiplier;
  const int8_t* per_channel_shift;
  int32_t activation_min;
  int32_t activation_max;
};

struct FullyConnectedFloatParams {
  float activation_min;
  float activation_max;
};

inline void FullyConnectedFloat(const FullyConnectedFloatParams& params, const FullyConnectedDims& dims,
                                const float* input, const float* filter, const float* bias, float* output) {
  for (int b = 0; b < dims.batches; ++b) {
    const float* in_row = input + static_cast<int64_t>(b) * dims.accum_depth;
    float* out_row = output + static_cast<int64_t>(b) * dims.output_depth;
    for (int c = 0; c < dims.output_depth; ++c) {
      const float* w_row = filter + static_cast<int64_t>(c) * dims.accum_depth;
      float total = 0.f;
      for (int d = 0; d < dims.accum_depth; ++d) total += in_row[d] * w_row[d];
      const float bias_value = bias != nullptr ? bias[c] : 0.f;
      out_row[c] = ActivationFunctionWithMinMax(total + bias_value, params.activation_min, params.activation_max);
    }
  }
}

// Accumulator type: int32 for 8-bit activations, int64 for 16-bit ones (TFLite's BiasType).
template <typename InputT, typename AccT, typename BiasT, typename OutputT>
inline void FullyConnectedQuantized(const FullyConnectedQuantParams& params, const FullyConnectedDims& dims,
                                    const InputT* input, const int8_t* filter, const BiasT* bias,
                                    OutputT* output) {
  for (int b = 0; b < dims.batches; ++b) {
    const InputT* in_row = input + static_cast<int64_t>(b) * dims.accum_depth;
    OutputT* out_row = output + static_cast<int64_t>(b) * dims.output_depth;
    for (int c = 0; c < dims.output_depth; ++c) {
      const int8_t* w_row = filter + static_cast<int64_t>(c) * dims.accum_depth;
      AccT acc = 0;
      for (int d = 0; d < dims.accum_depth; ++d) {
        const int32_t input_val = in_row[d];
        const int32_t filter_val = w_row[d];
        acc = WrappingAdd<AccT>(acc, (filter_val + params.filter_offset) * (input_val + params.input_offset));
      }
      if (bias != nullptr) acc = WrappingAdd<AccT>(acc, bias[c]);
      const int32_t multiplier =
          params.per_channel_multiplier != nullptr ? params.per_channel_multiplier[c] : params.output_multiplier;
      const int shift = params.per_channel_shift != nullptr ? params.per_channel_shift[c] : params.output_shift;
      int32_t scaled = MultiplyByQuantizedMultiplier(acc, multiplier, shift);
      scaled = WrappingAdd(scaled, params.output_offset);
      scaled = std::max(scaled, params.activation_min);
      scaled = std::min(scaled, params.activation_max);
      out_row[c] = static_cast<OutputT>(scaled);
    }
  }
}

inline void FullyConnectedInt8(const FullyConnectedQuantParams& params, const FullyConnectedDims& dims,
                               const int8_t* input, const int8_t* filter, const int32_t* bias, int8_t* output) {
  FullyConnectedQuantized<int8_t, int32_t, int32_t, int8_t>(params, dims, input, filter, bias, output);
}

inline void FullyConnectedInt16(const FullyConnectedQuantParams& params, const FullyConnectedDims& dims,
                                const int16_t* input, const int8_t* filter, const int64_t* bias,
                                int16_t* output) {
  FullyConnectedQuantized<int16_t, int64_t, int64_t, int16_t>(params, dims, input, filter, bias, output);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_REFERENCE_H_
