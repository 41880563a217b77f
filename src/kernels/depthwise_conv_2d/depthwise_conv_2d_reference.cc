// DEPTHWISE_CONV_2D reference compute (see depthwise_conv_2d_reference.h for the contract).
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"

#include <cstdint>

#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/conv_output_stage.h"

namespace mote {
namespace reference {
namespace {

// Loop nest shared by every type: batch, output row, output column, input channel, multiplier, then the
// in-image taps (fy, fx) in TFLM's order. `finish(acc, oc)` produces the output value
// (kernels/quantization/conv_output_stage.h, shared with CONV_2D).
template <typename AccT, bool kUseOffset, typename InputT, typename FilterT, typename OutputT, typename Finish>
void DepthwiseLoops(const DepthwiseParams& params, const RuntimeShape& input_shape, const InputT* input_data,
                    const RuntimeShape& filter_shape, const FilterT* filter_data, const RuntimeShape& output_shape,
                    OutputT* output_data, const Finish& finish) {
  const int batches = input_shape.Dims(0);
  const int input_height = input_shape.Dims(1);
  const int input_width = input_shape.Dims(2);
  const int input_depth = input_shape.Dims(3);
  const int filter_height = filter_shape.Dims(1);
  const int filter_width = filter_shape.Dims(2);
  const int output_depth = filter_shape.Dims(3);
  const int output_height = output_shape.Dims(1);
  const int output_width = output_shape.Dims(2);
  const int depth_multiplier = params.depth_multiplier;
  const int dilation_width = params.dilation_width;
  const int dilation_height = params.dilation_height;
  const AccT input_offset = static_cast<AccT>(params.input_offset);

  const int input_row_size = input_width * input_depth;
  const int input_batch_size = input_height * input_row_size;
  const int input_tap_step = dilation_width * input_depth;  // between horizontally adjacent taps
  const int filter_row_size = filter_width * output_depth;

  OutputT* out = output_data;  // written strictly in NHWC order (oc = ic * depth_multiplier + m)
  for (int batch = 0; batch < batches; ++batch) {
    const InputT* input_batch = input_data + batch * input_batch_size;
    for (int out_y = 0; out_y < output_height; ++out_y) {
      const int in_y_origin = out_y * params.stride_height - params.pad_height;
      int fy_begin, fy_end;
      ValidTapRange(in_y_origin, dilation_height, input_height, filter_height, &fy_begin, &fy_end);
      for (int out_x = 0; out_x < output_width; ++out_x) {
        const int in_x_origin = out_x * params.stride_width - params.pad_width;
        int fx_begin, fx_end;
        ValidTapRange(in_x_origin, dilation_width, input_width, filter_width, &fx_begin, &fx_end);
        const int rows_end = fx_begin < fx_end ? fy_end : fy_begin;  // no column inside: no tap at all
        const InputT* input_first_x = input_batch + (in_x_origin + fx_begin * dilation_width) * input_depth;
        const FilterT* filter_first_x = filter_data + fx_begin * output_depth;
        for (int in_channel = 0; in_channel < input_depth; ++in_channel) {
          for (int m = 0; m < depth_multiplier; ++m) {
            const int out_channel = in_channel * depth_multiplier + m;
            AccT acc = 0;
            for (int fy = fy_begin; fy < rows_end; ++fy) {
              const InputT* in =
                  input_first_x + (in_y_origin + fy * dilation_height) * input_row_size + in_channel;
              const FilterT* f = filter_first_x + fy * filter_row_size + out_channel;
              for (int fx = fx_begin; fx < fx_end; ++fx) {
                if constexpr (kUseOffset) {
                  acc = WrappingAdd(acc, static_cast<AccT>(*f) * (static_cast<AccT>(*in) + input_offset));
                } else {
                  acc = WrappingAdd(acc, static_cast<AccT>(*in) * static_cast<AccT>(*f));
                }
                in += input_tap_step;
                f += output_depth;
              }
            }
            *out++ = finish(acc, out_channel);
          }
        }
      }
    }
  }
}

}  // namespace

void DepthwiseConvInt8(const DepthwiseParams& params, const RuntimeShape& input_shape, const int8_t* input_data,
                       const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
                       const RuntimeShape& output_shape, int8_t* output_data) {
  DepthwiseLoops<int32_t, true>(params, input_shape, input_data, filter_shape, filter_data, output_shape,
                                output_data, ConvInt8OutputStage(params, bias_data));
}

void DepthwiseConvInt16(const DepthwiseParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                        const RuntimeShape& filter_shape, const int8_t* filter_data, const int64_t* bias_data,
                        const RuntimeShape& output_shape, int16_t* output_data) {
  DepthwiseLoops<int64_t, false>(params, input_shape, input_data, filter_shape, filter_data, output_shape,
                                 output_data, ConvInt16Acc64OutputStage(params, bias_data));
}

void DepthwiseConvHybrid(const DepthwiseParams& params, const HybridConvParams& hybrid,
                         const RuntimeShape& input_shape, const float* input_data, const RuntimeShape& filter_shape,
                         const int8_t* filter_data, const float* bias_data, const RuntimeShape& output_shape,
                         int8_t* quantized, float* output_data) {
  HybridConvBatches(hybrid, input_shape, input_data, output_shape, bias_data, quantized, output_data,
                    [&](int32_t input_offset, const RuntimeShape& in_shape, const int8_t* in,
                        const RuntimeShape& out_shape, float* out, const HybridConvOutputStage& stage) {
                      DepthwiseParams p = params;
                      p.input_offset = input_offset;
                      DepthwiseLoops<int32_t, true>(p, in_shape, in, filter_shape, filter_data, out_shape, out,
                                                    stage);
                    });
}

void DepthwiseConvFloat(const DepthwiseParams& params, const RuntimeShape& input_shape, const float* input_data,
                        const RuntimeShape& filter_shape, const float* filter_data, const float* bias_data,
                        const RuntimeShape& output_shape, float* output_data) {
  DepthwiseLoops<float, false>(params, input_shape, input_data, filter_shape, filter_data, output_shape,
                               output_data, ConvFloatOutputStage(params, bias_data));
}

}  // namespace reference
}  // namespace mote
