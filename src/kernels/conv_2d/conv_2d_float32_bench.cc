// CONV_2D float32: the reference against the AVX2 + FMA variants on float models' layer shapes (Google Benchmark;
// bench/CMakeLists.txt). Reports MAC/s; compare rows with the same Arg.
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/conv_2d/conv_2d_float_variants.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_common.h"
#include "support/float_tolerance.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, in_depth, out_depth, filter, stride;
};

// mnv2_digits / small_cnn style: 1x1 expansions and projections, a 3x3 first layer (stride 2), 3x3 and 5x5 bodies.
constexpr Layer kLayers[] = {
    {24, 24, 16, 96, 1, 1}, {12, 12, 96, 24, 1, 1}, {6, 6, 128, 128, 1, 1},
    {48, 48, 3, 16, 3, 2},  {24, 24, 16, 32, 3, 1}, {12, 12, 32, 32, 5, 1},
};

struct Operands {
  std::vector<float> input, filter, bias, output;
  conv_2d::ConvFloatProblem problem{};
  reference::ConvParams params{};
  int64_t macs = 0;
};

Operands Make(const Layer& l) {
  Operands o;
  std::mt19937_64 rng(1);
  const int pad = (l.filter - 1) / 2;  // SAME, odd filters
  const int out_h = (l.height + l.stride - 1) / l.stride, out_w = (l.width + l.stride - 1) / l.stride;
  o.input = float_test::RandomFloats(rng, size_t(l.height) * l.width * l.in_depth);
  o.filter = float_test::RandomFloats(rng, size_t(l.out_depth) * l.filter * l.filter * l.in_depth);
  o.bias = float_test::RandomFloats(rng, size_t(l.out_depth));
  o.output.resize(size_t(out_h) * out_w * l.out_depth);
  o.params.stride_height = o.params.stride_width = l.stride;
  o.params.dilation_height = o.params.dilation_width = 1;
  o.params.pad_height = o.params.pad_width = pad;
  o.params.float_activation_min = 0.0f;
  o.params.float_activation_max = 6.0f;
  const int32_t in_dims[4] = {1, l.height, l.width, l.in_depth};
  const int32_t f_dims[4] = {l.out_depth, l.filter, l.filter, l.in_depth};
  const int32_t out_dims[4] = {1, out_h, out_w, l.out_depth};
  conv_2d::ConvFloatProblem& p = o.problem;
  conv_common::FillFloatProblem(o.params, RuntimeShape(4, in_dims), RuntimeShape(4, f_dims), RuntimeShape(4, out_dims),
                                &p);
  p.filter_input_depth = l.in_depth;
  p.input = o.input.data();
  p.filter = o.filter.data();
  p.bias = o.bias.data();
  p.output = o.output.data();
  o.macs = int64_t(out_h) * out_w * l.out_depth * l.filter * l.filter * l.in_depth;
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  const conv_2d::ConvFloatProblem& p = o.problem;
  const int32_t in_dims[4] = {1, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.input_depth};
  const int32_t out_dims[4] = {1, p.output_height, p.output_width, p.output_depth};
  variant_bench::TimeRuns(state, o.macs, [&] {
    reference::ConvFloat(o.params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, f_dims), p.filter, p.bias,
                         RuntimeShape(4, out_dims), o.output.data());
  });
}

template <bool (*kApplies)(const conv_2d::ConvFloatProblem&)>
void Variant(benchmark::State& state, void (*fn)(const conv_2d::ConvFloatProblem&, void*)) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeVariant(state, o.problem, fn, kApplies, isa::kAvx2 | isa::kFma, o.macs);
}

void Avx2Pointwise(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2FloatPointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2Pointwise));
}
// Panels with the weights packed per invoke (prepacking off), and packed once (prepacking on, the host default).
void Avx2Panels(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2FloatPanels>(state, MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2Panels));
}
void Avx2PanelsPrepacked(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  std::vector<float> packed;
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  constexpr uint32_t kNeeds = isa::kAvx2 | isa::kFma;
  if (conv_2d::AppliesAvx2FloatPanels(o.problem) && (isa::AvailableFeatures() & kNeeds) == kNeeds) {
    packed.resize(conv_2d::Avx2FloatPanelBytes(o.problem) / sizeof(float));
    conv_2d::PackAvx2FloatPanels(o.problem, packed.data());
    o.problem.prepacked = packed.data();
  }
#endif
  variant_bench::TimeVariant(state, o.problem, MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2Panels),
                             conv_2d::AppliesAvx2FloatPanels, isa::kAvx2 | isa::kFma, o.macs);
}
void Avx2General(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2FloatGeneral>(state, MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2General));
}

BENCHMARK(Reference)->Name("Conv2DFloat32/reference")->DenseRange(0, 5);
BENCHMARK(Avx2Pointwise)->Name("Conv2DFloat32/avx2-1x1")->DenseRange(0, 2);
BENCHMARK(Avx2Panels)->Name("Conv2DFloat32/avx2-1x1-panels")->DenseRange(0, 2);
BENCHMARK(Avx2PanelsPrepacked)->Name("Conv2DFloat32/avx2-1x1-panels-prepacked")->DenseRange(0, 2);
BENCHMARK(Avx2General)->Name("Conv2DFloat32/avx2")->DenseRange(0, 5);

}  // namespace
}  // namespace mote
