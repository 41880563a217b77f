// CONV_2D reference compute: plain functions, bit-exact with TFLM's reference kernels
// (reference_integer_ops::ConvPerChannel for int8 and 16x8, reference_ops::Conv for float32).
//
// Layouts (NHWC, as TFLite): input [N, H, W, IC], filter [OC, FH, FW, FIC], bias [OC] (optional: nullptr),
// output [N, OH, OW, OC]. Grouped convolution: IC = groups * FIC and OC = groups * (OC / groups); output
// channel oc reads input channels [g * FIC, (g + 1) * FIC) with g = oc / (OC / groups).
//
// Output (b, oy, ox, oc) = requantize(bias[oc] + sum over taps (fy, fx, ic) inside the image of
//   filter[oc, fy, fx, ic] * (input[b, oy * stride_h - pad_h + fy * dilation_h,
//                                      ox * stride_w - pad_w + fx * dilation_w, g * FIC + ic] + input_offset)).
// Taps outside the image contribute nothing (zero padding in the real domain). Taps are accumulated in
// TFLM's order (fy, fx, ic), which matters only for float32.
//
// Preconditions (prepare validates them; these functions check nothing): shapes consistent as above, output
// spatial size and padding from ComputePaddingHeightWidth (kernels/glue/padding.h), every flat size fits
// in int, activation min <= max, multipliers/shifts from QuantizeMultiplier for each output channel. No
// allocation, no scratch; the output must not alias the input or filter.
#ifndef MOTE_KERNELS_CONV_2D_CONV_2D_REFERENCE_H_
#define MOTE_KERNELS_CONV_2D_CONV_2D_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/conv_params.h"
#include "kernels/glue/hybrid_conv.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

// int8 activations, int8 weights (per-channel or broadcast per-tensor constants), int32 bias and accumulator.
void ConvInt8(const ConvParams& params, const RuntimeShape& input_shape, const int8_t* input_data,
              const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
              const RuntimeShape& output_shape, int8_t* output_data);

// 16x8 with an int32 bias: TFLM accumulates in int32 (wrapping on overflow, reproduced here) and
// requantizes with the 32-bit MultiplyByQuantizedMultiplier. (Without a bias TFLM takes the int64 path.)
void ConvInt16Acc32(const ConvParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                    const RuntimeShape& filter_shape, const int8_t* filter_data, const int32_t* bias_data,
                    const RuntimeShape& output_shape, int16_t* output_data);

// 16x8 with an int64 bias or no bias: int64 accumulator, 64-bit MultiplyByQuantizedMultiplier (shifts <= 14).
void ConvInt16Acc64(const ConvParams& params, const RuntimeShape& input_shape, const int16_t* input_data,
                    const RuntimeShape& filter_shape, const int8_t* filter_data, const int64_t* bias_data,
                    const RuntimeShape& output_shape, int16_t* output_data);

// Hybrid: FLOAT32 input and output, int8 weights, optional float bias (kernels/glue/hybrid_conv.h, whose
// scheme picks the input quantization and the output stage); `quantized` is H * W * IC bytes of scratch.
// params' window fields are used, its quantized fields are not.
void ConvHybrid(const ConvParams& params, const HybridConvParams& hybrid, const RuntimeShape& input_shape,
                const float* input_data, const RuntimeShape& filter_shape, const int8_t* filter_data,
                const float* bias_data, const RuntimeShape& output_shape, int8_t* quantized, float* output_data);

void ConvFloat(const ConvParams& params, const RuntimeShape& input_shape, const float* input_data,
               const RuntimeShape& filter_shape, const float* filter_data, const float* bias_data,
               const RuntimeShape& output_shape, float* output_data);

// The filter taps [begin, end) of one spatial dimension whose input index origin + k * dilation lies in
// [0, size). Shared with DEPTHWISE_CONV_2D and optimized variants: skipping out-of-image taps up front keeps
// the inner loops free of bounds checks and visits the remaining taps in TFLM's order.
inline void ValidTapRange(int origin, int dilation, int size, int filter_size, int* begin, int* end) {
  int b = 0;
  if (origin < 0) b = (-origin + dilation - 1) / dilation;
  int e = filter_size;
  const int room = size - origin;  // taps k with origin + k * dilation < size, i.e. k * dilation < room
  if (room <= 0) {
    e = 0;
  } else {
    const int limit = (room + dilation - 1) / dilation;
    if (limit < e) e = limit;
  }
  *begin = b < e ? b : e;
  *end = e;
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CONV_2D_CONV_2D_REFERENCE_H_
