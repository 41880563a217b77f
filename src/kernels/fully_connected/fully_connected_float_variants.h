// FULLY_CONNECTED float32 kernel variants: the problem every variant computes from and the optimized entry
// points. The glue (fully_connected.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: reference::FullyConnectedFloat (fully_connected_reference.h) up to the order of the sum over
// accum_depth: the AVX2 variant sums 8 lanes with FMA and adds the lanes at the end, so each output may differ
// from the reference's by rounding, within 2 * (accum_depth + 1) * FLT_EPSILON * (|bias| + sum |filter * input|)
// (tests/support/float_tolerance.h). Bias and fused activation exactly as the reference.
#ifndef MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_FLOAT_VARIANTS_H_
#define MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_FLOAT_VARIANTS_H_

namespace mote {
namespace fully_connected {

// A plain struct (it crosses into *_avx2.cc code). Data pointers are nullptr during prepare.
struct FullyConnectedFloatProblem {
  int batches;
  int accum_depth;
  int output_depth;
  float activation_min;
  float activation_max;
  const float* input;   // [batches, accum_depth]
  const float* filter;  // [output_depth, accum_depth]
  const float* bias;    // [output_depth] or nullptr
  float* output;        // [batches, output_depth]
};

// AVX2 + FMA (x86-64; fully_connected_float32_avx2.cc): tiles of 2 batch rows x 4 weight rows, weights read in
// place, any shape. No scratch.
void FullyConnectedFloatAvx2(const FullyConnectedFloatProblem& p, void* scratch);

}  // namespace fully_connected
}  // namespace mote

#endif  // MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_FLOAT_VARIANTS_H_
