// BENCHMARK-ONLY helpers for the kernel-variant benchmarks (*_bench.cc, Google Benchmark, bench/): random
// operands, the rule for variants the CPU cannot run (the benchmark reports an error instead of a time), and the
// convolution-like layer benchmarks (CONV_2D, DEPTHWISE_CONV_2D: reference and variants, MAC/s).
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
  for (auto _ : state) {
    conv_test::RunReference(o.problem, o.output.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * o.macs);
}

// Times variant fn on o (skipped, saying why, when it is not compiled in, the CPU lacks `features` or it does
// not apply to the layer).
template <class Problem>
void BenchVariant(benchmark::State& state, ConvOperands<Problem>& o, void (*fn)(const Problem&, void*),
                  bool (*applies)(const Problem&), uint32_t features) {
  if (!CanRun(state, fn, features)) return;
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

}  // namespace variant_bench
}  // namespace mote

#endif  // MOTE_SUPPORT_VARIANT_BENCH_UTIL_H_
