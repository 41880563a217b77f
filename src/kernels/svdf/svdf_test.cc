// SVDF: state carried across invokes and cleared by Reset (the interpreter refills the variable tensor, int8
// with its zero point), the variant each type reports, running without a bias, and the prepare refusals.
// Numerical bit-exactness against TFLM is proven by the oracle cases (tools/oracle/gen_svdf.py).
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"

namespace mote {
namespace {

struct LogCapture {
  LogCapture() { SetLogSink(Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Sink(void* user, const char* m) { static_cast<LogCapture*>(user)->text += std::string(m) + "\n"; }
  bool Has(const std::string& s) const { return text.find(s) != std::string::npos; }
  std::string text;
};

struct SvdfSpec {
  schema::TensorType type = schema::TensorType_INT8;        // input / weights_feature / output
  schema::TensorType time_type = schema::TensorType_INT16;  // weights_time
  schema::TensorType state_type = schema::TensorType_INT16;
  int batch = 1, input_size = 5, units = 2, rank = 2, memory = 3;
  int64_t state_zero_point = 0;
  bool state_is_variable = true;
  bool has_bias = true;
  int options_rank = -1;  // the rank written to the options (-1: `rank`)
  bool int8_weights_feature = false;  // FLOAT32 only: INT8 weights_feature (a hybrid SVDF)
  bool int8_weights_time = false;     // FLOAT32 only: INT8 weights_time (with the above: LiteRT's hybrid SVDF)
  schema::TensorType hybrid_weights_type = schema::TensorType_INT8;  // the hybrid weights_feature's type
  std::vector<float> hybrid_scales = {0.01f};                        // weights_feature's scales
};

std::vector<uint8_t> BuildSvdf(const SvdfSpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_SVDF, 3);
  const bool q = s.type != schema::TensorType_FLOAT32;
  const int filters = s.units * s.rank;
  const int options_rank = s.options_rank >= 0 ? s.options_rank : s.rank;
  auto scale = [q](float v) { return q ? std::vector<float>{v} : std::vector<float>{}; };
  auto zp = [q](int64_t v) { return q ? std::vector<int64_t>{v} : std::vector<int64_t>{}; };
  const int in = b.AddTensor(s.type, {s.batch, s.input_size}, "in", 0, scale(0.1f), zp(5));
  int wf, wt, bias = -1;
  if (q) {
    std::vector<int8_t> wf_data(static_cast<size_t>(filters * s.input_size));
    for (size_t i = 0; i < wf_data.size(); ++i) wf_data[i] = static_cast<int8_t>((i * 37) % 255 - 127);
    wf = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {filters, s.input_size}, wf_data, {0.01f}, {0});
    if (s.time_type == schema::TensorType_INT16) {
      std::vector<int16_t> wt_data(static_cast<size_t>(filters * s.memory));
      for (size_t i = 0; i < wt_data.size(); ++i) wt_data[i] = static_cast<int16_t>((i * 7919) % 30000 - 15000);
      wt = b.AddConstTensor<int16_t>(s.time_type, {filters, s.memory}, wt_data, {0.002f}, {0});
    } else {
      std::vector<int8_t> wt_data(static_cast<size_t>(filters * s.memory));
      for (size_t i = 0; i < wt_data.size(); ++i) wt_data[i] = static_cast<int8_t>((i * 53) % 255 - 127);
      wt = b.AddConstTensor<int8_t>(s.time_type, {filters, s.memory}, wt_data, {0.01f}, {0});
    }
    const float state_scale = s.state_type == schema::TensorType_INT16 ? 0.004f : 0.3f;
    const float time_scale = s.time_type == schema::TensorType_INT16 ? 0.002f : 0.01f;
    if (s.has_bias) {
      bias = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {s.units}, std::vector<int32_t>(s.units, 300),
                                       {state_scale * time_scale}, {0});
    }
    const int state = b.AddTensor(s.state_type, {s.batch, s.memory * filters}, "state", 0, {state_scale},
                                  {s.state_zero_point}, 0, s.state_is_variable);
    const int out = b.AddTensor(s.type, {s.batch, s.units}, "out", 0, {0.05f}, {-3});
    auto options = schema::CreateSVDFOptions(b.fbb(), options_rank, schema::ActivationFunctionType_RELU);
    b.AddOperator(code, {in, wf, wt, bias, state}, {out}, schema::BuiltinOptions_SVDFOptions, options.Union());
    // A non-variable state must come from somewhere to pass model verification: make it a graph input.
    b.SetInputs(s.state_is_variable ? std::vector<int>{in} : std::vector<int>{in, state});
    b.SetOutputs({out});
    return b.Finish();
  }
  std::vector<float> wf_data(static_cast<size_t>(filters * s.input_size));
  for (size_t i = 0; i < wf_data.size(); ++i) wf_data[i] = 0.01f * static_cast<float>(static_cast<int>(i % 17) - 8);
  if (s.int8_weights_feature) {
    std::vector<int8_t> wf8(wf_data.size());
    for (size_t i = 0; i < wf8.size(); ++i) wf8[i] = static_cast<int8_t>(static_cast<int>(i % 17) * 9 - 72);
    wf = b.AddConstTensor<int8_t>(s.hybrid_weights_type, {filters, s.input_size}, wf8, s.hybrid_scales,
                                  std::vector<int64_t>(s.hybrid_scales.size(), 0));
  } else {
    wf = b.AddConstTensor<float>(s.type, {filters, s.input_size}, wf_data);
  }
  std::vector<float> wt_data(static_cast<size_t>(filters * s.memory));
  for (size_t i = 0; i < wt_data.size(); ++i) wt_data[i] = 0.1f * static_cast<float>(static_cast<int>(i % 7) - 3);
  if (s.int8_weights_time) {
    std::vector<int8_t> wt8(wt_data.size());
    for (size_t i = 0; i < wt8.size(); ++i) wt8[i] = static_cast<int8_t>(static_cast<int>(i % 7) * 30 - 90);
    wt = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {filters, s.memory}, wt8, {0.003f}, {0});
  } else {
    wt = b.AddConstTensor<float>(s.time_type, {filters, s.memory}, wt_data);
  }
  if (s.has_bias) bias = b.AddConstTensor<float>(s.type, {s.units}, std::vector<float>(s.units, 0.0f));
  const int state = b.AddTensor(s.state_type, {s.batch, s.memory * filters}, "state", 0, {}, {}, 0,
                                s.state_is_variable);
  const int out = b.AddTensor(s.type, {s.batch, s.units}, "out");
  auto options = schema::CreateSVDFOptions(b.fbb(), options_rank, schema::ActivationFunctionType_NONE);
  b.AddOperator(code, {in, wf, wt, bias, state}, {out}, schema::BuiltinOptions_SVDFOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

struct SvdfRun {
  explicit SvdfRun(const SvdfSpec& spec) : model(BuildSvdf(spec)), arena(64 * 1024) {}
  TfLiteStatus Allocate() {
    interpreter =
        std::make_unique<MicroInterpreter>(model.data(), model.size(), resolver, arena.data(), arena.size());
    return interpreter->AllocateTensors();
  }
  // Runs one step with input bytes derived from `step`; returns the output bytes.
  std::vector<uint8_t> Step(int step) {
    TfLiteTensor* in = interpreter->input(0);
    for (size_t i = 0; i < in->bytes; ++i) in->data.uint8[i] = static_cast<uint8_t>(step * 29 + i * 11);
    if (in->type == kTfLiteFloat32) {
      for (size_t i = 0; i < in->bytes / 4; ++i) in->data.f[i] = 0.1f * static_cast<float>((step * 3 + i) % 11) - 0.5f;
    }
    EXPECT_EQ(interpreter->Invoke(), kTfLiteOk);
    const TfLiteTensor* out = interpreter->output(0);
    return std::vector<uint8_t>(out->data.uint8, out->data.uint8 + out->bytes);
  }
  test::AlignedModel model;
  test::AlignedBuffer arena;
  AllOpsResolver resolver;
  std::unique_ptr<MicroInterpreter> interpreter;
};

void ExpectResetRestartsTheSequence(const SvdfSpec& spec) {
  SvdfRun run(spec);
  ASSERT_EQ(run.Allocate(), kTfLiteOk);
  std::vector<std::vector<uint8_t>> first;
  for (int step = 0; step < 5; ++step) first.push_back(run.Step(step));
  // The state matters: feeding step 0's input again after four steps gives a different output.
  EXPECT_NE(run.Step(0), first[0]);
  ASSERT_EQ(run.interpreter->Reset(), kTfLiteOk);
  for (int step = 0; step < 5; ++step) EXPECT_EQ(run.Step(step), first[step]) << "step " << step;
}

TEST(Svdf, ResetRestartsTheSequenceInt8x16) { ExpectResetRestartsTheSequence(SvdfSpec{}); }

TEST(Svdf, ResetRestartsTheSequenceInt8StateWithZeroPoint) {
  SvdfSpec s;
  s.time_type = schema::TensorType_INT8;
  s.state_type = schema::TensorType_INT8;
  s.state_zero_point = -20;  // the interpreter must refill the state with -20, not 0
  ExpectResetRestartsTheSequence(s);
}

TEST(Svdf, ResetRestartsTheSequenceFloat) {
  SvdfSpec s;
  s.type = s.time_type = s.state_type = schema::TensorType_FLOAT32;
  ExpectResetRestartsTheSequence(s);
}

TEST(Svdf, ReportsVariantPerType) {
  SvdfSpec int16_state;
  SvdfSpec int8_state;
  int8_state.time_type = int8_state.state_type = schema::TensorType_INT8;
  SvdfSpec f;
  f.type = f.time_type = f.state_type = schema::TensorType_FLOAT32;
  const std::pair<SvdfSpec, const char*> kinds[] = {
      {int16_state, "svdf/int8_int16/reference"}, {int8_state, "svdf/int8/reference"}, {f, "svdf/float32/reference"}};
  for (const auto& k : kinds) {
    SvdfRun run(k.first);
    ASSERT_EQ(run.Allocate(), kTfLiteOk) << k.second;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, k.second);
  }
}

TEST(Svdf, RunsWithoutBias) {  // TFLM crashes on an absent bias; mote treats it as zeros
  SvdfSpec with_bias;
  with_bias.type = with_bias.time_type = with_bias.state_type = schema::TensorType_FLOAT32;
  SvdfSpec without = with_bias;
  without.has_bias = false;
  SvdfRun a(with_bias), b(without);
  ASSERT_EQ(a.Allocate(), kTfLiteOk);
  ASSERT_EQ(b.Allocate(), kTfLiteOk);
  for (int step = 0; step < 3; ++step) EXPECT_EQ(a.Step(step), b.Step(step));  // the bias is all zeros
}

void ExpectRefused(const SvdfSpec& spec, const std::string& message) {
  LogCapture log;
  SvdfRun run(spec);
  EXPECT_NE(run.Allocate(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << "expected: " << message << "\nlog:\n" << log.text;
}

TEST(Svdf, RefusesStateThatIsNotVariable) {
  SvdfSpec s;
  s.state_is_variable = false;
  ExpectRefused(s, "SVDF: state (input 4) must be a variable tensor");
}

TEST(Svdf, RefusesRankThatDoesNotDivideTheFilters) {
  SvdfSpec s;  // 4 filters
  s.options_rank = 3;
  ExpectRefused(s, "SVDF: num_filters 4 is not a multiple of rank 3");
}

TEST(Svdf, RefusesZeroRank) {
  SvdfSpec s;
  s.options_rank = 0;
  ExpectRefused(s, "SVDF: rank 0 must be >= 1");
}

TEST(Svdf, RefusesStateTypeDifferentFromWeightsTime) {
  SvdfSpec s;
  s.state_type = schema::TensorType_INT8;
  ExpectRefused(s, "SVDF: an INT8 input needs INT8 weights_feature and output, INT16 or INT8 weights_time with a "
                   "state of the same type, INT32 bias (have INT8, INT16, state INT8, INT8, bias INT32)");
}

SvdfSpec HybridSpec() {
  SvdfSpec s;
  s.type = s.time_type = s.state_type = schema::TensorType_FLOAT32;
  s.int8_weights_feature = s.int8_weights_time = true;
  return s;
}

// LiteRT's hybrid SVDF: it runs, reports its variant, carries its float state across invokes (a constant input
// gives a new output each step until the memory fills) and Reset clears it. The oracle
// (tools/oracle/gen_hybrid_svdf.py) proves the numbers against LiteRT.
TEST(Svdf, RunsHybridAndCarriesItsState) {
  SvdfSpec spec = HybridSpec();
  spec.has_bias = false;
  const std::vector<uint8_t> model = BuildSvdf(spec);
  AllOpsResolver resolver;
  std::vector<uint8_t> arena(64 * 1024);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(interpreter.node_info(0).variant, "svdf/hybrid/reference");
  auto step = [&interpreter]() {
    float* in = interpreter.input(0)->data.f;
    for (int i = 0; i < 5; ++i) in[i] = 0.25f * static_cast<float>(i) - 0.6f;
    EXPECT_EQ(interpreter.Invoke(), kTfLiteOk);
    const float* out = interpreter.output(0)->data.f;
    return std::vector<float>(out, out + 2);
  };
  const std::vector<float> first = step(), second = step();
  EXPECT_NE(first, second);
  EXPECT_NE(first, std::vector<float>(2, 0.0f));
  ASSERT_EQ(interpreter.Reset(), kTfLiteOk);
  EXPECT_EQ(step(), first);
}

TEST(Svdf, RefusesHybridCombinationsLiteRtDoesNotRun) {
  SvdfSpec s = HybridSpec();
  s.int8_weights_time = false;
  ExpectRefused(s,
                "SVDF: a hybrid SVDF (FLOAT32 input, INT8 weights_feature) needs INT8 weights_time and FLOAT32 "
                "state, bias and output (have FLOAT32, state FLOAT32, FLOAT32, bias FLOAT32)");
  s = HybridSpec();
  s.hybrid_weights_type = schema::TensorType_UINT8;
  ExpectRefused(s,
                "SVDF: FLOAT32 input with UINT8 weights (a hybrid model) is not supported; convert the model with "
                "full-integer quantization (a representative dataset) or keep FLOAT32 weights");
  s = HybridSpec();
  s.hybrid_scales = {0.01f, 0.02f, 0.03f, 0.04f};
  ExpectRefused(s, "SVDF: hybrid weights_feature needs one (per-tensor) scale, has 4");
}

TEST(Svdf, RefusesUnsupportedInputType) {
  SvdfSpec s;
  s.type = schema::TensorType_INT16;
  ExpectRefused(s, "SVDF: input type INT16 is not supported (INT8, FLOAT32)");
}

}  // namespace
}  // namespace mote
