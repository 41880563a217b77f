// SOFTMAX int8 -> int8 and int8 -> int16 on the benchmark models' shapes (Google Benchmark; bench/). Reports
// elements/s. Only the references run on a host today: the optimized variants are Cortex-M DSP/Helium ones
// (softmax_dsp.cc, softmax_mve.cc, both output types), counted on the boards by bench/cortex_m/
// (docs/cortex-m-optimized.md). A host variant adds one BENCHMARK over TimeVariant, as in add_bench.cc.
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/softmax/softmax_reference.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Rows {
  int outer_size, depth;
  float input_scale;  // beta is 1 in every model here
};

// The benchmark models' classifier heads: vww_96_int8 (2 classes), pretrainedResnet_quant (10), kws_ref_model
// (12), with their input scales; then a 1000-class head (ImageNet-sized, none of the models) for the per-element
// cost.
constexpr Rows kRows[] = {{1, 2, 0.014636f}, {1, 10, 0.171854f}, {1, 12, 0.144693f}, {1, 1000, 0.1f}};
constexpr int kLastRows = static_cast<int>(sizeof(kRows) / sizeof(kRows[0])) - 1;

struct Operands {
  std::vector<int8_t> input, output8;
  std::vector<int16_t> output16;
  reference::SoftmaxParams params{};
  int64_t elements = 0;
};

// Scaled as softmax.cc's prepare does for INT8 input (beta 1).
Operands Make(const Rows& r) {
  constexpr int kScaledDiffIntegerBits = 5;
  Operands o;
  o.elements = int64_t{r.outer_size} * r.depth;
  o.input = variant_bench::RandomInt8(static_cast<size_t>(o.elements), 1);
  o.output8.resize(static_cast<size_t>(o.elements));
  o.output16.resize(static_cast<size_t>(o.elements));
  PreprocessSoftmaxScaling(1.0, r.input_scale, kScaledDiffIntegerBits, &o.params.input_multiplier,
                           &o.params.input_left_shift);
  o.params.diff_min = -CalculateInputRadius(kScaledDiffIntegerBits, o.params.input_left_shift);
  return o;
}

void Int8Reference(benchmark::State& state) {
  const Rows& r = kRows[state.range(0)];
  Operands o = Make(r);
  variant_bench::TimeRuns(state, o.elements, [&] {
    reference::SoftmaxInt8(o.params, r.outer_size, r.depth, o.input.data(), o.output8.data());
  });
}

void Int8ToInt16Reference(benchmark::State& state) {
  const Rows& r = kRows[state.range(0)];
  Operands o = Make(r);
  variant_bench::TimeRuns(state, o.elements, [&] {
    reference::SoftmaxInt8ToInt16(o.params, r.outer_size, r.depth, o.input.data(), o.output16.data());
  });
}

BENCHMARK(Int8Reference)->Name("SoftmaxInt8/reference")->DenseRange(0, kLastRows);
BENCHMARK(Int8ToInt16Reference)->Name("SoftmaxInt8Int16/reference")->DenseRange(0, kLastRows);

}  // namespace
}  // namespace mote
