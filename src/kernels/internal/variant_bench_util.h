// BENCHMARK-ONLY helpers for the kernel-variant benchmarks (*_bench.cc, Google Benchmark, bench/): random
// operands and the rule for variants the CPU cannot run (the benchmark reports an error instead of a time).
#ifndef MOTE_KERNELS_INTERNAL_VARIANT_BENCH_UTIL_H_
#define MOTE_KERNELS_INTERNAL_VARIANT_BENCH_UTIL_H_

#include <cstdint>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "isa/cpu_features.h"

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

}  // namespace variant_bench
}  // namespace mote

#endif  // MOTE_KERNELS_INTERNAL_VARIANT_BENCH_UTIL_H_
