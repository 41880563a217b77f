// CAST: the conversions' edges (saturation, NaN, wrap-around, BOOL), the variant, and every prepare refusal (all
// type pairs are proven against TFLM by the oracle cases, tools/oracle/gen_cast.py).
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/cast/cast_reference.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::Runtime;

TEST(Cast, FloatToIntegerTruncatesAndSaturates) {
  EXPECT_EQ(reference::CastValue<int8_t>(127.9f), 127);
  EXPECT_EQ(reference::CastValue<int8_t>(300.0f), 127);
  EXPECT_EQ(reference::CastValue<int8_t>(-128.9f), -128);
  EXPECT_EQ(reference::CastValue<int8_t>(-1e10f), -128);
  EXPECT_EQ(reference::CastValue<int16_t>(-0.99f), 0);
  EXPECT_EQ(reference::CastValue<int32_t>(2147483648.0f), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(reference::CastValue<int32_t>(-2147483648.0f), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(reference::CastValue<int32_t>(-INFINITY), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(reference::CastValue<uint32_t>(-2.5f), 0u);
  EXPECT_EQ(reference::CastValue<uint32_t>(3e9f), 3000000000u);
  EXPECT_EQ(reference::CastValue<uint32_t>(INFINITY), std::numeric_limits<uint32_t>::max());
  EXPECT_EQ(reference::CastValue<int32_t>(NAN), 0);
  EXPECT_TRUE(reference::CastValue<bool>(NAN));
  EXPECT_FALSE(reference::CastValue<bool>(-0.0f));
}

TEST(Cast, IntegersWrapAround) {
  EXPECT_EQ(reference::CastValue<int8_t>(int32_t{200}), -56);
  EXPECT_EQ(reference::CastValue<int16_t>(int32_t{70000}), 4464);
  EXPECT_EQ(reference::CastValue<uint32_t>(int8_t{-1}), 4294967295u);
  EXPECT_EQ(reference::CastValue<int32_t>(uint32_t{4294967295u}), -1);
  EXPECT_EQ(reference::CastValue<float>(true), 1.0f);
}

TEST(Cast, RunsWithTheGenericVariant) {
  OpRun run(BuildOne(schema::BuiltinOperator_CAST, {Runtime(schema::TensorType_INT32, {3})},
                     {Runtime(schema::TensorType_BOOL, {3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "cast/any/reference");
  const int32_t in[] = {0, -7, 1};
  for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.i32[i] = in[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_FALSE(run.interpreter->output(0)->data.b[0]);
  EXPECT_TRUE(run.interpreter->output(0)->data.b[1]);
  EXPECT_TRUE(run.interpreter->output(0)->data.b[2]);
}

// A BOOL element may hold any byte (the application writes the input); each non-zero byte is true, read without
// loading it as a C++ bool (undefined behaviour for bytes other than 0 and 1: the ASan/UBSan suite runs this).
TEST(Cast, BoolInputBytesOtherThanZeroAndOneAreTrue) {
  OpRun run(BuildOne(schema::BuiltinOperator_CAST, {Runtime(schema::TensorType_BOOL, {4})},
                     {Runtime(schema::TensorType_INT32, {4})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const uint8_t in[] = {0, 84, 1, 255};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.uint8[i] = in[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t want[] = {0, 1, 1, 1};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], want[i]) << i;
}

TEST(Cast, RefusesTypesTfliteMicroRefuses) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CAST, {Runtime(schema::TensorType_INT64, {3})},
                         {Runtime(schema::TensorType_INT32, {3})}),
                "CAST: input type INT64 is not supported (FLOAT32, INT8, INT16, INT32, UINT32, BOOL)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CAST, {Runtime(schema::TensorType_FLOAT32, {3})},
                         {Runtime(schema::TensorType_UINT8, {3})}),
                "CAST: output type UINT8 is not supported (FLOAT32, INT8, INT16, INT32, UINT32, BOOL)");
}

TEST(Cast, RefusesDifferentElementCounts) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CAST, {Runtime(schema::TensorType_FLOAT32, {3})},
                         {Runtime(schema::TensorType_INT32, {2})}),
                "CAST: input has 3 elements, output 2");
}

}  // namespace
}  // namespace mote
