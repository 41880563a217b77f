// Variant dispatch on the target: which kernel variant each node of a small int8 CNN gets (CONV_2D 3x3 and 1x1,
// DEPTHWISE_CONV_2D, FULLY_CONNECTED, pooling, ADD, SOFTMAX...), that the Cortex-M variants are chosen where the
// core has their instructions, that masking the ISA bits (isa::SetFeatureMask, what tests and A/B runs use)
// falls back to the portable variants, and that both give TFLM's outputs bit for bit.
#include <cstring>

#include "board.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "mote_test.h"
#include "target_test_support.h"

extern const mote_embed::ModelSet kVariantModels;

namespace {

using mote_target::Arena;
using mote_target::ArenaBytes;

bool Contains(const char* s, const char* part) { return std::strstr(s, part) != nullptr; }

// Counts the nodes whose variant id contains `part` (and prints every node's variant when `print`).
int CountVariants(const mote_embed::Model& model, const mote::MicroOpResolver& resolver, const char* part,
                  bool print = false) {
  mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, Arena(), ArenaBytes());
  if (interpreter.AllocateTensors() != kTfLiteOk) return -1;
  int count = 0;
  for (size_t i = 0; i < interpreter.operators_size(); ++i) {
    const mote::NodeInfo info = interpreter.node_info(i);
    if (print) {
      board_printf("[ variant  ] node %2u %-18s %s\n", static_cast<unsigned>(i), info.op_name, info.variant);
    }
    if (Contains(info.variant, part)) ++count;
  }
  return count;
}

const mote_embed::Model& SmallCnn() { return kVariantModels.models[0]; }

TEST(ArmDispatch, OptimizedVariantsAreChosenWhereTheCoreHasThem) {
  static const mote::AllOpsResolver resolver;
  ASSERT_GT(kVariantModels.count, 0u);
  mote::isa::SetFeatureMask(0);
  const uint32_t features = mote::isa::DetectedFeatures();
  board_printf("[ features ] %s: compiled for 0x%lx (dsp %d, mve %d, v6m %d)\n", board_core(),
               static_cast<unsigned long>(mote::isa::kCompiledArmFeatures),
               (features & mote::isa::kArmDsp) != 0, (features & mote::isa::kArmMve) != 0,
               (features & mote::isa::kArmV6m) != 0);
  EXPECT_EQ(features, mote::isa::kCompiledArmFeatures);
  const int dsp = CountVariants(SmallCnn(), resolver, "/dsp", /*print=*/true);
  const int mve = CountVariants(SmallCnn(), resolver, "/mve");
  const int v6m = CountVariants(SmallCnn(), resolver, "/v6m");
  ASSERT_GE(dsp, 0) << "AllocateTensors failed";
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
  EXPECT_GE(mve, 3) << "CONV_2D 3x3, CONV_2D 1x1 and DEPTHWISE_CONV_2D take Helium variants on a Helium core";
#elif defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
  EXPECT_EQ(mve, 0);
  EXPECT_GE(dsp, 3) << "CONV_2D 3x3, CONV_2D 1x1 and DEPTHWISE_CONV_2D at least take DSP variants";
#elif defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
  EXPECT_EQ(dsp + mve, 0);
  EXPECT_GE(v6m, 4) << "CONV_2D 3x3 and 1x1, DEPTHWISE_CONV_2D and FULLY_CONNECTED take Armv6-M variants";
#else
  EXPECT_EQ(dsp + mve + v6m, 0) << "no Cortex-M variant is compiled into this image";
#endif
#if !(defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M)
  EXPECT_EQ(v6m, 0) << "Armv6-M variants are in the tables of Armv6-M builds only";
#endif
  mote_test::Message why;
  EXPECT_TRUE(mote_target::RunAndCompare(SmallCnn(), SmallCnn().cases[0], resolver, Arena(), ArenaBytes(), &why))
      << why;
}

TEST(ArmDispatch, MaskedIsaFallsBackToReferenceWithTheSameOutputs) {
  static const mote::AllOpsResolver resolver;
  if (mote::kRequireOptimizedVariants && !mote::kWarnOnVariantFallback) {
    GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED forbids the fallback this test forces";
  }
  const uint32_t arm = mote::isa::kArmDsp | mote::isa::kArmMve | mote::isa::kArmV6m;
  mote::isa::SetFeatureMask(arm);
  EXPECT_EQ(mote::isa::AvailableFeatures() & arm, 0u);
  EXPECT_EQ(CountVariants(SmallCnn(), resolver, "/dsp", /*print=*/true), 0);
  EXPECT_EQ(CountVariants(SmallCnn(), resolver, "/mve"), 0);
  EXPECT_EQ(CountVariants(SmallCnn(), resolver, "/v6m"), 0);
  mote_test::Message why;
  EXPECT_TRUE(mote_target::RunAndCompare(SmallCnn(), SmallCnn().cases[0], resolver, Arena(), ArenaBytes(), &why))
      << why;
  mote::isa::SetFeatureMask(0);
}

TEST(ArmDispatch, HeliumMaskedFallsBackToDsp) {
  static const mote::AllOpsResolver resolver;
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE && defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
  mote::isa::SetFeatureMask(mote::isa::kArmMve);
  EXPECT_EQ(CountVariants(SmallCnn(), resolver, "/mve"), 0);
  EXPECT_GE(CountVariants(SmallCnn(), resolver, "/dsp"), 3);
  mote_test::Message why;
  EXPECT_TRUE(mote_target::RunAndCompare(SmallCnn(), SmallCnn().cases[0], resolver, Arena(), ArenaBytes(), &why))
      << why;
  mote::isa::SetFeatureMask(0);
#else
  GTEST_SKIP() << "needs a core with both DSP and Helium variants compiled in (Cortex-M55)";
#endif
}

}  // namespace
