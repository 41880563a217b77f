// CONV_2D int8 AVX2 variants against the reference (conv_2d::ConvInt8), bit for bit, on random data from a
// printed, replayable seed; and the dispatch: which variant prepare picks, with AVX2 available and masked.
//
// Tile facts the shapes are chosen around (gemm_avx2.h, conv_2d_avx2.cc): k (input channels, or the
// receptive field for im2col) in pairs (packed GEMM, odd k gets a zero) or chunks of 16 (dot-product GEMM,
// zeroed tail); rows (output pixels) in tiles of up to 32, in steps of 4 (8 for a last 8-channel block, 2 in
// the dot-product GEMM); channels in blocks of 16 then 8 (packed) or groups of 4 (dot product); the packed
// GEMM for filters up to 64 KiB and 512 channels, the dot-product GEMM beyond (LargeLayersMatchReference).
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/internal/padding.h"
#include "kernels/internal/variant.h"
#include "kernels/internal/variant_test_util.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using variant_test::Rng;

struct Shape {
  int batches, height, width, in_depth, out_depth, filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w;
  TfLitePadding padding;
};

std::string Describe(const Shape& s) {
  return "N" + std::to_string(s.batches) + " " + std::to_string(s.height) + "x" + std::to_string(s.width) + "x" +
         std::to_string(s.in_depth) + " filter " + std::to_string(s.out_depth) + "x" + std::to_string(s.filter_h) +
         "x" + std::to_string(s.filter_w) + " stride " + std::to_string(s.stride_h) + "," +
         std::to_string(s.stride_w) + " dilation " + std::to_string(s.dilation_h) + "," +
         std::to_string(s.dilation_w) + (s.padding == kTfLitePaddingSame ? " SAME" : " VALID");
}

// One random problem of shape `s` with its data; false when the shape has an empty output.
struct Case {
  conv_2d::ConvInt8Problem problem{};
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
};

bool MakeCase(const Shape& s, Rng& rng, Case* c) {
  int out_h = 0, out_w = 0;
  const TfLitePaddingValues pad = ComputePaddingHeightWidth(s.stride_h, s.stride_w, s.dilation_h, s.dilation_w,
                                                            s.height, s.width, s.filter_h, s.filter_w, s.padding,
                                                            &out_h, &out_w);
  if (out_h <= 0 || out_w <= 0) return false;
  const variant_test::RandomQuant q = variant_test::MakeRandomQuant(rng, s.out_depth);
  c->input = rng.Int8s(static_cast<size_t>(s.batches) * s.height * s.width * s.in_depth);
  c->filter = rng.Int8s(static_cast<size_t>(s.out_depth) * s.filter_h * s.filter_w * s.in_depth);
  c->bias = rng.Int32s(static_cast<size_t>(s.out_depth), -40000, 40000);
  c->multiplier = q.multiplier;
  c->shift = q.shift;
  conv_2d::ConvInt8Problem& p = c->problem;
  p.batches = s.batches;
  p.input_height = s.height;
  p.input_width = s.width;
  p.input_depth = s.in_depth;
  p.filter_height = s.filter_h;
  p.filter_width = s.filter_w;
  p.filter_input_depth = s.in_depth;
  p.output_height = out_h;
  p.output_width = out_w;
  p.output_depth = s.out_depth;
  p.stride_width = s.stride_w;
  p.stride_height = s.stride_h;
  p.dilation_width = s.dilation_w;
  p.dilation_height = s.dilation_h;
  p.pad_width = pad.width;
  p.pad_height = pad.height;
  p.input_offset = q.input_offset;
  p.output_offset = q.output_offset;
  p.output_activation_min = q.act_min;
  p.output_activation_max = q.act_max;
  p.output_multiplier = c->multiplier.data();
  p.output_shift = c->shift.data();
  p.input = c->input.data();
  p.filter = c->filter.data();
  p.bias = rng.Chance(0.8) ? c->bias.data() : nullptr;
  return true;
}

std::vector<int8_t> RunReference(const conv_2d::ConvInt8Problem& p) {
  conv_2d::ConvParams params{};
  params.stride_width = p.stride_width;
  params.stride_height = p.stride_height;
  params.dilation_width = p.dilation_width;
  params.dilation_height = p.dilation_height;
  params.pad_width = p.pad_width;
  params.pad_height = p.pad_height;
  params.input_offset = p.input_offset;
  params.output_offset = p.output_offset;
  params.output_activation_min = p.output_activation_min;
  params.output_activation_max = p.output_activation_max;
  params.output_multiplier = p.output_multiplier;
  params.output_shift = p.output_shift;
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  std::vector<int8_t> out(static_cast<size_t>(p.batches) * p.output_height * p.output_width * p.output_depth);
  conv_2d::ConvInt8(params, RuntimeShape(4, in_dims), p.input, RuntimeShape(4, f_dims), p.filter, p.bias,
                    RuntimeShape(4, out_dims), out.data());
  return out;
}

using VariantFn = void (*)(const conv_2d::ConvInt8Problem&, void*);

// Runs `fn` on the case (output buffer exactly sized, so ASan catches any overrun) and compares.
void ExpectMatchesReference(Case& c, VariantFn fn, const std::string& what) {
  const std::vector<int8_t> expected = RunReference(c.problem);
  std::vector<int8_t> actual(expected.size(), 0x55);
  conv_2d::ConvInt8Problem p = c.problem;
  p.output = actual.data();
  fn(p, nullptr);
  const long diff = variant_test::FirstDifference(expected, actual);
  ASSERT_EQ(diff, -1) << what << ": first difference at output byte " << diff << " (expected "
                      << int{expected[static_cast<size_t>(diff < 0 ? 0 : diff)]} << ", got "
                      << int{actual[static_cast<size_t>(diff < 0 ? 0 : diff)]} << ")";
}

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr VariantFn kPointwise = conv_2d::ConvInt8Avx2Pointwise;
constexpr VariantFn kIm2col = conv_2d::ConvInt8Avx2Im2col;
constexpr VariantFn kVnniPointwise = conv_2d::ConvInt8VnniPointwise;
constexpr VariantFn kVnniIm2col = conv_2d::ConvInt8VnniIm2col;
#else
constexpr VariantFn kPointwise = nullptr;
constexpr VariantFn kIm2col = nullptr;
constexpr VariantFn kVnniPointwise = nullptr;
constexpr VariantFn kVnniIm2col = nullptr;
#endif
constexpr uint32_t kVnniIsa =
    isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

// The AVX-512 VNNI variants run the same cases when the CPU has VNNI (and are skipped, saying so, when not).
void ExpectVnniMatchesReference(Case& c, bool pointwise, const std::string& what) {
  if (!variant_test::CpuHas(kVnniIsa)) return;
  const bool applies = pointwise ? conv_2d::AppliesVnniPointwise(c.problem) : conv_2d::AppliesVnniIm2col(c.problem);
  if (applies) ExpectMatchesReference(c, pointwise ? kVnniPointwise : kVnniIm2col, "avx512vnni " + what);
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
    ExpectMatchesReference(c, kPointwise, "case " + std::to_string(i) + " " + Describe(s));
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
    ExpectMatchesReference(c, kIm2col, "case " + std::to_string(i) + " " + Describe(s));
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
    ExpectMatchesReference(c, kIm2col, Describe(s));
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
    ExpectMatchesReference(c, pointwise ? kPointwise : kIm2col, Describe(s));
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

struct LogCapture {
  LogCapture() { SetLogSink(Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Sink(void* user, const char* m) { static_cast<LogCapture*>(user)->text += std::string(m) + "\n"; }
  std::string text;
};

// Restores detection-only dispatch when a test that masks features ends, however it ends.
struct ScopedFeatureMask {
  explicit ScopedFeatureMask(uint32_t mask) : saved(isa::FeatureMask()) { isa::SetFeatureMask(mask); }
  ~ScopedFeatureMask() { isa::SetFeatureMask(saved); }
  uint32_t saved;
};

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

struct ModelRun {
  std::string variant;
  std::vector<int8_t> output;
  TfLiteStatus status = kTfLiteError;
};

ModelRun RunModel(const std::vector<uint8_t>& bytes) {
  ModelRun r;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(64 * 1024);
  AllOpsResolver resolver;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  r.status = interpreter.AllocateTensors();
  if (r.status != kTfLiteOk) return r;
  r.variant = interpreter.node_info(0).variant;
  Rng rng(11);
  TfLiteTensor* in = interpreter.input(0);
  for (size_t i = 0; i < in->bytes; ++i) in->data.int8[i] = static_cast<int8_t>(rng.Int(-128, 127));
  r.status = interpreter.Invoke();
  const TfLiteTensor* out = interpreter.output(0);
  r.output.assign(out->data.int8, out->data.int8 + out->bytes);
  return r;
}

TEST(Conv2DDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  for (const auto& f : {std::make_pair(1, 1), std::make_pair(3, 3)}) {
    const std::vector<uint8_t> model = BuildConvModel(f.first, f.second);
    const bool vnni = variant_test::CpuHas(kVnniIsa);
    const std::string avx2_id = vnni ? (f.first == 1 ? "conv_2d/int8/avx512vnni-1x1" : "conv_2d/int8/avx512vnni-im2col")
                                     : (f.first == 1 ? "conv_2d/int8/avx2-1x1" : "conv_2d/int8/avx2-im2col");
    ModelRun fast;
    {
      ScopedFeatureMask none(0);
      fast = RunModel(model);
    }
    const bool avx2 = variant_test::CpuHas(isa::kAvx2);
    if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
    ASSERT_EQ(fast.status, kTfLiteOk);
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
    EXPECT_EQ(fast.variant, avx2 ? avx2_id : std::string("conv_2d/int8/reference"));
#else
    EXPECT_EQ(fast.variant, "conv_2d/int8/reference");
#endif
    LogCapture log;
    ModelRun masked;
    {
      ScopedFeatureMask mask(isa::kAvx2);
      masked = RunModel(model);
    }
    if (vnni && !kRequireOptimizedVariants) {
      ModelRun avx2_only;
      {
        ScopedFeatureMask mask(isa::kAvx512Vnni);
        avx2_only = RunModel(model);
      }
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
