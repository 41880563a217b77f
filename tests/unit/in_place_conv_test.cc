// In-place DEPTHWISE_CONV_2D and 1x1 CONV_2D through the interpreter: in -> ADD(in, c1) -> t1 -> DEPTHWISE_CONV_2D(t1) -> t2 ->
// ADD(t2, c3) -> out, stride 1, SAME padding, multiplier 1 (t2 has t1's shape), so the planner puts t2 on top of
// t1 and the kernel runs band by band over its own input. Outputs must be byte-identical to the run with
// in-place execution off, on random shapes (rows 1..30, widths, channels around the SIMD tiles, filters 1/3/5,
// dilation, batches), with every ISA level forced by a feature mask. MOTE_TEST_SEED replays a seed.
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using schema::TensorType;

struct DwShape {
  int batches, height, width, channels, filter, dilation;
  bool float32;
  bool pointwise = false;  // CONV_2D 1x1 (filter 1, channels in = out) instead of DEPTHWISE_CONV_2D
};

std::string Describe(const DwShape& s) {
  return std::string(s.pointwise ? "conv1x1 " : "depthwise ") + (s.float32 ? "float32" : "int8") + " n" + std::to_string(s.batches) + " h" +
         std::to_string(s.height) + " w" + std::to_string(s.width) + " c" + std::to_string(s.channels) + " f" +
         std::to_string(s.filter) + " d" + std::to_string(s.dilation);
}

// The model and, in *t1 / *t2, the depthwise node's input and output.
std::vector<uint8_t> BuildModel(const DwShape& s, std::mt19937* rng, int* t1, int* t2) {
  test::ModelBuilder b;
  const TensorType type = s.float32 ? schema::TensorType_FLOAT32 : schema::TensorType_INT8;
  const std::vector<int> shape = {s.batches, s.height, s.width, s.channels};
  const size_t n = static_cast<size_t>(s.batches) * s.height * s.width * s.channels;
  const std::vector<float> act_scale = s.float32 ? std::vector<float>{} : std::vector<float>{0.05f};
  const std::vector<int64_t> act_zp = s.float32 ? std::vector<int64_t>{} : std::vector<int64_t>{-3};
  std::uniform_int_distribution<int> byte(-128, 127);
  std::uniform_real_distribution<float> real(-2.0f, 2.0f);
  auto add_const = [&](std::vector<int> dims, size_t count) {
    if (s.float32) {
      std::vector<float> v(count);
      for (auto& x : v) x = real(*rng);
      return b.AddConstTensor<float>(type, dims, v);
    }
    std::vector<int8_t> v(count);
    for (auto& x : v) x = static_cast<int8_t>(byte(*rng));
    return b.AddConstTensor<int8_t>(type, dims, v, act_scale, act_zp);
  };
  const int add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
  const int dw = s.pointwise ? b.AddOperatorCode(schema::BuiltinOperator_CONV_2D, 3)
                             : b.AddOperatorCode(schema::BuiltinOperator_DEPTHWISE_CONV_2D, 3);
  const int in = b.AddTensor(type, shape, "in", 0, act_scale, act_zp);
  const int c1 = add_const(shape, n);
  *t1 = b.AddTensor(type, shape, "t1", 0, act_scale, act_zp);
  b.AddOperator(add, {in, c1}, {*t1}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  const size_t taps = s.pointwise ? static_cast<size_t>(s.channels) : static_cast<size_t>(s.filter) * s.filter;
  const std::vector<int> filter_shape =
      s.pointwise ? std::vector<int>{s.channels, 1, 1, s.channels} : std::vector<int>{1, s.filter, s.filter, s.channels};
  int filter = -1, bias = -1;
  if (s.float32) {
    filter = add_const(filter_shape, taps * s.channels);
    std::vector<float> bv(s.channels);
    for (auto& x : bv) x = real(*rng);
    bias = b.AddConstTensor<float>(schema::TensorType_FLOAT32, {s.channels}, bv);
  } else {
    std::vector<int8_t> fv(taps * s.channels);
    for (auto& x : fv) x = static_cast<int8_t>(byte(*rng));
    std::vector<float> scales(s.channels);
    std::uniform_real_distribution<float> sc(0.005f, 0.03f);
    for (auto& x : scales) x = sc(*rng);
    filter = b.AddConstTensor<int8_t>(schema::TensorType_INT8, filter_shape, fv, scales,
                                      std::vector<int64_t>(s.channels, 0), s.pointwise ? 0 : 3);
    std::vector<int32_t> bv(s.channels);
    std::uniform_int_distribution<int> bd(-2000, 2000);
    for (auto& x : bv) x = bd(*rng);
    bias = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {s.channels}, bv);
  }
  const std::vector<float> out_scale = s.float32 ? std::vector<float>{} : std::vector<float>{0.04f};
  const std::vector<int64_t> out_zp = s.float32 ? std::vector<int64_t>{} : std::vector<int64_t>{5};
  *t2 = b.AddTensor(type, shape, "t2", 0, out_scale, out_zp);
  if (s.pointwise) {
    auto options = schema::CreateConv2DOptions(b.fbb(), schema::Padding_VALID, 1, 1,
                                               schema::ActivationFunctionType_RELU, s.dilation, s.dilation);
    b.AddOperator(dw, {*t1, filter, bias}, {*t2}, schema::BuiltinOptions_Conv2DOptions, options.Union());
  } else {
    auto options = schema::CreateDepthwiseConv2DOptions(b.fbb(), schema::Padding_SAME, 1, 1, 1,
                                                        schema::ActivationFunctionType_NONE, s.dilation, s.dilation);
    b.AddOperator(dw, {*t1, filter, bias}, {*t2}, schema::BuiltinOptions_DepthwiseConv2DOptions, options.Union());
  }
  const int c3 = add_const(shape, n);
  const int out = b.AddTensor(type, shape, "out", 0, act_scale, act_zp);
  b.AddOperator(add, {*t2, c3}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

struct Run {
  std::vector<uint8_t> output;
  bool aliased = false;
  std::string variant;
  size_t arena = 0;
};

Run RunModel(const std::vector<uint8_t>& bytes, bool in_place, int t1, int t2, uint32_t seed, uint32_t mask) {
  variant_test::ScopedFeatureMask scoped(mask);
  static AllOpsResolver resolver;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(1024 * 1024);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  interpreter.SetInPlaceExecution(in_place);
  Run r;
  EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  if (interpreter.input(0) == nullptr) return r;
  r.aliased = interpreter.GetEvalTensor(t1)->data.raw == interpreter.GetEvalTensor(t2)->data.raw;
  r.variant = interpreter.node_info(1).variant;
  r.arena = interpreter.arena_used_bytes();
  std::mt19937 rng(seed ^ 0x9e3779b9u);
  TfLiteTensor* in = interpreter.input(0);
  for (int invoke = 0; invoke < 2; ++invoke) {
    if (in->type == kTfLiteFloat32) {
      std::uniform_real_distribution<float> d(-4.0f, 4.0f);
      for (size_t i = 0; i < in->bytes / sizeof(float); ++i) in->data.f[i] = d(rng);
    } else {
      std::uniform_int_distribution<int> d(-128, 127);
      for (size_t i = 0; i < in->bytes; ++i) in->data.int8[i] = static_cast<int8_t>(d(rng));
    }
    EXPECT_EQ(interpreter.Invoke(), kTfLiteOk);
    const TfLiteTensor* out = interpreter.output(0);
    r.output.insert(r.output.end(), out->data.uint8, out->data.uint8 + out->bytes);
  }
  return r;
}

// Feature masks (the bits cleared): none (the best variant), all (the reference), and each detected feature
// alone (its variants fall back to the next).
std::vector<uint32_t> Masks() {
  std::vector<uint32_t> masks = {0, isa::kAllFeatures};
  for (int bit = 0; bit < 32; ++bit) {
    const uint32_t m = 1u << bit;
    if ((isa::kAllFeatures & m) != 0 && (isa::DetectedFeatures() & m) != 0) masks.push_back(m);
  }
  return masks;
}

void ExpectInPlaceMatches(bool pointwise) {
  const uint32_t base = static_cast<uint32_t>(variant_test::BaseSeed());
  const int kChannels[] = {1, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 64};
  const int kFilters[] = {1, 3, 5};
  int aliased = 0;
  for (int k = 0; k < 24; ++k) {
    const uint32_t seed = base * 1000003u + static_cast<uint32_t>(k);
    std::mt19937 rng(seed);
    DwShape s{};
    s.batches = 1 + static_cast<int>(rng() % 2);
    s.height = 1 + static_cast<int>(rng() % 30);
    s.width = 1 + static_cast<int>(rng() % 12);
    s.channels = kChannels[rng() % (sizeof(kChannels) / sizeof(kChannels[0]))];
    s.filter = kFilters[rng() % 3];
    s.dilation = 1 + static_cast<int>(rng() % 2);
    s.float32 = !pointwise && k % 6 == 5;
    s.pointwise = pointwise;
    int t1 = -1, t2 = -1;
    const std::vector<uint8_t> model = BuildModel(s, &rng, &t1, &t2);
    for (uint32_t mask : Masks()) {
      const Run apart = RunModel(model, false, t1, t2, seed, mask);
      const Run together = RunModel(model, true, t1, t2, seed, mask);
      SCOPED_TRACE(Describe(s) + " mask " + std::to_string(mask) + " variant " + together.variant + " seed " +
                   std::to_string(seed) + " (case " + std::to_string(k) + " of MOTE_TEST_SEED=" +
                   std::to_string(base) + ")");
      EXPECT_FALSE(apart.aliased);
      // The join is kept unless its temp makes the region larger: a tensor of a few rows (the temp holds
      // pad_top + 1 rows at least) runs apart.
      if (s.height > s.filter) {
        EXPECT_TRUE(together.aliased) << "the planner did not put the output on top of the input";
      }
      if (together.aliased) ++aliased;
      ASSERT_FALSE(apart.output.empty());
      EXPECT_TRUE(apart.output == together.output);
    }
  }
  EXPECT_GT(aliased, 0);
}

TEST(InPlaceDepthwise, OutputOverInputMatchesSeparateBuffers) { ExpectInPlaceMatches(false); }
TEST(InPlaceConv1x1, OutputOverInputMatchesSeparateBuffers) { ExpectInPlaceMatches(true); }

}  // namespace
}  // namespace mote
