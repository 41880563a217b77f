// DEPTHWISE_CONV_2D: the variant each type reports and the exact text of every prepare/parse refusal
// (numerical bit-exactness is proven by the oracle cases, tools/oracle/gen_conv.py).
#include <cstdint>
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

// One CONV_2D node; every field can be bent to provoke one refusal.
struct DwSpec {
  schema::TensorType type = schema::TensorType_INT8;
  schema::TensorType filter_type = schema::TensorType_INT8;
  schema::TensorType bias_type = schema::TensorType_INT32;
  bool has_bias = true;
  std::vector<int> input{1, 5, 5, 3};
  std::vector<int> filter{1, 3, 3, 6};
  std::vector<int> output{1, 5, 5, 6};
  int depth_multiplier = 2;
  std::vector<float> filter_scales{0.01f};
  std::vector<int64_t> filter_zero_points{0};
  int filter_quantized_dimension = 3;
  int64_t input_zero_point = 0;
  int64_t output_zero_point = 0;
  bool options = true;
  int padding = schema::Padding_SAME;
  int stride = 1;
  int dilation = 1;
  int activation = schema::ActivationFunctionType_NONE;
};

int64_t Count(const std::vector<int>& shape) {
  int64_t n = 1;
  for (int d : shape) n *= d;
  return n;
}

size_t ElementBytes(schema::TensorType t) {
  switch (t) {
    case schema::TensorType_FLOAT32:
    case schema::TensorType_INT32: return 4;
    case schema::TensorType_INT64: return 8;
    case schema::TensorType_INT16: return 2;
    default: return 1;
  }
}

std::vector<uint8_t> BuildDepthwise(const DwSpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_DEPTHWISE_CONV_2D, 3);
  const bool quantized = s.type != schema::TensorType_FLOAT32;
  std::vector<float> act_scale = quantized ? std::vector<float>{0.05f} : std::vector<float>{};
  const int in = b.AddTensor(s.type, s.input, "in", 0, act_scale,
                             quantized ? std::vector<int64_t>{s.input_zero_point} : std::vector<int64_t>{});
  const int64_t filter_count = Count(s.filter);
  const size_t filter_bytes = s.filter_type == schema::TensorType_INT4
                                  ? static_cast<size_t>((filter_count + 1) / 2)
                                  : static_cast<size_t>(filter_count) * ElementBytes(s.filter_type);
  std::vector<uint8_t> filter_data(filter_bytes, 1);
  const bool filter_quantized = s.filter_type != schema::TensorType_FLOAT32;
  const int filter = b.AddTensor(s.filter_type, s.filter, "filter", b.AddBuffer(filter_data.data(), filter_bytes),
                                 filter_quantized ? s.filter_scales : std::vector<float>{},
                                 filter_quantized ? s.filter_zero_points : std::vector<int64_t>{},
                                 s.filter_quantized_dimension);
  int bias = -1;
  if (s.has_bias) {
    const int64_t n = s.filter[3];
    std::vector<uint8_t> bias_data(static_cast<size_t>(n) * ElementBytes(s.bias_type), 0);
    bias = b.AddTensor(s.bias_type, {static_cast<int>(n)}, "bias", b.AddBuffer(bias_data.data(), bias_data.size()));
  }
  const int out = b.AddTensor(s.type, s.output, "out", 0, act_scale,
                              quantized ? std::vector<int64_t>{s.output_zero_point} : std::vector<int64_t>{});
  if (s.options) {
    auto options = schema::CreateDepthwiseConv2DOptions(
        b.fbb(), static_cast<schema::Padding>(s.padding), s.stride, s.stride, s.depth_multiplier,
        static_cast<schema::ActivationFunctionType>(s.activation), s.dilation, s.dilation);
    b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_DepthwiseConv2DOptions, options.Union());
  } else {
    b.AddOperator(code, {in, filter, bias}, {out});
  }
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

struct DwRun {
  explicit DwRun(const DwSpec& spec) : model(BuildDepthwise(spec)), arena(256 * 1024) {}
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

TEST(DepthwiseConv2D, ReportsVariantPerType) {
  struct {
    schema::TensorType type, filter_type, bias_type;
    bool has_bias;
    const char* variant;
  } kinds[] = {
      {schema::TensorType_INT8, schema::TensorType_INT8, schema::TensorType_INT32, true,
       "depthwise_conv_2d/int8/reference"},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT64, true,
       "depthwise_conv_2d/int16/reference"},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT64, false,
       "depthwise_conv_2d/int16/reference"},
      {schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, true,
       "depthwise_conv_2d/float32/reference"},
  };
  for (const auto& k : kinds) {
    DwSpec s;
    s.type = k.type;
    s.filter_type = k.filter_type;
    s.bias_type = k.bias_type;
    s.has_bias = k.has_bias;
    DwRun run(s);
    ASSERT_EQ(run.Allocate(), kTfLiteOk) << k.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, k.variant);
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  }
}

// Builds `spec`, expects AllocateTensors to fail with `message` in the log.
void ExpectRefused(const DwSpec& spec, const std::string& message) {
  LogCapture log;
  DwRun run(spec);
  EXPECT_NE(run.Allocate(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << "expected: " << message << "\nlog:\n" << log.text;
}

TEST(DepthwiseConv2D, RefusesDepthMultiplierThatDisagreesWithShapes) {
  DwSpec s;
  s.depth_multiplier = 3;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: depth_multiplier (3) times input channels (3) must equal the filter's output "
                "channels (6)");
}

TEST(DepthwiseConv2D, RefusesMissingOptions) {
  DwSpec s;
  s.options = false;  // schema defaults: strides 0, depth_multiplier 0
  ExpectRefused(s, "DEPTHWISE_CONV_2D: depth_multiplier (0) times input channels (3) must equal the filter's output "
                   "channels (6)");
}

TEST(DepthwiseConv2D, RefusesFilterWithLeadingDimensionOtherThanOne) {
  DwSpec s;
  s.filter = {2, 3, 3, 6};
  ExpectRefused(s, "DEPTHWISE_CONV_2D: filter must have shape [1, FH, FW, OC], got first dimension 2");
}

TEST(DepthwiseConv2D, RefusesInt32BiasOn16x8) {
  DwSpec s;
  s.type = schema::TensorType_INT16;
  s.bias_type = schema::TensorType_INT32;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: bias type INT32 with INT16 input is not supported (INT64)");
}

TEST(DepthwiseConv2D, RefusesNonzeroFilterZeroPoint) {
  DwSpec s;
  s.filter_zero_points = {-2};
  ExpectRefused(s, "DEPTHWISE_CONV_2D: filter zero point -2 (channel 0) must be 0: weights are symmetric");
}

TEST(DepthwiseConv2D, RefusesPerChannelQuantizationAlongTheWrongDimension) {
  DwSpec s;  // filter [1, 3, 3, 6]: 3 scales along dimension 1 are consistent, but not per output channel
  s.filter_scales = {0.01f, 0.02f, 0.03f};
  s.filter_zero_points = {0, 0, 0};
  s.filter_quantized_dimension = 1;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: per-channel filter quantization must have one scale per output channel along "
                "dimension 3 (got 3 scales along dimension 1, 6 output channels)");
}

TEST(DepthwiseConv2D, RefusesSignBitActivation) {
  DwSpec s;
  s.activation = schema::ActivationFunctionType_SIGN_BIT;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: fused activation SIGN_BIT (5) is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)");
}

TEST(DepthwiseConv2D, RefusesOutputShapeThatDisagreesWithPadding) {
  DwSpec s;
  s.stride = 2;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: output spatial size is 5x5 but SAME padding with stride 2x2 and dilation 1x1 "
                "gives 3x3");
}

TEST(DepthwiseConv2D, RefusesInt8OutputZeroPointOutOfRange) {
  DwSpec s;
  s.output_zero_point = 200;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: output zero point 200 is out of range for INT8");
}

TEST(DepthwiseConv2D, RefusesInt4Filters) {
  DwSpec s;
  s.filter_type = schema::TensorType_INT4;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: INT4 filters are not supported yet (INT8 filter for INT8 input)");
}

}  // namespace
}  // namespace mote
