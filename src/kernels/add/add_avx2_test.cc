// ADD int8 AVX2 and AVX-512 variants against the reference (reference::AddQuantized), bit for bit, on random data from a
// printed, replayable seed (lengths below/at/above multiples of the 16-element step, random scales and zero
// points turned into constants exactly as prepare does); and which variant prepare picks.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/add/add_reference.h"
#include "kernels/add/add_variants.h"
#include "kernels/glue/broadcast.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using variant_test::Rng;

constexpr uint32_t kAvx512Isa =
    isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

float RandomScale(Rng& rng) { return static_cast<float>(0.001 + rng.Int(1, 100000) * 1e-5); }

TEST(AddAvx2, MatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 500; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const int n = i < 40 ? i : rng.Pick(std::vector<int>{1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 255, 1000, 16384});
    QuantizedAddSubParams q{};
    const float s1 = RandomScale(rng), s2 = RandomScale(rng);
    const float so = (s1 > s2 ? s1 : s2) * static_cast<float>(rng.Int(60, 400)) / 100.0f;
    if (!ComputeQuantizedAddSubParams(s1, rng.Int(-128, 127), s2, rng.Int(-128, 127), so, rng.Int(-128, 127),
                                      false, &q)) {
      continue;
    }
    q.activation_min = rng.Chance(0.5) ? -128 : rng.Int(-128, 0);
    q.activation_max = rng.Chance(0.5) ? 127 : rng.Int(q.activation_min, 127);
    const std::vector<int8_t> x1 = rng.Int8s(static_cast<size_t>(n)), x2 = rng.Int8s(static_cast<size_t>(n));
    const int32_t dims[1] = {n};
    BroadcastPlanBuffer buffer;
    const BroadcastPlan& plan = *MakeBroadcastPlan(RuntimeShape(1, dims), RuntimeShape(1, dims), &buffer);
    std::vector<int8_t> expected(static_cast<size_t>(n)), actual(static_cast<size_t>(n), 0x55);
    reference::AddQuantized(plan, q, x1.data(), x2.data(), expected.data());
    add::AddInt8Problem p{&plan, n, true, q.input1_offset, q.input2_offset, q.output_offset, q.left_shift,
                          q.input1_multiplier, q.input1_shift, q.input2_multiplier, q.input2_shift,
                          q.output_multiplier, q.output_shift, q.activation_min, q.activation_max,
                          x1.data(), x2.data(), actual.data()};
    ASSERT_TRUE(add::AppliesAvx2(p));
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
    add::AddInt8Avx2(p, nullptr);
#endif
    ASSERT_TRUE(variant_test::SameBytes(expected, actual)) << "case " << i << " (" << n << " elements)";
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
    if (variant_test::CpuHas(kAvx512Isa)) {
      std::fill(actual.begin(), actual.end(), int8_t{0x55});
      add::AddInt8Avx512(p, nullptr);
      ASSERT_TRUE(variant_test::SameBytes(expected, actual)) << "avx512 case " << i << " (" << n << " elements)";
    }
#endif
    ++ran;
  }
  EXPECT_GT(ran, 400);
}

using variant_test::ScopedFeatureMask;

// ADD of two [1, 5, 5, 7] tensors (elementwise: AVX2) or of [1, 5, 5, 7] and [7] (broadcast: reference).
std::string PreparedVariant(bool broadcast) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_ADD, 2);
  const int in1 = b.AddTensor(schema::TensorType_INT8, {1, 5, 5, 7}, "a", 0, {0.05f}, {3});
  const int in2 = broadcast ? b.AddTensor(schema::TensorType_INT8, {7}, "b", 0, {0.03f}, {-1})
                            : b.AddTensor(schema::TensorType_INT8, {1, 5, 5, 7}, "b", 0, {0.03f}, {-1});
  const int out = b.AddTensor(schema::TensorType_INT8, {1, 5, 5, 7}, "out", 0, {0.1f}, {2});
  b.AddOperator(code, {in1, in2}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.SetInputs({in1, in2});
  b.SetOutputs({out});
  test::AlignedModel model(b.Finish());
  test::AlignedBuffer arena(16 * 1024);
  AllOpsResolver resolver;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  if (interpreter.AllocateTensors() != kTfLiteOk) return "(prepare failed)";
  if (interpreter.Invoke() != kTfLiteOk) return "(invoke failed)";
  return interpreter.node_info(0).variant;
}

TEST(AddDispatch, PicksTheBestLevelForElementwiseAndReferenceOtherwise) {
  const bool avx2 = variant_test::CpuHas(isa::kAvx2);
  if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
  const bool compiled = MOTE_X86_SIMD_FN(add::AddInt8Avx2) != nullptr;
  const char* best = !(avx2 && compiled) ? "add/int8/reference"
                     : variant_test::CpuHas(kAvx512Isa) ? "add/int8/avx512vnni"
                                                        : "add/int8/avx2";
  EXPECT_EQ(PreparedVariant(false), best);
  EXPECT_EQ(PreparedVariant(true), "add/int8/reference");
  if (avx2 && compiled) {
    ScopedFeatureMask mask(isa::kAvx512Vnni);
    EXPECT_EQ(PreparedVariant(false), "add/int8/avx2");
  }
  if (!kRequireOptimizedVariants) {
    ScopedFeatureMask mask(isa::kAvx2);
    EXPECT_EQ(PreparedVariant(false), "add/int8/reference");
  }
}

}  // namespace
}  // namespace mote
