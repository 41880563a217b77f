// DEPTHWISE_CONV_2D float32 kernel variants: the problem every variant computes from and the optimized entry
// points. The glue (depthwise_conv_2d.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::DepthwiseConvFloat (depthwise_conv_2d_reference.h), bit for bit: each output
// channel's taps are summed in the reference's (fy, fx) order, one rounded multiply and one rounded add per tap
// (no FMA), with the reference's bias add and clamp. Layouts NHWC, filter [1, FH, FW, OC], OC = IC * multiplier.
#ifndef MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_FLOAT_VARIANTS_H_
#define MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_FLOAT_VARIANTS_H_

#include "kernels/glue/conv_float_problem.h"

namespace mote {
namespace depthwise_conv_2d {

struct DepthwiseFloatProblem : ConvFloatProblemCommon {
  int depth_multiplier;
};

// AVX2 (x86-64; depthwise_conv_2d_float32_avx2.cc): any filter size, stride, dilation, padding and multiplier;
// 8 output channels per vector, 32 per block, only the in-image taps; multiplier 1 loads the input channels,
// others gather each lane's input channel (oc / multiplier). No scratch.
void DepthwiseFloatAvx2(const DepthwiseFloatProblem& p, void* scratch);

}  // namespace depthwise_conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_FLOAT_VARIANTS_H_
