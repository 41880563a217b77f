// CONV_2D int8 variants on the benchmark models' layer shapes (Google Benchmark; bench/CMakeLists.txt).
// Reports MAC/s; compare `reference` with each AVX2 variant on the same shape.
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/internal/padding.h"
#include "kernels/internal/variant.h"
#include "kernels/internal/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, in_depth, out_depth, filter, stride;
};

// vww_96 / person_detect pointwise layers, vww first layer, ResNet 3x3 layers, KWS first layer.
constexpr Layer kLayers[] = {
    {48, 48, 8, 16, 1, 1}, {24, 24, 32, 32, 1, 1}, {6, 6, 128, 128, 1, 1}, {3, 3, 256, 256, 1, 1},
    {96, 96, 3, 8, 3, 2},  {32, 32, 16, 16, 3, 1}, {8, 8, 64, 64, 3, 1},   {49, 10, 1, 64, 4, 2},
};

struct Operands {
  std::vector<int8_t> input, filter, output;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
  conv_2d::ConvInt8Problem problem{};
  int64_t macs = 0;
};

Operands Make(const Layer& l) {
  Operands o;
  const int fh = l.filter == 4 ? 10 : l.filter;  // KWS: 10x4
  const int fw = l.filter;
  int oh = 0, ow = 0;
  const TfLitePaddingValues pad =
      ComputePaddingHeightWidth(l.stride, l.stride, 1, 1, l.height, l.width, fh, fw, kTfLitePaddingSame, &oh, &ow);
  o.input = variant_bench::RandomInt8(static_cast<size_t>(l.height) * l.width * l.in_depth, 1);
  o.filter = variant_bench::RandomInt8(static_cast<size_t>(l.out_depth) * fh * fw * l.in_depth, 2);
  o.output.resize(static_cast<size_t>(oh) * ow * l.out_depth);
  o.bias = variant_bench::RandomInt32(static_cast<size_t>(l.out_depth), -1000, 1000, 5);
  variant_bench::RandomRequant(static_cast<size_t>(l.out_depth), &o.multiplier, &o.shift);
  conv_2d::ConvInt8Problem& p = o.problem;
  p = {1, l.height, l.width, l.in_depth, fh, fw, l.in_depth, oh, ow, l.out_depth, l.stride, l.stride, 1, 1,
       pad.width, pad.height, 128, -5, -128, 127, o.multiplier.data(), o.shift.data(), o.input.data(),
       o.filter.data(), o.bias.data(), o.output.data()};
  o.macs = static_cast<int64_t>(oh) * ow * l.out_depth * fh * fw * l.in_depth;
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  const conv_2d::ConvInt8Problem& p = o.problem;
  conv_2d::ConvParams params{};
  params.stride_width = params.stride_height = p.stride_width;
  params.dilation_width = params.dilation_height = 1;
  params.pad_width = p.pad_width;
  params.pad_height = p.pad_height;
  params.input_offset = p.input_offset;
  params.output_offset = p.output_offset;
  params.output_activation_min = -128;
  params.output_activation_max = 127;
  params.output_multiplier = p.output_multiplier;
  params.output_shift = p.output_shift;
  const int32_t in[4] = {1, p.input_height, p.input_width, p.input_depth};
  const int32_t f[4] = {p.output_depth, p.filter_height, p.filter_width, p.input_depth};
  const int32_t out[4] = {1, p.output_height, p.output_width, p.output_depth};
  for (auto _ : state) {
    conv_2d::ConvInt8(params, RuntimeShape(4, in), p.input, RuntimeShape(4, f), p.filter, p.bias,
                      RuntimeShape(4, out), o.output.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.macs);
}

template <bool (*kApplies)(const conv_2d::ConvInt8Problem&)>
void Variant(benchmark::State& state, void (*fn)(const conv_2d::ConvInt8Problem&, void*), uint32_t features) {
  if (!variant_bench::CanRun(state, fn, features)) return;
  Operands o = Make(kLayers[state.range(0)]);
  if (!kApplies(o.problem)) {
    state.SkipWithError("variant does not apply to this shape");
    return;
  }
  for (auto _ : state) {
    fn(o.problem, nullptr);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.macs);
}

constexpr uint32_t kVnni = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

void Avx2Pointwise(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2Pointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Pointwise), isa::kAvx2);
}
void Avx2Im2col(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2Im2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col), isa::kAvx2);
}
void VnniPointwise(benchmark::State& state) {
  Variant<conv_2d::AppliesVnniPointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniPointwise), kVnni);
}
void VnniIm2col(benchmark::State& state) {
  Variant<conv_2d::AppliesVnniIm2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniIm2col), kVnni);
}

BENCHMARK(Reference)->Name("Conv2DInt8/reference")->DenseRange(0, 7);
BENCHMARK(Avx2Pointwise)->Name("Conv2DInt8/avx2-1x1")->DenseRange(0, 3);
BENCHMARK(Avx2Im2col)->Name("Conv2DInt8/avx2-im2col")->DenseRange(0, 7);
BENCHMARK(VnniPointwise)->Name("Conv2DInt8/avx512vnni-1x1")->DenseRange(0, 3);
BENCHMARK(VnniIm2col)->Name("Conv2DInt8/avx512vnni-im2col")->DenseRange(0, 7);

}  // namespace
}  // namespace mote
