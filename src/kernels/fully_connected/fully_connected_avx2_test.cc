// FULLY_CONNECTED int8 AVX2 variant against the reference (reference::FullyConnectedInt8), bit for bit, on
// random data from a printed, replayable seed; and which variant prepare picks, with AVX2 available and masked.
//
// Tile facts the shapes are chosen around (gemm_avx2.h): depth in chunks of 16 with a zeroed tail; one batch
// row runs 8 units at a time, several rows run in pairs x 4 units, in tiles of up to 32 rows.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using variant_test::Rng;

using Case = variant_test::FcCase;
using variant_test::MakeFcCase;

std::vector<int8_t> RunReference(const fully_connected::FullyConnectedInt8Problem& p) {
  std::vector<int8_t> out(static_cast<size_t>(p.batches) * p.output_depth);
  fc_test::RunReference(p, out.data());
  return out;
}

std::string Describe(const fully_connected::FullyConnectedInt8Problem& p) {
  return std::to_string(p.batches) + " x " + std::to_string(p.accum_depth) + " -> " + std::to_string(p.output_depth) +
         (p.per_channel_multiplier != nullptr ? " per-channel" : " per-tensor") +
         " filter_offset " + std::to_string(p.filter_offset);
}

void ExpectMatchesReference(Case& c, const std::string& what) {
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  const std::vector<int8_t> expected = RunReference(c.problem);
  ASSERT_TRUE(variant_test::SameBytes(
      expected, variant_test::RunVariant(fully_connected::FullyConnectedInt8Avx2, c.problem, expected.size())))
      << what << " " << Describe(c.problem);
#else
  (void)c;
  (void)what;
#endif
}

TEST(FullyConnectedAvx2, MatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 64, 100, 127, 128, 129, 255, 256, 640, 1000};
  const std::vector<int> units = {1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 15, 16, 17, 31, 33, 128, 130};
  for (int i = 0; i < 600; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const int batches = rng.Chance(0.5) ? 1 : rng.Pick(std::vector<int>{2, 3, 5, 31, 32, 33, 65});
    const bool per_channel = rng.Chance(0.5);
    const int filter_zero_point = (!per_channel && rng.Chance(0.3)) ? rng.Int(-127, 127) : 0;
    Case c;
    MakeFcCase(batches, rng.Pick(depths), rng.Pick(units), per_channel, filter_zero_point, rng, &c);
    ASSERT_TRUE(fully_connected::AppliesAvx2(c.problem));
    ExpectMatchesReference(c, "case " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
}

// ad01_int8's layers (640 -> 128 -> ... -> 8 -> ... -> 640) and classifier heads.
TEST(FullyConnectedAvx2, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const int shapes[][2] = {{640, 128}, {128, 128}, {128, 8}, {8, 128}, {128, 640}, {256, 2}, {64, 10}, {64, 12}};
  int i = 0;
  for (const auto& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    MakeFcCase(1, s[0], s[1], false, 0, rng, &c);
    ExpectMatchesReference(c, "model shape");
    if (HasFatalFailure()) return;
  }
}

// ---- AVX-512 VNNI (fully_connected_avx512vnni.cc) ----------------------------------------------------------
// Tile facts: depth in quads of 4 bytes, two accumulators per block over even/odd quads; one batch row runs
// 32 units (4 blocks of 8) at a time then single blocks; 4+ rows run 4 x 16 tiles of up to 32 rows.

constexpr uint32_t kVnniIsa =
    isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
// The VNNI variant on weights prepacked into a 16- (not 32-) byte aligned buffer, with a guard after the size it
// reported; and without prepacked weights (prepacking off: the AVX2 fallback). Both against the reference.
void ExpectVnniMatchesReference(const Case& c, const std::string& what) {
  const std::vector<int8_t> expected = RunReference(c.problem);
  const size_t bytes = fully_connected::VnniPersistentBytes(c.problem);
  constexpr size_t kGuard = 64;
  constexpr uint8_t kUnwritten = 0xA5;
  std::vector<uint8_t> storage(bytes + kGuard + 64, kUnwritten);
  const uintptr_t raw = reinterpret_cast<uintptr_t>(storage.data());
  uint8_t* buffer = reinterpret_cast<uint8_t*>(((raw + 31) & ~static_cast<uintptr_t>(31)) + 16);
  fully_connected::FullyConnectedInt8Problem p = c.problem;
  fully_connected::PrepareVnni(p, buffer);
  for (size_t i = bytes; i < bytes + kGuard; ++i) ASSERT_EQ(buffer[i], kUnwritten) << what << ": wrote past " << bytes;
  p.prepacked = buffer;
  ASSERT_TRUE(variant_test::SameBytes(
      expected, variant_test::RunVariant(fully_connected::FullyConnectedInt8Vnni, p, expected.size())))
      << "prepacked " << what << " " << Describe(c.problem);
  p.prepacked = nullptr;
  ASSERT_TRUE(variant_test::SameBytes(
      expected, variant_test::RunVariant(fully_connected::FullyConnectedInt8Vnni, p, expected.size())))
      << "not prepacked " << what << " " << Describe(c.problem);
}
#endif

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
#define MOTE_SKIP_UNLESS_VNNI()                                                                      \
  do {                                                                                               \
    if (!variant_test::CpuHas(kVnniIsa)) GTEST_SKIP() << "this CPU lacks AVX-512 VNNI: variant not run"; \
  } while (0)
#else
#define MOTE_SKIP_UNLESS_VNNI() GTEST_SKIP() << "the x86 SIMD variants are not compiled into this build"
#endif

// Every depth 1..70, units 1..40, batches 1..3 (the GEMV) and 4..9 (the tiles), zero points at the extremes.
TEST(FullyConnectedVnni, MatchesReferenceAroundTileEdges) {
  MOTE_SKIP_UNLESS_VNNI();
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  const uint64_t seed = variant_test::BaseSeed();
  int i = 0;
  for (int depth = 1; depth <= 70; ++depth) {
    for (int units = 1; units <= 40; units += (depth % 3) + 1) {
      Rng rng(variant_test::CaseSeed(seed, i));
      const int batches = rng.Chance(0.7) ? rng.Int(1, 3) : rng.Int(4, 9);
      Case c;
      MakeFcCase(batches, depth, units, rng.Chance(0.5), 0, rng, &c);
      const int edge = i % 4;  // input zero point -128 / 127, output zero point -128 / 127
      if (edge == 1) c.problem.input_offset = 128;
      if (edge == 2) c.problem.input_offset = -127;
      if (edge == 3) c.problem.output_offset = rng.Chance(0.5) ? -128 : 127;
      ASSERT_TRUE(fully_connected::AppliesVnni(c.problem));
      ExpectVnniMatchesReference(c, "case " + std::to_string(i));
      if (HasFatalFailure()) return;
      ++i;
    }
  }
#endif
}

TEST(FullyConnectedVnni, MatchesReferenceOnLargeAndModelShapes) {
  MOTE_SKIP_UNLESS_VNNI();
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  const uint64_t seed = variant_test::BaseSeed();
  const int shapes[][3] = {{1, 640, 128}, {1, 128, 128}, {1, 128, 8}, {1, 8, 128}, {1, 128, 640}, {1, 256, 2},
                           {1, 64, 10},   {1, 64, 12},   {1, 1000, 33}, {2, 8192, 17}, {33, 300, 70}, {65, 129, 31}};
  int i = 0;
  for (const auto& s : shapes) {
    for (int per_channel = 0; per_channel < 2; ++per_channel) {
      Rng rng(variant_test::CaseSeed(seed, i++));
      Case c;
      MakeFcCase(s[0], s[1], s[2], per_channel != 0, 0, rng, &c);
      ExpectVnniMatchesReference(c, "shape");
      if (HasFatalFailure()) return;
    }
  }
#endif
}

TEST(FullyConnectedVnni, AsymmetricWeightsAreLeftToAvx2) {
  Rng rng(1);
  Case c;
  MakeFcCase(1, 16, 8, false, 5, rng, &c);
  EXPECT_FALSE(fully_connected::AppliesVnni(c.problem));
  EXPECT_TRUE(fully_connected::AppliesAvx2(c.problem));
}

using variant_test::ModelRun;

// Builds and runs the model with the features in `mask` masked.
ModelRun RunFcModel(uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED, 4);
  Rng rng(3);
  const int in = b.AddTensor(schema::TensorType_INT8, {2, 37}, "in", 0, {0.05f}, {4});
  const int w = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {11, 37}, rng.Int8s(11 * 37), {0.02f}, {0});
  const int bias = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {11}, rng.Int32s(11, -700, 700), {0.001f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {2, 11}, "out", 0, {0.08f}, {-7});
  auto options = schema::CreateFullyConnectedOptions(b.fbb(), schema::ActivationFunctionType_NONE);
  b.AddOperator(code, {in, w, bias}, {out}, schema::BuiltinOptions_FullyConnectedOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  // The AArch64 variants stay masked: this test is about the x86 ones (fully_connected_neon_test.cc).
  return variant_test::RunModelMasked(b.Finish(), 32 * 1024, rng, mask | isa::kArmNeon);  // the input continues rng's sequence
}

TEST(FullyConnectedDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool avx2 = variant_test::CpuHas(isa::kAvx2);
  if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
  const bool compiled = MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Avx2) != nullptr;
  const ModelRun best = RunFcModel(0);
  ASSERT_EQ(best.status, kTfLiteOk);
  if (compiled && variant_test::CpuHas(kVnniIsa)) EXPECT_EQ(best.variant, "fully_connected/int8/avx512vnni");
  const ModelRun fast = RunFcModel(isa::kAvx512Vnni);
  ASSERT_EQ(fast.status, kTfLiteOk);
  EXPECT_EQ(fast.output, best.output);
  EXPECT_EQ(fast.variant, (avx2 && compiled) ? "fully_connected/int8/avx2" : "fully_connected/int8/reference");
  const ModelRun masked = RunFcModel(isa::kAvx2);
  if (kRequireOptimizedVariants && MOTE_TARGET_X86_64) {
    EXPECT_NE(masked.status, kTfLiteOk);
  } else {
    ASSERT_EQ(masked.status, kTfLiteOk);
    EXPECT_EQ(masked.variant, "fully_connected/int8/reference");
    EXPECT_EQ(masked.output, fast.output);
  }
}

}  // namespace
}  // namespace mote
