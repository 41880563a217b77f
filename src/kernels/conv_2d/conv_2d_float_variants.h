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

#include <cstddef>

#include "kernels/glue/conv_float_problem.h"

namespace mote {
namespace conv_2d {

struct ConvFloatProblem : ConvFloatProblemCommon {
  int filter_input_depth;  // input_depth / groups
  const void* prepacked;   // the chosen variant's weights prepared in prepare (kernels/dispatch/variant.h), or nullptr
};

// AVX2 + FMA (x86-64; conv_2d_float32_avx2.cc), both for groups == 1, no scratch, filters read in place. Tiles of
// 4 output pixels x 2 output channels, each output a dot product of the filter row with the receptive field
// (contiguous runs of filter_width * input_depth floats when undilated).
// 1x1 filter, no padding, any stride: the tiles run across rows and batches.
bool AppliesAvx2FloatPointwise(const ConvFloatProblem& p);
void ConvFloatAvx2Pointwise(const ConvFloatProblem& p, void* scratch);
// 1x1 as above with input_depth <= kAvx2FloatPanelMaxDepth, output channels in the lanes (XNNPACK's layout):
// panels of 16 output channels, each the filter's 16 rows interleaved by input channel ([k][16] floats, zero
// rows past the last channel) followed by their 16 biases; per tile of up to 6 pixels, every input value is
// broadcast and multiplied into two 8-channel accumulators with FMA (one for a last panel of at most 8
// channels), k in order, then the bias is added and the activation applied. Prepare packs the panels once (Avx2FloatPanelBytes / PackAvx2FloatPanels, when weight
// prepacking is on and the filter and bias are constant); without them invoke packs each panel on the stack
// (at most 64 KB) before its pixels, the same floats in the same order: outputs are identical either way. Each
// output's sum is the reference's reordered (tests/support/float_tolerance.h).
constexpr int kAvx2FloatPanelMaxDepth = 1024;
bool AppliesAvx2FloatPanels(const ConvFloatProblem& p);
size_t Avx2FloatPanelBytes(const ConvFloatProblem& p);
void PackAvx2FloatPanels(const ConvFloatProblem& p, void* buffer);
void ConvFloatAvx2Panels(const ConvFloatProblem& p, void* scratch);
// Any filter size, stride, dilation and padding: 4-pixel tiles within an output row where the receptive fields
// lie inside the image, single pixels at the borders (only their in-image taps).
bool AppliesAvx2FloatGeneral(const ConvFloatProblem& p);
void ConvFloatAvx2General(const ConvFloatProblem& p, void* scratch);

}  // namespace conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_CONV_2D_CONV_2D_FLOAT_VARIANTS_H_
