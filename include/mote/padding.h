// Output size and padding of windowed ops (CONV_2D, DEPTHWISE_CONV_2D, pooling, TRANSPOSE_CONV), computed
// exactly as TFLite does (tensorflow/lite/kernels/padding.h), so that windows line up bit for bit with TFLM.
//
// Per spatial dimension, with effective_filter = (filter - 1) * dilation + 1:
//   ComputeOutSize
//     SAME:  out = ceil(in / stride)                       = (in + stride - 1) / stride
//     VALID: out = ceil((in - effective_filter + 1) / stride) = (in + stride - effective_filter) / stride
//     (C integer division, so VALID with in < effective_filter gives 0 or a negative number: callers must
//     refuse out <= 0; stride 0 or an unknown padding gives 0).
//   ComputePaddingWithOffset
//     total = max(0, (out - 1) * stride + effective_filter - in)
//     before = total / 2 (returned), offset = total % 2 (the extra row/column goes AFTER the data).
//     The window of output position o starts at input position o * stride - before. For VALID padding the
//     total is 0 whenever out was computed by ComputeOutSize, so before = offset = 0.
//   ComputePaddingHeightWidth
//     fills *out_height / *out_width with ComputeOutSize and returns {width, height, width_offset,
//     height_offset} = the "before" padding and offset of each dimension. TFLM's reference kernels only use
//     .width/.height (the offset is implied by the loop bounds); TRANSPOSE_CONV and some optimized kernels
//     use the offset too.
//
// All arguments are in ranges prepare has validated (sizes >= 1, stride >= 1, dilation >= 1, products that
// fit in int); the functions are pure, header-only, allocation-free.
#ifndef MOTE_PADDING_H_
#define MOTE_PADDING_H_

#include "mote/c/builtin_op_data.h"

namespace mote {

inline int ComputeEffectiveFilterSize(int filter_size, int dilation_rate) {
  return (filter_size - 1) * dilation_rate + 1;
}

// "Before" padding only (TFLite's ComputePadding): max(0, total) / 2.
inline int ComputePadding(int stride, int dilation_rate, int in_size, int filter_size, int out_size) {
  const int effective_filter_size = ComputeEffectiveFilterSize(filter_size, dilation_rate);
  const int padding = ((out_size - 1) * stride + effective_filter_size - in_size) / 2;
  return padding > 0 ? padding : 0;
}

// "Before" padding, with the odd remainder (0 or 1) in *offset.
inline int ComputePaddingWithOffset(int stride, int dilation_rate, int in_size, int filter_size, int out_size,
                                    int* offset) {
  const int effective_filter_size = ComputeEffectiveFilterSize(filter_size, dilation_rate);
  int total_padding = (out_size - 1) * stride + effective_filter_size - in_size;
  total_padding = total_padding > 0 ? total_padding : 0;
  *offset = total_padding % 2;
  return total_padding / 2;
}

inline int ComputeOutSize(TfLitePadding padding, int image_size, int filter_size, int stride,
                          int dilation_rate = 1) {
  const int effective_filter_size = ComputeEffectiveFilterSize(filter_size, dilation_rate);
  if (stride == 0) return 0;
  switch (padding) {
    case kTfLitePaddingSame:
      return (image_size + stride - 1) / stride;
    case kTfLitePaddingValid:
      return (image_size + stride - effective_filter_size) / stride;
    default:
      return 0;
  }
}

inline TfLitePaddingValues ComputePaddingHeightWidth(int stride_height, int stride_width, int dilation_rate_height,
                                                     int dilation_rate_width, int in_height, int in_width,
                                                     int filter_height, int filter_width, TfLitePadding padding,
                                                     int* out_height, int* out_width) {
  *out_width = ComputeOutSize(padding, in_width, filter_width, stride_width, dilation_rate_width);
  *out_height = ComputeOutSize(padding, in_height, filter_height, stride_height, dilation_rate_height);

  TfLitePaddingValues values;
  int offset = 0;
  values.height =
      ComputePaddingWithOffset(stride_height, dilation_rate_height, in_height, filter_height, *out_height, &offset);
  values.height_offset = offset;
  values.width =
      ComputePaddingWithOffset(stride_width, dilation_rate_width, in_width, filter_width, *out_width, &offset);
  values.width_offset = offset;
  return values;
}

}  // namespace mote

#endif  // MOTE_PADDING_H_
