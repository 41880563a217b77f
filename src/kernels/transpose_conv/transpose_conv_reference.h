// Reference TRANSPOSE_CONV over NHWC tensors, bit-exact with TFLM's reference kernels.
//
// TFLM's "scatter" form: every input element (b, iy, ix, ic) adds input * filter[oc, fy, fx, ic] into the
// accumulator of output (b, iy * stride_h - pad_h + fy, ix * stride_w - pad_w + fx, oc) when that position is
// inside the output, looping input rows, columns, channels, then filter rows, columns, output channels (the
// order of the float sums). Then each accumulator goes through the convolution output stage
// (quantization/conv_output_stage.h): bias, per-channel requantization, output offset (int8), clamp.
//   float32: accumulates in the output itself.
//   int8:    int32 accumulator in `scratch` ((input + input_offset) * filter, wrapping as TFLM's int32 adds).
//   16x8:    int64 accumulator in `scratch` (input * filter), int64 bias, no offsets.
//
// Preconditions (checked by prepare): 4-D input [N, H, W, IC], filter [OC, FH, FW, IC], output
// [N, OH, OW, OC] (any OH, OW: positions no input reaches get the bias alone); bias nullptr or OC values;
// `scratch` holds output.FlatSize() accumulators; strides >= 1 and in_w * stride_w, in_h * stride_h fit int.
#ifndef MOTE_KERNELS_TRANSPOSE_CONV_TRANSPOSE_CONV_REFERENCE_H_
#define MOTE_KERNELS_TRANSPOSE_CONV_TRANSPOSE_CONV_REFERENCE_H_

#include <cstdint>
#include <type_traits>

#include "kernels/glue/conv_params.h"
#include "kernels/quantization/conv_output_stage.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

namespace internal {

// acc[output position] += (input + input_offset) * filter over the scatter loop nest; acc is zeroed first.
template <typename Acc, typename In, typename Filter>
inline void TransposeConvScatter(const ConvParams& params, int32_t input_offset, const RuntimeShape& input_shape,
                                 const In* input, const RuntimeShape& filter_shape, const Filter* filter,
                                 const RuntimeShape& output_shape, Acc* acc) {
  const int batches = input_shape.Dims(0);
  const int in_h = input_shape.Dims(1);
  const int in_w = input_shape.Dims(2);
  const int in_depth = input_shape.Dims(3);
  const int filter_h = filter_shape.Dims(1);
  const int filter_w = filter_shape.Dims(2);
  const int out_h = output_shape.Dims(1);
  const int out_w = output_shape.Dims(2);
  const int out_depth = output_shape.Dims(3);
  const int flat = output_shape.FlatSize();
  for (int i = 0; i < flat; ++i) acc[i] = Acc(0);
  for (int b = 0; b < batches; ++b) {
    for (int iy = 0; iy < in_h; ++iy) {
      for (int ix = 0; ix < in_w; ++ix) {
        for (int ic = 0; ic < in_depth; ++ic) {
          const Acc value = static_cast<Acc>(input[Offset(input_shape, b, iy, ix, ic)] + input_offset);
          const int out_y0 = iy * params.stride_height - params.pad_height;
          const int out_x0 = ix * params.stride_width - params.pad_width;
          for (int fy = 0; fy < filter_h; ++fy) {
            const int oy = out_y0 + fy;
            if (oy < 0 || oy >= out_h) continue;
            for (int fx = 0; fx < filter_w; ++fx) {
              const int ox = out_x0 + fx;
              if (ox < 0 || ox >= out_w) continue;
              Acc* out = acc + Offset(output_shape, b, oy, ox, 0);
              for (int oc = 0; oc < out_depth; ++oc) {
                const Acc product = value * static_cast<Acc>(filter[Offset(filter_shape, oc, fy, fx, ic)]);
                if constexpr (std::is_integral<Acc>::value) {
                  out[oc] = WrappingAdd(out[oc], product);
                } else {
                  out[oc] += product;
                }
              }
            }
          }
        }
      }
    }
  }
}

// output[i] = stage(acc[i], output channel of i).
template <typename Out, typename Acc, typename Stage>
inline void ApplyOutputStage(const Stage& stage, const RuntimeShape& output_shape, const Acc* acc, Out* output) {
  const int depth = output_shape.Dims(3);
  const int flat = output_shape.FlatSize();
  for (int i = 0; i < flat; i += depth) {
    for (int oc = 0; oc < depth; ++oc) output[i + oc] = stage(acc[i + oc], oc);
  }
}

}  // namespace internal

inline void TransposeConvFloat(const ConvParams& params, const RuntimeShape& input_shape, const float* input,
                               const RuntimeShape& filter_shape, const float* filter, const float* bias,
                               const RuntimeShape& output_shape, float* output) {
  internal::TransposeConvScatter<float>(params, 0, input_shape, input, filter_shape, filter, output_shape, output);
  internal::ApplyOutputStage(ConvFloatOutputStage(params, bias), output_shape, output, output);
}

inline void TransposeConvInt8(const ConvParams& params, const RuntimeShape& input_shape, const int8_t* input,
                              const RuntimeShape& filter_shape, const int8_t* filter, const int32_t* bias,
                              const RuntimeShape& output_shape, int8_t* output, int32_t* scratch) {
  internal::TransposeConvScatter<int32_t>(params, params.input_offset, input_shape, input, filter_shape, filter,
                                          output_shape, scratch);
  internal::ApplyOutputStage(ConvInt8OutputStage(params, bias), output_shape, scratch, output);
}

inline void TransposeConvInt16(const ConvParams& params, const RuntimeShape& input_shape, const int16_t* input,
                               const RuntimeShape& filter_shape, const int8_t* filter, const int64_t* bias,
                               const RuntimeShape& output_shape, int16_t* output, int64_t* scratch) {
  internal::TransposeConvScatter<int64_t>(params, 0, input_shape, input, filter_shape, filter, output_shape, scratch);
  internal::ApplyOutputStage(ConvInt16Acc64OutputStage(params, bias), output_shape, scratch, output);
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_TRANSPOSE_CONV_TRANSPOSE_CONV_REFERENCE_H_
