// ADD int8 Cortex-M variants (Helium: add_mve.cc) against the reference (reference::AddQuantized), bit for bit,
// on the target: lengths around the 4-element vector step, random scales and zero points turned into constants
// exactly as prepare does, narrow activation ranges.
#include <cstdint>

#include "kernels/add/add_reference.h"
#include "kernels/add/add_variants.h"
#include "kernels/internal/broadcast.h"
#include "kernels/internal/quantized_add_sub.h"
#include "variant_test_support.h"

namespace {

using mote_variants::Rng;

struct Variant {
  const char* name;
  void (*run)(const mote::add::AddInt8Problem&, void*);  // nullptr: not compiled into this image
  bool (*applies)(const mote::add::AddInt8Problem&);
};

#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMve{"mve", mote::add::AddInt8Mve, mote::add::AppliesMve};
#else
const Variant kMve{"mve", nullptr, nullptr};
#endif

constexpr int kMaxElements = 4096;
int8_t g_x1[kMaxElements], g_x2[kMaxElements], g_expected[kMaxElements];
mote_variants::Guarded<kMaxElements> g_output;

float RandomScale(Rng& rng) { return static_cast<float>(0.001 + rng.Int(1, 100000) * 1e-5); }

void RunRandom(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "add/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("AddArm", name);
  const int lengths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 255, 1000, 4096};
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int n = i < 20 ? i + 1 : rng.Pick(lengths);
    mote::QuantizedAddSubParams q{};
    const float s1 = RandomScale(rng), s2 = RandomScale(rng);
    const float so = (s1 > s2 ? s1 : s2) * static_cast<float>(rng.Int(60, 400)) / 100.0f;
    if (!mote::ComputeQuantizedAddSubParams(s1, rng.Int(-128, 127), s2, rng.Int(-128, 127), so, rng.Int(-128, 127),
                                            false, &q)) {
      continue;
    }
    q.activation_min = rng.Chance(50) ? -128 : rng.Int(-128, 0);
    q.activation_max = rng.Chance(50) ? 127 : rng.Int(q.activation_min, 127);
    rng.Int8s(g_x1, n);
    rng.Int8s(g_x2, n);
    const int32_t dims[1] = {n};
    mote::BroadcastPlan plan;
    mote::MakeBroadcastPlan(mote::RuntimeShape(1, dims), mote::RuntimeShape(1, dims), &plan);
    mote::reference::AddQuantized(plan, q, g_x1, g_x2, g_expected);
    int8_t* out = reinterpret_cast<int8_t*>(g_output.Prepare(n));
    const mote::add::AddInt8Problem p{&plan, n, true, q.input1_offset, q.input2_offset, q.output_offset,
                                      q.left_shift, q.input1_multiplier, q.input1_shift, q.input2_multiplier,
                                      q.input2_shift, q.output_multiplier, q.output_shift, q.activation_min,
                                      q.activation_max, g_x1, g_x2, out};
    ASSERT_TRUE(v.applies(p));
    v.run(p, nullptr);
    const long diff = mote_variants::FirstDifference(g_expected, out, n);
    ASSERT_EQ(diff, -1) << "case " << i << " (" << n << " elements): expected " << int{g_expected[diff < 0 ? 0 : diff]}
                        << ", got " << int{out[diff < 0 ? 0 : diff]};
    ASSERT_TRUE(g_output.Intact()) << "case " << i << ": wrote beyond its " << n << " output bytes";
    ++ran;
  }
  EXPECT_GT(ran, 250);
}

TEST(AddArm, MveMatchesReference) { RunRandom(kMve, "MveMatchesReference"); }

}  // namespace
