// Helpers for the on-target kernel-variant tests (src/kernels/<op>/<op>_arm_test.cc): every Cortex-M variant
// (DSP, Helium) against the portable reference, bit for bit, on random problems drawn from a printed,
// replayable seed -- the on-target counterpart of tests/support/variant_test_util.h, without heap or
// standard containers.
//
//   [ seed     ] Conv2DArm.PointwiseMatchesReference: 20241129 (replay: -DMOTE_TARGET_TEST_SEED=20241129)
//
// Case i of a test draws from CaseSeed(base, i); a failure names the case. Outputs and scratch buffers are
// followed by canary bytes (Guarded) so a variant writing beyond its output or beyond the scratch its record
// declares fails the test.
#ifndef MOTE_TARGETS_TESTS_VARIANTS_VARIANT_TEST_SUPPORT_H_
#define MOTE_TARGETS_TESTS_VARIANTS_VARIANT_TEST_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "board.h"
#include "isa/cpu_features.h"
#include "support/variant_test_problems.h"
#include "mote_test.h"

#ifndef MOTE_TARGET_TEST_SEED
#define MOTE_TARGET_TEST_SEED 20241129
#endif

namespace mote_variants {

inline uint64_t BaseSeed(const char* suite, const char* name) {
  const uint64_t seed = MOTE_TARGET_TEST_SEED;
  board_printf("[ seed     ] %s.%s: %lu (replay: -DMOTE_TARGET_TEST_SEED=%lu)\n", suite, name,
               static_cast<unsigned long>(seed), static_cast<unsigned long>(seed));
  return seed;
}

inline uint64_t CaseSeed(uint64_t base, int index) { return base * 1000003ull + static_cast<uint64_t>(index); }

// xorshift64* (deterministic on every core; no libc state).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {
    for (int i = 0; i < 4; ++i) Next();
  }
  uint64_t Next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Dull;
  }
  // Uniform in [lo, hi] (inclusive).
  int Int(int lo, int hi) {
    const uint64_t span = static_cast<uint64_t>(static_cast<int64_t>(hi) - lo + 1);
    return static_cast<int>(lo + static_cast<int64_t>((Next() >> 11) % span));
  }
  // True with probability percent / 100.
  bool Chance(int percent) { return Int(0, 99) < percent; }
  template <typename T, size_t N>
  T Pick(const T (&values)[N]) {
    return values[Int(0, static_cast<int>(N) - 1)];
  }
  void Int8s(int8_t* data, size_t n) {
    for (size_t i = 0; i < n; ++i) data[i] = static_cast<int8_t>(Int(-128, 127));
  }
  // Q31 multipliers as QuantizeMultiplier makes them: [2^30, 2^31), sometimes 0; a fifth with their low 26
  // bits clear, so products land on rounding ties.
  int32_t Multiplier() {
    if (Chance(3)) return 0;
    if (Chance(20)) return static_cast<int32_t>((1u << 30) | (static_cast<uint32_t>(Int(0, 15)) << 26));
    return static_cast<int32_t>((1u << 30) + static_cast<uint32_t>(Int(0, (1 << 30) - 1)));
  }

 private:
  uint64_t state_;
};

constexpr int kMaxChannels = 1024;

// Random requantization (the host tests' distribution): shifts mostly negative, some left shifts, some tiny
// multipliers (right shifts up to 31), zero points and a clamp range inside [-128, 127]. Biases mostly small,
// but some channels get the huge ones (|bias| near 2^30) that real models give dead channels.
struct RandomQuant {
  int32_t multiplier[kMaxChannels];
  int8_t shift[kMaxChannels];
  int32_t bias[kMaxChannels];
  int32_t input_offset;
  int32_t output_offset;
  int32_t act_min;
  int32_t act_max;
};

// `depth`: products summed per output (0: unknown). When given, most cases scale the accumulators so that the
// outputs land mostly inside the int8 range instead of saturating, which is where rounding differences show.
inline void MakeRandomQuant(Rng& rng, int channels, RandomQuant* q, int depth = 0) {
  int base_shift = rng.Int(-14, 0);
  if (depth > 0 && rng.Chance(85)) {
    // |accumulator| ~ sqrt(depth) * 74 * 74 (int8 values and weights); aim outputs at about +-40.
    int e = 0;
    for (uint64_t rms = static_cast<uint64_t>(5476.0 * __builtin_sqrt(static_cast<double>(depth))) * 3 / 4;
         rms > 40 && e < 30; rms >>= 1) {
      ++e;
    }
    base_shift = -e + rng.Int(-1, 1);
  }
  const bool huge_biases = rng.Chance(15);
  for (int i = 0; i < channels; ++i) {
    q->multiplier[i] = rng.Multiplier();
    int s = base_shift + rng.Int(-3, 3);
    if (rng.Chance(5)) s = rng.Int(1, 6);
    if (rng.Chance(5)) s = rng.Int(-31, -20);
    q->shift[i] = static_cast<int8_t>(s);
    q->bias[i] = rng.Int(-40000, 40000);
    if (huge_biases && rng.Chance(50)) q->bias[i] = (rng.Chance(50) ? 1 : -1) * ((1 << 30) + rng.Int(-512, 512));
  }
  q->input_offset = -rng.Int(-128, 127);
  q->output_offset = rng.Int(-128, 127);
  if (rng.Chance(50)) {
    q->act_min = -128;
    q->act_max = 127;
  } else {
    q->act_min = rng.Int(-128, 60);
    q->act_max = rng.Int(q->act_min, 127);
  }
}

// A static buffer whose used part is followed by canary bytes.
template <size_t kBytes>
class Guarded {
 public:
  static constexpr size_t kCanary = 64;
  // The first `n` bytes (filled with `fill`), followed by the canary. n must be <= kBytes.
  uint8_t* Prepare(size_t n, uint8_t fill = 0x55) {
    size_ = n;
    std::memset(data_, fill, n);
    std::memset(data_ + n, kCanaryByte, kCanary);
    return data_;
  }
  bool Intact() const {
    for (size_t i = 0; i < kCanary; ++i) {
      if (data_[size_ + i] != kCanaryByte) return false;
    }
    return true;
  }
  static constexpr size_t capacity() { return kBytes; }

 private:
  static constexpr uint8_t kCanaryByte = 0xA7;
  alignas(16) uint8_t data_[kBytes + kCanary];
  size_t size_ = 0;
};

// Index of the first differing byte, -1 when equal.
inline long FirstDifference(const int8_t* a, const int8_t* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return static_cast<long>(i);
  }
  return -1;
}

inline bool CoreHas(uint32_t features) { return (mote::isa::DetectedFeatures() & features) == features; }

// True when actual[0, n) equals expected[0, n) and nothing was written past it (the canary of `output`, the
// buffer `actual` was prepared from); otherwise says why: the first difference, with its channel (byte index
// modulo `channels`).
template <size_t kBytes>
bool SameOutput(const int8_t* expected, const int8_t* actual, size_t n, int channels, const Guarded<kBytes>& output,
                mote_test::Message* why) {
  const long diff = FirstDifference(expected, actual, n);
  if (diff >= 0) {
    *why << "first difference at output byte " << diff << " (channel " << static_cast<int>(diff % channels)
         << "): expected " << int{expected[diff]} << ", got " << int{actual[diff]};
    return false;
  }
  if (!output.Intact()) {
    *why << "wrote beyond its output";
    return false;
  }
  return true;
}

// A variant's record as the tests see it.
template <class Problem>
struct Variant {
  const char* name;
  void (*run)(const Problem&, void*);  // nullptr: not compiled into this image
  bool (*applies)(const Problem&);
  size_t (*scratch_bytes)(const Problem&);
};

template <class Problem>
size_t NoScratch(const Problem&) {
  return 0;
}

// ---- Convolution-like problems (CONV_2D, DEPTHWISE_CONV_2D): static buffers, case building and checking ----

template <size_t kMaxInput, size_t kMaxFilter, size_t kMaxOutput, size_t kMaxScratch>
class ConvBench {
 public:
  // The problem for shape s (mote::conv_test::ConvShape or DepthwiseShape) with random data; false when the
  // output is empty or the buffers are too small. Draws quantization (with biases), input, filter, then
  // whether there is a bias (80%).
  template <class Shape, class Problem>
  bool MakeCase(const Shape& s, Rng& rng, Problem* p) {
    namespace ct = mote::conv_test;
    ct::Geometry g;
    if (!ct::ComputeGeometry(s, &g)) return false;
    const int channels = ct::OutputChannels(s);
    const size_t in_size = ct::InputSize(s), filter_size = ct::FilterSize(s), out_size = ct::OutputSize(s, g);
    if (in_size > kMaxInput || filter_size > kMaxFilter || out_size > kMaxOutput || channels > kMaxChannels) {
      return false;
    }
    MakeRandomQuant(rng, channels, &quant_, ct::ProductsPerOutput(s));
    rng.Int8s(input_, in_size);
    rng.Int8s(filter_, filter_size);
    ct::FillProblem(s, g, {quant_.input_offset, quant_.output_offset, quant_.act_min, quant_.act_max,
                           quant_.multiplier, quant_.shift, input_, filter_},
                    p);
    p->bias = rng.Chance(80) ? quant_.bias : nullptr;
    return true;
  }

  // Runs `v` on problem p with exactly the scratch its record declares; true when bit-exact and nothing beyond
  // the output or the scratch was written, else says why.
  template <class Problem>
  bool Check(const Variant<Problem>& v, Problem p, mote_test::Message* why) {
    const size_t n = mote::conv_test::OutputSize(p);
    mote::conv_test::RunReference(p, expected_);
    const size_t scratch_bytes = v.scratch_bytes(p);
    if (scratch_bytes > kMaxScratch) {
      *why << "scratch of " << scratch_bytes << " bytes exceeds the test's buffer";
      return false;
    }
    void* scratch = scratch_.Prepare(scratch_bytes, 0xC3);
    p.output = reinterpret_cast<int8_t*>(output_.Prepare(n));
    v.run(p, scratch_bytes > 0 ? scratch : nullptr);
    if (!SameOutput(expected_, p.output, n, p.output_depth, output_, why)) {
      const long diff = FirstDifference(expected_, p.output, n);
      if (diff >= 0) {
        const int c = static_cast<int>(diff % p.output_depth);
        *why << "; multiplier " << p.output_multiplier[c] << " shift " << p.output_shift[c];
      }
      return false;
    }
    if (!scratch_.Intact()) {
      *why << "wrote beyond the " << scratch_bytes << " scratch bytes its record declares";
      return false;
    }
    return true;
  }

 private:
  int8_t input_[kMaxInput];
  int8_t filter_[kMaxFilter];
  int8_t expected_[kMaxOutput];
  Guarded<kMaxOutput> output_;
  Guarded<kMaxScratch> scratch_;
  RandomQuant quant_;
};

}  // namespace mote_variants

#endif  // MOTE_TARGETS_TESTS_VARIANTS_VARIANT_TEST_SUPPORT_H_
