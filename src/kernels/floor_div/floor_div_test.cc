// FLOOR_DIV: the double-precision quotient, the zero-divisor error of invoke, the variant, and every prepare
// refusal (data is proven against TFLM by the oracle cases, tools/oracle/gen_binary_math.py).
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/floor_div/floor_div_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_INT32;
using test::BuildOne;
using test::ExpectRefused;
using test::LogCapture;
using test::OpRun;
using test::Runtime;

constexpr schema::BuiltinOperator kOp = schema::BuiltinOperator_FLOOR_DIV;

TEST(FloorDivReference, RoundsTowardMinusInfinity) {
  EXPECT_EQ(reference::FloorDivElements::Apply(7.0f, 2.0f), 3.0f);
  EXPECT_EQ(reference::FloorDivElements::Apply(-7.0f, 2.0f), -4.0f);
  EXPECT_EQ(reference::FloorDivElements::Apply(7.0f, -2.0f), -4.0f);
  EXPECT_EQ(reference::FloorDivElements::Apply(-6.0f, -2.0f), 3.0f);
  // 3 / 0.1f is 29.9999995... : 30 once rounded to float32, but the quotient is floored in double.
  EXPECT_EQ(reference::FloorDivElements::Apply(3.0f, 0.1f), 29.0f);
}

OpRun* NewRun(std::vector<int> shape2) {
  return new OpRun(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2, 2}), Runtime(TensorType_FLOAT32, shape2)},
                            {Runtime(TensorType_FLOAT32, {2, 2})}));
}

TEST(FloorDiv, InvokeRefusesAZeroDivisor) {
  for (const float zero : {0.0f, -0.0f}) {
    std::unique_ptr<OpRun> run(NewRun({2, 2}));
    ASSERT_EQ(run->interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(run->interpreter->node_info(0).variant, "floor_div/float32/reference");
    const float b[] = {1.0f, 2.0f, zero, 4.0f};
    for (int i = 0; i < 4; ++i) {
      run->interpreter->input(0)->data.f[i] = 1.0f;
      run->interpreter->input(1)->data.f[i] = b[i];
    }
    LogCapture log;
    EXPECT_NE(run->interpreter->Invoke(), kTfLiteOk);
    EXPECT_TRUE(log.Has("FLOOR_DIV: division by zero (input2 element 2 is 0)")) << log.text;
    EXPECT_TRUE(log.Has("Node number 0 (FLOOR_DIV) failed to invoke")) << log.text;
    // The next invoke with a valid divisor runs.
    run->interpreter->input(1)->data.f[2] = 3.0f;
    ASSERT_EQ(run->interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(run->interpreter->output(0)->data.f[2], 0.0f);
  }
}

TEST(FloorDiv, BroadcastScalarDivisor) {
  std::unique_ptr<OpRun> run(NewRun({1}));
  ASSERT_EQ(run->interpreter->AllocateTensors(), kTfLiteOk);
  const float a[] = {-3.0f, -2.5f, 2.5f, 9.0f};
  for (int i = 0; i < 4; ++i) run->interpreter->input(0)->data.f[i] = a[i];
  run->interpreter->input(1)->data.f[0] = 2.0f;
  ASSERT_EQ(run->interpreter->Invoke(), kTfLiteOk);
  const float expected[] = {-2.0f, -2.0f, 1.0f, 4.0f};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run->interpreter->output(0)->data.f[i], expected[i]) << i;
}

TEST(FloorDiv, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT32, {3}), Runtime(TensorType_INT32, {3})},
                         {Runtime(TensorType_INT32, {3})}),
                "FLOOR_DIV: input type INT32 is not supported (FLOAT32)");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {3}), Runtime(TensorType_INT32, {3})},
                         {Runtime(TensorType_FLOAT32, {3})}),
                "FLOOR_DIV: input1 FLOAT32, input2 INT32 and output FLOAT32 must have the same type");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {2})},
                         {Runtime(TensorType_FLOAT32, {2, 3})}),
                "FLOOR_DIV: input shapes [2, 3] and [2] cannot be broadcast together");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {3})}, {Runtime(TensorType_FLOAT32, {3})}),
                "FLOOR_DIV: 1 inputs and 1 outputs given (2 inputs, 1 output)");
}

}  // namespace
}  // namespace mote
