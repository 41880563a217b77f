// FULLY_CONNECTED float32: the reference against the AVX2 + FMA variant (Google Benchmark; bench/CMakeLists.txt).
// Reports MAC/s; compare rows with the same Arg.
#include <cstdint>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/dispatch/variant.h"
#include "kernels/fully_connected/fully_connected_float_variants.h"
#include "kernels/fully_connected/fully_connected_reference.h"
#include "support/float_tolerance.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

// {batches, accum_depth, units}: a 1024 -> 1001 classifier, MLP layers, a batch of 8.
constexpr int kShapes[][3] = {{1, 1024, 1001}, {1, 256, 128}, {1, 64, 10}, {8, 256, 64}};

struct Operands {
  std::vector<float> input, filter, bias, output;
  fully_connected::FullyConnectedFloatProblem problem{};
  int64_t macs = 0;
};

Operands Make(const int* s) {
  Operands o;
  std::mt19937_64 rng(1);
  o.input = float_test::RandomFloats(rng, size_t(s[0]) * s[1]);
  o.filter = float_test::RandomFloats(rng, size_t(s[2]) * s[1]);
  o.bias = float_test::RandomFloats(rng, size_t(s[2]));
  o.output.resize(size_t(s[0]) * s[2]);
  o.problem = {s[0], s[1], s[2], 0.0f, 6.0f, o.input.data(), o.filter.data(), o.bias.data(), o.output.data()};
  o.macs = int64_t(s[0]) * s[1] * s[2];
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)]);
  const fully_connected::FullyConnectedFloatProblem& p = o.problem;
  variant_bench::TimeRuns(state, o.macs, [&] {
    reference::FullyConnectedFloat({p.activation_min, p.activation_max}, {p.batches, p.accum_depth, p.output_depth},
                                   p.input, p.filter, p.bias, p.output);
  });
}

void Avx2(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)]);
  variant_bench::TimeVariant<fully_connected::FullyConnectedFloatProblem>(
      state, o.problem, MOTE_X86_SIMD_FN(fully_connected::FullyConnectedFloatAvx2), nullptr, isa::kAvx2 | isa::kFma,
      o.macs);
}

BENCHMARK(Reference)->Name("FullyConnectedFloat32/reference")->DenseRange(0, 3);
BENCHMARK(Avx2)->Name("FullyConnectedFloat32/avx2")->DenseRange(0, 3);

}  // namespace
}  // namespace mote
