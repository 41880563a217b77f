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
// 3x3, dilation 1, multiplier 1, any stride and padding: per output row and block of 8 channels, the block's 9
// weights and bias held in registers across the row; pixels whose taps all lie in the image take 9 unrolled
// multiply-adds, the others (and rows at the top and bottom edges) DepthwiseFloatAvx2's per-pixel path. For
// output rows of at least kAvx2Float3x3MinRow pixels.
constexpr int kAvx2Float3x3MinRow = 12;
bool AppliesAvx2Float3x3(const DepthwiseFloatProblem& p);
void DepthwiseFloatAvx2_3x3(const DepthwiseFloatProblem& p, void* scratch);

}  // namespace depthwise_conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_FLOAT_VARIANTS_H_
