// TEST-ONLY: the problem building and reference runs (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED) that the host
// variant tests (src/kernels/*/*_avx2_test.cc, via variant_test_util.h), the on-target ones
// (src/kernels/<op>/<op>_arm_test.cc) and the benchmarks (variant_bench_util.h) share.
// Container-free and heap-free, so it compiles on the target; the callers draw the random data (each with its
// own generator, in its own order) and hand in the buffers.
#ifndef MOTE_SUPPORT_VARIANT_TEST_PROBLEMS_H_
#define MOTE_SUPPORT_VARIANT_TEST_PROBLEMS_H_

#include <cstddef>
#include <cstdint>

#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/fully_connected/fully_connected_reference.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/glue/conv_common.h"
#include "kernels/glue/padding.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace conv_test {

// A convolution layer: input N x H x W x in_depth, out_depth filters of filter_h x filter_w x in_depth.
struct ConvShape {
  int batches, height, width, in_depth, out_depth, filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w;
  TfLitePadding padding;
};

// A depthwise layer: input N x H x W x in_depth, in_depth * multiplier output channels.
struct DepthwiseShape {
  int batches, height, width, in_depth, multiplier, filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w;
  TfLitePadding padding;
};

inline int OutputChannels(const ConvShape& s) { return s.out_depth; }
inline int OutputChannels(const DepthwiseShape& s) { return s.in_depth * s.multiplier; }
inline size_t FilterSize(const ConvShape& s) {
  return static_cast<size_t>(s.out_depth) * s.filter_h * s.filter_w * s.in_depth;
}
inline size_t FilterSize(const DepthwiseShape& s) {
  return static_cast<size_t>(s.filter_h) * s.filter_w * OutputChannels(s);
}
// Products summed per output value.
inline int ProductsPerOutput(const ConvShape& s) { return s.filter_h * s.filter_w * s.in_depth; }
inline int ProductsPerOutput(const DepthwiseShape& s) { return s.filter_h * s.filter_w; }
template <class Shape>
size_t InputSize(const Shape& s) {
  return static_cast<size_t>(s.batches) * s.height * s.width * s.in_depth;
}

// Output size and padding of shape s (TFLite's rules); false when the output is empty.
struct Geometry {
  int out_h = 0, out_w = 0;
  TfLitePaddingValues pad{};
};
template <class Shape>
bool ComputeGeometry(const Shape& s, Geometry* g) {
  g->pad = ComputePaddingHeightWidth(s.stride_h, s.stride_w, s.dilation_h, s.dilation_w, s.height, s.width, s.filter_h,
                                     s.filter_w, s.padding, &g->out_h, &g->out_w);
  return g->out_h > 0 && g->out_w > 0;
}
template <class Shape>
size_t OutputSize(const Shape& s, const Geometry& g) {
  return static_cast<size_t>(s.batches) * g.out_h * g.out_w * OutputChannels(s);
}

// The requantization and data a problem points at (bias is set by the caller: whether there is one is drawn
// last).
struct Data {
  int32_t input_offset, output_offset, act_min, act_max;
  const int32_t* multiplier;
  const int8_t* shift;
  const int8_t* input;
  const int8_t* filter;
};

namespace internal {
// The fields conv and depthwise problems have in common.
template <class Problem, class Shape>
void FillCommon(const Shape& s, const Geometry& g, const Data& d, Problem* p) {
  *p = Problem{};
  p->batches = s.batches;
  p->input_height = s.height;
  p->input_width = s.width;
  p->input_depth = s.in_depth;
  p->filter_height = s.filter_h;
  p->filter_width = s.filter_w;
  p->output_height = g.out_h;
  p->output_width = g.out_w;
  p->output_depth = OutputChannels(s);
  p->stride_width = s.stride_w;
  p->stride_height = s.stride_h;
  p->dilation_width = s.dilation_w;
  p->dilation_height = s.dilation_h;
  p->pad_width = g.pad.width;
  p->pad_height = g.pad.height;
  p->input_offset = d.input_offset;
  p->output_offset = d.output_offset;
  p->output_activation_min = d.act_min;
  p->output_activation_max = d.act_max;
  p->output_multiplier = d.multiplier;
  p->output_shift = d.shift;
  p->input = d.input;
  p->filter = d.filter;
}

}  // namespace internal

// The problem for shape s (no bias, no output yet).
inline void FillProblem(const ConvShape& s, const Geometry& g, const Data& d, conv_2d::ConvInt8Problem* p) {
  internal::FillCommon(s, g, d, p);
  p->filter_input_depth = s.in_depth;
}
inline void FillProblem(const DepthwiseShape& s, const Geometry& g, const Data& d,
                        depthwise_conv_2d::DepthwiseInt8Problem* p) {
  internal::FillCommon(s, g, d, p);
  p->depth_multiplier = s.multiplier;
}

template <class Problem>
size_t OutputSize(const Problem& p) {
  return static_cast<size_t>(p.batches) * p.output_height * p.output_width * p.output_depth;
}

// The reference kernel on problem p, into out[OutputSize(p)].
inline void RunReference(const conv_2d::ConvInt8Problem& p, int8_t* out) {
  reference::ConvParams params{};
  conv_common::ParamsFromInt8Problem(p, &params);
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::ConvInt8(params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, f_dims), p.filter, p.bias,
                      RuntimeShape(4, out_dims), out);
}
inline void RunReference(const depthwise_conv_2d::DepthwiseInt8Problem& p, int8_t* out) {
  reference::DepthwiseParams params{};
  conv_common::ParamsFromInt8Problem(p, &params);
  params.depth_multiplier = p.depth_multiplier;
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {1, p.filter_height, p.filter_width, p.output_depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  reference::DepthwiseConvInt8(params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, f_dims), p.filter, p.bias,
                               RuntimeShape(4, out_dims), out);
}

// "N1 8x8x16 filter 32x3x3 stride 1,1 dilation 1,1 SAME" (conv) / "N1 8x8x16 x2 filter 3x3 ..." (depthwise),
// onto any stream with operator<< for const char* and int (gtest's or mote_test's Message).
template <class Stream>
void Describe(Stream& m, const ConvShape& s) {
  m << "N" << s.batches << " " << s.height << "x" << s.width << "x" << s.in_depth << " filter " << s.out_depth << "x"
    << s.filter_h << "x" << s.filter_w;
  m << " stride " << s.stride_h << "," << s.stride_w << " dilation " << s.dilation_h << "," << s.dilation_w
    << (s.padding == kTfLitePaddingSame ? " SAME" : " VALID");
}
template <class Stream>
void Describe(Stream& m, const DepthwiseShape& s) {
  m << "N" << s.batches << " " << s.height << "x" << s.width << "x" << s.in_depth << " x" << s.multiplier
    << " filter " << s.filter_h << "x" << s.filter_w;
  m << " stride " << s.stride_h << "," << s.stride_w << " dilation " << s.dilation_h << "," << s.dilation_w
    << (s.padding == kTfLitePaddingSame ? " SAME" : " VALID");
}

}  // namespace conv_test

namespace fc_test {

// The reference kernel on problem p, into out[batches * output_depth].
inline void RunReference(const fully_connected::FullyConnectedInt8Problem& p, int8_t* out) {
  reference::FullyConnectedQuantParams q{};
  q.input_offset = p.input_offset;
  q.filter_offset = p.filter_offset;
  q.output_offset = p.output_offset;
  q.output_multiplier = p.output_multiplier;
  q.output_shift = p.output_shift;
  q.per_channel_multiplier = p.per_channel_multiplier;
  q.per_channel_shift = p.per_channel_shift;
  q.activation_min = p.activation_min;
  q.activation_max = p.activation_max;
  const reference::FullyConnectedDims dims{p.batches, p.accum_depth, p.output_depth};
  reference::FullyConnectedInt8(q, dims, p.input, p.filter, p.bias, out);
}

}  // namespace fc_test
}  // namespace mote

#endif  // MOTE_SUPPORT_VARIANT_TEST_PROBLEMS_H_
