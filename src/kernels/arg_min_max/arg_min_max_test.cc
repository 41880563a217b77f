// ARG_MAX / ARG_MIN: ties and NaN on float data, the variants, and every prepare refusal (the values are proven
// against TFLM by the oracle cases, tools/oracle/gen_reductions.py).
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::Const;
using test::ExpectRefused;
using test::LogCapture;
using test::OpRun;
using test::OptionsFn;
using test::Runtime;

OptionsFn ArgMaxOut(schema::TensorType type) {
  return [type](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ArgMaxOptions, schema::CreateArgMaxOptions(fbb, type).Union());
  };
}

OptionsFn ArgMinOut(schema::TensorType type) {
  return [type](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ArgMinOptions, schema::CreateArgMinOptions(fbb, type).Union());
  };
}

std::vector<uint8_t> ArgMaxModel(schema::TensorType in, std::vector<int> shape, int axis, std::vector<int> out_shape,
                                 schema::TensorType out = schema::TensorType_INT32) {
  return BuildOne(schema::BuiltinOperator_ARG_MAX,
                  {Runtime(in, shape, 0.5f, 0), Const(schema::TensorType_INT32, {1}, {axis})},
                  {Runtime(out, out_shape)}, ArgMaxOut(out));
}

TEST(ArgMinMax, TiesTakeTheFirstIndexAndNaNIsNotChosen) {
  for (bool is_max : {true, false}) {
    OpRun run(BuildOne(is_max ? schema::BuiltinOperator_ARG_MAX : schema::BuiltinOperator_ARG_MIN,
                       {Runtime(schema::TensorType_FLOAT32, {2, 4}), Const(schema::TensorType_INT32, {1}, {-1})},
                       {Runtime(schema::TensorType_INT32, {2})},
                       is_max ? ArgMaxOut(schema::TensorType_INT32) : ArgMinOut(schema::TensorType_INT32)));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(run.interpreter->node_info(0).variant,
                 is_max ? "arg_max/float32/reference" : "arg_min/float32/reference");
    const float in[] = {1, 3, 3, 1, 2, NAN, 0, 0};
    for (int i = 0; i < 8; ++i) run.interpreter->input(0)->data.f[i] = in[i];
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(run.interpreter->output(0)->data.i32[0], is_max ? 1 : 0);
    EXPECT_EQ(run.interpreter->output(0)->data.i32[1], is_max ? 0 : 2);
  }
}

TEST(ArgMinMax, Int8Variant) {
  OpRun run(ArgMaxModel(schema::TensorType_INT8, {3, 2}, 0, {2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "arg_max/int8/reference");
}

TEST(ArgMinMax, RefusesTypesTfliteMicroRefuses) {
  ExpectRefused(ArgMaxModel(schema::TensorType_INT16, {2, 3}, 1, {2}),
                "ARG_MAX: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(ArgMaxModel(schema::TensorType_FLOAT32, {2, 3}, 1, {2}, schema::TensorType_INT64),
                "ARG_MAX: output type INT64 is not supported (INT32)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ARG_MIN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_INT32, {2})}, ArgMinOut(schema::TensorType_INT32)),
                "ARG_MIN: axis type INT64 is not supported (INT32)");
}

// A non-constant axis is resolved at every Invoke (TFLM runs one); values that do not fit are Invoke errors.
TEST(ArgMinMax, RuntimeAxisResolvedAtInvoke) {
  OpRun run(BuildOne(schema::BuiltinOperator_ARG_MAX,
                     {Runtime(schema::TensorType_FLOAT32, {2, 2}), Runtime(schema::TensorType_INT32, {1})},
                     {Runtime(schema::TensorType_INT32, {2})}, ArgMaxOut(schema::TensorType_INT32)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const float input[] = {1.0f, 4.0f, 3.0f, 2.0f};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = input[i];
  run.interpreter->input(1)->data.i32[0] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[0], 1);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[1], 0);
  run.interpreter->input(1)->data.i32[0] = -1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[0], 1);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[1], 0);
  for (int32_t bad : {2, -3}) {
    LogCapture log;
    run.interpreter->input(1)->data.i32[0] = bad;
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
    EXPECT_TRUE(log.Has("ARG_MAX: axis " + std::to_string(bad) + " is out of range for rank 2")) << log.text;
  }
}

TEST(ArgMinMax, RuntimeAxisOutputSizeIsAnInvokeError) {
  OpRun run(BuildOne(schema::BuiltinOperator_ARG_MIN,
                     {Runtime(schema::TensorType_INT8, {2, 3}, 0.5f, 0), Runtime(schema::TensorType_INT32, {1})},
                     {Runtime(schema::TensorType_INT32, {2})}, ArgMinOut(schema::TensorType_INT32)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(5 - i);
  LogCapture log;
  run.interpreter->input(1)->data.i32[0] = 0;  // keeps 3 elements, the output holds 2
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("ARG_MIN: output has 2 elements, expected 3 (the input without the axis)")) << log.text;
  run.interpreter->input(1)->data.i32[0] = 1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[0], 2);
  EXPECT_EQ(run.interpreter->output(0)->data.i32[1], 2);
}

TEST(ArgMinMax, RefusesAxesAndShapesTfliteMicroDoesNotCheck) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ARG_MAX,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT32, {2}, {0, 1})},
                         {Runtime(schema::TensorType_INT32, {2})}, ArgMaxOut(schema::TensorType_INT32)),
                "ARG_MAX: the axis tensor has 2 elements (1 expected)");
  ExpectRefused(ArgMaxModel(schema::TensorType_FLOAT32, {2, 3}, 2, {2}), "ARG_MAX: axis 2 is out of range for rank 2");
  ExpectRefused(ArgMaxModel(schema::TensorType_FLOAT32, {2, 3}, -3, {2}),
                "ARG_MAX: axis -3 is out of range for rank 2");
  ExpectRefused(ArgMaxModel(schema::TensorType_FLOAT32, {2, 3}, 1, {3}),
                "ARG_MAX: output has 3 elements, expected 2 (the input without the axis)");
  ExpectRefused(ArgMaxModel(schema::TensorType_FLOAT32, {2, 0}, 0, {0}),
                "ARG_MAX: input dimension 1 is 0 (empty inputs are not supported)");
}

}  // namespace
}  // namespace mote
