// ADD / SUB / MUL prepare refusals through the shared binary element-wise glue, and the clamp its invoke
// applies per op (bit-exactness is proven by the oracle cases, tests/oracle/data/{add,sub,mul}.cases).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/prepare_test_util.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using kernel_test::PrepareModel;

struct BinarySpec {
  schema::BuiltinOperator op = schema::BuiltinOperator_ADD;
  schema::TensorType type1 = schema::TensorType_INT8;
  schema::TensorType type2 = schema::TensorType_INT8;
  schema::TensorType out_type = schema::TensorType_INT8;
  std::vector<int> shape1 = {2, 3};
  std::vector<int> shape2 = {3};
  std::vector<int> out_shape = {2, 3};
  bool quantized = true;
  int64_t zero_point = 0;
  schema::ActivationFunctionType activation = schema::ActivationFunctionType_NONE;
};

std::vector<uint8_t> BinaryModel(const BinarySpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(s.op);
  const std::vector<float> scale = s.quantized ? std::vector<float>{0.25f} : std::vector<float>{};
  const std::vector<int64_t> zp = s.quantized ? std::vector<int64_t>{s.zero_point} : std::vector<int64_t>{};
  const int a = b.AddTensor(s.type1, s.shape1, "a", 0, scale, zp);
  const int c = b.AddTensor(s.type2, s.shape2, "b", 0, scale, zp);
  const int out = b.AddTensor(s.out_type, s.out_shape, "out", 0, scale, zp);
  switch (s.op) {
    case schema::BuiltinOperator_ADD:
      b.AddOperator(code, {a, c}, {out}, schema::BuiltinOptions_AddOptions,
                    schema::CreateAddOptions(b.fbb(), s.activation).Union());
      break;
    case schema::BuiltinOperator_SUB:
      b.AddOperator(code, {a, c}, {out}, schema::BuiltinOptions_SubOptions,
                    schema::CreateSubOptions(b.fbb(), s.activation).Union());
      break;
    default:
      b.AddOperator(code, {a, c}, {out}, schema::BuiltinOptions_MulOptions,
                    schema::CreateMulOptions(b.fbb(), s.activation).Union());
      break;
  }
  b.SetInputs({a, c});
  b.SetOutputs({out});
  return b.Finish();
}

TEST(BinaryElementwisePrepare, AcceptsValidNodes) {
  for (auto op : {schema::BuiltinOperator_ADD, schema::BuiltinOperator_SUB, schema::BuiltinOperator_MUL}) {
    BinarySpec s;
    s.op = op;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_EQ(r.status, kTfLiteOk) << r.log;
  }
}

TEST(BinaryElementwisePrepare, RefusesMixedTypes) {
  BinarySpec s;
  s.type2 = schema::TensorType_INT16;
  const auto r = PrepareModel(BinaryModel(s));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("ADD: input1 INT8, input2 INT16 and output INT8 must have the same type")) << r.log;
}

TEST(BinaryElementwisePrepare, RefusesUnsupportedType) {
  BinarySpec s;
  s.op = schema::BuiltinOperator_SUB;
  s.type1 = s.type2 = s.out_type = schema::TensorType_UINT8;
  const auto r = PrepareModel(BinaryModel(s));
  EXPECT_TRUE(r.Has("SUB: input type UINT8 is not supported (FLOAT32, INT32, INT8, INT16)")) << r.log;
}

TEST(BinaryElementwisePrepare, RefusesShapes) {
  {
    BinarySpec s;
    s.shape2 = {2};
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: input shapes [2, 3] and [2] cannot be broadcast together")) << r.log;
  }
  {
    BinarySpec s;
    s.op = schema::BuiltinOperator_MUL;
    s.out_shape = {3, 3};
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("MUL: output shape [3, 3] is not the broadcast shape of the inputs [2, 3] and [3]")) << r.log;
  }
  {
    BinarySpec s;
    s.shape1 = {1, 1, 1, 1, 1, 2, 3};
    s.out_shape = {1, 1, 1, 1, 1, 2, 3};
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: inputs have 7 and 1 dimensions (at most 6)")) << r.log;
  }
}

TEST(BinaryElementwisePrepare, RefusesActivations) {
  {
    BinarySpec s;
    s.activation = schema::ActivationFunctionType_TANH;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: fused activation TANH is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)")) << r.log;
  }
  {
    BinarySpec s;
    s.type1 = s.type2 = s.out_type = schema::TensorType_INT32;
    s.quantized = false;
    s.activation = schema::ActivationFunctionType_RELU;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: fused activation RELU on INT32 is not supported (TFLM ignores it, TFLite applies it)"))
        << r.log;
    s.op = schema::BuiltinOperator_SUB;
    EXPECT_EQ(PrepareModel(BinaryModel(s)).status, kTfLiteOk);
  }
}

TEST(BinaryElementwisePrepare, RefusesQuantization) {
  {
    BinarySpec s;
    s.quantized = false;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: input1 (INT8) has no quantization parameters")) << r.log;
  }
  {
    BinarySpec s;
    s.op = schema::BuiltinOperator_MUL;
    s.type1 = s.type2 = s.out_type = schema::TensorType_INT16;
    s.zero_point = 3;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("MUL: INT16 zero points must be 0 (got 3, 3, output 3)")) << r.log;
  }
  {
    BinarySpec s;
    s.type1 = s.type2 = s.out_type = schema::TensorType_INT32;
    const auto r = PrepareModel(BinaryModel(s));
    EXPECT_TRUE(r.Has("ADD: INT32 inputs must not be quantized")) << r.log;
  }
}

// Runs a 3-element input1 with a 1-element input2 (broadcast) through `s`'s op; returns the output.
template <typename T>
std::vector<T> RunBroadcast(BinarySpec s, const std::vector<T>& input1, T input2) {
  s.shape1 = s.out_shape = {3};
  s.shape2 = {1};
  s.quantized = false;
  test::OpRun run(BinaryModel(s));
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) run.interpreter->typed_input_tensor<T>(0)[i] = input1[i];
  run.interpreter->typed_input_tensor<T>(1)[0] = input2;
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const T* out = run.interpreter->typed_output_tensor<T>(0);
  return std::vector<T>(out, out + 3);
}

TEST(BinaryElementwiseEval, ClampsInt32ExceptAddAndFloat) {
  BinarySpec s;
  s.type1 = s.type2 = s.out_type = schema::TensorType_INT32;
  // ADD wraps and applies no activation on INT32 (prepare refuses one).
  EXPECT_EQ(RunBroadcast<int32_t>(s, {INT32_MAX, -7, 5}, 1), (std::vector<int32_t>{INT32_MIN, -6, 6}));
  s.activation = schema::ActivationFunctionType_RELU6;
  s.op = schema::BuiltinOperator_SUB;
  EXPECT_EQ(RunBroadcast<int32_t>(s, {10, -3, 4}, 1), (std::vector<int32_t>{6, 0, 3}));
  s.op = schema::BuiltinOperator_MUL;
  EXPECT_EQ(RunBroadcast<int32_t>(s, {1, 2, 4}, 2), (std::vector<int32_t>{2, 4, 6}));
  s.type1 = s.type2 = s.out_type = schema::TensorType_FLOAT32;
  s.activation = schema::ActivationFunctionType_RELU;
  EXPECT_EQ(RunBroadcast<float>(s, {-1.0f, 0.5f, 2.0f}, 3.0f), (std::vector<float>{0.0f, 1.5f, 6.0f}));
}

}  // namespace
}  // namespace mote
