// SOFTMAX int8 -> int8 / int16 Cortex-M variants (DSP: softmax_dsp.cc, Helium: softmax_mve.cc) against the
// reference (reference::SoftmaxInt8 / SoftmaxInt8ToInt16), bit for bit, on the target: every depth 1..70 and
// longer ones around the 4-byte / 4-lane / 16-byte steps up to the 4095 limit, 1-5 rows, constants made from
// random beta * input scale exactly as prepare makes them (from tiny, where diff_min cuts most of the row, to
// the clamped maximum), rows of random, equal, near-maximum and extreme values (short rows compute each exp,
// rows at least as long as their value range use the per-value tables); a canary after each output.
#include <cstdint>

#include "kernels/quantization/fixed_point.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/softmax/softmax_reference.h"
#include "kernels/softmax/softmax_variants.h"
#include "variant_test_support.h"

namespace {

using mote::softmax::SoftmaxInt8Problem;
using mote_variants::Rng;

struct Variant {
  const char* name;
  void (*run)(const SoftmaxInt8Problem&, void*);  // nullptr: not compiled into this image
  void (*exp)(const int32_t*, int32_t*, int);
};

#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kDsp{"dsp", mote::softmax::SoftmaxInt8Dsp, mote::softmax::ExpQ5Dsp};
#else
const Variant kDsp{"dsp", nullptr, nullptr};
#endif
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMve{"mve", mote::softmax::SoftmaxInt8Mve, mote::softmax::ExpQ5Mve};
#else
const Variant kMve{"mve", nullptr, nullptr};
#endif

constexpr int kMaxElements = 8192;
int8_t g_input[kMaxElements];
int16_t g_expected[kMaxElements];
mote_variants::Guarded<2 * kMaxElements> g_output;

// Constants as softmax.cc's prepare makes them from beta * input scale (false: prepare would refuse them).
bool PreparedParams(double beta_times_scale, SoftmaxInt8Problem* p) {
  int left_shift = 0;
  int32_t multiplier = 0;
  mote::PreprocessSoftmaxScaling(beta_times_scale, 1.0, 5, &multiplier, &left_shift);
  if (left_shift < 0 || multiplier <= 0) return false;
  p->input_multiplier = multiplier;
  p->input_left_shift = left_shift;
  p->diff_min = -mote::CalculateInputRadius(5, left_shift);
  return true;
}

double RandomBetaTimesScale(Rng& rng) {
  switch (rng.Int(0, 5)) {
    case 0:
      return rng.Int(1, 1000) * 1e-9;  // tiny: left shift near 31, diff_min near 0
    case 1:
      return rng.Int(1, 1000) * 1e-4;  // small
    case 2:
      return 1.0 / (1 << rng.Int(0, 8));  // exact powers of two (ties in the rescaling)
    case 3:
      return rng.Int(1, 100000) * 1e-5;  // typical input scales with beta 1
    case 4:
      return rng.Int(1, 1000) * 0.01;  // large: most entries cut by diff_min
    default:
      return rng.Chance(50) ? 1e6 : 1e12;  // clamped multiplier (2^31 - 1)
  }
}

void FillRow(Rng& rng, int8_t* row, int n) {
  switch (rng.Int(0, 5)) {
    case 0: {  // all equal: the largest possible sum
      const int8_t v = static_cast<int8_t>(rng.Int(-128, 127));
      for (int k = 0; k < n; ++k) row[k] = v;
      break;
    }
    case 1: {  // near the maximum
      const int top = rng.Int(-100, 127);
      for (int k = 0; k < n; ++k) row[k] = static_cast<int8_t>(top - rng.Int(0, 3));
      break;
    }
    case 2:  // extremes only
      for (int k = 0; k < n; ++k) row[k] = static_cast<int8_t>(rng.Chance(50) ? -128 : 127);
      break;
    default:
      rng.Int8s(row, static_cast<size_t>(n));
      break;
  }
}

void RunRandom(const Variant& v, const char* name, bool int16_output) {
  if (v.run == nullptr) GTEST_SKIP() << "softmax/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("SoftmaxArm", name);
  const int depths[] = {71, 72, 79, 80, 81, 127, 128, 129, 255, 256, 257, 1000, 1024, 2047, 4093, 4094, 4095};
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int depth = i < 70 ? i + 1 : rng.Pick(depths);
    int rows = rng.Int(1, 5);
    while (rows > 1 && rows * depth > kMaxElements) --rows;
    SoftmaxInt8Problem p{};
    if (!PreparedParams(RandomBetaTimesScale(rng), &p)) continue;
    p.outer_size = rows;
    p.depth = depth;
    p.int16_output = int16_output;
    for (int r = 0; r < rows; ++r) FillRow(rng, g_input + r * depth, depth);
    const int n = rows * depth;
    mote::reference::SoftmaxParams params{};
    params.input_multiplier = p.input_multiplier;
    params.input_left_shift = p.input_left_shift;
    params.diff_min = p.diff_min;
    p.input = g_input;
    const size_t bytes = static_cast<size_t>(n) * (int16_output ? 2 : 1);
    uint8_t* out = g_output.Prepare(bytes);
    p.output = out;
    ASSERT_TRUE(mote::softmax::AppliesArm(p)) << "case " << i;
    v.run(p, nullptr);
    long diff = -1;
    int expected = 0, got = 0;
    if (int16_output) {
      mote::reference::SoftmaxInt8ToInt16(params, rows, depth, g_input, g_expected);
      const int16_t* o = reinterpret_cast<const int16_t*>(out);
      for (int k = 0; k < n && diff < 0; ++k) {
        if (o[k] != g_expected[k]) diff = k, expected = g_expected[k], got = o[k];
      }
    } else {
      int8_t* expected8 = reinterpret_cast<int8_t*>(g_expected);
      mote::reference::SoftmaxInt8(params, rows, depth, g_input, expected8);
      const int8_t* o = reinterpret_cast<const int8_t*>(out);
      diff = mote_variants::FirstDifference(expected8, o, static_cast<size_t>(n));
      if (diff >= 0) expected = expected8[diff], got = o[diff];
    }
    ASSERT_EQ(diff, -1) << "case " << i << " (" << rows << " x " << depth << ", multiplier " << p.input_multiplier
                        << ", left shift " << p.input_left_shift << ", diff_min " << p.diff_min << "): expected "
                        << expected << ", got " << got << " (input " << int{g_input[diff < 0 ? 0 : diff]} << ")";
    ASSERT_TRUE(g_output.Intact()) << "case " << i << ": wrote beyond its " << bytes << " output bytes";
    ++ran;
  }
  EXPECT_GT(ran, 280);
}

TEST(SoftmaxArm, DspMatchesReference) { RunRandom(kDsp, "DspMatchesReference", false); }
TEST(SoftmaxArm, DspMatchesReferenceInt16Output) { RunRandom(kDsp, "DspMatchesReferenceInt16Output", true); }
TEST(SoftmaxArm, MveMatchesReference) { RunRandom(kMve, "MveMatchesReference", false); }
TEST(SoftmaxArm, MveMatchesReferenceInt16Output) { RunRandom(kMve, "MveMatchesReferenceInt16Output", true); }

// Runs `v` on p (p.outer_size rows of p.depth in g_input) for int8 and then int16 output against the reference,
// with the output canary; false at the first mismatch, saying where: the sweep step and the input value (or,
// with by_element, the output element).
bool BothOutputsMatch(const Variant& v, SoftmaxInt8Problem p, int step, bool by_element, mote_test::Message* why) {
  mote::reference::SoftmaxParams params{};
  params.input_multiplier = p.input_multiplier;
  params.input_left_shift = p.input_left_shift;
  params.diff_min = p.diff_min;
  const int n = p.outer_size * p.depth;
  for (int int16_output = 0; int16_output < 2; ++int16_output) {
    p.int16_output = int16_output != 0;
    uint8_t* out = g_output.Prepare(static_cast<size_t>(n) * (int16_output ? 2 : 1));
    p.output = out;
    v.run(p, nullptr);
    long diff = -1;
    if (int16_output) {
      mote::reference::SoftmaxInt8ToInt16(params, p.outer_size, p.depth, g_input, g_expected);
      const int16_t* o = reinterpret_cast<const int16_t*>(out);
      for (int k = 0; k < n && diff < 0; ++k) {
        if (o[k] != g_expected[k]) diff = k;
      }
    } else {
      int8_t* expected8 = reinterpret_cast<int8_t*>(g_expected);
      mote::reference::SoftmaxInt8(params, p.outer_size, p.depth, g_input, expected8);
      diff = mote_variants::FirstDifference(expected8, reinterpret_cast<const int8_t*>(out), static_cast<size_t>(n));
    }
    if (diff >= 0) {
      *why << v.name << (int16_output ? " int16" : " int8") << ", step " << step;
      if (by_element) {
        *why << ", element " << diff;
      } else {
        *why << ", input " << int{g_input[diff]};
      }
      return false;
    }
    if (!g_output.Intact()) {
      *why << v.name << " wrote beyond its output";
      return false;
    }
  }
  return true;
}

// Every row difference a model can produce (0 down to -255) through each variant's exp, with the multipliers
// and shifts prepare makes for a sweep of beta * input scale: two-entry rows [x, 127] put x - 127 through the
// exp and the output multiply one value at a time (short rows), and single rows holding every int8 value once
// (plus a few repeats) through the per-value tables.
TEST(SoftmaxArm, EveryDifferenceMatchesReferenceInOneRow) {
  const Variant* variants[] = {&kDsp, &kMve};
  int checked = 0;
  for (const Variant* v : variants) {
    if (v->run == nullptr) continue;
    double beta_times_scale = 1e-6;
    for (int s = 0; s < 40; ++s, beta_times_scale *= 1.7) {
      SoftmaxInt8Problem p{};
      if (!PreparedParams(beta_times_scale, &p)) continue;
      const int depth = 256 + s;  // every value, then s repeats of values spread over the range
      for (int k = 0; k < depth; ++k) g_input[k] = static_cast<int8_t>(k < 256 ? (k * 77) & 255 : (k * 37) & 255);
      p.outer_size = 1;
      p.depth = depth;
      p.input = g_input;
      mote_test::Message why;
      ASSERT_TRUE(BothOutputsMatch(*v, p, s, false, &why)) << why;
      checked += 2;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no softmax variant is compiled into this image";
}

TEST(SoftmaxArm, EveryDifferenceMatchesReference) {
  const Variant* variants[] = {&kDsp, &kMve};
  int checked = 0;
  for (const Variant* v : variants) {
    if (v->run == nullptr) continue;
    double beta_times_scale = 1e-6;
    for (int s = 0; s < 40; ++s, beta_times_scale *= 1.7) {
      SoftmaxInt8Problem p{};
      if (!PreparedParams(beta_times_scale, &p)) continue;
      for (int x = -128; x <= 127; ++x) {
        g_input[2 * (x + 128)] = static_cast<int8_t>(x);
        g_input[2 * (x + 128) + 1] = 127;
      }
      p.outer_size = 256;
      p.depth = 2;
      p.input = g_input;
      mote_test::Message why;
      ASSERT_TRUE(BothOutputsMatch(*v, p, s, true, &why)) << why;
      checked += 2;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no softmax variant is compiled into this image";
}

// The exp alone against fixed_point::ExpOnNegativeValues: the int8/int16 outputs hide most one-ulp exp errors,
// this does not. Edges (0, -1, every multiple of 1/4 and its neighbours, INT32_MIN) and 60000 random values
// spread over every magnitude, in lengths that end on every 4-lane tail.
int32_t g_exp_in[1024], g_exp_out[1024 + 16];

void RunExp(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "softmax/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("SoftmaxArm", name);
  int n = 0;
  g_exp_in[n++] = 0;
  g_exp_in[n++] = -1;
  g_exp_in[n++] = INT32_MIN;
  g_exp_in[n++] = INT32_MIN + 1;
  for (int64_t q = -(int64_t{1} << 24); q >= -(int64_t{1} << 31); q -= int64_t{1} << 24) {
    g_exp_in[n++] = static_cast<int32_t>(q);
    if (q > INT32_MIN) g_exp_in[n++] = static_cast<int32_t>(q - 1);
    g_exp_in[n++] = static_cast<int32_t>(q + 1);
  }
  for (int round = 0; round < 60; ++round) {
    Rng rng(mote_variants::CaseSeed(seed, round));
    if (round > 0) {
      n = rng.Int(1, 1024);
      for (int k = 0; k < n; ++k) {
        const int bits = rng.Int(0, 31);
        const uint32_t magnitude = static_cast<uint32_t>(rng.Next() >> 33) >> (31 - bits);  // < 2^bits
        g_exp_in[k] = static_cast<int32_t>(0u - magnitude);
      }
    }
    for (int k = 0; k < n + 16; ++k) g_exp_out[k] = 0x5A5A5A5A;
    v.exp(g_exp_in, g_exp_out, n);
    for (int k = 0; k < n; ++k) {
      const int32_t expected =
          mote::fixed_point::ExpOnNegativeValues(mote::fixed_point::Fixed<5>::FromRaw(g_exp_in[k])).raw;
      ASSERT_EQ(g_exp_out[k], expected) << "round " << round << ": exp of " << g_exp_in[k];
    }
    for (int k = n; k < n + 16; ++k) ASSERT_EQ(g_exp_out[k], 0x5A5A5A5A) << "wrote beyond " << n << " values";
  }
}

TEST(SoftmaxArm, DspExpMatchesReference) { RunExp(kDsp, "DspExpMatchesReference"); }
TEST(SoftmaxArm, MveExpMatchesReference) { RunExp(kMve, "MveExpMatchesReference"); }

TEST(SoftmaxArm, AppliesOnlyWhereTheSumCannotOverflow) {
  SoftmaxInt8Problem p{};
  ASSERT_TRUE(PreparedParams(0.05, &p));
  p.outer_size = 1;
  p.depth = 4095;
  EXPECT_TRUE(mote::softmax::AppliesArm(p));
  p.depth = 4096;
  EXPECT_FALSE(mote::softmax::AppliesArm(p));
  p.depth = 10;
  p.input_multiplier = (1 << 30) - 1;
  EXPECT_FALSE(mote::softmax::AppliesArm(p));
  p.input_multiplier = 1 << 30;
  p.input_left_shift = -1;
  EXPECT_FALSE(mote::softmax::AppliesArm(p));
}

}  // namespace
