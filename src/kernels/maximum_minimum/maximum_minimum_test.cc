// MAXIMUM / MINIMUM: raw comparison of quantized tensors, NaN and ties, the variant ids, and every prepare
// refusal (data is proven against TFLM by the oracle cases, tools/oracle/gen_binary_math.py).
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/maximum_minimum/maximum_minimum_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_INT16;
using schema::TensorType_INT32;
using schema::TensorType_INT64;
using schema::TensorType_INT8;
using schema::TensorType_UINT8;
using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::Runtime;

constexpr schema::BuiltinOperator kMax = schema::BuiltinOperator_MAXIMUM;
constexpr schema::BuiltinOperator kMin = schema::BuiltinOperator_MINIMUM;

TEST(MaximumMinimumReference, NanAndTiesReturnTheSecondInputAsTflm) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(reference::MaximumElements::Apply(1.0f, nan)));
  EXPECT_EQ(reference::MaximumElements::Apply(nan, 1.0f), 1.0f);
  EXPECT_EQ(reference::MinimumElements::Apply(nan, 1.0f), 1.0f);
  EXPECT_TRUE(std::signbit(reference::MaximumElements::Apply(0.0f, -0.0f)));
  EXPECT_FALSE(std::signbit(reference::MinimumElements::Apply(-0.0f, 0.0f)));
  EXPECT_EQ(reference::MaximumElements::Apply<int64_t>(INT64_MIN, INT64_MAX), INT64_MAX);
}

TEST(MaximumMinimum, VariantPerType) {
  const struct {
    schema::TensorType type;
    const char* max;
    const char* min;
  } kCases[] = {{TensorType_FLOAT32, "maximum/float32/reference", "minimum/float32/reference"},
                {TensorType_INT8, "maximum/int8/reference", "minimum/int8/reference"},
                {TensorType_INT16, "maximum/int16/reference", "minimum/int16/reference"},
                {TensorType_INT32, "maximum/int32/reference", "minimum/int32/reference"},
                {TensorType_INT64, "maximum/int64/reference", "minimum/int64/reference"}};
  for (const auto& c : kCases) {
    OpRun max(BuildOne(kMax, {Runtime(c.type, {2, 3}), Runtime(c.type, {3})}, {Runtime(c.type, {2, 3})}));
    ASSERT_EQ(max.interpreter->AllocateTensors(), kTfLiteOk) << c.max;
    EXPECT_STREQ(max.interpreter->node_info(0).variant, c.max);
    OpRun min(BuildOne(kMin, {Runtime(c.type, {2, 3}), Runtime(c.type, {3})}, {Runtime(c.type, {2, 3})}));
    ASSERT_EQ(min.interpreter->AllocateTensors(), kTfLiteOk) << c.min;
    EXPECT_STREQ(min.interpreter->node_info(0).variant, c.min);
  }
}

// TFLM compares the stored values whatever the quantization says; so does mote (the oracle covers it too).
TEST(MaximumMinimum, QuantizedTensorsAreComparedRaw) {
  OpRun run(BuildOne(kMax, {Runtime(TensorType_INT8, {3}, 0.5f, 10), Runtime(TensorType_INT8, {3}, 2.0f, -3)},
                     {Runtime(TensorType_INT8, {3}, 0.1f, 0)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const int8_t a[] = {-5, 7, 100};
  const int8_t b[] = {-6, 8, -128};
  for (int i = 0; i < 3; ++i) {
    run.interpreter->input(0)->data.int8[i] = a[i];
    run.interpreter->input(1)->data.int8[i] = b[i];
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t expected[] = {-5, 8, 100};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], expected[i]) << i;
}

TEST(MaximumMinimum, Int64Broadcast) {
  OpRun run(BuildOne(kMin, {Runtime(TensorType_INT64, {2, 2}), Runtime(TensorType_INT64, {1})},
                     {Runtime(TensorType_INT64, {2, 2})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const int64_t a[] = {INT64_MIN, -1, 1LL << 40, INT64_MAX};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.i64[i] = a[i];
  run.interpreter->input(1)->data.i64[0] = 3;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int64_t expected[] = {INT64_MIN, -1, 3, 3};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i64[i], expected[i]) << i;
}

TEST(MaximumMinimum, RefusesUnsupportedType) {
  ExpectRefused(BuildOne(kMax, {Runtime(TensorType_UINT8, {3}), Runtime(TensorType_UINT8, {3})},
                         {Runtime(TensorType_UINT8, {3})}),
                "MAXIMUM: input type UINT8 is not supported (FLOAT32, INT8, INT16, INT32, INT64)");
  ExpectRefused(BuildOne(kMin, {Runtime(schema::TensorType_BOOL, {3}), Runtime(schema::TensorType_BOOL, {3})},
                         {Runtime(schema::TensorType_BOOL, {3})}),
                "MINIMUM: input type BOOL is not supported (FLOAT32, INT8, INT16, INT32, INT64)");
}

TEST(MaximumMinimum, RefusesMixedTypes) {
  ExpectRefused(BuildOne(kMin, {Runtime(TensorType_INT32, {3}), Runtime(TensorType_INT64, {3})},
                         {Runtime(TensorType_INT32, {3})}),
                "MINIMUM: input1 INT32, input2 INT64 and output INT32 must have the same type");
  ExpectRefused(BuildOne(kMax, {Runtime(TensorType_FLOAT32, {3}), Runtime(TensorType_FLOAT32, {3})},
                         {Runtime(TensorType_INT8, {3})}),
                "MAXIMUM: input1 FLOAT32, input2 FLOAT32 and output INT8 must have the same type");
}

TEST(MaximumMinimum, RefusesShapes) {
  ExpectRefused(BuildOne(kMax, {Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {2})},
                         {Runtime(TensorType_FLOAT32, {2, 3})}),
                "MAXIMUM: input shapes [2, 3] and [2] cannot be broadcast together");
  ExpectRefused(BuildOne(kMin, {Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {3})},
                         {Runtime(TensorType_FLOAT32, {3, 3})}),
                "MINIMUM: output shape [3, 3] is not the broadcast shape of the inputs [2, 3] and [3]");
  ExpectRefused(BuildOne(kMax, {Runtime(TensorType_INT8, {1, 1, 1, 1, 1, 1, 2}), Runtime(TensorType_INT8, {2})},
                         {Runtime(TensorType_INT8, {1, 1, 1, 1, 1, 1, 2})}),
                "MAXIMUM: inputs have 7 and 1 dimensions (at most 6)");
}

TEST(MaximumMinimum, RefusesArity) {
  ExpectRefused(BuildOne(kMax, {Runtime(TensorType_FLOAT32, {3})}, {Runtime(TensorType_FLOAT32, {3})}),
                "MAXIMUM: 1 inputs and 1 outputs given (2 inputs, 1 output)");
}

}  // namespace
}  // namespace mote
