// The parameters both convolution references take (CONV_2D's reference::Conv*, and DEPTHWISE_CONV_2D's
// reference::DepthwiseParams, which adds its depth multiplier): window geometry, resolved padding and the
// requantization constants prepare computes (kernels/glue/conv_common.h). A plain struct that crosses into the
// reference and variant files; it lives with the shared convolution glue so that neither op's folder depends
// on the other's.
#ifndef MOTE_KERNELS_GLUE_CONV_PARAMS_H_
#define MOTE_KERNELS_GLUE_CONV_PARAMS_H_

#include <cstdint>

namespace mote {
namespace reference {

struct ConvParams {
  int stride_width;
  int stride_height;
  int dilation_width;
  int dilation_height;
  int pad_width;   // "before" padding (TfLitePaddingValues::width)
  int pad_height;  // "before" padding (TfLitePaddingValues::height)

  // Quantized kernels. int8: input_offset = -input zero point, output_offset = output zero point. The 16x8
  // kernels ignore both (TFLM's 16x8 kernels have no offsets; prepare requires zero points of 0).
  int32_t input_offset;
  int32_t output_offset;
  int32_t output_activation_min;  // in the output's quantized domain (zero point included)
  int32_t output_activation_max;
  const int32_t* output_multiplier;  // [OC], Q31 significands
  const int8_t* output_shift;        // [OC], TFLite convention: > 0 shifts left

  // Float kernel.
  float float_activation_min;
  float float_activation_max;
};

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_CONV_PARAMS_H_
