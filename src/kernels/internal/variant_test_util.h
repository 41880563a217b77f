// TEST-ONLY helpers for kernel-variant tests (*_avx2_test.cc): replayable random data and the skip rule.
//
// Every randomized test draws its cases from one base seed, printed at the start of the test:
//   [ seed     ] Conv2DAvx2.PointwiseMatchesReference: 20241129 (replay: MOTE_TEST_SEED=20241129)
// MOTE_TEST_SEED overrides the default (fixed, so CI is deterministic). Case i uses CaseSeed(base, i), and a
// failure message names the case, so one case can be replayed under a debugger.
#ifndef MOTE_KERNELS_INTERNAL_VARIANT_TEST_UTIL_H_
#define MOTE_KERNELS_INTERNAL_VARIANT_TEST_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"

namespace mote {
namespace variant_test {

constexpr uint64_t kDefaultSeed = 20241129;

inline uint64_t BaseSeed() {
  const char* text = std::getenv("MOTE_TEST_SEED");
  uint64_t seed = kDefaultSeed;
  if (text != nullptr && *text != '\0') seed = std::strtoull(text, nullptr, 0);
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::printf("[ seed     ] %s.%s: %llu (replay: MOTE_TEST_SEED=%llu)\n", info ? info->test_suite_name() : "?",
              info ? info->name() : "?", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed));
  return seed;
}

inline uint64_t CaseSeed(uint64_t base, int index) { return base * 1000003ull + static_cast<uint64_t>(index); }

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }  // inclusive
  bool Chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(engine_) < p; }
  template <class T>
  const T& Pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(Int(0, static_cast<int>(v.size()) - 1))];
  }
  std::vector<int8_t> Int8s(size_t n) {
    std::vector<int8_t> v(n);
    for (auto& x : v) x = static_cast<int8_t>(Int(-128, 127));
    return v;
  }
  std::vector<int32_t> Int32s(size_t n, int lo, int hi) {
    std::vector<int32_t> v(n);
    for (auto& x : v) x = Int(lo, hi);
    return v;
  }
  // Q31 multipliers as QuantizeMultiplier makes them: [2^30, 2^31), occasionally 0 (a zero filter scale).
  // A fifth have their low 26 bits clear (0.5, 0.75, ...), so products land exactly on rounding ties.
  int32_t Multiplier() {
    if (Chance(0.03)) return 0;
    if (Chance(0.2)) return static_cast<int32_t>((1u << 30) | (static_cast<uint32_t>(Int(0, 15)) << 26));
    return static_cast<int32_t>((1u << 30) + static_cast<uint32_t>(Int(0, (1 << 30) - 1)));
  }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

// Random requantization: multipliers/shifts per channel (shift mostly negative, as real models have, with
// some left shifts and very large right shifts), zero points and a clamp range inside [-128, 127].
struct RandomQuant {
  std::vector<int32_t> multiplier;
  std::vector<int8_t> shift;
  int32_t input_offset;
  int32_t output_offset;
  int32_t act_min;
  int32_t act_max;
};
inline RandomQuant MakeRandomQuant(Rng& rng, int channels, bool per_channel = true) {
  RandomQuant q;
  const int n = per_channel ? channels : 1;
  const int base_shift = rng.Int(-14, 0);
  for (int i = 0; i < n; ++i) {
    q.multiplier.push_back(rng.Multiplier());
    int s = base_shift + rng.Int(-3, 3);
    if (rng.Chance(0.05)) s = rng.Int(1, 6);     // left shifts (multipliers above 1)
    if (rng.Chance(0.05)) s = rng.Int(-31, -20);  // tiny multipliers
    q.shift.push_back(static_cast<int8_t>(s));
  }
  q.input_offset = -rng.Int(-128, 127);
  q.output_offset = rng.Int(-128, 127);
  if (rng.Chance(0.5)) {
    q.act_min = -128;
    q.act_max = 127;
  } else {
    q.act_min = rng.Int(-128, 60);
    q.act_max = rng.Int(q.act_min, 127);
  }
  return q;
}

inline bool CpuHas(uint32_t features) { return (isa::DetectedFeatures() & features) == features; }

// Index of the first differing byte, -1 when equal.
inline long FirstDifference(const std::vector<int8_t>& a, const std::vector<int8_t>& b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return static_cast<long>(i);
  }
  return -1;
}

}  // namespace variant_test
}  // namespace mote

// Skips the current test (saying why) unless the AVX2 variants are compiled in and the CPU has AVX2.
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
#define MOTE_SKIP_UNLESS_AVX2()                                                           \
  do {                                                                                    \
    if (!::mote::variant_test::CpuHas(::mote::isa::kAvx2)) {                              \
      GTEST_SKIP() << "this CPU lacks AVX2: the AVX2 variants cannot run here";           \
    }                                                                                     \
  } while (0)
#else
#define MOTE_SKIP_UNLESS_AVX2() GTEST_SKIP() << "the AVX2 variants are not compiled into this build"
#endif

#endif  // MOTE_KERNELS_INTERNAL_VARIANT_TEST_UTIL_H_
