// AVERAGE_POOL_2D and MAX_POOL_2D int8 on the benchmark models' layer shapes (Google Benchmark; bench/). Reports
// window taps/s (output elements x filter area, before clipping): the references and the x86 AVX2 variants
// (pooling_avx2.cc). The Cortex-M DSP/Helium ones (pooling_dsp.cc, pooling_mve.cc) are counted on the boards by
// bench/cortex_m/ (docs/cortex-m-optimized.md).
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/dispatch/variant.h"
#include "kernels/pooling/pooling_reference.h"
#include "kernels/pooling/pooling_variants.h"
#include "mote/runtime_shape.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, depth, filter_height, filter_width, stride;
};

// The benchmark models' pools, each timed as both ops: the global average pools (VALID, one output, so the
// stride does not matter) of vww_96 / person_detect (3x3x256), kws_ref_model (25x5x64) and
// pretrainedResnet_quant (8x8x64); the demo digit classifier's 2x2 / stride 2 MAX_POOL_2D (8x8x8) and
// AVERAGE_POOL_2D (4x4x16).
constexpr Layer kLayers[] = {
    {3, 3, 256, 3, 3, 1}, {25, 5, 64, 25, 5, 1}, {8, 8, 64, 8, 8, 1}, {8, 8, 8, 2, 2, 2}, {4, 4, 16, 2, 2, 2}};
constexpr int kLastLayer = static_cast<int>(sizeof(kLayers) / sizeof(kLayers[0])) - 1;

struct Operands {
  std::vector<int8_t> input, output;
  reference::PoolParams params{};
  RuntimeShape input_shape, output_shape;
  int64_t taps = 0;
};

// VALID padding (the output as prepare computes it), no fused activation.
Operands Make(const Layer& l) {
  Operands o;
  const int out_height = (l.height - l.filter_height) / l.stride + 1;
  const int out_width = (l.width - l.filter_width) / l.stride + 1;
  o.params = {l.stride, l.stride, l.filter_height, l.filter_width, 0, 0, -128, 127, 0.f, 0.f};
  const int32_t in_dims[4] = {1, l.height, l.width, l.depth};
  const int32_t out_dims[4] = {1, out_height, out_width, l.depth};
  o.input_shape = RuntimeShape(4, in_dims);
  o.output_shape = RuntimeShape(4, out_dims);
  o.input = variant_bench::RandomInt8(static_cast<size_t>(l.height) * l.width * l.depth, 1);
  o.output.resize(static_cast<size_t>(out_height) * out_width * l.depth);
  o.taps = static_cast<int64_t>(o.output.size()) * l.filter_height * l.filter_width;
  return o;
}

using PoolFn = void (*)(const reference::PoolParams&, const RuntimeShape&, const int8_t*, const RuntimeShape&, int8_t*);

void Reference(benchmark::State& state, PoolFn pool) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeRuns(state, o.taps,
                          [&] { pool(o.params, o.input_shape, o.input.data(), o.output_shape, o.output.data()); });
}

void AverageReference(benchmark::State& state) { Reference(state, reference::AveragePoolQuantized<int8_t>); }
void MaxReference(benchmark::State& state) { Reference(state, reference::MaxPoolQuantized<int8_t>); }

// The same layer as the variants' plain problem.
pooling::PoolInt8Problem ProblemOf(Operands& o) {
  return {1, o.input_shape.Dims(1), o.input_shape.Dims(2), o.input_shape.Dims(3), o.output_shape.Dims(1),
          o.output_shape.Dims(2), o.params.stride_height, o.params.stride_width, o.params.filter_height,
          o.params.filter_width, 0, 0, -128, 127, o.input.data(), o.output.data()};
}

void AverageAvx2(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeVariant(state, ProblemOf(o), MOTE_X86_SIMD_FN(pooling::AveragePoolInt8Avx2),
                             pooling::AppliesAverageAvx2, isa::kAvx2, o.taps);
}
void MaxAvx2(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::TimeVariant(state, ProblemOf(o), MOTE_X86_SIMD_FN(pooling::MaxPoolInt8Avx2),
                             static_cast<bool (*)(const pooling::PoolInt8Problem&)>(nullptr), isa::kAvx2, o.taps);
}

BENCHMARK(AverageReference)->Name("AveragePool2DInt8/reference")->DenseRange(0, kLastLayer);
BENCHMARK(AverageAvx2)->Name("AveragePool2DInt8/avx2")->DenseRange(0, kLastLayer);
BENCHMARK(MaxReference)->Name("MaxPool2DInt8/reference")->DenseRange(0, kLastLayer);
BENCHMARK(MaxAvx2)->Name("MaxPool2DInt8/avx2")->DenseRange(0, kLastLayer);

}  // namespace
}  // namespace mote
