// ADD int8 variants on the benchmark models' shapes (Google Benchmark; bench/CMakeLists.txt). Reports output
// elements/s; compare `reference` with `avx2` on the same Arg. The Cortex-M DSP/Helium variants are counted on
// the boards by bench/cortex_m/ (docs/cortex-m-optimized.md).
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/add/add_reference.h"
#include "kernels/add/add_variants.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/broadcast.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Shapes {
  int32_t input1[4];
  int32_t input2[4];
};

// pretrainedResnet_quant's skip adds (32x32x16, 16x16x32, 8x8x64), simple_add_model (128x128x1), then two
// broadcasting adds none of the benchmark models has but unfolded per-channel biases and scalar offsets do:
// [1, 16, 16, 32] + [1, 1, 1, 32] and [1, 32, 32, 16] + [1, 1, 1, 1]. The last two are reference-only (the AVX2
// variant needs same-shape inputs; its row reports that it does not apply).
constexpr Shapes kShapes[] = {
    {{1, 32, 32, 16}, {1, 32, 32, 16}},   {{1, 16, 16, 32}, {1, 16, 16, 32}}, {{1, 8, 8, 64}, {1, 8, 8, 64}},
    {{1, 128, 128, 1}, {1, 128, 128, 1}}, {{1, 16, 16, 32}, {1, 1, 1, 32}},   {{1, 32, 32, 16}, {1, 1, 1, 1}},
};
constexpr int kLastShape = static_cast<int>(sizeof(kShapes) / sizeof(kShapes[0])) - 1;

struct Operands {
  std::vector<int8_t> input1, input2, output;
  BroadcastPlanBuffer plan{};
  QuantizedAddSubParams quant{};
  add::AddInt8Problem problem{};
  int64_t elements = 0;
};

int64_t Elements(const int32_t (&dims)[4]) { return int64_t{dims[0]} * dims[1] * dims[2] * dims[3]; }

// Operands as prepare makes them for pretrainedResnet_quant's first skip add (scales and zero points), with the
// full int8 range as the activation range.
Operands Make(const Shapes& s) {
  Operands o;
  o.input1 = variant_bench::RandomInt8(static_cast<size_t>(Elements(s.input1)), 1);
  o.input2 = variant_bench::RandomInt8(static_cast<size_t>(Elements(s.input2)), 2);
  o.elements = Elements(s.input1);
  o.output.resize(static_cast<size_t>(o.elements));
  MakeBroadcastPlan(RuntimeShape(4, s.input1), RuntimeShape(4, s.input2), &o.plan);
  QuantizedAddSubParams& q = o.quant;
  ComputeQuantizedAddSubParams(0.039394f, -128, 0.104195f, 4, 0.050946f, -128, false, &q);
  q.activation_min = -128;
  q.activation_max = 127;
  // As add.cc's MakeInt8Problem: elementwise when the plan is one contiguous loop.
  const BroadcastPlan& plan = o.plan.plan;
  const bool elementwise = plan.rank == 1 && plan.stride(0)[0] == 1 && plan.stride(1)[0] == 1;
  o.problem = {&plan,            static_cast<int>(o.elements),
               elementwise,      q.input1_offset,
               q.input2_offset,  q.output_offset,
               q.left_shift,     q.input1_multiplier,
               q.input1_shift,   q.input2_multiplier,
               q.input2_shift,   q.output_multiplier,
               q.output_shift,   q.activation_min,
               q.activation_max, o.input1.data(),
               o.input2.data(),  o.output.data()};
  return o;
}

void Reference(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)]);
  variant_bench::TimeRuns(state, o.elements, [&] {
    reference::AddQuantized(o.plan.plan, o.quant, o.input1.data(), o.input2.data(), o.output.data());
  });
}

void Avx2(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)]);
  variant_bench::TimeVariant(state, o.problem, MOTE_X86_SIMD_FN(add::AddInt8Avx2), add::AppliesAvx2, isa::kAvx2,
                             o.elements);
}

void Avx512(benchmark::State& state) {
  Operands o = Make(kShapes[state.range(0)]);
  variant_bench::TimeVariant(state, o.problem, MOTE_X86_SIMD_FN(add::AddInt8Avx512), add::AppliesAvx2,
                             isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl |
                                 isa::kAvx512Vnni,
                             o.elements);
}

BENCHMARK(Reference)->Name("AddInt8/reference")->DenseRange(0, kLastShape);
BENCHMARK(Avx2)->Name("AddInt8/avx2")->DenseRange(0, kLastShape);
BENCHMARK(Avx512)->Name("AddInt8/avx512vnni")->DenseRange(0, kLastShape);

}  // namespace
}  // namespace mote
