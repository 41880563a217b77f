// The fields every float32 convolution problem shares (CONV_2D's ConvFloatProblem, DEPTHWISE_CONV_2D's
// DepthwiseFloatProblem derive from it and add their one particular field). A plain struct with no member
// functions, like ConvInt8ProblemCommon (conv_int8_problem.h): it crosses into the *_avx2.cc files. Data pointers
// are nullptr during prepare, when only applies()/scratch_bytes() look at a problem.
#ifndef MOTE_KERNELS_GLUE_CONV_FLOAT_PROBLEM_H_
#define MOTE_KERNELS_GLUE_CONV_FLOAT_PROBLEM_H_

namespace mote {

struct ConvFloatProblemCommon {
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
  float activation_min;  // the fused activation's clamp (CalculateActivationRange)
  float activation_max;
  const float* input;
  const float* filter;
  const float* bias;  // nullptr: no bias
  float* output;
};

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_CONV_FLOAT_PROBLEM_H_
