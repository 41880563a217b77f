// FULLY_CONNECTED prepare refusals (bit-exactness is proven by the oracle cases, tests/oracle/data).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/prepare_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using kernel_test::PrepareModel;
using schema::TensorType;

struct FcSpec {
  TensorType type = schema::TensorType_INT8;
  TensorType weights_type = schema::TensorType_INT8;
  TensorType bias_type = schema::TensorType_INT32;
  std::vector<int> input_shape = {2, 4};
  std::vector<int> output_shape = {2, 3};
  int units = 3;
  int depth = 4;
  bool bias = true;
  std::vector<float> weight_scales = {0.01f};
  int quantized_dimension = 0;
  float bias_scale = 0.5f * 0.01f;
  schema::ActivationFunctionType activation = schema::ActivationFunctionType_NONE;
  schema::FullyConnectedOptionsWeightsFormat format = schema::FullyConnectedOptionsWeightsFormat_DEFAULT;
};

std::vector<uint8_t> FcModel(const FcSpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED);
  const bool quantized = s.type != schema::TensorType_FLOAT32;
  const std::vector<float> act_scale = quantized ? std::vector<float>{0.5f} : std::vector<float>{};
  const std::vector<int64_t> act_zp = quantized ? std::vector<int64_t>{0} : std::vector<int64_t>{};
  const int in = b.AddTensor(s.type, s.input_shape, "in", 0, act_scale, act_zp);
  const int weight_count = s.units * s.depth;
  const int weight_bytes = s.weights_type == schema::TensorType_INT4 ? (weight_count + 1) / 2 : weight_count;
  const std::vector<int8_t> w(static_cast<size_t>(weight_bytes), 1);
  const int weights = b.AddConstTensor<int8_t>(s.weights_type, {s.units, s.depth}, w, s.weight_scales,
                                               std::vector<int64_t>(s.weight_scales.size(), 0),
                                               s.quantized_dimension);
  int bias = -1;
  if (s.bias) {
    if (s.bias_type == schema::TensorType_INT64) {
      bias = b.AddConstTensor<int64_t>(s.bias_type, {s.units}, std::vector<int64_t>(static_cast<size_t>(s.units), 1),
                                       {s.bias_scale}, {0});
    } else {
      bias = b.AddConstTensor<int32_t>(s.bias_type, {s.units}, std::vector<int32_t>(static_cast<size_t>(s.units), 1),
                                       {s.bias_scale}, {0});
    }
  }
  const int out = b.AddTensor(s.type, s.output_shape, "out", 0, act_scale, act_zp);
  b.AddOperator(code, {in, weights, bias}, {out}, schema::BuiltinOptions_FullyConnectedOptions,
                schema::CreateFullyConnectedOptions(b.fbb(), s.activation, s.format).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

TEST(FullyConnectedPrepare, AcceptsAValidInt8Node) {
  const auto r = PrepareModel(FcModel(FcSpec()));
  EXPECT_EQ(r.status, kTfLiteOk) << r.log;
}

TEST(FullyConnectedPrepare, RefusesShuffledWeights) {
  FcSpec s;
  s.format = schema::FullyConnectedOptionsWeightsFormat_SHUFFLED4x16INT8;
  const auto r = PrepareModel(FcModel(s));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: weights_format SHUFFLED4x16INT8 is not supported (only DEFAULT; TFLM's "
                    "reference kernel does not implement it either)"))
      << r.log;
  EXPECT_TRUE(r.Has("Node number 0 (FULLY_CONNECTED) failed to prepare")) << r.log;
}

TEST(FullyConnectedPrepare, RefusesInt32BiasOnInt16) {
  FcSpec s;
  s.type = schema::TensorType_INT16;
  const auto r = PrepareModel(FcModel(s));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: bias type INT32 is not supported with INT16 input (INT64)")) << r.log;
}

// Hybrid (beyond TFLM, as LiteRT; numbers: the hybrid oracle group): FLOAT32 x INT8 with symmetric weights,
// per tensor or per channel, FLOAT32 bias.
TEST(FullyConnectedPrepare, AcceptsHybridFloatInputWithInt8Weights) {
  FcSpec s;
  s.type = schema::TensorType_FLOAT32;
  s.bias_type = schema::TensorType_FLOAT32;
  EXPECT_EQ(PrepareModel(FcModel(s)).status, kTfLiteOk);
  s.weight_scales = {0.01f, 0.02f, 0.03f};
  EXPECT_EQ(PrepareModel(FcModel(s)).status, kTfLiteOk);
}

TEST(FullyConnectedPrepare, RefusesHybridCombinationsItDoesNotRun) {
  FcSpec s;
  s.type = schema::TensorType_FLOAT32;
  s.bias_type = schema::TensorType_FLOAT32;
  s.weights_type = schema::TensorType_INT4;
  auto r = PrepareModel(FcModel(s));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: FLOAT32 input with INT4 weights (a hybrid model) is not supported; convert the "
                    "model with full-integer quantization (a representative dataset) or keep FLOAT32 weights"))
      << r.log;
  s.weights_type = schema::TensorType_INT8;
  s.bias_type = schema::TensorType_INT32;
  r = PrepareModel(FcModel(s));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: bias type INT32 is not supported with FLOAT32 input (FLOAT32)")) << r.log;
}

TEST(FullyConnectedPrepare, RefusesInconsistentShapes) {
  {
    FcSpec s;
    s.input_shape = {2, 5};
    const auto r = PrepareModel(FcModel(s));
    EXPECT_TRUE(r.Has("FULLY_CONNECTED: input has 10 elements, not a multiple of the weights' input depth 4"))
        << r.log;
  }
  {
    FcSpec s;
    s.output_shape = {1, 3};
    const auto r = PrepareModel(FcModel(s));
    EXPECT_TRUE(r.Has("FULLY_CONNECTED: output has 3 elements; 2 batches x 3 units = 6 expected")) << r.log;
  }
  {
    FcSpec s;
    s.output_shape = {3, 2};
    const auto r = PrepareModel(FcModel(s));
    EXPECT_TRUE(r.Has("FULLY_CONNECTED: output's last dimension must be the number of units 3")) << r.log;
  }
}

TEST(FullyConnectedPrepare, RefusesBadQuantization) {
  {
    FcSpec s;
    s.bias_scale = 0.5f;
    const auto r = PrepareModel(FcModel(s));
    EXPECT_TRUE(r.Has("FULLY_CONNECTED: bias scale 0.5 does not match input scale * filter scale = 0.005")) << r.log;
  }
  {
    // (A scale count that does not match its dimension is already refused by model verification.)
    FcSpec s;
    s.weight_scales = {0.01f, 0.02f, 0.03f, 0.04f};
    s.quantized_dimension = 1;
    const auto r = PrepareModel(FcModel(s));
    EXPECT_TRUE(r.Has("FULLY_CONNECTED: per-channel filter quantization must be along dimension 0 (got 1)")) << r.log;
  }
}

TEST(FullyConnectedPrepare, AcceptsPackedInt4WeightsPerTensor) {
  FcSpec s;
  s.weights_type = schema::TensorType_INT4;
  s.depth = 5;  // 15 weights: an odd count, the last byte half used
  s.input_shape = {2, 5};
  const auto r = PrepareModel(FcModel(s));
  EXPECT_EQ(r.status, kTfLiteOk) << r.log;
}

TEST(FullyConnectedPrepare, RefusesPerChannelInt4Weights) {
  // TFLM refuses it too (fully_connected_common.cc: INT4 weights are per-tensor only).
  FcSpec s;
  s.weights_type = schema::TensorType_INT4;
  s.weight_scales = {0.01f, 0.02f, 0.03f};
  s.bias_scale = 0.5f * 0.01f;
  const auto r = PrepareModel(FcModel(s));
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: per-channel quantization of an INT4 filter is not supported")) << r.log;
}

TEST(FullyConnectedPrepare, RefusesNonClampActivation) {
  FcSpec s;
  s.activation = schema::ActivationFunctionType_TANH;
  const auto r = PrepareModel(FcModel(s));
  EXPECT_TRUE(r.Has("FULLY_CONNECTED: fused activation TANH is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)"))
      << r.log;
}

}  // namespace
}  // namespace mote
