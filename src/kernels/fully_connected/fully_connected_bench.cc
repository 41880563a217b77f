// FULLY_CONNECTED int8 variants on the benchmark models' layer shapes (Google Benchmark; bench/).
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/fully_connected/fully_connected_reference.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

// ad01_int8 (640 -> 128, 128 -> 128, 128 -> 8, 8 -> 128, 128 -> 640) and a classifier head.
constexpr int kShapes[][2] = {{640, 128}, {128, 128}, {128, 8}, {8, 128}, {128, 640}, {256, 2}};

struct Operands {
  std::vector<int8_t> input, filter, output;
  std::vector<int32_t> bias;
  fully_connected::FullyConnectedInt8Problem problem{};
};

Operands Make(int depth, int units) {
  Operands o;
  o.input = variant_bench::RandomInt8(static_cast<size_t>(depth), 1);
  o.filter = variant_bench::RandomInt8(static_cast<size_t>(depth) * units, 2);
  o.output.resize(static_cast<size_t>(units));
  o.bias = variant_bench::RandomInt32(static_cast<size_t>(units), -1000, 1000, 3);
  o.problem = {1, depth, units, 20, 0, -3, 1500000000, -8, nullptr, nullptr, -128, 127,
               o.input.data(), o.filter.data(), o.bias.data(), o.output.data(), nullptr};
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)][0], kShapes[state.range(0)][1]);
  const auto& p = o.problem;
  reference::FullyConnectedQuantParams q{p.input_offset, p.filter_offset, p.output_offset, p.output_multiplier,
                                         p.output_shift, nullptr, nullptr, p.activation_min, p.activation_max};
  for (auto _ : state) {
    reference::FullyConnectedInt8(q, {1, p.accum_depth, p.output_depth}, p.input, p.filter, p.bias, o.output.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * p.accum_depth * p.output_depth);
}

void Avx2(benchmark::State& state) {
  auto fn = MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Avx2);
  if (!variant_bench::CanRun(state, fn, isa::kAvx2)) return;
  Operands o = Make(kShapes[state.range(0)][0], kShapes[state.range(0)][1]);
  for (auto _ : state) {
    fn(o.problem, nullptr);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.problem.accum_depth * o.problem.output_depth);
}

// Weights prepacked once (as prepare does with prepacking on), outside the timed loop.
void Vnni(benchmark::State& state) {
  auto fn = MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Vnni);
  const uint32_t isa_bits = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                            isa::kAvx512Vnni;
  if (!variant_bench::CanRun(state, fn, isa_bits)) return;
  Operands o = Make(kShapes[state.range(0)][0], kShapes[state.range(0)][1]);
  std::vector<uint8_t> packed(MOTE_X86_SIMD_FN(fully_connected::VnniPersistentBytes)(o.problem));
  MOTE_X86_SIMD_FN(fully_connected::PrepareVnni)(o.problem, packed.data());
  o.problem.prepacked = packed.data();
  for (auto _ : state) {
    fn(o.problem, nullptr);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.problem.accum_depth * o.problem.output_depth);
}

BENCHMARK(Reference)->Name("FullyConnectedInt8/reference")->DenseRange(0, 5);
BENCHMARK(Avx2)->Name("FullyConnectedInt8/avx2")->DenseRange(0, 5);
BENCHMARK(Vnni)->Name("FullyConnectedInt8/avx512vnni")->DenseRange(0, 5);

}  // namespace
}  // namespace mote
