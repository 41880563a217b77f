// The requirement articles' examples as working code (issue 5, item 2), each checked here:
//   seed 002  "ReluQuantized", an int8 ReLU custom op (examples/relu_quantized/relu_quantized.h): bit-identical
//             to the builtin RELU, refusals, case-sensitive lookup;
//   seed 001  "Tanh_Accel", an accelerated tanh custom op with a lookup table in place of the vendor DSP call
//             (defined below, TFLM-style): bit-compared against mote's TANH on every int8 input;
//   seed 003  a resolver class that knows only ADD, CONV_2D and RELU (examples/add_delegate/lite_resolver.h);
//   seed 003  the demo delegate that takes every ADD node (examples/add_delegate/demo_delegate.h), through the
//             TFLite-style host API: plan, params, invoke counts, outputs equal to the CPU-only run.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../../examples/add_delegate/demo_delegate.h"
#include "../../examples/add_delegate/lite_resolver.h"
#include "../../examples/relu_quantized/relu_quantized.h"
#include "gtest/gtest.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "tensorflow/lite/interpreter.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/model_builder.h"
#include "unit/log_capture.h"

// --- Seed 001: "Tanh_Accel", written as a TFLM custom op ---------------------------------------------------
// The article calls a vendor DSP tanh per element. Here the "accelerator" is a 256-entry table built once in
// prepare (every int8 input has one output), so invoke is one lookup per element. The table reproduces the
// builtin TANH's int8 contract: output = round(tanh(x) * 128) clamped to int8, output scale 1/128, zero point 0.
namespace tanh_accel {

struct OpData {
  int8_t table[256];
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_EQ(context, tflite::NumInputs(node), 1);
  TF_LITE_ENSURE_EQ(context, tflite::NumOutputs(node), 1);
  auto* data = static_cast<OpData*>(node->user_data);
  tflite::MicroContext* micro_context = tflite::GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, 0);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, 0);
  TF_LITE_ENSURE(context, data != nullptr && input != nullptr && output != nullptr);
  TF_LITE_ENSURE_TYPES_EQ(context, input->type, kTfLiteInt8);
  TF_LITE_ENSURE_TYPES_EQ(context, output->type, kTfLiteInt8);
  TF_LITE_ENSURE(context, tflite::HaveSameShapes(input, output));
  if (output->params.scale != 1.0f / 128 || output->params.zero_point != 0) {
    MicroPrintf("Tanh_Accel: the output must have scale 1/128 and zero point 0 (got %g and %d).",
                static_cast<double>(output->params.scale), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  const double scale = input->params.scale;
  const int zero_point = input->params.zero_point;
  for (int q = -128; q <= 127; ++q) {
    const double y = std::round(std::tanh((q - zero_point) * scale) * 128.0);
    data->table[q + 128] = static_cast<int8_t>(y > 127 ? 127 : (y < -128 ? -128 : y));
  }
  micro_context->DeallocateTempTfLiteTensor(input);
  micro_context->DeallocateTempTfLiteTensor(output);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = tflite::micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = tflite::micro::GetEvalOutput(context, node, 0);
  const int8_t* in = tflite::micro::GetTensorData<int8_t>(input);
  int8_t* out = tflite::micro::GetTensorData<int8_t>(output);
  const int n = tflite::micro::GetTensorShape(input).FlatSize();
  for (int i = 0; i < n; ++i) out[i] = data->table[in[i] + 128];
  return kTfLiteOk;
}

TFLMRegistration* Register_TANH_ACCEL() {
  static TFLMRegistration registration = tflite::micro::RegisterOp(Init, Prepare, Eval);
  return &registration;
}

}  // namespace tanh_accel

namespace mote {
namespace {

using unit_test::LogCapture;

// in -> op -> out, int8 [1, n]; `op` is a custom name or a builtin.
std::vector<uint8_t> UnaryInt8Model(const std::string& custom, schema::BuiltinOperator builtin, int n,
                                    float in_scale, int in_zp, float out_scale, int out_zp) {
  test::ModelBuilder b;
  const int code = custom.empty() ? b.AddOperatorCode(builtin) : b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, custom);
  const int in = b.AddTensor(schema::TensorType_INT8, {1, n}, "in", 0, {in_scale}, {in_zp});
  const int out = b.AddTensor(schema::TensorType_INT8, {1, n}, "out", 0, {out_scale}, {out_zp});
  b.AddOperator(code, {in}, {out});
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// Runs a one-input int8 model; empty on failure.
std::vector<int8_t> RunInt8(const std::vector<uint8_t>& bytes, const MicroOpResolver& resolver,
                            const std::vector<int8_t>& input) {
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(16 * 1024);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  if (interpreter.AllocateTensors() != kTfLiteOk) return {};
  std::memcpy(interpreter.input(0)->data.int8, input.data(), input.size());
  if (interpreter.Invoke() != kTfLiteOk) return {};
  const int8_t* out = interpreter.output(0)->data.int8;
  return std::vector<int8_t>(out, out + input.size());
}

std::vector<int8_t> AllInt8() {
  std::vector<int8_t> v;
  for (int q = -128; q <= 127; ++q) v.push_back(static_cast<int8_t>(q));
  return v;
}

// --- Seed 002: ReluQuantized -------------------------------------------------------------------------------
TEST(SeedExamples, ReluQuantizedEqualsBuiltinRelu) {
  tflite::MicroMutableOpResolver<1> custom;
  ASSERT_EQ(custom.AddCustom("ReluQuantized", relu_quantized::Register_RELU_QUANTIZED()), kTfLiteOk);
  tflite::MicroMutableOpResolver<1> builtin;
  ASSERT_EQ(builtin.AddRelu(), kTfLiteOk);
  const std::vector<int8_t> input = AllInt8();
  for (int zp : {-128, -100, -3, 0, 7, 64, 127}) {
    for (float scale : {0.003f, 0.5f, 2.f}) {
      SCOPED_TRACE("zero point " + std::to_string(zp) + ", scale " + std::to_string(scale));
      const auto a = RunInt8(UnaryInt8Model("ReluQuantized", schema::BuiltinOperator_RELU, 256, scale, zp, scale, zp),
                             custom, input);
      const auto b = RunInt8(UnaryInt8Model("", schema::BuiltinOperator_RELU, 256, scale, zp, scale, zp), builtin, input);
      ASSERT_EQ(a.size(), 256u);
      EXPECT_EQ(a, b);
      for (int i = 0; i < 256; ++i) EXPECT_EQ(a[i], std::max<int>(input[i], zp));
    }
  }
}

TEST(SeedExamples, ReluQuantizedRefusesWhatItCannotDo) {
  tflite::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("ReluQuantized", relu_quantized::Register_RELU_QUANTIZED()), kTfLiteOk);
  LogCapture log;
  EXPECT_TRUE(RunInt8(UnaryInt8Model("ReluQuantized", schema::BuiltinOperator_RELU, 4, 0.5f, -3, 0.25f, -3), resolver,
                      {1, 2, 3, 4})
                  .empty());
  EXPECT_TRUE(log.Has("ReluQuantized: input and output must share scale and zero point (input 0.5/-3, output "
                      "0.25/-3); use the builtin RELU, which requantizes.")) << log.all();
  EXPECT_TRUE(log.Has("Node number 0 (ReluQuantized) failed to prepare with status 1")) << log.all();
  // Names are exact and case-sensitive; the message points at the registered spelling.
  EXPECT_TRUE(RunInt8(UnaryInt8Model("reluQuantized", schema::BuiltinOperator_RELU, 4, 0.5f, 0, 0.5f, 0), resolver,
                      {1, 2, 3, 4})
                  .empty());
  EXPECT_TRUE(log.Has("Didn't find custom op for name 'reluQuantized' version '1'. Did you mean 'ReluQuantized'? "
                      "(custom op names are case-sensitive and must match exactly)")) << log.all();
}

// --- Seed 001: Tanh_Accel ----------------------------------------------------------------------------------
TEST(SeedExamples, TanhAccelIsBitIdenticalToTanhOnEveryInt8Input) {
  tflite::MicroMutableOpResolver<1> accel;
  ASSERT_EQ(accel.AddCustom("Tanh_Accel", tanh_accel::Register_TANH_ACCEL()), kTfLiteOk);
  tflite::MicroMutableOpResolver<1> builtin;
  ASSERT_EQ(builtin.AddTanh(), kTfLiteOk);
  const std::vector<int8_t> input = AllInt8();
  std::mt19937 rng(1);
  std::vector<std::pair<float, int>> params = {{0.01f, 0}, {0.05f, -10}, {1.f / 16, 0}, {0.1f, 5}, {0.25f, -128}};
  for (int i = 0; i < 40; ++i) {
    const float scale = std::exp(std::uniform_real_distribution<float>(std::log(0.002f), std::log(0.3f))(rng));
    params.push_back({scale, static_cast<int>(rng() % 256) - 128});
  }
  int compared = 0;
  for (const auto& p : params) {
    SCOPED_TRACE("input scale " + std::to_string(p.first) + ", zero point " + std::to_string(p.second));
    const auto a = RunInt8(UnaryInt8Model("Tanh_Accel", schema::BuiltinOperator_TANH, 256, p.first, p.second,
                                          1.f / 128, 0), accel, input);
    const auto b = RunInt8(UnaryInt8Model("", schema::BuiltinOperator_TANH, 256, p.first, p.second, 1.f / 128, 0),
                           builtin, input);
    ASSERT_EQ(a.size(), 256u);
    ASSERT_EQ(b.size(), 256u);
    for (int i = 0; i < 256; ++i) EXPECT_EQ(a[i], b[i]) << "input " << static_cast<int>(input[i]);
    compared += 256;
  }
  std::printf("Tanh_Accel: %d outputs compared with TANH over %zu input quantizations\n", compared, params.size());
}

TEST(SeedExamples, TanhAccelRefusesAnOutputScaleTanhDoesNotProduce) {
  tflite::MicroMutableOpResolver<1> accel;
  ASSERT_EQ(accel.AddCustom("Tanh_Accel", tanh_accel::Register_TANH_ACCEL()), kTfLiteOk);
  LogCapture log;
  EXPECT_TRUE(RunInt8(UnaryInt8Model("Tanh_Accel", schema::BuiltinOperator_TANH, 4, 0.1f, 0, 0.5f, 3), accel,
                      {1, 2, 3, 4})
                  .empty());
  EXPECT_TRUE(log.Has("Tanh_Accel: the output must have scale 1/128 and zero point 0 (got 0.5 and 3).")) << log.all();
}

// --- Seed 003: the ADD/CONV_2D/RELU resolver ---------------------------------------------------------------
// out = ADD(RELU(CONV_2D(x)), x): float, x [1, 4, 4, 1], a 3x3 SAME convolution with one filter.
std::vector<uint8_t> ConvReluAddModel(bool with_softmax = false) {
  test::ModelBuilder b;
  const int conv = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D);
  const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
  const int add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
  const int x = b.AddTensor(schema::TensorType_FLOAT32, {1, 4, 4, 1}, "x");
  std::vector<float> w = {1, -1, 0.5f, 0, 2, 0, -0.5f, 1, -1};
  const int filter = b.AddConstTensor<float>(schema::TensorType_FLOAT32, {1, 3, 3, 1}, w);
  const int bias = b.AddConstTensor<float>(schema::TensorType_FLOAT32, {1}, {0.25f});
  const int c = b.AddTensor(schema::TensorType_FLOAT32, {1, 4, 4, 1}, "conv");
  const int r = b.AddTensor(schema::TensorType_FLOAT32, {1, 4, 4, 1}, "relu");
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 4, 4, 1}, "out");
  b.AddOperator(conv, {x, filter, bias}, {c}, schema::BuiltinOptions_Conv2DOptions,
                schema::CreateConv2DOptions(b.fbb(), schema::Padding_SAME, 1, 1).Union());
  b.AddOperator(relu, {c}, {r});
  b.AddOperator(add, {r, x}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  int last = out;
  if (with_softmax) {
    const int softmax = b.AddOperatorCode(schema::BuiltinOperator_SOFTMAX);
    last = b.AddTensor(schema::TensorType_FLOAT32, {1, 16}, "softmax");
    b.AddOperator(softmax, {out}, {last}, schema::BuiltinOptions_SoftmaxOptions,
                  schema::CreateSoftmaxOptions(b.fbb(), 1.f).Union());
  }
  b.SetInputs({x});
  b.SetOutputs({last});
  return b.Finish();
}

TEST(SeedExamples, LiteResolverKnowsOnlyAddConvRelu) {
  LiteResolver resolver;
  EXPECT_NE(resolver.FindOp(tflite::BuiltinOperator_ADD, 1), nullptr);
  EXPECT_NE(resolver.FindOp(tflite::BuiltinOperator_CONV_2D, 8), nullptr);
  EXPECT_NE(resolver.FindOp(tflite::BuiltinOperator_RELU, 3), nullptr);
  EXPECT_EQ(resolver.FindOp(tflite::BuiltinOperator_CONV_2D, 9), nullptr) << "versions are compared";
  EXPECT_EQ(resolver.FindOp(tflite::BuiltinOperator_SOFTMAX, 1), nullptr);
  EXPECT_EQ(resolver.FindOp(tflite::BuiltinOperator_MUL, 1), nullptr);
  EXPECT_EQ(resolver.FindOp("ADD", 1), nullptr);
  EXPECT_EQ(resolver.FindOp(tflite::BuiltinOperator_ADD, 1)->builtin_code, tflite::BuiltinOperator_ADD);
  EXPECT_EQ(resolver.FindOp(tflite::BuiltinOperator_ADD, 2)->version, 2);

  // Runs a model made of those ops, with the same result as the all-ops resolver.
  const auto bytes = ConvReluAddModel();
  auto model = tflite::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  ASSERT_NE(model, nullptr);
  std::vector<std::vector<float>> outputs;
  for (int which = 0; which < 2; ++which) {
    std::unique_ptr<tflite::Interpreter> interpreter;
    if (which == 0) {
      LiteResolver local;  // may die right after the builder: registrations are copied
      ASSERT_EQ(tflite::InterpreterBuilder(*model, local)(&interpreter), kTfLiteOk);
    } else {
      tflite::ops::builtin::BuiltinOpResolver all;
      ASSERT_EQ(tflite::InterpreterBuilder(*model, all)(&interpreter), kTfLiteOk);
    }
    ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
    float* x = interpreter->typed_input_tensor<float>(0);
    ASSERT_NE(x, nullptr);
    for (int i = 0; i < 16; ++i) x[i] = 0.3f * i - 2.f;
    ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
    const float* y = interpreter->typed_output_tensor<float>(0);
    outputs.emplace_back(y, y + 16);
  }
  EXPECT_EQ(outputs[0], outputs[1]);

  // Any other op is refused at build time with the resolver's contents.
  const auto softmax_bytes = ConvReluAddModel(/*with_softmax=*/true);
  auto softmax_model =
      tflite::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(softmax_bytes.data()), softmax_bytes.size());
  ASSERT_NE(softmax_model, nullptr);
  LogCapture log;
  std::unique_ptr<tflite::Interpreter> interpreter;
  EXPECT_EQ(tflite::InterpreterBuilder(*softmax_model, resolver)(&interpreter), kTfLiteError);
  EXPECT_EQ(interpreter, nullptr);
  EXPECT_TRUE(log.Has("Didn't find op for builtin opcode 'SOFTMAX' version '1'.")) << log.all();
  EXPECT_TRUE(log.Has("Registered ops (3): ADD, CONV_2D, RELU.")) << log.all();
}

// --- Seed 003: the demo delegate through the TFLite-style API -----------------------------------------------
// out = ADD(RELU(ADD(ADD(x, y), y)), x), float [1, 8], as examples/add_delegate builds it.
std::vector<uint8_t> AddReluModel(int width = 8) {
  test::ModelBuilder b;
  const int add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
  const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
  std::vector<int> t;
  for (const char* name : {"x", "y", "xy", "xyy", "relu", "out"})
    t.push_back(b.AddTensor(schema::TensorType_FLOAT32, {1, width}, name));
  auto add_op = [&](int a, int c, int out) {
    b.AddOperator(add, {a, c}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  };
  add_op(t[0], t[1], t[2]);
  add_op(t[2], t[1], t[3]);
  b.AddOperator(relu, {t[3]}, {t[4]});
  add_op(t[4], t[0], t[5]);
  b.SetInputs({t[0], t[1]});
  b.SetOutputs({t[5]});
  return b.Finish();
}

class HostDelegate : public ::testing::Test {
 protected:
  void SetUp() override {
    bytes_ = AddReluModel();
    model_ = tflite::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(bytes_.data()), bytes_.size());
    ASSERT_NE(model_, nullptr);
  }
  std::unique_ptr<tflite::Interpreter> Build() {
    std::unique_ptr<tflite::Interpreter> interpreter;
    EXPECT_EQ(tflite::InterpreterBuilder(*model_, resolver_)(&interpreter), kTfLiteOk);
    return interpreter;
  }
  static void Fill(tflite::Interpreter* interpreter, int run = 0) {
    float* x = interpreter->typed_input_tensor<float>(0);
    float* y = interpreter->typed_input_tensor<float>(1);
    ASSERT_NE(x, nullptr);
    ASSERT_NE(y, nullptr);
    for (int i = 0; i < 8; ++i) {
      x[i] = 0.5f * i - 2.f + run;
      y[i] = 0.3f * i - 1.f;
    }
  }
  static std::vector<float> Output(tflite::Interpreter* interpreter) {
    const float* out = interpreter->typed_output_tensor<float>(0);
    return out == nullptr ? std::vector<float>{} : std::vector<float>(out, out + 8);
  }
  std::vector<float> Cpu(int run = 0) {
    auto interpreter = Build();
    EXPECT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
    Fill(interpreter.get(), run);
    EXPECT_EQ(interpreter->Invoke(), kTfLiteOk);
    return Output(interpreter.get());
  }

  std::vector<uint8_t> bytes_;
  std::unique_ptr<tflite::FlatBufferModel> model_;
  LiteResolver resolver_;
};

TEST_F(HostDelegate, DemoDelegateTakesEveryAddAsTheArticleShows) {
  demo::DemoStats stats;
  TfLiteDelegate delegate = demo::CreateDemoDelegate(&stats);
  auto interpreter = Build();
  ASSERT_NE(interpreter, nullptr);
  EXPECT_EQ(interpreter->inputs(), (std::vector<int>{0, 1}));
  EXPECT_EQ(interpreter->outputs(), (std::vector<int>{5}));
  EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{0, 1, 2, 3}));
  // The article's order: build, ModifyGraphWithDelegate, Invoke (the delegate call allocates tensors).
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(&delegate), kTfLiteOk);
  EXPECT_EQ(stats.prepare_calls, 1);
  EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{4, 2, 5}));
  EXPECT_EQ(interpreter->nodes_size(), 6u);
  ASSERT_EQ(stats.kernels, (std::vector<std::vector<int>>{{0, 1}, {3}}));
  for (int run = 0; run < 3; ++run) {
    Fill(interpreter.get(), run);
    ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(Output(interpreter.get()), Cpu(run));
  }
  EXPECT_EQ(stats.invokes, 2 * 3) << "one invoke per delegate kernel per Invoke()";
  const NodeInfo info = interpreter->micro().node_info(0);
  EXPECT_STREQ(info.op_name, "DemoDelegate");
  EXPECT_EQ(info.replaced_nodes->size, 2);
  EXPECT_STREQ(interpreter->micro().node_info(1).op_name, "RELU");
}

TEST_F(HostDelegate, DelegateAfterAllocateTensorsKeepsInputs) {
  demo::DemoStats stats;
  TfLiteDelegate delegate = demo::CreateDemoDelegate(&stats);
  auto interpreter = Build();
  ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
  Fill(interpreter.get(), 1);
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(&delegate), kTfLiteOk);
  EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{4, 2, 5}));
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk) << "inputs set before the delegate are still there";
  EXPECT_EQ(Output(interpreter.get()), Cpu(1));
  EXPECT_EQ(stats.invokes, 2);
  // A second delegate finds no ADD left: the graph keeps the first one's kernels (re-applied on rebuild).
  demo::DemoStats second_stats;
  TfLiteDelegate second = demo::CreateDemoDelegate(&second_stats);
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(&second), kTfLiteOk);
  EXPECT_EQ(second_stats.prepare_calls, 1);
  EXPECT_TRUE(second_stats.kernels.empty());
  EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{4, 2, 5}));
  Fill(interpreter.get(), 2);
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(Output(interpreter.get()), Cpu(2));
}

TfLiteStatus FailingPrepare(TfLiteContext* context, TfLiteDelegate* delegate) {
  // Takes the first ADD, then reports failure: the graph must come back unchanged.
  TfLiteIntArray* nodes = TfLiteIntArrayCreate(1);
  nodes->data[0] = 0;
  TfLiteRegistration reg{};
  reg.invoke = [](TfLiteContext*, TfLiteNode*) { return kTfLiteError; };
  const TfLiteStatus s = context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes, delegate);
  TfLiteIntArrayFree(nodes);
  return s == kTfLiteOk ? kTfLiteError : s;
}

TfLiteStatus KernelPrepareFails(TfLiteContext* context, TfLiteDelegate* delegate) {
  TfLiteIntArray* nodes = TfLiteIntArrayCreate(1);
  nodes->data[0] = 3;
  TfLiteRegistration reg{};
  reg.prepare = [](TfLiteContext*, TfLiteNode*) { return kTfLiteError; };
  reg.invoke = [](TfLiteContext*, TfLiteNode*) { return kTfLiteError; };
  reg.custom_name = "Refuser";
  const TfLiteStatus s = context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes, delegate);
  TfLiteIntArrayFree(nodes);
  return s;
}

TEST_F(HostDelegate, FailingDelegatesLeaveAWorkingInterpreter) {
  for (auto prepare : {FailingPrepare, KernelPrepareFails}) {
    for (bool allocate_first : {false, true}) {
      SCOPED_TRACE(allocate_first ? "after AllocateTensors" : "before AllocateTensors");
      auto interpreter = Build();
      if (allocate_first) {
        ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
        Fill(interpreter.get(), 3);
      }
      TfLiteDelegate delegate = TfLiteDelegateCreate();
      delegate.Prepare = prepare;
      LogCapture log;
      EXPECT_EQ(interpreter->ModifyGraphWithDelegate(&delegate), kTfLiteDelegateError);
      EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{0, 1, 2, 3}));
      if (!allocate_first) Fill(interpreter.get(), 3);
      ASSERT_EQ(interpreter->Invoke(), kTfLiteOk) << log.all();
      EXPECT_EQ(Output(interpreter.get()), Cpu(3));
    }
  }
}

TEST_F(HostDelegate, OwnedDelegateLivesAsLongAsTheInterpreter) {
  static int deleted = 0;
  deleted = 0;
  static demo::DemoStats stats;
  stats = demo::DemoStats();
  tflite::TfLiteDelegatePtr owned(new TfLiteDelegate(demo::CreateDemoDelegate(&stats)), [](TfLiteDelegate* d) {
    ++deleted;
    delete d;
  });
  {
    auto interpreter = Build();
    ASSERT_EQ(interpreter->ModifyGraphWithDelegate(std::move(owned)), kTfLiteOk);
    Fill(interpreter.get());
    ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(deleted, 0);
  }
  EXPECT_EQ(deleted, 1);
  EXPECT_EQ(stats.invokes, 2);
}

// A delegate as full-TFLite code writes it: TfLiteDelegateCreate, the kernel reads context->tensors.
TfLiteStatus ContextTensorsReluInvoke(TfLiteContext* context, TfLiteNode* node) {
  const TfLiteTensor& in = context->tensors[node->inputs->data[0]];
  TfLiteTensor& out = context->tensors[node->outputs->data[0]];
  for (size_t i = 0; i < out.bytes / sizeof(float); ++i) out.data.f[i] = in.data.f[i] > 0 ? in.data.f[i] : 0;
  return kTfLiteOk;
}

TfLiteStatus TakeReluPrepare(TfLiteContext* context, TfLiteDelegate* delegate) {
  TF_LITE_ENSURE(context, context->tensors != nullptr);
  TfLiteIntArray* plan = nullptr;
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
  TfLiteIntArray* nodes = TfLiteIntArrayCreate(plan->size);
  nodes->size = 0;
  for (int i = 0; i < plan->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, plan->data[i], &node, &reg));
    // context->tensors describes every tensor already (type and shape) during the delegate's Prepare.
    if (reg->builtin_code == kTfLiteBuiltinRelu && context->tensors[node->inputs->data[0]].type == kTfLiteFloat32)
      nodes->data[nodes->size++] = plan->data[i];
  }
  TfLiteRegistration reg{};
  reg.invoke = ContextTensorsReluInvoke;
  reg.custom_name = "ContextTensorsRelu";
  const TfLiteStatus s = context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes, delegate);
  TfLiteIntArrayFree(nodes);
  return s;
}

TEST_F(HostDelegate, TfLiteStyleDelegateReadsContextTensors) {
  TfLiteDelegate delegate = TfLiteDelegateCreate();
  delegate.Prepare = TakeReluPrepare;
  EXPECT_EQ(delegate.CopyFromBufferHandle, nullptr);
  EXPECT_EQ(delegate.flags, kTfLiteDelegateFlagsNone);
  auto interpreter = Build();
  ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(&delegate), kTfLiteOk);
  EXPECT_EQ(interpreter->execution_plan(), (std::vector<int>{0, 1, 4, 3}));
  Fill(interpreter.get(), 2);
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(Output(interpreter.get()), Cpu(2));
}

// --- The TFLite-style resolver and interpreter details -----------------------------------------------------
TEST(HostApi, MutableOpResolverIsVersionAwareAndReplaces) {
  tflite::MutableOpResolver r;
  r.AddBuiltin(tflite::BuiltinOperator_ADD, tflite::ops::builtin::Register_ADD());  // version 1 only
  EXPECT_NE(r.FindOp(tflite::BuiltinOperator_ADD, 1), nullptr);
  EXPECT_EQ(r.FindOp(tflite::BuiltinOperator_ADD, 2), nullptr);
  r.AddBuiltin(tflite::BuiltinOperator_ADD, tflite::ops::builtin::Register_ADD(), 2, 3);
  EXPECT_EQ(r.FindOp(tflite::BuiltinOperator_ADD, 3)->version, 3);
  TfLiteRegistration mine = tflite::micro::RegisterOp(nullptr, nullptr, [](TfLiteContext*, TfLiteNode*) {
    return kTfLiteOk;
  });
  r.AddBuiltin(tflite::BuiltinOperator_ADD, &mine, 2, 2);  // replaces version 2 only
  EXPECT_EQ(r.FindOp(tflite::BuiltinOperator_ADD, 2)->invoke, mine.invoke);
  EXPECT_NE(r.FindOp(tflite::BuiltinOperator_ADD, 3)->invoke, mine.invoke);

  r.AddCustom("MyCustomOp", &mine, 1);
  const TfLiteRegistration* found = r.FindOp("MyCustomOp", 1);
  ASSERT_NE(found, nullptr);
  EXPECT_STREQ(found->custom_name, "MyCustomOp");
  EXPECT_EQ(found->builtin_code, tflite::BuiltinOperator_CUSTOM);
  EXPECT_EQ(r.FindOp("mycustomop", 1), nullptr) << "case-sensitive";
  EXPECT_EQ(r.FindOp("MyCustomOp", 2), nullptr) << "version compared after the name";

  LogCapture log;
  r.AddBuiltin(tflite::BuiltinOperator_CUSTOM, &mine);
  EXPECT_TRUE(log.Has("Invalid parameter BuiltinOperator_CUSTOM to the AddBuiltin function")) << log.all();
  r.AddCustom("X", &mine, 3, 2);
  EXPECT_TRUE(log.Has("AddCustom(X): invalid version range 3-2.")) << log.all();

  tflite::ops::builtin::BuiltinOpResolver all;
  EXPECT_NE(all.FindOp(tflite::BuiltinOperator_FULLY_CONNECTED, 13), nullptr);
  EXPECT_EQ(all.FindOp(tflite::BuiltinOperator_FULLY_CONNECTED, 14), nullptr);
#define MOTE_COUNT_OP(...) +1
  EXPECT_EQ(all.NumRegistrations(), 0 MOTE_BUILTIN_OPS(MOTE_COUNT_OP) MOTE_CUSTOM_OPS(MOTE_COUNT_OP))
      << "one entry per op in the op table";
  EXPECT_NE(all.FindOp("TFLite_Detection_PostProcess", 1), nullptr);
  EXPECT_NE(all.FindOp("TFLM_DECODE", 1), nullptr);
#undef MOTE_COUNT_OP
}

TEST(HostApi, TensorsAndTypedAccess) {
  const auto bytes = AddReluModel();
  auto model = tflite::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  ASSERT_NE(model, nullptr);
  tflite::ops::builtin::BuiltinOpResolver resolver;
  std::unique_ptr<tflite::Interpreter> interpreter;
  ASSERT_EQ(tflite::InterpreterBuilder(*model, resolver)(&interpreter), kTfLiteOk);
  EXPECT_EQ(interpreter->tensors_size(), 6u);
  EXPECT_EQ(interpreter->typed_input_tensor<float>(0), nullptr) << "not allocated yet";
  LogCapture log;
  EXPECT_EQ(interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("Invoke called on model that is not ready")) << log.all();
  ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(interpreter->GetInputName(1), "y");
  EXPECT_STREQ(interpreter->tensor(5)->name, "out");
  EXPECT_EQ(interpreter->tensor(5)->bytes, 32u);
  EXPECT_EQ(interpreter->tensor(6), nullptr);
  EXPECT_EQ(interpreter->typed_input_tensor<int8_t>(0), nullptr) << "wrong type";
  EXPECT_EQ(interpreter->typed_input_tensor<float>(2), nullptr) << "no such input";
  EXPECT_EQ(interpreter->typed_input_tensor<float>(0), interpreter->tensor(0)->data.f);

  // Unreadable files and bad bytes fail cleanly.
  EXPECT_EQ(tflite::FlatBufferModel::BuildFromFile("/nonexistent/model.tflite"), nullptr);
  std::vector<char> junk(64, 7);
  EXPECT_EQ(tflite::FlatBufferModel::BuildFromBuffer(junk.data(), junk.size()), nullptr);
  // A model from a file, the TFLite way.
  auto demo = tflite::FlatBufferModel::BuildFromFile(MOTE_SOURCE_DIR "/models/demo/digits_int8.tflite");
  ASSERT_NE(demo, nullptr);
  std::unique_ptr<tflite::Interpreter> digits;
  ASSERT_EQ(tflite::InterpreterBuilder(*demo, resolver)(&digits), kTfLiteOk);
  ASSERT_EQ(digits->AllocateTensors(), kTfLiteOk);
  EXPECT_NE(digits->typed_input_tensor<int8_t>(0), nullptr);
  EXPECT_EQ(digits->Invoke(), kTfLiteOk);
}

}  // namespace
}  // namespace mote
