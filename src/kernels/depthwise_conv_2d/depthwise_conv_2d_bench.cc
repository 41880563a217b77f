// DEPTHWISE_CONV_2D int8 variants on the benchmark models' layer shapes (Google Benchmark; bench/).
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/internal/padding.h"
#include "kernels/internal/variant.h"
#include "kernels/internal/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, in_depth, multiplier, stride;
};

// MobileNet v1 0.25 at 96x96 (vww, person_detect), KWS DS-CNN, person_detect's first layer (multiplier 8).
constexpr Layer kLayers[] = {{48, 48, 8, 1, 1},  {48, 48, 16, 1, 2}, {24, 24, 32, 1, 1}, {12, 12, 64, 1, 1},
                             {6, 6, 128, 1, 1},  {3, 3, 256, 1, 1},  {25, 5, 64, 1, 1},  {96, 96, 1, 8, 2}};

struct Operands {
  std::vector<int8_t> input, filter, output;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
  depthwise_conv_2d::DepthwiseInt8Problem problem{};
  int64_t macs = 0;
};

Operands Make(const Layer& l) {
  Operands o;
  const int channels = l.in_depth * l.multiplier;
  int oh = 0, ow = 0;
  const TfLitePaddingValues pad =
      ComputePaddingHeightWidth(l.stride, l.stride, 1, 1, l.height, l.width, 3, 3, kTfLitePaddingSame, &oh, &ow);
  o.input = variant_bench::RandomInt8(static_cast<size_t>(l.height) * l.width * l.in_depth, 1);
  o.filter = variant_bench::RandomInt8(static_cast<size_t>(9) * channels, 2);
  o.output.resize(static_cast<size_t>(oh) * ow * channels);
  o.bias = variant_bench::RandomInt32(static_cast<size_t>(channels), -1000, 1000, 5);
  variant_bench::RandomRequant(static_cast<size_t>(channels), &o.multiplier, &o.shift);
  o.problem = {1, l.height, l.width, l.in_depth, 3, 3, oh, ow, channels, l.multiplier, l.stride, l.stride, 1, 1,
               pad.width, pad.height, 128, -5, -128, 127, o.multiplier.data(), o.shift.data(), o.input.data(),
               o.filter.data(), o.bias.data(), o.output.data()};
  o.macs = static_cast<int64_t>(oh) * ow * channels * 9;
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  const auto& p = o.problem;
  depthwise_conv_2d::DepthwiseParams params{};
  params.stride_width = params.stride_height = p.stride_width;
  params.dilation_width = params.dilation_height = 1;
  params.pad_width = p.pad_width;
  params.pad_height = p.pad_height;
  params.depth_multiplier = p.depth_multiplier;
  params.input_offset = p.input_offset;
  params.output_offset = p.output_offset;
  params.output_activation_min = -128;
  params.output_activation_max = 127;
  params.output_multiplier = p.output_multiplier;
  params.output_shift = p.output_shift;
  const int32_t in[4] = {1, p.input_height, p.input_width, p.input_depth};
  const int32_t f[4] = {1, 3, 3, p.output_depth};
  const int32_t out[4] = {1, p.output_height, p.output_width, p.output_depth};
  for (auto _ : state) {
    depthwise_conv_2d::DepthwiseConvInt8(params, RuntimeShape(4, in), p.input, RuntimeShape(4, f), p.filter, p.bias,
                                         RuntimeShape(4, out), o.output.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.macs);
}

void Variant(benchmark::State& state, void (*fn)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*),
             bool (*applies)(const depthwise_conv_2d::DepthwiseInt8Problem&)) {
  if (!variant_bench::CanRun(state, fn, isa::kAvx2)) return;
  Operands o = Make(kLayers[state.range(0)]);
  if (!applies(o.problem)) {
    state.SkipWithError("variant does not apply to this shape");
    return;
  }
  for (auto _ : state) {
    fn(o.problem, nullptr);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.macs);
}

void Avx2(benchmark::State& state) {
  Variant(state, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2), depthwise_conv_2d::AppliesAvx2);
}
void Avx2Multiplier(benchmark::State& state) {
  Variant(state, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2Multiplier),
          depthwise_conv_2d::AppliesAvx2Multiplier);
}

BENCHMARK(Reference)->Name("DepthwiseConv2DInt8/reference")->DenseRange(0, 7);
BENCHMARK(Avx2)->Name("DepthwiseConv2DInt8/avx2")->DenseRange(0, 6);
BENCHMARK(Avx2Multiplier)->Name("DepthwiseConv2DInt8/avx2-multiplier")->Arg(7);

}  // namespace
}  // namespace mote
