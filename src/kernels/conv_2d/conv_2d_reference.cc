// CONV_2D reference compute (see conv_2d_reference.h for the contract).
#include "kernels/conv_2d/conv_2d_reference.h"

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/conv_output_stage.h"

namespace mote {
namespace reference {
namespace {

// The loop nest every type shares: batch, output row, output column, output channel, then the in-image taps
// (fy, fx, ic) in TFLM's order. `finish(acc, oc)` turns the raw accumulator into the output value (the output
// stages of kernels/quantization/conv_output_stage.h, or the int32-wrapping one of ConvInt16Acc32).
// kUseOffset adds params.input_offset to each input value (int8 only).
template <typename AccT, bool kUseOffset, typename InputT, typename FilterT, typename OutputT, typename Finish>
void ConvLoops(const ConvParams& params, const RuntimeShape& input_shape, const InputT* input_data,
               const RuntimeShape& filter_shape, const FilterT* filter_data, const RuntimeShape& output_shape,
               OutputT* output_data, const Finish& finish) {
  const int batches = input_shape.Dims(0);
  const int input_height = input_shape.Dims(1);
  const int input_width = input_shape.Dims(2);
  const int input_depth = input_shape.Dims(3);
  const int output_depth = filter_shape.Dims(0);
  const int filter_height = filter_shape.Dims(1);
  const int filter_width = filter_shape.Dims(2);
  const int filter_input_depth = filter_shape.Dims(3);
  const int output_height = output_shape.Dims(1);
  const int output_width = output_shape.Dims(2);
  const int groups = input_depth / filter_input_depth;
  const int filters_per_group = output_depth / groups;

  const int stride_width = params.stride_width;
  const int stride_height = params.stride_height;
  const int dilation_width = params.dilation_width;
  const int dilation_height = params.dilation_height;
  const AccT input_offset = static_cast<AccT>(params.input_offset);

  const int input_row_size = input_width * input_depth;
  const int input_batch_size = input_height * input_row_size;
  const int input_tap_step = dilation_width * input_depth;  // elements between horizontally adjacent taps
  const int filter_row_size = filter_width * filter_input_depth;
  const int filter_channel_size = filter_height * filter_row_size;

  OutputT* out = output_data;  // NHWC output is written strictly in order
  for (int batch = 0; batch < batches; ++batch) {
    const InputT* input_batch = input_data + batch * input_batch_size;
    for (int out_y = 0; out_y < output_height; ++out_y) {
      const int in_y_origin = out_y * stride_height - params.pad_height;
      int fy_begin, fy_end;
      ValidTapRange(in_y_origin, dilation_height, input_height, filter_height, &fy_begin, &fy_end);
      for (int out_x = 0; out_x < output_width; ++out_x) {
        const int in_x_origin = out_x * stride_width - params.pad_width;
        int fx_begin, fx_end;
        ValidTapRange(in_x_origin, dilation_width, input_width, filter_width, &fx_begin, &fx_end);
        const int rows_end = fx_begin < fx_end ? fy_end : fy_begin;  // no column inside: no tap at all
        const int first_x_offset = (in_x_origin + fx_begin * dilation_width) * input_depth;
        for (int out_channel = 0; out_channel < output_depth; ++out_channel) {
          const int group = out_channel / filters_per_group;
          const InputT* input_group = input_batch + first_x_offset + group * filter_input_depth;
          const FilterT* filter_channel =
              filter_data + out_channel * filter_channel_size + fx_begin * filter_input_depth;
          AccT acc = 0;
          for (int fy = fy_begin; fy < rows_end; ++fy) {
            const InputT* in = input_group + (in_y_origin + fy * dilation_height) * input_row_size;
            const FilterT* f = filter_channel + fy * filter_row_size;
            for (int fx = fx_begin; fx < fx_end; ++fx) {
              for (int ic = 0; ic < filter_input_depth; ++ic) {
                if constexpr (kUseOffset) {
                  acc = WrappingAdd(acc, static_cast<AccT>(f[ic]) * (static_cast<AccT>(in[ic]) + input_offset));
                } else {
                  acc = WrappingAdd(acc, static_cast<AccT>(in[ic]) * static_cast<AccT>(f[ic]));
                }
              }
              in += input_tap_step;
              f += filter_input_depth;
            }
          }
          *out++ = finish(acc, out_channel);
        }
      }
    }
  }
}

}  // namespace

void ConvInt8(const ConvParams& params, const RuntimeShape& input_shape, const int8_t* input_data,
              const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
              const RuntimeShape& output_shape, int8_t* output_data) {
  ConvLoops<int32_t, true>(params, input_shape, input_data, filter_shape, filter_data, output_shape, output_data,
                           ConvInt8OutputStage(params, bias_data));
}

void ConvInt16Acc32(const ConvParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                    const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
                    const RuntimeShape& output_shape, int16_t* output_data) {
  const int32_t* multiplier = params.output_multiplier;
  const int8_t* shift = params.output_shift;
  const int32_t act_min = params.output_activation_min;
  const int32_t act_max = params.output_activation_max;
  // Accumulate exactly in int64, then reduce modulo 2^32: the same value TFLM's wrapping int32 sum produces.
  ConvLoops<int64_t, false>(params, input_shape, input_data, filter_shape, filter_data, output_shape, output_data,
                            [=](int64_t acc64, int oc) {
                              uint32_t wrapped = static_cast<uint32_t>(acc64);
                              if (bias_data != nullptr) wrapped += static_cast<uint32_t>(bias_data[oc]);
                              int32_t acc = MultiplyByQuantizedMultiplier(static_cast<int32_t>(wrapped),
                                                                          multiplier[oc], shift[oc]);
                              return static_cast<int16_t>(std::min(std::max(acc, act_min), act_max));
                            });
}

void ConvInt16Acc64(const ConvParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                    const RuntimeShape& filter_shape, const int8_t* filter_data, const int64_t* bias_data,
                    const RuntimeShape& output_shape, int16_t* output_data) {
  ConvLoops<int64_t, false>(params, input_shape, input_data, filter_shape, filter_data, output_shape, output_data,
                            ConvInt16Acc64OutputStage(params, bias_data));
}

void ConvHybrid(const ConvParams& params, const HybridConvParams& hybrid, const RuntimeShape& input_shape,
                const float* input_data, const RuntimeShape& filter_shape, const int8_t* filter_data,
                const float* bias_data, const RuntimeShape& output_shape, int8_t* quantized, float* output_data) {
  HybridConvBatches(hybrid, input_shape, input_data, output_shape, bias_data, quantized, output_data,
                    [&](int32_t input_offset, const RuntimeShape& in_shape, const int8_t* in,
                        const RuntimeShape& out_shape, float* out, const HybridConvOutputStage& stage) {
                      ConvParams p = params;
                      p.input_offset = input_offset;
                      ConvLoops<int32_t, true>(p, in_shape, in, filter_shape, filter_data, out_shape, out, stage);
                    });
}

void ConvFloat(const ConvParams& params, const RuntimeShape& input_shape, const float* input_data,
               const RuntimeShape& filter_shape, const float* filter_data, const float* bias_data,
               const RuntimeShape& output_shape, float* output_data) {
  ConvLoops<float, false>(params, input_shape, input_data, filter_shape, filter_data, output_shape, output_data,
                          ConvFloatOutputStage(params, bias_data));
}

}  // namespace reference
}  // namespace mote
