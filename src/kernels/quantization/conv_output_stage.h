// The output stage both convolution references (CONV_2D, DEPTHWISE_CONV_2D) apply to a finished accumulator,
// as TFLM's reference kernels do: add the bias, requantize per output channel, add the output offset (int8),
// clamp. Function objects `stage(acc, output_channel)`, built once per call from the op's params (any struct
// with the fields of reference::ConvParams) and inlined into the loop nest.
#ifndef MOTE_KERNELS_QUANTIZATION_CONV_OUTPUT_STAGE_H_
#define MOTE_KERNELS_QUANTIZATION_CONV_OUTPUT_STAGE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"

namespace mote {

// int8: int32 accumulator and optional int32 bias (nullptr: none), wrapping adds as TFLM.
class ConvInt8OutputStage {
 public:
  template <typename Params>
  ConvInt8OutputStage(const Params& params, const int32_t* bias)
      : bias_(bias),
        multiplier_(params.output_multiplier),
        shift_(params.output_shift),
        output_offset_(params.output_offset),
        act_min_(params.output_activation_min),
        act_max_(params.output_activation_max) {}

  int8_t operator()(int32_t acc, int oc) const {
    if (bias_ != nullptr) acc = WrappingAdd(acc, bias_[oc]);
    acc = MultiplyByQuantizedMultiplier(acc, multiplier_[oc], shift_[oc]);
    acc = WrappingAdd(acc, output_offset_);
    return static_cast<int8_t>(std::min(std::max(acc, act_min_), act_max_));
  }

 private:
  const int32_t* bias_;
  const int32_t* multiplier_;
  const int8_t* shift_;
  int32_t output_offset_;
  int32_t act_min_;
  int32_t act_max_;
};

// 16x8 with an int64 accumulator and optional int64 bias: 64-bit requantization (shifts <= 14), no offsets.
class ConvInt16Acc64OutputStage {
 public:
  template <typename Params>
  ConvInt16Acc64OutputStage(const Params& params, const int64_t* bias)
      : bias_(bias),
        multiplier_(params.output_multiplier),
        shift_(params.output_shift),
        act_min_(params.output_activation_min),
        act_max_(params.output_activation_max) {}

  int16_t operator()(int64_t acc, int oc) const {
    if (bias_ != nullptr) acc = WrappingAdd(acc, bias_[oc]);
    const int32_t scaled = MultiplyByQuantizedMultiplier(acc, multiplier_[oc], shift_[oc]);
    return static_cast<int16_t>(std::min(std::max(scaled, act_min_), act_max_));
  }

 private:
  const int64_t* bias_;
  const int32_t* multiplier_;
  const int8_t* shift_;
  int32_t act_min_;
  int32_t act_max_;
};

// float32: optional bias, then the fused activation's clamp.
class ConvFloatOutputStage {
 public:
  template <typename Params>
  ConvFloatOutputStage(const Params& params, const float* bias)
      : bias_(bias), act_min_(params.float_activation_min), act_max_(params.float_activation_max) {}

  float operator()(float total, int oc) const {
    // TFLM adds 0.0f when there is no bias; keep the same sum.
    const float bias_value = bias_ != nullptr ? bias_[oc] : 0.0f;
    return ActivationFunctionWithMinMax(total + bias_value, act_min_, act_max_);
  }

 private:
  const float* bias_;
  float act_min_;
  float act_max_;
};

}  // namespace mote

#endif  // MOTE_KERNELS_QUANTIZATION_CONV_OUTPUT_STAGE_H_
