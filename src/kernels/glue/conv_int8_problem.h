// The fields every int8 convolution problem shares (CONV_2D's ConvInt8Problem, DEPTHWISE_CONV_2D's
// DepthwiseInt8Problem derive from it and add their one particular field). A plain struct with no member
// functions: it crosses into the ISA-specific files (*_avx2.cc, *_dsp.cc, *_mve.cc). Data pointers are nullptr
// during prepare, when only applies()/scratch_bytes() look at a problem.
#ifndef MOTE_KERNELS_GLUE_CONV_INT8_PROBLEM_H_
#define MOTE_KERNELS_GLUE_CONV_INT8_PROBLEM_H_

#include <cstdint>

namespace mote {

struct ConvInt8ProblemCommon {
  int batches;
  int input_height;
  int input_width;
  int input_depth;
  int filter_height;
  int filter_width;
  int output_height;
  int output_width;
  int output_depth;
  int stride_width;
  int stride_height;
  int dilation_width;
  int dilation_height;
  int pad_width;
  int pad_height;
  int32_t input_offset;   // -input zero point
  int32_t output_offset;  // output zero point
  int32_t output_activation_min;
  int32_t output_activation_max;
  const int32_t* output_multiplier;  // [output_depth]
  const int8_t* output_shift;        // [output_depth]
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;  // nullptr: no bias
  int8_t* output;
  const void* prepacked;  // the chosen variant's prepared weights (kernels/dispatch/variant.h), or nullptr
};

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_CONV_INT8_PROBLEM_H_
