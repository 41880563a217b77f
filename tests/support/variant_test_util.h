// TEST-ONLY helpers for kernel-variant tests (*_avx2_test.cc): replayable random data, the skip rule, running a
// variant against the reference with a bytewise comparison, and running a one-operator model under a feature mask.
//
// Every randomized test draws its cases from one base seed, printed at the start of the test:
//   [ seed     ] Conv2DAvx2.PointwiseMatchesReference: 20241129 (replay: MOTE_TEST_SEED=20241129)
// MOTE_TEST_SEED overrides the default (fixed, so CI is deterministic). Case i uses CaseSeed(base, i), and a
// failure message names the case, so one case can be replayed under a debugger.
#ifndef MOTE_SUPPORT_VARIANT_TEST_UTIL_H_
#define MOTE_SUPPORT_VARIANT_TEST_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "support/variant_test_problems.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace variant_test {

constexpr uint64_t kDefaultSeed = 20241129;

inline uint64_t BaseSeed() {
  const char* text = std::getenv("MOTE_TEST_SEED");
  uint64_t seed = kDefaultSeed;
  if (text != nullptr && *text != '\0') seed = std::strtoull(text, nullptr, 0);
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::printf("[ seed     ] %s.%s: %llu (replay: MOTE_TEST_SEED=%llu)\n", info ? info->test_suite_name() : "?",
              info ? info->name() : "?", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed));
  return seed;
}

inline uint64_t CaseSeed(uint64_t base, int index) { return base * 1000003ull + static_cast<uint64_t>(index); }

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }  // inclusive
  bool Chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(engine_) < p; }
  template <class T>
  const T& Pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(Int(0, static_cast<int>(v.size()) - 1))];
  }
  std::vector<int8_t> Int8s(size_t n) {
    std::vector<int8_t> v(n);
    for (auto& x : v) x = static_cast<int8_t>(Int(-128, 127));
    return v;
  }
  std::vector<int32_t> Int32s(size_t n, int lo, int hi) {
    std::vector<int32_t> v(n);
    for (auto& x : v) x = Int(lo, hi);
    return v;
  }
  // Q31 multipliers as QuantizeMultiplier makes them: [2^30, 2^31), occasionally 0 (a zero filter scale).
  // A fifth have their low 26 bits clear (0.5, 0.75, ...), so products land exactly on rounding ties.
  int32_t Multiplier() {
    if (Chance(0.03)) return 0;
    if (Chance(0.2)) return static_cast<int32_t>((1u << 30) | (static_cast<uint32_t>(Int(0, 15)) << 26));
    return static_cast<int32_t>((1u << 30) + static_cast<uint32_t>(Int(0, (1 << 30) - 1)));
  }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

// Random requantization: multipliers/shifts per channel (shift mostly negative, as real models have, with
// some left shifts and very large right shifts), zero points and a clamp range inside [-128, 127].
struct RandomQuant {
  std::vector<int32_t> multiplier;
  std::vector<int8_t> shift;
  int32_t input_offset;
  int32_t output_offset;
  int32_t act_min;
  int32_t act_max;
};
inline RandomQuant MakeRandomQuant(Rng& rng, int channels, bool per_channel = true) {
  RandomQuant q;
  const int n = per_channel ? channels : 1;
  const int base_shift = rng.Int(-14, 0);
  for (int i = 0; i < n; ++i) {
    q.multiplier.push_back(rng.Multiplier());
    int s = base_shift + rng.Int(-3, 3);
    if (rng.Chance(0.05)) s = rng.Int(1, 6);     // left shifts (multipliers above 1)
    if (rng.Chance(0.05)) s = rng.Int(-31, -20);  // tiny multipliers
    q.shift.push_back(static_cast<int8_t>(s));
  }
  q.input_offset = -rng.Int(-128, 127);
  q.output_offset = rng.Int(-128, 127);
  if (rng.Chance(0.5)) {
    q.act_min = -128;
    q.act_max = 127;
  } else {
    q.act_min = rng.Int(-128, 60);
    q.act_max = rng.Int(q.act_min, 127);
  }
  return q;
}

inline bool CpuHas(uint32_t features) { return (isa::DetectedFeatures() & features) == features; }

// Index of the first differing byte, -1 when equal.
inline long FirstDifference(const std::vector<int8_t>& a, const std::vector<int8_t>& b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return static_cast<long>(i);
  }
  return -1;
}

// Passes when `actual` equals `expected` byte for byte; else names the first difference.
inline ::testing::AssertionResult SameBytes(const std::vector<int8_t>& expected, const std::vector<int8_t>& actual) {
  const long diff = FirstDifference(expected, actual);
  if (diff == -1) return ::testing::AssertionSuccess();
  const size_t at = static_cast<size_t>(diff);
  ::testing::AssertionResult r = ::testing::AssertionFailure() << "first difference at output byte " << diff;
  if (at < expected.size() && at < actual.size()) {
    r << " (expected " << int{expected[at]} << ", got " << int{actual[at]} << ")";
  }
  return r;
}

// Runs variant `fn` (no scratch) on p with an output of exactly n bytes (so ASan catches any overrun), first
// filled with 0x55; returns that output.
template <class Problem>
std::vector<int8_t> RunVariant(void (*fn)(const Problem&, void*), Problem p, size_t n) {
  std::vector<int8_t> actual(n, 0x55);
  p.output = actual.data();
  fn(p, nullptr);
  return actual;
}

// ---- Convolution-like problems (CONV_2D, DEPTHWISE_CONV_2D) --------------------------------------------------

// One random problem with the data it points at.
template <class Problem>
struct ConvCase {
  Problem problem{};
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
};

// Random data and requantization for shape s (conv_test::ConvShape or DepthwiseShape); false when the shape
// has an empty output. Draws quantization, input, filter, bias, then whether there is a bias (80%).
template <class Shape, class Problem>
bool MakeConvCase(const Shape& s, Rng& rng, ConvCase<Problem>* c) {
  conv_test::Geometry g;
  if (!conv_test::ComputeGeometry(s, &g)) return false;
  const int channels = conv_test::OutputChannels(s);
  const RandomQuant q = MakeRandomQuant(rng, channels);
  c->input = rng.Int8s(conv_test::InputSize(s));
  c->filter = rng.Int8s(conv_test::FilterSize(s));
  c->bias = rng.Int32s(static_cast<size_t>(channels), -40000, 40000);
  c->multiplier = q.multiplier;
  c->shift = q.shift;
  conv_test::FillProblem(s, g,
                         {q.input_offset, q.output_offset, q.act_min, q.act_max, c->multiplier.data(),
                          c->shift.data(), c->input.data(), c->filter.data()},
                         &c->problem);
  c->problem.bias = rng.Chance(0.8) ? c->bias.data() : nullptr;
  return true;
}

template <class Shape>
std::string DescribeShape(const Shape& s) {
  ::testing::Message m;
  conv_test::Describe(m, s);
  return m.GetString();
}

// Runs variant `fn` on the case and asserts it matches the reference bit for bit.
template <class Problem>
void ExpectMatchesReference(const ConvCase<Problem>& c, void (*fn)(const Problem&, void*), const std::string& what) {
  std::vector<int8_t> expected(conv_test::OutputSize(c.problem));
  conv_test::RunReference(c.problem, expected.data());
  ASSERT_TRUE(SameBytes(expected, RunVariant(fn, c.problem, expected.size()))) << what;
}

// Runs variant `fn` on weights prepacked by prepare(problem, buffer) into persistent_bytes(problem) bytes
// (kernels/dispatch/variant.h) and asserts it matches the reference bit for bit. The buffer is 16- but not
// 32-byte aligned (the arena's persistent alignment at its weakest), and the bytes after it must stay
// untouched (the size reported is the size used). Nothing to check when persistent_bytes is 0.
template <class Problem>
void ExpectPrepackedMatchesReference(const ConvCase<Problem>& c, void (*fn)(const Problem&, void*),
                                     size_t (*persistent_bytes)(const Problem&),
                                     void (*prepare)(const Problem&, void*), const std::string& what) {
  const size_t bytes = persistent_bytes(c.problem);
  if (bytes == 0) return;
  constexpr size_t kGuard = 64;
  constexpr uint8_t kUnwritten = 0xA5;
  std::vector<uint8_t> storage(bytes + kGuard + 64, kUnwritten);
  const uintptr_t raw = reinterpret_cast<uintptr_t>(storage.data());
  uint8_t* buffer = reinterpret_cast<uint8_t*>(((raw + 31) & ~static_cast<uintptr_t>(31)) + 16);
  Problem p = c.problem;
  prepare(p, buffer);
  for (size_t i = bytes; i < bytes + kGuard; ++i) ASSERT_EQ(buffer[i], kUnwritten) << what << ": wrote past " << bytes;
  p.prepacked = buffer;
  std::vector<int8_t> expected(conv_test::OutputSize(c.problem));
  conv_test::RunReference(c.problem, expected.data());
  ASSERT_TRUE(SameBytes(expected, RunVariant(fn, p, expected.size()))) << "prepacked " << what;
}

// ---- Dispatch through the interpreter ------------------------------------------------------------------------

// Restores detection-only dispatch when a test that masks features ends, however it ends.
struct ScopedFeatureMask {
  explicit ScopedFeatureMask(uint32_t mask) : saved(isa::FeatureMask()) { isa::SetFeatureMask(mask); }
  ~ScopedFeatureMask() { isa::SetFeatureMask(saved); }
  uint32_t saved;
};

// Collects what the runtime logs while it lives (text, Has()).
using test::LogCapture;

// What a one-operator int8 model did: the variant prepare picked for node 0 and the output.
struct ModelRun {
  std::string variant;
  std::vector<int8_t> output;
  TfLiteStatus status = kTfLiteError;
};

// Prepares and invokes `bytes` in an arena of arena_bytes, input 0 filled from `input_rng`.
inline ModelRun RunModel(const std::vector<uint8_t>& bytes, size_t arena_bytes, Rng& input_rng) {
  ModelRun r;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(arena_bytes);
  AllOpsResolver resolver;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  r.status = interpreter.AllocateTensors();
  if (r.status != kTfLiteOk) return r;
  r.variant = interpreter.node_info(0).variant;
  TfLiteTensor* in = interpreter.input(0);
  for (size_t i = 0; i < in->bytes; ++i) in->data.int8[i] = static_cast<int8_t>(input_rng.Int(-128, 127));
  r.status = interpreter.Invoke();
  const TfLiteTensor* out = interpreter.output(0);
  r.output.assign(out->data.int8, out->data.int8 + out->bytes);
  return r;
}

// RunModel with the feature mask `mask` in force.
inline ModelRun RunModelMasked(const std::vector<uint8_t>& bytes, size_t arena_bytes, Rng& input_rng, uint32_t mask) {
  ScopedFeatureMask scoped(mask);
  return RunModel(bytes, arena_bytes, input_rng);
}

// ---- One CONV_2D or DEPTHWISE_CONV_2D node, every field bendable (the prepare tests) -------------------------

// Defaults: a valid int8 CONV_2D, 5x5x3 input, 4 filters of 3x3x3, SAME, stride and dilation 1, per-tensor
// weights. Depthwise tests set op, filter [1, FH, FW, OC], output, depth_multiplier and the quantized dimension.
struct ConvNodeSpec {
  schema::BuiltinOperator op = schema::BuiltinOperator_CONV_2D;
  schema::TensorType type = schema::TensorType_INT8;
  schema::TensorType filter_type = schema::TensorType_INT8;
  bool filter_constant = true;  // false: the filter is a second graph input
  std::vector<int8_t> filter_values;  // the weights (INT4: in [-8, 7], packed here); empty: every byte 1
  schema::TensorType bias_type = schema::TensorType_INT32;
  bool has_bias = true;
  std::vector<int> input{1, 5, 5, 3};
  std::vector<int> filter{4, 3, 3, 3};
  std::vector<int> output{1, 5, 5, 4};
  int depth_multiplier = 1;  // DEPTHWISE_CONV_2D only
  std::vector<float> filter_scales{0.01f};
  std::vector<int64_t> filter_zero_points{0};
  int filter_quantized_dimension = 0;
  int64_t input_zero_point = 0;
  int64_t output_zero_point = 0;
  bool options = true;
  int padding = schema::Padding_SAME;
  int stride = 1;
  int dilation = 1;
  int activation = schema::ActivationFunctionType_NONE;
};

inline size_t ElementBytes(schema::TensorType t) {
  switch (t) {
    case schema::TensorType_FLOAT32:
    case schema::TensorType_INT32: return 4;
    case schema::TensorType_INT64: return 8;
    case schema::TensorType_INT16: return 2;
    default: return 1;
  }
}

// Packs INT4 values two per byte, element 2i in the low nibble (the layout kernels/glue/int4_filter.h reads).
inline std::vector<uint8_t> PackInt4(const std::vector<int8_t>& values) {
  std::vector<uint8_t> packed((values.size() + 1) / 2, 0);
  for (size_t i = 0; i < values.size(); ++i) {
    packed[i / 2] |= static_cast<uint8_t>((static_cast<uint8_t>(values[i]) & 0xF) << (i % 2 == 0 ? 0 : 4));
  }
  return packed;
}

// The model of spec s: weights s.filter_values (every byte 1 when empty), bias all 0 (one per output channel: the filter's first dimension for
// CONV_2D, its last for DEPTHWISE_CONV_2D).
inline std::vector<uint8_t> BuildConvNode(const ConvNodeSpec& s) {
  const bool depthwise = s.op == schema::BuiltinOperator_DEPTHWISE_CONV_2D;
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(s.op, 3);
  const bool quantized = s.type != schema::TensorType_FLOAT32;
  std::vector<float> act_scale = quantized ? std::vector<float>{0.05f} : std::vector<float>{};
  const int in = b.AddTensor(s.type, s.input, "in", 0, act_scale,
                             quantized ? std::vector<int64_t>{s.input_zero_point} : std::vector<int64_t>{});
  int64_t filter_count = 1;
  for (int d : s.filter) filter_count *= d;
  const size_t filter_bytes = s.filter_type == schema::TensorType_INT4
                                  ? static_cast<size_t>((filter_count + 1) / 2)
                                  : static_cast<size_t>(filter_count) * ElementBytes(s.filter_type);
  std::vector<uint8_t> filter_data(filter_bytes, 1);
  if (!s.filter_values.empty()) {
    filter_data = s.filter_type == schema::TensorType_INT4
                      ? PackInt4(s.filter_values)
                      : std::vector<uint8_t>(s.filter_values.begin(), s.filter_values.end());
  }
  const bool filter_quantized = s.filter_type != schema::TensorType_FLOAT32;
  const int filter_buffer = s.filter_constant ? b.AddBuffer(filter_data.data(), filter_bytes) : 0;
  const int filter = b.AddTensor(s.filter_type, s.filter, "filter", filter_buffer,
                                 filter_quantized ? s.filter_scales : std::vector<float>{},
                                 filter_quantized ? s.filter_zero_points : std::vector<int64_t>{},
                                 s.filter_quantized_dimension);
  int bias = -1;
  if (s.has_bias) {
    const int64_t n = depthwise ? s.filter[3] : s.filter[0];
    std::vector<uint8_t> bias_data(static_cast<size_t>(n) * ElementBytes(s.bias_type), 0);
    bias = b.AddTensor(s.bias_type, {static_cast<int>(n)}, "bias", b.AddBuffer(bias_data.data(), bias_data.size()));
  }
  const int out = b.AddTensor(s.type, s.output, "out", 0, act_scale,
                              quantized ? std::vector<int64_t>{s.output_zero_point} : std::vector<int64_t>{});
  const auto padding = static_cast<schema::Padding>(s.padding);
  const auto activation = static_cast<schema::ActivationFunctionType>(s.activation);
  if (!s.options) {
    b.AddOperator(code, {in, filter, bias}, {out});
  } else if (depthwise) {
    auto options = schema::CreateDepthwiseConv2DOptions(b.fbb(), padding, s.stride, s.stride, s.depth_multiplier,
                                                        activation, s.dilation, s.dilation);
    b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_DepthwiseConv2DOptions, options.Union());
  } else {
    auto options =
        schema::CreateConv2DOptions(b.fbb(), padding, s.stride, s.stride, activation, s.dilation, s.dilation);
    b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_Conv2DOptions, options.Union());
  }
  b.SetInputs(s.filter_constant ? std::vector<int>{in} : std::vector<int>{in, filter});
  b.SetOutputs({out});
  return b.Finish();
}

// The model of a spec with an interpreter on a 256 KiB arena (Allocate() runs prepare).
struct ConvNodeRun {
  explicit ConvNodeRun(const ConvNodeSpec& spec) : model(BuildConvNode(spec)), arena(256 * 1024) {}
  TfLiteStatus Allocate() {
    interpreter = std::make_unique<MicroInterpreter>(model.data(), model.size(), resolver, arena.data(),
                                                     arena.size());
    return interpreter->AllocateTensors();
  }
  test::AlignedModel model;
  test::AlignedBuffer arena;
  AllOpsResolver resolver;
  std::unique_ptr<MicroInterpreter> interpreter;
};

// Builds `spec`, expects prepare to pick `variant` and invoke to succeed (a fatal failure when prepare fails).
inline void ExpectReportsVariant(const ConvNodeSpec& spec, const char* variant) {
  ConvNodeRun run(spec);
  ASSERT_EQ(run.Allocate(), kTfLiteOk) << variant;
  EXPECT_STREQ(run.interpreter->node_info(0).variant, variant);
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
}

// For int8 spec `s` (weights drawn here in [-8, 7] from `seed`): the node with those weights packed as INT4
// gives the same output as with them as INT8, under each feature mask in `masks` (so on every variant those
// masks select, the reference included), and reports the same variant.
inline void ExpectInt4MatchesInt8(ConvNodeSpec s, uint64_t seed, const std::vector<uint32_t>& masks) {
  int64_t count = 1;
  for (int d : s.filter) count *= d;
  Rng rng(seed);
  s.filter_values.resize(static_cast<size_t>(count));
  for (auto& v : s.filter_values) v = static_cast<int8_t>(rng.Int(-8, 7));
  ConvNodeSpec s4 = s;
  s4.filter_type = schema::TensorType_INT4;
  const std::vector<uint8_t> int8_model = BuildConvNode(s);
  const std::vector<uint8_t> int4_model = BuildConvNode(s4);
  for (uint32_t mask : masks) {
    Rng in8(seed + 1), in4(seed + 1);
    const ModelRun want = RunModelMasked(int8_model, 256 * 1024, in8, mask);
    const ModelRun got = RunModelMasked(int4_model, 256 * 1024, in4, mask);
    ASSERT_EQ(want.status, kTfLiteOk) << "mask " << mask;
    ASSERT_EQ(got.status, kTfLiteOk) << "mask " << mask;
    EXPECT_EQ(got.variant, want.variant) << "mask " << mask;
    EXPECT_TRUE(got.output == want.output) << "seed " << seed << " mask " << mask << " variant " << got.variant;
  }
}

// Builds `spec`, expects AllocateTensors to fail with `message` in the log.
inline void ExpectRefused(const ConvNodeSpec& spec, const std::string& message) {
  LogCapture log;
  ConvNodeRun run(spec);
  EXPECT_NE(run.Allocate(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << "expected: " << message << "\nlog:\n" << log.text;
}

// ---- FULLY_CONNECTED int8 cases ----------------------------------------------------------------------------------
// Random data for a batches x depth -> units layer (per-tensor weights may be asymmetric: filter_zero_point);
// the buffers live in the case, the problem points into them; 80% have a bias.
struct FcCase {
  fully_connected::FullyConnectedInt8Problem problem{};
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias, multiplier;
  std::vector<int8_t> shift;
};

inline void MakeFcCase(int batches, int depth, int units, bool per_channel, int filter_zero_point, Rng& rng, FcCase* c) {
  const RandomQuant q = MakeRandomQuant(rng, units, per_channel);
  c->input = rng.Int8s(static_cast<size_t>(batches) * depth);
  c->filter = rng.Int8s(static_cast<size_t>(units) * depth);
  c->bias = rng.Int32s(static_cast<size_t>(units), -60000, 60000);
  c->multiplier = q.multiplier;
  c->shift = q.shift;
  fully_connected::FullyConnectedInt8Problem& p = c->problem;
  p.batches = batches;
  p.accum_depth = depth;
  p.output_depth = units;
  p.input_offset = q.input_offset;
  p.filter_offset = -filter_zero_point;
  p.output_offset = q.output_offset;
  p.output_multiplier = c->multiplier[0];
  p.output_shift = c->shift[0];
  p.per_channel_multiplier = per_channel ? c->multiplier.data() : nullptr;
  p.per_channel_shift = per_channel ? c->shift.data() : nullptr;
  p.activation_min = q.act_min;
  p.activation_max = q.act_max;
  p.input = c->input.data();
  p.filter = c->filter.data();
  p.bias = rng.Chance(0.8) ? c->bias.data() : nullptr;
}

// ---- AArch64 levels --------------------------------------------------------------------------------------------
// One ISA level of an AArch64 variant (NEON, dot product): its run function (nullptr when not compiled in, via
// MOTE_AARCH64_SIMD_FN) and the bits it needs.
template <class Problem>
struct IsaLevel {
  const char* name;
  uint32_t isa;
  void (*fn)(const Problem&, void*);
  bool (*applies)(const Problem&);
};

// The levels of `all` that can run in this build on this CPU; prints one line per level that cannot (under
// qemu-aarch64 -cpu cortex-a53 the dot-product level is skipped, saying so).
template <class Problem>
std::vector<IsaLevel<Problem>> RunnableLevels(std::initializer_list<IsaLevel<Problem>> all) {
  std::vector<IsaLevel<Problem>> runnable;
  for (const IsaLevel<Problem>& level : all) {
    if (level.fn == nullptr) {
      std::printf("[ skipped  ] %s: not compiled into this build (AArch64 only)\n", level.name);
    } else if (!CpuHas(level.isa)) {
      std::printf("[ skipped  ] %s: this CPU lacks the instructions\n", level.name);
    } else {
      runnable.push_back(level);
    }
  }
  return runnable;
}

// Random data for layer shape s from `seed`, run on every level (each must apply) and compared with the reference
// bit for bit. False when the shape has no output.
template <class Shape, class Problem>
bool RunShapeOnLevels(const Shape& s, uint64_t seed, const std::vector<IsaLevel<Problem>>& levels,
                      const std::string& what) {
  Rng rng(seed);
  ConvCase<Problem> c;
  if (!MakeConvCase(s, rng, &c)) return false;
  for (const IsaLevel<Problem>& level : levels) {
    EXPECT_TRUE(level.applies(c.problem)) << level.name << " " << what;
    ExpectMatchesReference(c, level.fn, std::string(level.name) + " " + what + " " + DescribeShape(s));
  }
  return true;
}

}  // namespace variant_test
}  // namespace mote

// Skips the current test (saying why) unless the AVX2 variants are compiled in and the CPU has AVX2.
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
#define MOTE_SKIP_UNLESS_AVX2()                                                           \
  do {                                                                                    \
    if (!::mote::variant_test::CpuHas(::mote::isa::kAvx2)) {                              \
      GTEST_SKIP() << "this CPU lacks AVX2: the AVX2 variants cannot run here";           \
    }                                                                                     \
  } while (0)
#else
#define MOTE_SKIP_UNLESS_AVX2() GTEST_SKIP() << "the AVX2 variants are not compiled into this build"
#endif

#endif  // MOTE_SUPPORT_VARIANT_TEST_UTIL_H_
