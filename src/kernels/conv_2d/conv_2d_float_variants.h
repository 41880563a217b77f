// CONV_2D float32 kernel variants: the problem every variant computes from and the optimized entry points. The
// glue (conv_2d.cc) owns the best-first table (kernels/dispatch/variant.h), as for int8 (conv_2d_variants.h).
//
// Semantics: reference::ConvFloat (conv_2d_reference.h) for every problem a variant's applies() accepts, up to
// the order of the sum over the taps: the AVX2 variants sum 8 lanes with FMA and add the lanes at the end, so
// each output may differ from the reference's by rounding, within 2 * (taps + 1) * FLT_EPSILON * (|bias| +
// sum |filter * input|) (the two sums' error bounds added; tests/support/float_tolerance.h). Bias and fused
// activation exactly as the reference. Layouts NHWC / OHWI.
#ifndef MOTE_KERNELS_CONV_2D_CONV_2D_FLOAT_VARIANTS_H_
#define MOTE_KERNELS_CONV_2D_CONV_2D_FLOAT_VARIANTS_H_

#include "kernels/glue/conv_float_problem.h"

namespace mote {
namespace conv_2d {

struct ConvFloatProblem : ConvFloatProblemCommon {
  int filter_input_depth;  // input_depth / groups
};

// AVX2 + FMA (x86-64; conv_2d_float32_avx2.cc), both for groups == 1, no scratch, filters read in place. Tiles of
// 4 output pixels x 2 output channels, each output a dot product of the filter row with the receptive field
// (contiguous runs of filter_width * input_depth floats when undilated).
// 1x1 filter, no padding, any stride: the tiles run across rows and batches.
bool AppliesAvx2FloatPointwise(const ConvFloatProblem& p);
void ConvFloatAvx2Pointwise(const ConvFloatProblem& p, void* scratch);
// Any filter size, stride, dilation and padding: 4-pixel tiles within an output row where the receptive fields
// lie inside the image, single pixels at the borders (only their in-image taps).
bool AppliesAvx2FloatGeneral(const ConvFloatProblem& p);
void ConvFloatAvx2General(const ConvFloatProblem& p, void* scratch);

}  // namespace conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_CONV_2D_CONV_2D_FLOAT_VARIANTS_H_
