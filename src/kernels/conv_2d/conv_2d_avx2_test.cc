// CONV_2D int8 AVX2 variants against the reference (reference::ConvInt8), bit for bit, on random data from a
// printed, replayable seed; and the dispatch: which variant prepare picks, with AVX2 available and masked.
//
// Tile facts the shapes are chosen around (gemm_avx2.h, conv_2d_avx2.cc): k (input channels, or the
// receptive field for im2col) in pairs (packed GEMM, odd k gets a zero) or chunks of 16 (dot-product GEMM,
// zeroed tail); rows (output pixels) in tiles of up to 32, in steps of 4 (8 for a last 8-channel block, 2 in
// the dot-product GEMM); channels in blocks of 16 then 8 (packed) or groups of 4 (dot product); the packed
// GEMM for filters up to 64 KiB and 512 channels, the dot-product GEMM beyond (LargeLayersMatchReference).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using conv_test::ConvShape;
using variant_test::Rng;
using Shape = ConvShape;
using Case = variant_test::ConvCase<conv_2d::ConvInt8Problem>;
using VariantFn = void (*)(const conv_2d::ConvInt8Problem&, void*);
using variant_test::ExpectMatchesReference;
using variant_test::ModelRun;

std::string Describe(const Shape& s) { return variant_test::DescribeShape(s); }
bool MakeCase(const Shape& s, Rng& rng, Case* c) { return variant_test::MakeConvCase(s, rng, c); }

using BytesFn = size_t (*)(const conv_2d::ConvInt8Problem&);
using PrepareFn = void (*)(const conv_2d::ConvInt8Problem&, void*);

// A variant with its prepacking functions (kernels/dispatch/variant.h).
struct Prepacking {
  VariantFn run;
  BytesFn bytes;
  PrepareFn prepare;
};

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr Prepacking kPointwisePrepacked = {conv_2d::ConvInt8Avx2Pointwise, conv_2d::Avx2PointwisePersistentBytes,
                                            conv_2d::PrepareAvx2Pointwise};
constexpr Prepacking kIm2colPrepacked = {conv_2d::ConvInt8Avx2Im2col, conv_2d::Avx2Im2colPersistentBytes,
                                         conv_2d::PrepareAvx2Im2col};
constexpr Prepacking kVnniPointwisePrepacked = {conv_2d::ConvInt8VnniPointwise,
                                                conv_2d::VnniPointwisePersistentBytes, conv_2d::PrepareVnniPointwise};
constexpr Prepacking kVnniIm2colPrepacked = {conv_2d::ConvInt8VnniIm2col, conv_2d::VnniIm2colPersistentBytes,
                                             conv_2d::PrepareVnniIm2col};
#else
constexpr Prepacking kPointwisePrepacked = {nullptr, nullptr, nullptr};
constexpr Prepacking kIm2colPrepacked = {nullptr, nullptr, nullptr};
constexpr Prepacking kVnniPointwisePrepacked = {nullptr, nullptr, nullptr};
constexpr Prepacking kVnniIm2colPrepacked = {nullptr, nullptr, nullptr};
#endif
constexpr uint32_t kVnniIsa =
    isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

// Prepacked (weights prepared once into persistent memory) and not: both must match the reference.
void ExpectBothMatchReference(Case& c, const Prepacking& v, const std::string& what) {
  ExpectMatchesReference(c, v.run, what);
  variant_test::ExpectPrepackedMatchesReference(c, v.run, v.bytes, v.prepare, what);
}

// The AVX-512 VNNI variants run the same cases when the CPU has VNNI (and are skipped, saying so, when not).
void ExpectVnniMatchesReference(Case& c, bool pointwise, const std::string& what) {
  if (!variant_test::CpuHas(kVnniIsa)) return;
  const bool applies = pointwise ? conv_2d::AppliesVnniPointwise(c.problem) : conv_2d::AppliesVnniIm2col(c.problem);
  if (applies) ExpectBothMatchReference(c, pointwise ? kVnniPointwisePrepacked : kVnniIm2colPrepacked, "avx512vnni " + what);
}

void NoteVnniSkipped() {
  if (!variant_test::CpuHas(kVnniIsa)) std::printf("[ skipped  ] this CPU lacks AVX-512 VNNI: VNNI variants not run\n");
}

const std::vector<int> kDepths = {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 47, 48, 63, 64, 65, 127, 128, 129};
const std::vector<int> kOutDepths = {1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 15, 16, 17, 31, 32, 33, 64};

TEST(Conv2DAvx2, PointwiseMatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  NoteVnniSkipped();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 400; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 9), rng.Int(1, 40), rng.Pick(kDepths), rng.Pick(kOutDepths), 1, 1,
            rng.Int(1, 3), rng.Int(1, 3), rng.Int(1, 2), rng.Int(1, 2),
            rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (i < 40) {  // pixel counts around the pair and the 32-pixel tile: 1, 2, 31, 32, 33, 63, 64, 65
      const int counts[] = {1, 2, 31, 32, 33, 63, 64, 65};
      s.batches = 1;
      s.height = 1;
      s.width = counts[i % 8];
      s.stride_h = s.stride_w = 1;
    }
    Case c;
    if (!MakeCase(s, rng, &c)) continue;
    ASSERT_TRUE(conv_2d::AppliesAvx2Pointwise(c.problem)) << Describe(s);
    ExpectBothMatchReference(c, kPointwisePrepacked, "case " + std::to_string(i) + " " + Describe(s));
    ExpectVnniMatchesReference(c, true, "case " + std::to_string(i) + " " + Describe(s));
    if (HasFatalFailure()) return;
    ++ran;
  }
  EXPECT_GT(ran, 300);
}

TEST(Conv2DAvx2, Im2colMatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  NoteVnniSkipped();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 500; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 12), rng.Int(1, 14), rng.Pick(kDepths), rng.Pick(kOutDepths), rng.Int(1, 5),
            rng.Int(1, 5), rng.Int(1, 3), rng.Int(1, 3), rng.Chance(0.7) ? 1 : rng.Int(2, 3),
            rng.Chance(0.7) ? 1 : rng.Int(2, 3), rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (s.in_depth > 64) s.in_depth = rng.Int(1, 64);
    Case c;
    if (!MakeCase(s, rng, &c)) continue;
    ASSERT_TRUE(conv_2d::AppliesAvx2Im2col(c.problem)) << Describe(s);
    ExpectBothMatchReference(c, kIm2colPrepacked, "case " + std::to_string(i) + " " + Describe(s));
    ExpectVnniMatchesReference(c, false, "case " + std::to_string(i) + " " + Describe(s));
    if (HasFatalFailure()) return;
    ++ran;
  }
  EXPECT_GT(ran, 300);
}

// The layer shapes of the benchmark models (first-layer few-channel convolutions, ResNet 3x3, KWS 10x4).
TEST(Conv2DAvx2, Im2colMatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {
      {1, 96, 96, 3, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},     // vww_96 first layer
      {1, 32, 32, 3, 16, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // ResNet first layer
      {1, 32, 32, 16, 16, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},   // ResNet 3x3
      {1, 32, 32, 16, 32, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},   // ResNet 3x3 stride 2
      {1, 8, 8, 64, 64, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},     // ResNet 3x3, 64 channels
      {1, 49, 10, 1, 64, 10, 4, 2, 2, 1, 1, kTfLitePaddingSame},   // KWS first layer
      {2, 9, 11, 5, 7, 3, 3, 1, 1, 2, 2, kTfLitePaddingSame},      // dilated, batches
      {1, 7, 7, 300, 9, 3, 3, 1, 1, 1, 1, kTfLitePaddingValid},    // long receptive field (2700)
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    ASSERT_TRUE(MakeCase(s, rng, &c));
    ASSERT_TRUE(conv_2d::AppliesAvx2Im2col(c.problem)) << Describe(s);
    ExpectBothMatchReference(c, kIm2colPrepacked, Describe(s));
    ExpectVnniMatchesReference(c, false, Describe(s));
    if (HasFatalFailure()) return;
  }
}

// Layers whose repacked filter exceeds the 64 KiB stack buffer (or 512 channels) take the dot-product GEMM
// on the filter in place; layers just below take the packed GEMM.
TEST(Conv2DAvx2, LargeLayersMatchReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {
      {1, 3, 5, 512, 128, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid},   // packed bytes = 64 KiB exactly
      {1, 3, 5, 512, 129, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid},   // one block more: dot product
      {1, 2, 3, 601, 113, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid},   // odd depth, odd channels
      {2, 4, 4, 16, 520, 1, 1, 2, 2, 1, 1, kTfLitePaddingSame},     // > 512 channels
      {1, 5, 5, 100, 75, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},     // im2col, 900 x 75
      {1, 6, 7, 33, 200, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},     // im2col, 297 x 200
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    ASSERT_TRUE(MakeCase(s, rng, &c));
    const bool pointwise = s.filter_h == 1 && s.filter_w == 1;
    ASSERT_TRUE(pointwise ? conv_2d::AppliesAvx2Pointwise(c.problem) : conv_2d::AppliesAvx2Im2col(c.problem));
    ExpectBothMatchReference(c, pointwise ? kPointwisePrepacked : kIm2colPrepacked, Describe(s));
    ExpectVnniMatchesReference(c, pointwise, Describe(s));
    if (HasFatalFailure()) return;
  }
}

TEST(Conv2DAvx2, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  Shape s{1, 4, 4, 8, 8, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid};
  ASSERT_TRUE(MakeCase(s, rng, &c));
  EXPECT_TRUE(conv_2d::AppliesAvx2Pointwise(c.problem));
  c.problem.filter_input_depth = 4;  // grouped: 2 groups
  EXPECT_FALSE(conv_2d::AppliesAvx2Pointwise(c.problem));
  EXPECT_FALSE(conv_2d::AppliesAvx2Im2col(c.problem));
  c.problem.filter_input_depth = 8;
  c.problem.filter_height = 3;
  EXPECT_FALSE(conv_2d::AppliesAvx2Pointwise(c.problem));
  EXPECT_TRUE(conv_2d::AppliesAvx2Im2col(c.problem));
  c.problem.input_depth = c.problem.filter_input_depth = 1000;  // 3 * 1 * 1000 > 4096? no: 3000 fits
  EXPECT_TRUE(conv_2d::AppliesAvx2Im2col(c.problem));
  c.problem.filter_width = 2;  // 6000 > kAvx2MaxPatch
  EXPECT_FALSE(conv_2d::AppliesAvx2Im2col(c.problem));
}

// ---- Dispatch through the interpreter ------------------------------------------------------------------
// With everything available the best variant runs (VNNI where the CPU has it, else AVX2); masking AVX2 masks
// every x86 SIMD variant (each lists kAvx2 among its ISA bits); masking only VNNI falls back to AVX2.

// A model with one int8 CONV_2D (filter fh x fw) on a 6x6x8 input, 12 output channels.
std::vector<uint8_t> BuildConvModel(int fh, int fw) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D, 3);
  Rng rng(7);
  const int in = b.AddTensor(schema::TensorType_INT8, {1, 6, 6, 8}, "in", 0, {0.05f}, {3});
  std::vector<int8_t> w = rng.Int8s(static_cast<size_t>(12 * fh * fw * 8));
  const int filter = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {12, fh, fw, 8}, w, {0.02f}, {0});
  std::vector<int32_t> bias = rng.Int32s(12, -500, 500);
  const int bias_t = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {12}, bias, {0.001f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {1, 6, 6, 12}, "out", 0, {0.1f}, {-2});
  auto options = schema::CreateConv2DOptions(b.fbb(), schema::Padding_SAME, 1, 1,
                                             schema::ActivationFunctionType_RELU6, 1, 1);
  b.AddOperator(code, {in, filter, bias_t}, {out}, schema::BuiltinOptions_Conv2DOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// Runs `bytes` with the features in `mask` masked.
ModelRun RunModel(const std::vector<uint8_t>& bytes, uint32_t mask) {
  Rng input_rng(11);
  // The AArch64 variants stay masked: this test is about the x86 ones (conv_2d_neon_test.cc).
  return variant_test::RunModelMasked(bytes, 64 * 1024, input_rng, mask | isa::kArmNeon);
}

TEST(Conv2DDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  for (const auto& f : {std::make_pair(1, 1), std::make_pair(3, 3)}) {
    const std::vector<uint8_t> model = BuildConvModel(f.first, f.second);
    const bool vnni = variant_test::CpuHas(kVnniIsa);
    const std::string avx2_id = vnni ? (f.first == 1 ? "conv_2d/int8/avx512vnni-1x1" : "conv_2d/int8/avx512vnni-im2col")
                                     : (f.first == 1 ? "conv_2d/int8/avx2-1x1" : "conv_2d/int8/avx2-im2col");
    const ModelRun fast = RunModel(model, 0);
    const bool avx2 = variant_test::CpuHas(isa::kAvx2);
    if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
    ASSERT_EQ(fast.status, kTfLiteOk);
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
    EXPECT_EQ(fast.variant, avx2 ? avx2_id : std::string("conv_2d/int8/reference"));
#else
    EXPECT_EQ(fast.variant, "conv_2d/int8/reference");
#endif
    variant_test::LogCapture log;
    const ModelRun masked = RunModel(model, isa::kAvx2);
    if (vnni && !kRequireOptimizedVariants) {
      const ModelRun avx2_only = RunModel(model, isa::kAvx512Vnni);
      ASSERT_EQ(avx2_only.status, kTfLiteOk);
      EXPECT_EQ(avx2_only.variant, f.first == 1 ? "conv_2d/int8/avx2-1x1" : "conv_2d/int8/avx2-im2col");
      EXPECT_EQ(avx2_only.output, fast.output);
    }
#if defined(MOTE_REQUIRE_OPTIMIZED) && MOTE_TARGET_X86_64
    // Falling back is an error in this build.
    EXPECT_NE(masked.status, kTfLiteOk);
    EXPECT_NE(log.text.find("CONV_2D: optimized kernel variant " + avx2_id + " (needs avx2) applies but"),
              std::string::npos)
        << log.text;
    EXPECT_NE(log.text.find("MOTE_REQUIRE_OPTIMIZED forbids falling back to conv_2d/int8/reference"),
              std::string::npos)
        << log.text;
#else
    ASSERT_EQ(masked.status, kTfLiteOk) << log.text;
    EXPECT_EQ(masked.variant, "conv_2d/int8/reference");
    EXPECT_EQ(masked.output, fast.output) << "the variants disagree on the whole-model path";
#endif
  }
}

}  // namespace
}  // namespace mote
