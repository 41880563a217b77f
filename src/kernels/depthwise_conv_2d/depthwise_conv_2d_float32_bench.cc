// DEPTHWISE_CONV_2D float32: the reference against the AVX2 variant on MobileNet-style 3x3 layers (Google
// Benchmark; bench/CMakeLists.txt). Reports MAC/s; compare rows with the same Arg.
#include <cstdint>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_float_variants.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_common.h"
#include "support/float_tolerance.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

// {size, channels, stride, multiplier}
constexpr int kLayers[][4] = {{48, 16, 1, 1}, {48, 96, 2, 1}, {12, 144, 1, 1}, {6, 512, 1, 1}, {24, 8, 1, 2}};

struct Operands {
  std::vector<float> input, filter, bias, output;
  depthwise_conv_2d::DepthwiseFloatProblem problem{};
  reference::DepthwiseParams params{};
  int64_t macs = 0;
};

Operands Make(const int* l) {
  Operands o;
  std::mt19937_64 rng(1);
  const int size = l[0], channels = l[1], stride = l[2], multiplier = l[3];
  const int out = (size + stride - 1) / stride, out_depth = channels * multiplier;
  o.input = float_test::RandomFloats(rng, size_t(size) * size * channels);
  o.filter = float_test::RandomFloats(rng, size_t(9) * out_depth);
  o.bias = float_test::RandomFloats(rng, size_t(out_depth));
  o.output.resize(size_t(out) * out * out_depth);
  o.params.stride_height = o.params.stride_width = stride;
  o.params.dilation_height = o.params.dilation_width = 1;
  o.params.pad_height = o.params.pad_width = stride == 1 ? 1 : 0;
  o.params.depth_multiplier = multiplier;
  o.params.float_activation_min = 0.0f;
  o.params.float_activation_max = 6.0f;
  const int32_t in_dims[4] = {1, size, size, channels};
  const int32_t f_dims[4] = {1, 3, 3, out_depth};
  const int32_t out_dims[4] = {1, out, out, out_depth};
  depthwise_conv_2d::DepthwiseFloatProblem& p = o.problem;
  conv_common::FillFloatProblem(o.params, RuntimeShape(4, in_dims), RuntimeShape(4, f_dims), RuntimeShape(4, out_dims),
                                &p);
  p.depth_multiplier = multiplier;
  p.input = o.input.data();
  p.filter = o.filter.data();
  p.bias = o.bias.data();
  p.output = o.output.data();
  o.macs = int64_t(out) * out * out_depth * 9;
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  const depthwise_conv_2d::DepthwiseFloatProblem& p = o.problem;
  const int32_t in_dims[4] = {1, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {1, 3, 3, p.output_depth};
  const int32_t out_dims[4] = {1, p.output_height, p.output_width, p.output_depth};
  variant_bench::TimeRuns(state, o.macs, [&] {
    reference::DepthwiseConvFloat(o.params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, f_dims), p.filter,
                                  p.bias, RuntimeShape(4, out_dims), o.output.data());
  });
}

void Avx2(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeVariant<depthwise_conv_2d::DepthwiseFloatProblem>(
      state, o.problem, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2), nullptr, isa::kAvx2, o.macs);
}

void Avx2ThreeByThree(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeVariant<depthwise_conv_2d::DepthwiseFloatProblem>(
      state, o.problem, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2_3x3),
      depthwise_conv_2d::AppliesAvx2Float3x3, isa::kAvx2, o.macs);
}

BENCHMARK(Reference)->Name("DepthwiseConv2DFloat32/reference")->DenseRange(0, 4);
BENCHMARK(Avx2)->Name("DepthwiseConv2DFloat32/avx2")->DenseRange(0, 4);
BENCHMARK(Avx2ThreeByThree)->Name("DepthwiseConv2DFloat32/avx2-3x3")->DenseRange(0, 4);

}  // namespace
}  // namespace mote
