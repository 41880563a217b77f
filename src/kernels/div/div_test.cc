// DIV: invoke's integer division-by-zero and overflow errors, the INT8 quotient's edge cases, the variants, and
// every prepare refusal (data is proven against TFLM by the oracle cases, tools/oracle/gen_binary_math.py).
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/div/div_reference.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_INT16;
using schema::TensorType_INT32;
using schema::TensorType_INT8;
using test::BuildOne;
using test::ExpectRefused;
using test::LogCapture;
using test::OpRun;
using test::OptionsFn;
using test::Runtime;
using test::TensorSpec;

constexpr schema::BuiltinOperator kOp = schema::BuiltinOperator_DIV;

OptionsFn Activation(schema::ActivationFunctionType activation) {
  return [activation](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_DivOptions, schema::CreateDivOptions(fbb, activation).Union());
  };
}

std::vector<uint8_t> Model(const TensorSpec& a, const TensorSpec& b, const TensorSpec& out,
                           schema::ActivationFunctionType activation = schema::ActivationFunctionType_NONE) {
  return BuildOne(kOp, {a, b}, {out}, Activation(activation));
}

TEST(DivReference, RoundingDivideByPotMatchesTheSharedOneUpTo31) {
  for (const int32_t x : {0, 1, -1, 5, -5, 12345, -12345, std::numeric_limits<int32_t>::max(),
                          std::numeric_limits<int32_t>::min()}) {
    for (int e = 0; e <= 31; ++e) EXPECT_EQ(reference::DivRoundingDivideByPOT(x, e), RoundingDivideByPOT(x, e));
  }
  // From 32 on, TFLM's x86 arithmetic (the oracle's): all-ones mask, count modulo 32.
  EXPECT_EQ(reference::DivRoundingDivideByPOT(0, 40), 1);
  EXPECT_EQ(reference::DivRoundingDivideByPOT(-1024, 35), -1024 >> 3);
}

TEST(DivReference, Int32IsDefinedEverywhere) {
  EXPECT_EQ(reference::DivElements::Int32(-7, 2), -3);
  EXPECT_EQ(reference::DivElements::Int32(7, -2), -3);
  EXPECT_EQ(reference::DivElements::Int32(std::numeric_limits<int32_t>::min(), -1),
            std::numeric_limits<int32_t>::min());
  EXPECT_EQ(reference::DivElements::Int32(5, 0), 0);
}

TEST(Div, VariantPerType) {
  const struct {
    TensorSpec t;
    const char* variant;
  } kCases[] = {{Runtime(TensorType_FLOAT32, {4}), "div/float32/reference"},
                {Runtime(TensorType_INT32, {4}), "div/int32/reference"},
                {Runtime(TensorType_INT8, {4}, 0.5f, 1), "div/int8/reference"}};
  for (const auto& c : kCases) {
    OpRun run(Model(c.t, c.t, c.t));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.variant);
  }
}

TEST(Div, Int32InvokeRefusesZeroDivisorAndOverflow) {
  OpRun run(
      Model(Runtime(TensorType_INT32, {2, 2}), Runtime(TensorType_INT32, {2}), Runtime(TensorType_INT32, {2, 2})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  int32_t* a = run.interpreter->input(0)->data.i32;
  int32_t* b = run.interpreter->input(1)->data.i32;
  a[0] = 7, a[1] = -7, a[2] = std::numeric_limits<int32_t>::min(), a[3] = 9;
  b[0] = 2, b[1] = 0;
  {
    LogCapture log;
    EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_TRUE(log.Has("DIV: division by zero (input2 element 1 is 0)")) << log.text;
    EXPECT_TRUE(log.Has("Node number 0 (DIV) failed to invoke")) << log.text;
  }
  b[1] = -1;  // INT32_MIN meets -1 only if the broadcast pairs them: a[2] with b[0] here
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t expected[] = {3, 7, std::numeric_limits<int32_t>::min() / 2, -9};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], expected[i]) << i;
  a[3] = std::numeric_limits<int32_t>::min();  // paired with b[1] = -1
  LogCapture log;
  EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(log.Has("DIV: INT32 quotient overflow (-2147483648 / -1)")) << log.text;
}

TEST(Div, Int8InvokeRefusesADivisorAtItsZeroPoint) {
  OpRun run(Model(Runtime(TensorType_INT8, {3}, 0.5f, 0), Runtime(TensorType_INT8, {3}, 0.25f, -4),
                  Runtime(TensorType_INT8, {3}, 0.5f, 0)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.int8[i] = 8;
  run.interpreter->input(1)->data.int8[0] = 4;
  run.interpreter->input(1)->data.int8[1] = -4;
  run.interpreter->input(1)->data.int8[2] = 0;
  {
    LogCapture log;
    EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_TRUE(log.Has("DIV: division by zero (input2 element 1 is its zero point -4)")) << log.text;
  }
  run.interpreter->input(1)->data.int8[1] = -8;  // -1.0: 4.0 / -1.0 = -4.0
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[0], 4);   // 4.0 / 2.0 = 2.0
  EXPECT_EQ(run.interpreter->output(0)->data.int8[1], -8);  // -4.0
  EXPECT_EQ(run.interpreter->output(0)->data.int8[2], 8);   // 4.0 / 1.0
}

TEST(Div, FloatZeroDivisorIsClampedToTheActivationRange) {
  OpRun run(
      Model(Runtime(TensorType_FLOAT32, {2}), Runtime(TensorType_FLOAT32, {2}), Runtime(TensorType_FLOAT32, {2})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  run.interpreter->input(0)->data.f[0] = 1.0f;
  run.interpreter->input(0)->data.f[1] = -1.0f;
  run.interpreter->input(1)->data.f[0] = 0.0f;
  run.interpreter->input(1)->data.f[1] = 0.0f;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.f[0], std::numeric_limits<float>::max());
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], std::numeric_limits<float>::lowest());
}

TEST(Div, RefusesTypes) {
  ExpectRefused(Model(Runtime(TensorType_INT16, {3}, 0.5f), Runtime(TensorType_INT16, {3}, 0.5f),
                      Runtime(TensorType_INT16, {3}, 0.5f)),
                "DIV: input type INT16 is not supported (FLOAT32, INT32, INT8)");
  ExpectRefused(Model(Runtime(TensorType_INT32, {3}, 0.5f), Runtime(TensorType_INT32, {3}),
                      Runtime(TensorType_INT32, {3})),
                "DIV: INT32 inputs must not be quantized");
  ExpectRefused(Model(Runtime(TensorType_INT8, {3}), Runtime(TensorType_INT8, {3}), Runtime(TensorType_INT8, {3})),
                "DIV: input1");  // unquantized INT8: the per-tensor quantization check names the tensor
}

TEST(Div, RefusesRescalingOutOfRange) {
  ExpectRefused(Model(Runtime(TensorType_INT8, {3}, 1000.0f), Runtime(TensorType_INT8, {3}, 1e-3f),
                      Runtime(TensorType_INT8, {3}, 1e-3f)),
                "DIV: input1 scale 1000 / (input2 scale 0.001 * output scale 0.001) is out of range [2^-26, 2^23)");
  ExpectRefused(Model(Runtime(TensorType_INT8, {3}, 1e-4f), Runtime(TensorType_INT8, {3}, 100.0f),
                      Runtime(TensorType_INT8, {3}, 100.0f)),
                "is out of range [2^-26, 2^23)");
}

TEST(Div, RefusesShapesAndActivation) {
  ExpectRefused(Model(Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {2}),
                      Runtime(TensorType_FLOAT32, {2, 3})),
                "DIV: input shapes [2, 3] and [2] cannot be broadcast together");
  ExpectRefused(Model(Runtime(TensorType_FLOAT32, {3}), Runtime(TensorType_FLOAT32, {3}),
                      Runtime(TensorType_FLOAT32, {3}), schema::ActivationFunctionType_TANH),
                "DIV: fused activation TANH is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)");
}

}  // namespace
}  // namespace mote
