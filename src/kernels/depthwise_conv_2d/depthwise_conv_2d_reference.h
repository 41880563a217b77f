// DEPTHWISE_CONV_2D reference compute: plain functions, bit-exact with TFLM's reference kernels
// (reference_integer_ops::DepthwiseConvPerChannel for int8 and 16x8, reference_ops::DepthwiseConv for float32).
//
// Layouts (NHWC): input [N, H, W, IC], filter [1, FH, FW, OC] with OC = IC * depth_multiplier, bias [OC]
// (optional: nullptr), output [N, OH, OW, OC]. Output channel oc = ic * depth_multiplier + m reads only
// input channel ic:
//   out(b, oy, ox, oc) = requantize(bias[oc] + sum over in-image taps (fy, fx) of
//       filter[0, fy, fx, oc] * (input[b, oy * stride_h - pad_h + fy * dilation_h,
//                                        ox * stride_w - pad_w + fx * dilation_w, ic] + input_offset)).
// Taps are accumulated in TFLM's order (fy, fx), which matters only for float32.
//
// Preconditions (prepare validates them; nothing is checked here): consistent shapes, output size and
// padding from ComputePaddingHeightWidth, flat sizes that fit in int, per-channel multipliers/shifts for every
// output channel. No allocation; the output must not alias the input or filter.
#ifndef MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_REFERENCE_H_
#define MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/conv_params.h"
#include "kernels/glue/hybrid_conv.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

// CONV_2D's parameters (window, offsets, requantization, float clamp: conv_2d_reference.h; the 16x8 kernel
// ignores the offsets) plus the channel multiplier.
struct DepthwiseParams : ConvParams {
  int depth_multiplier;
};

// int8 activations and weights, int32 bias and accumulator.
void DepthwiseConvInt8(const DepthwiseParams& params, const RuntimeShape& input_shape, const int8_t* input_data,
                       const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
                       const RuntimeShape& output_shape, int8_t* output_data);

// 16x8: int64 bias (or none) and accumulator, 64-bit requantization (shifts <= 14). TFLM's depthwise 16x8
// kernel has no int32-bias form.
void DepthwiseConvInt16(const DepthwiseParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                        const RuntimeShape& filter_shape, const int8_t* filter_data, const int64_t* bias_data,
                        const RuntimeShape& output_shape, int16_t* output_data);

// Hybrid: FLOAT32 input and output, int8 per-channel weights, optional float bias (kernels/glue/hybrid_conv.h,
// scheme kDepthwisePerChannel); `quantized` is H * W * IC bytes of scratch. params' quantized fields are unused.
void DepthwiseConvHybrid(const DepthwiseParams& params, const HybridConvParams& hybrid,
                         const RuntimeShape& input_shape, const float* input_data, const RuntimeShape& filter_shape,
                         const int8_t* filter_data, const float* bias_data, const RuntimeShape& output_shape,
                         int8_t* quantized, float* output_data);

void DepthwiseConvFloat(const DepthwiseParams& params, const RuntimeShape& input_shape, const float* input_data,
                        const RuntimeShape& filter_shape, const float* filter_data, const float* bias_data,
                        const RuntimeShape& output_shape, float* output_data);

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_REFERENCE_H_
