// FULLY_CONNECTED int8 Cortex-M variants (DSP: fully_connected_dsp.cc, Helium: fully_connected_mve.cc) against
// the reference (reference::FullyConnectedInt8), bit for bit, on the target. Depths around the variants'
// steps (4 values per DSP step, 16 per Helium vector, the DSP stack-buffer limit kDspStackDepth), output
// channel counts around the row groups (3-4 rows DSP, 4 Helium), batches, per-tensor and per-channel
// requantization, asymmetric weights, no bias, and the requantization corner cases.
#include <cstdint>

#include "kernels/fully_connected/fully_connected_variants.h"
#include "variant_test_support.h"

namespace {

using mote::fully_connected::FullyConnectedInt8Problem;
using mote_variants::Rng;

struct Variant {
  const char* name;
  void (*run)(const FullyConnectedInt8Problem&, void*);  // nullptr: not compiled into this image
  bool (*applies)(const FullyConnectedInt8Problem&) = nullptr;  // nullptr: every problem
};

#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kDsp{"dsp", mote::fully_connected::FullyConnectedInt8Dsp};
#else
const Variant kDsp{"dsp", nullptr};
#endif
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMve{"mve", mote::fully_connected::FullyConnectedInt8Mve};
#else
const Variant kMve{"mve", nullptr};
#endif
#if defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
const Variant kV6m{"v6m", mote::fully_connected::FullyConnectedInt8V6m, mote::fully_connected::AppliesV6m};
#else
const Variant kV6m{"v6m", nullptr, nullptr};
#endif

constexpr size_t kMaxInput = 8 * 1024;
constexpr size_t kMaxFilter = 96 * 1024;
constexpr size_t kMaxOutput = 4 * 1024;

int8_t g_input[kMaxInput];
int8_t g_filter[kMaxFilter];
int8_t g_expected[kMaxOutput];
mote_variants::Guarded<kMaxOutput> g_output;
mote_variants::RandomQuant g_quant;

struct Shape {
  int batches, depth, channels;
  bool per_channel, asymmetric;
};

bool MakeCase(const Shape& s, Rng& rng, FullyConnectedInt8Problem* p) {
  const size_t in_size = static_cast<size_t>(s.batches) * s.depth;
  const size_t filter_size = static_cast<size_t>(s.channels) * s.depth;
  const size_t out_size = static_cast<size_t>(s.batches) * s.channels;
  if (in_size > kMaxInput || filter_size > kMaxFilter || out_size > kMaxOutput ||
      s.channels > mote_variants::kMaxChannels) {
    return false;
  }
  mote_variants::MakeRandomQuant(rng, s.channels, &g_quant, s.depth);
  rng.Int8s(g_input, in_size);
  rng.Int8s(g_filter, filter_size);
  *p = FullyConnectedInt8Problem{};
  p->batches = s.batches;
  p->accum_depth = s.depth;
  p->output_depth = s.channels;
  p->input_offset = g_quant.input_offset;
  p->filter_offset = s.asymmetric ? rng.Int(-127, 127) : 0;
  p->output_offset = g_quant.output_offset;
  p->output_multiplier = g_quant.multiplier[0];
  p->output_shift = g_quant.shift[0];
  p->per_channel_multiplier = s.per_channel ? g_quant.multiplier : nullptr;
  p->per_channel_shift = s.per_channel ? g_quant.shift : nullptr;
  p->activation_min = g_quant.act_min;
  p->activation_max = g_quant.act_max;
  p->input = g_input;
  p->filter = g_filter;
  p->bias = rng.Chance(80) ? g_quant.bias : nullptr;
  return true;
}

bool Check(const Variant& v, FullyConnectedInt8Problem p, mote_test::Message* why) {
  const size_t n = static_cast<size_t>(p.batches) * p.output_depth;
  mote::fc_test::RunReference(p, g_expected);
  p.output = reinterpret_cast<int8_t*>(g_output.Prepare(n));
  v.run(p, nullptr);
  return mote_variants::SameOutput(g_expected, p.output, n, p.output_depth, g_output, why);
}

const int kDepths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 640};
const int kChannels[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 16, 17, 31, 32, 33, 64};

void RunRandom(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "fully_connected/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("FullyConnectedArm", name);
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    Shape s{rng.Chance(70) ? 1 : rng.Int(2, 3), rng.Pick(kDepths), rng.Pick(kChannels), rng.Chance(50),
            rng.Chance(15)};
    if (v.applies != nullptr && s.asymmetric) s.asymmetric = false;  // symmetric-only variants (v6m)
    FullyConnectedInt8Problem p;
    if (!MakeCase(s, rng, &p)) continue;
    if (v.applies != nullptr) {
      ASSERT_TRUE(v.applies(p)) << "case " << i << ": the variant refuses a symmetric problem";
    }
    mote_test::Message why;
    why << "case " << i << ": batches " << s.batches << " depth " << s.depth << " channels " << s.channels
        << (s.per_channel ? " per-channel" : " per-tensor") << (s.asymmetric ? " asymmetric" : "") << ": ";
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, 280);
}

// Depths at the stack-buffer limit and the models' layers (ad01, kws, vww, resnet heads).
void RunEdges(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "fully_connected/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("FullyConnectedArm", name);
  const int limit = mote::fully_connected::kDspStackDepth;
  const Shape shapes[] = {
      {1, limit - 1, 7, false, false}, {1, limit, 9, false, false},   {1, limit + 1, 5, true, false},
      {1, limit + 4, 6, false, true},  {1, 640, 128, false, false},   {1, 128, 640, false, false},
      {1, 8, 128, false, false},       {1, 128, 8, false, false},      {1, 256, 2, false, false},
      {1, 64, 12, false, false},       {2, 64, 10, true, false},
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    FullyConnectedInt8Problem p;
    ASSERT_TRUE(MakeCase(s, rng, &p)) << "edge shape " << i << " does not fit the test buffers";
    if (v.applies != nullptr && !v.applies(p)) {  // asymmetric weights: the glue picks the next entry
      EXPECT_NE(p.filter_offset, 0) << "edge " << i;
      ++i;
      continue;
    }
    mote_test::Message why;
    why << "edge " << i << ": depth " << s.depth << " channels " << s.channels << ": ";
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++i;
  }
}

TEST(FullyConnectedArm, DspMatchesReference) { RunRandom(kDsp, "DspMatchesReference"); }
TEST(FullyConnectedArm, DspMatchesReferenceAtEdges) { RunEdges(kDsp, "DspMatchesReferenceAtEdges"); }
TEST(FullyConnectedArm, MveMatchesReference) { RunRandom(kMve, "MveMatchesReference"); }
TEST(FullyConnectedArm, MveMatchesReferenceAtEdges) { RunEdges(kMve, "MveMatchesReferenceAtEdges"); }
TEST(FullyConnectedArm, V6mMatchesReference) { RunRandom(kV6m, "V6mMatchesReference"); }
TEST(FullyConnectedArm, V6mMatchesReferenceAtEdges) { RunEdges(kV6m, "V6mMatchesReferenceAtEdges"); }

}  // namespace
