// BENCHMARK-ONLY helpers for the kernel-variant benchmarks (*_bench.cc, Google Benchmark, bench/): random
// operands, the rule for variants the CPU cannot run (the benchmark reports an error instead of a time), the timing
// loop every kernel benchmark shares (TimeRuns, TimeVariant: any op's plain problem struct and run function, as in
// its <op>_variants.h), and the convolution-like layer benchmarks (CONV_2D, DEPTHWISE_CONV_2D: reference and
// variants, MAC/s).
//
// An op's benchmark (src/kernels/<op>/<op>_bench.cc) times the reference and every variant on the same layer
// shapes from real models, one BENCHMARK per kernel named "<Op><Type>/<variant>" and one Arg per shape, so that
// items_per_second of two rows with the same Arg compare the kernels:
//
//   void Reference(benchmark::State& state) {
//     Operands o = Make(kShapes[state.range(0)]);
//     variant_bench::TimeRuns(state, o.elements, [&] { reference::AddQuantized(o.plan, o.quant, ...); });
//   }
//   void Avx2(benchmark::State& state) {
//     Operands o = Make(kShapes[state.range(0)]);
//     variant_bench::TimeVariant(state, o.problem, MOTE_X86_SIMD_FN(add::AddInt8Avx2), add::AppliesAvx2,
//                                isa::kAvx2, o.elements);
//   }
#ifndef MOTE_SUPPORT_VARIANT_BENCH_UTIL_H_
#define MOTE_SUPPORT_VARIANT_BENCH_UTIL_H_

#include <cstdint>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "isa/cpu_features.h"
#include "support/variant_test_problems.h"

namespace mote {
namespace variant_bench {

inline std::vector<int8_t> RandomInt8(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  return v;
}

inline std::vector<int32_t> RandomInt32(size_t n, int32_t lo, int32_t hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> d(lo, hi);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

// Typical per-channel constants: multipliers in [2^30, 2^31), shifts around -8.
inline void RandomRequant(size_t channels, std::vector<int32_t>* multiplier, std::vector<int8_t>* shift) {
  *multiplier = RandomInt32(channels, 1 << 30, 0x7FFFFFFF, 3);
  const std::vector<int32_t> shifts = RandomInt32(channels, -10, -6, 4);
  shift->assign(shifts.begin(), shifts.end());
}

// True when `fn` exists in this build and the CPU has `features`; otherwise marks the benchmark skipped.
template <typename Fn>
bool CanRun(benchmark::State& state, Fn fn, uint32_t features) {
  if (fn == nullptr) {
    state.SkipWithError("variant not compiled into this build");
    return false;
  }
  if ((isa::DetectedFeatures() & features) != features) {
    state.SkipWithError("this CPU lacks the variant's ISA");
    return false;
  }
  return true;
}

// Times run() (one kernel call on fixed operands) and reports `items` per call as items_per_second; the unit is
// the benchmark's (elements, MACs, window taps) and is the same for the reference and the variants of one op.
template <typename Run>
void TimeRuns(benchmark::State& state, int64_t items, const Run& run) {
  for (auto _ : state) {
    run();
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * items);
}

// Times variant fn on `problem` without scratch (skipped, saying why, when it is not compiled in, the CPU lacks
// `features` or applies, when not nullptr, refuses the problem).
template <class Problem>
void TimeVariant(benchmark::State& state, const Problem& problem, void (*fn)(const Problem&, void*),
                 bool (*applies)(const Problem&), uint32_t features, int64_t items) {
  if (!CanRun(state, fn, features)) return;
  if (applies != nullptr && !applies(problem)) {
    state.SkipWithError("variant does not apply to this shape");
    return;
  }
  TimeRuns(state, items, [&] { fn(problem, nullptr); });
}

// ---- Convolution-like layers ----------------------------------------------------------------------------------

template <class Problem>
struct ConvOperands {
  std::vector<int8_t> input, filter, output;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
  Problem problem{};
  int64_t macs = 0;
};

// Layer s (conv_test::ConvShape or DepthwiseShape) with fixed-seed operands: input offset 128, output offset -5,
// no clamp beyond int8, typical per-channel requantization, a bias.
template <class Problem, class Shape>
ConvOperands<Problem> MakeConvOperands(const Shape& s) {
  ConvOperands<Problem> o;
  conv_test::Geometry g;
  conv_test::ComputeGeometry(s, &g);
  const size_t channels = static_cast<size_t>(conv_test::OutputChannels(s));
  o.input = RandomInt8(conv_test::InputSize(s), 1);
  o.filter = RandomInt8(conv_test::FilterSize(s), 2);
  o.output.resize(conv_test::OutputSize(s, g));
  o.bias = RandomInt32(channels, -1000, 1000, 5);
  RandomRequant(channels, &o.multiplier, &o.shift);
  conv_test::FillProblem(
      s, g, {128, -5, -128, 127, o.multiplier.data(), o.shift.data(), o.input.data(), o.filter.data()}, &o.problem);
  o.problem.bias = o.bias.data();
  o.problem.output = o.output.data();
  o.macs = static_cast<int64_t>(o.output.size()) * conv_test::ProductsPerOutput(s);
  return o;
}

// Times the reference kernel on o.
template <class Problem>
void BenchReference(benchmark::State& state, ConvOperands<Problem>& o) {
  TimeRuns(state, o.macs, [&] { conv_test::RunReference(o.problem, o.output.data()); });
}

// Times variant fn on o (skipped, saying why, when it is not compiled in, the CPU lacks `features` or it does
// not apply to the layer).
template <class Problem>
void BenchVariant(benchmark::State& state, ConvOperands<Problem>& o, void (*fn)(const Problem&, void*),
                  bool (*applies)(const Problem&), uint32_t features) {
  TimeVariant(state, o.problem, fn, applies, features, o.macs);
}

// Times variant fn on o with its weights prepared once, as the interpreter runs it when it prepacks (the host
// default): prepare(problem, buffer) into persistent_bytes(problem) bytes outside the timing loop.
template <class Problem>
void BenchPrepackedVariant(benchmark::State& state, ConvOperands<Problem>& o, void (*fn)(const Problem&, void*),
                           bool (*applies)(const Problem&), uint32_t features,
                           size_t (*persistent_bytes)(const Problem&), void (*prepare)(const Problem&, void*)) {
  if (!CanRun(state, fn, features) || !CanRun(state, prepare, features)) return;
  if (applies != nullptr && !applies(o.problem)) {
    state.SkipWithError("variant does not apply to this shape");
    return;
  }
  std::vector<uint8_t> buffer(persistent_bytes(o.problem) + 64);
  Problem p = o.problem;
  prepare(p, buffer.data());
  p.prepacked = buffer.data();
  TimeRuns(state, o.macs, [&] { fn(p, nullptr); });
}

}  // namespace variant_bench
}  // namespace mote

#endif  // MOTE_SUPPORT_VARIANT_BENCH_UTIL_H_
