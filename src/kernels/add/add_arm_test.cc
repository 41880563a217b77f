// ADD int8 Cortex-M variants (Helium: add_mve.cc, DSP: add_dsp.cc) against the reference
// (reference::AddQuantized), bit for bit, on the target: every length 1..70 and longer ones around the 4-element
// step, random scales and zero points turned into constants exactly as prepare does, raw random requantization
// constants (extreme multipliers, right shifts up to 31, zero multipliers), narrow activation ranges; a canary
// after each output; broadcasting shapes (DSP only). The DSP variant's applies() is checked against its documented
// range.
#include <cstdint>

#include "kernels/add/add_reference.h"
#include "kernels/add/add_variants.h"
#include "kernels/glue/broadcast.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "variant_test_support.h"

namespace {

using mote::add::AddInt8Problem;
using mote_variants::Rng;

struct Variant {
  const char* name;
  void (*run)(const AddInt8Problem&, void*);  // nullptr: not compiled into this image
  bool (*applies)(const AddInt8Problem&);
};

#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMve{"mve", mote::add::AddInt8Mve, mote::add::AppliesMve};
#else
const Variant kMve{"mve", nullptr, mote::add::AppliesMve};
#endif
#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kDsp{"dsp", mote::add::AddInt8Dsp, mote::add::AppliesDsp};
#else
const Variant kDsp{"dsp", nullptr, mote::add::AppliesDsp};
#endif
#if defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
const Variant kV6m{"v6m", mote::add::AddInt8V6m, mote::add::AppliesV6m};
#else
const Variant kV6m{"v6m", nullptr, mote::add::AppliesV6m};
#endif

constexpr int kMaxElements = 4096;
int8_t g_x1[kMaxElements], g_x2[kMaxElements], g_expected[kMaxElements];
mote_variants::Guarded<kMaxElements> g_output;

float RandomScale(Rng& rng) { return static_cast<float>(0.001 + rng.Int(1, 100000) * 1e-5); }

// Constants as prepare computes them from random scales and zero points (false: prepare would refuse them).
bool PreparedQuant(Rng& rng, mote::QuantizedAddSubParams* q) {
  const float s1 = RandomScale(rng), s2 = RandomScale(rng);
  const float so = (s1 > s2 ? s1 : s2) * static_cast<float>(rng.Int(60, 400)) / 100.0f;
  return mote::ComputeQuantizedAddSubParams(s1, rng.Int(-128, 127), s2, rng.Int(-128, 127), so, rng.Int(-128, 127),
                                            false, q);
}

// Raw constants anywhere in the ranges the reference is defined on (shifts <= 0, multipliers in [2^30, 2^31) or
// 0), including ones no real model has: input shifts 0..-31, output shifts 0..-31.
void RawQuant(Rng& rng, mote::QuantizedAddSubParams* q) {
  q->input1_offset = -rng.Int(-128, 127);
  q->input2_offset = -rng.Int(-128, 127);
  q->output_offset = rng.Int(-128, 127);
  q->left_shift = 20;
  q->input1_multiplier = rng.Multiplier();
  q->input2_multiplier = rng.Multiplier();
  q->output_multiplier = rng.Multiplier();
  static const int kEdgeShifts[] = {0, -1, -30, -31};
  q->input1_shift = rng.Chance(20) ? rng.Pick(kEdgeShifts) : -rng.Int(0, 31);
  q->input2_shift = rng.Chance(20) ? rng.Pick(kEdgeShifts) : -rng.Int(0, 31);
  // Mostly where outputs land inside int8 (|raw| ~ 2^27 -> shifts around -20), sometimes anywhere.
  q->output_shift = rng.Chance(70) ? -rng.Int(17, 24) : -rng.Int(0, 31);
}

// The range add_dsp.cc documents for its output stage (the test's own statement of it).
bool DspShouldApply(const AddInt8Problem& p) {
  if (p.output_multiplier < (1 << 30) || p.output_shift > -1 || p.output_shift < -31) return false;
  const int e = -p.output_shift;
  const int64_t c = (int64_t{1} << (e - 1)) + int64_t{p.output_offset} * (int64_t{1} << e);
  return (c < 0 ? -c : c) < (int64_t{1} << 31) - (int64_t{1} << 29) - 1;
}

void RunRandom(const Variant& v, const char* name, bool raw_constants) {
  if (v.run == nullptr) GTEST_SKIP() << "add/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("AddArm", name);
  const int lengths[] = {71, 72, 73, 79, 80, 81, 100, 127, 128, 129, 255, 256, 257, 1000, 1023, 4093, 4096};
  int ran = 0, refused = 0;
  for (int i = 0; i < 400; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int n = i < 70 ? i + 1 : rng.Pick(lengths);
    mote::QuantizedAddSubParams q{};
    if (raw_constants) {
      RawQuant(rng, &q);
    } else if (!PreparedQuant(rng, &q)) {
      continue;
    }
    q.activation_min = rng.Chance(50) ? -128 : rng.Int(-128, 0);
    q.activation_max = rng.Chance(50) ? 127 : rng.Int(q.activation_min, 127);
    rng.Int8s(g_x1, n);
    rng.Int8s(g_x2, n);
    if (rng.Chance(10)) {  // the extremes of both inputs
      for (int k = 0; k < n; ++k) {
        g_x1[k] = static_cast<int8_t>(rng.Chance(50) ? -128 : 127);
        g_x2[k] = static_cast<int8_t>(rng.Chance(50) ? -128 : 127);
      }
    }
    const int32_t dims[1] = {n};
    mote::BroadcastPlanBuffer buffer;
    const mote::BroadcastPlan& plan =
        *mote::MakeBroadcastPlan(mote::RuntimeShape(1, dims), mote::RuntimeShape(1, dims), &buffer);
    mote::reference::AddQuantized(plan, q, g_x1, g_x2, g_expected);
    int8_t* out = reinterpret_cast<int8_t*>(g_output.Prepare(n));
    const AddInt8Problem p{&plan, n, true, q.input1_offset, q.input2_offset, q.output_offset,
                           q.left_shift, q.input1_multiplier, q.input1_shift, q.input2_multiplier,
                           q.input2_shift, q.output_multiplier, q.output_shift, q.activation_min,
                           q.activation_max, g_x1, g_x2, out};
    if (!v.applies(p)) {
      // Only the DSP variant refuses same-shape problems, and only outside its documented range.
      ASSERT_TRUE(v.applies == mote::add::AppliesDsp && !DspShouldApply(p))
          << "case " << i << ": " << v.name << " refused output multiplier " << q.output_multiplier << " shift "
          << q.output_shift << " zero point " << q.output_offset;
      ++refused;
      continue;
    }
    if (v.applies == mote::add::AppliesDsp) ASSERT_TRUE(DspShouldApply(p)) << "case " << i;
    v.run(p, nullptr);
    const long diff = mote_variants::FirstDifference(g_expected, out, n);
    ASSERT_EQ(diff, -1) << "case " << i << " (" << n << " elements): expected " << int{g_expected[diff < 0 ? 0 : diff]}
                        << ", got " << int{out[diff < 0 ? 0 : diff]} << " at " << diff << " (x1 "
                        << int{g_x1[diff < 0 ? 0 : diff]} << ", x2 " << int{g_x2[diff < 0 ? 0 : diff]} << ")";
    ASSERT_TRUE(g_output.Intact()) << "case " << i << ": wrote beyond its " << n << " output bytes";
    ++ran;
  }
  board_printf("[ info     ] %s: %d cases run, %d refused by applies()\n", name, ran, refused);
  EXPECT_GT(ran, raw_constants ? 250 : 330);
}

TEST(AddArm, MveMatchesReference) { RunRandom(kMve, "MveMatchesReference", false); }
TEST(AddArm, MveMatchesReferenceOnRawConstants) { RunRandom(kMve, "MveMatchesReferenceOnRawConstants", true); }
TEST(AddArm, DspMatchesReference) { RunRandom(kDsp, "DspMatchesReference", false); }
TEST(AddArm, DspMatchesReferenceOnRawConstants) { RunRandom(kDsp, "DspMatchesReferenceOnRawConstants", true); }

// Broadcasting shapes (rank 1-5, each input's dimensions the output's or 1, sometimes fewer leading dimensions):
// the DSP variant walks the plan like the reference; the Helium one must refuse them.
void RunBroadcast(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "add/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("AddArm", name);
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int rank = rng.Int(1, 5);
    int32_t out_dims[5], dims1[5], dims2[5];
    int64_t n = 1, n1 = 1, n2 = 1;
    for (int d = 0; d < rank; ++d) {
      out_dims[d] = rng.Chance(20) ? 1 : rng.Int(1, d == rank - 1 ? 70 : 9);
      dims1[d] = rng.Chance(40) ? 1 : out_dims[d];
      dims2[d] = dims1[d] != 1 && rng.Chance(60) ? 1 : out_dims[d];
      n *= out_dims[d];
      n1 *= dims1[d];
      n2 *= dims2[d];
    }
    if (n > kMaxElements) continue;
    // Sometimes drop input 2's leading dimensions of 1 (a lower-rank operand, e.g. [C] against [N, H, W, C]).
    int rank2 = rank, skip2 = 0;
    while (rank2 > 1 && dims2[skip2] == 1 && rng.Chance(50)) ++skip2, --rank2;
    mote::QuantizedAddSubParams q{};
    if (rng.Chance(30)) {
      RawQuant(rng, &q);
    } else if (!PreparedQuant(rng, &q)) {
      continue;
    }
    q.activation_min = rng.Chance(50) ? -128 : rng.Int(-128, 0);
    q.activation_max = rng.Chance(50) ? 127 : rng.Int(q.activation_min, 127);
    rng.Int8s(g_x1, static_cast<size_t>(n1));
    rng.Int8s(g_x2, static_cast<size_t>(n2));
    mote::BroadcastPlanBuffer buffer;
    const mote::BroadcastPlan& plan =
        *mote::MakeBroadcastPlan(mote::RuntimeShape(rank, dims1), mote::RuntimeShape(rank2, dims2 + skip2), &buffer);
    mote::reference::AddQuantized(plan, q, g_x1, g_x2, g_expected);
    int8_t* out = reinterpret_cast<int8_t*>(g_output.Prepare(static_cast<size_t>(n)));
    const bool elementwise = plan.rank == 1 && plan.stride(0)[0] == 1 && plan.stride(1)[0] == 1;
    const AddInt8Problem p{&plan, static_cast<int>(n), elementwise, q.input1_offset, q.input2_offset,
                           q.output_offset, q.left_shift, q.input1_multiplier, q.input1_shift,
                           q.input2_multiplier, q.input2_shift, q.output_multiplier, q.output_shift,
                           q.activation_min, q.activation_max, g_x1, g_x2, out};
    if (v.applies == mote::add::AppliesMve) {
      ASSERT_EQ(v.applies(p), elementwise) << "case " << i;
      if (!elementwise) continue;
    } else if (v.applies == mote::add::AppliesV6m) {
      ASSERT_TRUE(v.applies(p)) << "case " << i << ": v6m takes every shape and prepared or raw constant";
    } else {
      ASSERT_EQ(v.applies(p), DspShouldApply(p)) << "case " << i;
      if (!DspShouldApply(p)) continue;
    }
    v.run(p, nullptr);
    const long diff = mote_variants::FirstDifference(g_expected, out, static_cast<size_t>(n));
    ASSERT_EQ(diff, -1) << "case " << i << " (rank " << rank << ", " << n << " elements): expected "
                        << int{g_expected[diff < 0 ? 0 : diff]} << ", got " << int{out[diff < 0 ? 0 : diff]}
                        << " at " << diff;
    ASSERT_TRUE(g_output.Intact()) << "case " << i << ": wrote beyond its " << n << " output bytes";
    ++ran;
  }
  board_printf("[ info     ] %s: %d cases run\n", name, ran);
  EXPECT_GT(ran, v.applies == mote::add::AppliesMve ? 5 : 200);
}

TEST(AddArm, DspMatchesReferenceWhenBroadcasting) { RunBroadcast(kDsp, "DspMatchesReferenceWhenBroadcasting"); }
TEST(AddArm, V6mMatchesReference) { RunRandom(kV6m, "V6mMatchesReference", false); }
TEST(AddArm, V6mMatchesReferenceOnRawConstants) { RunRandom(kV6m, "V6mMatchesReferenceOnRawConstants", true); }
TEST(AddArm, V6mMatchesReferenceWhenBroadcasting) { RunBroadcast(kV6m, "V6mMatchesReferenceWhenBroadcasting"); }
TEST(AddArm, MveRefusesBroadcasting) { RunBroadcast(kMve, "MveRefusesBroadcasting"); }

TEST(AddArm, DspAppliesOnlyWhereItCan) {
  const int32_t dims[1] = {8};
  mote::BroadcastPlanBuffer buffer;
  const mote::BroadcastPlan& plan =
      *mote::MakeBroadcastPlan(mote::RuntimeShape(1, dims), mote::RuntimeShape(1, dims), &buffer);
  AddInt8Problem p{};
  p.plan = &plan;
  p.elements = 8;
  p.elementwise = true;
  p.left_shift = 20;
  p.output_multiplier = 1 << 30;
  p.output_shift = -19;
  p.output_offset = -128;
  EXPECT_TRUE(mote::add::AppliesDsp(p));
  p.output_shift = -23;
  EXPECT_TRUE(mote::add::AppliesDsp(p));  // |c| = 2^30 - 2^22 < 2^31 - 2^29 - 1
  p.output_shift = -24;
  EXPECT_FALSE(mote::add::AppliesDsp(p));  // 2^31 - 2^23 is not
  p.output_offset = 127;
  EXPECT_FALSE(mote::add::AppliesDsp(p));  // 2^31 - 2^23 - 2^24 is not either
  p.output_shift = -23;
  EXPECT_TRUE(mote::add::AppliesDsp(p));
  p.output_offset = 0;
  EXPECT_TRUE(mote::add::AppliesDsp(p));
  p.output_shift = -31;
  EXPECT_TRUE(mote::add::AppliesDsp(p));  // c = 2^30
  p.output_shift = 0;
  EXPECT_FALSE(mote::add::AppliesDsp(p));  // no right shift: the sign fix-up would be wrong
  p.output_shift = -19;
  p.output_multiplier = 0;
  EXPECT_FALSE(mote::add::AppliesDsp(p));
  p.output_multiplier = (1 << 30) - 1;
  EXPECT_FALSE(mote::add::AppliesDsp(p));
  p.output_multiplier = 1 << 30;
  p.elementwise = false;  // broadcasting: DSP only
  EXPECT_TRUE(mote::add::AppliesDsp(p));
  EXPECT_FALSE(mote::add::AppliesMve(p));
}

}  // namespace
