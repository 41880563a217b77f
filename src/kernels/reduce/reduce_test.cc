// The reductions over axes. MEAN: duplicate/negative axes on float data, the variant, and every prepare refusal
// (integer data is proven against TFLM by the oracle cases, tools/oracle/gen_shape_ops.py). SUM, REDUCE_MAX,
// REDUCE_MIN, REDUCE_ALL: their variants, the special values, and their own refusals (the shared shape checks are
// MEAN's; the values are proven by tools/oracle/gen_reductions.py).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
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
using test::TensorSpec;

OptionsFn Keep(bool keep) {
  return [keep](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ReducerOptions, schema::CreateReducerOptions(fbb, keep).Union());
  };
}

TEST(Mean, DuplicateAndNegativeAxes) {
  OpRun run(BuildOne(schema::BuiltinOperator_MEAN,
                     {Runtime(schema::TensorType_FLOAT32, {2, 3, 2}), Const(schema::TensorType_INT32, {3}, {-1, 0, 2})},
                     {Runtime(schema::TensorType_FLOAT32, {3})}, Keep(false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "mean/float32/reference");
  for (int i = 0; i < 12; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  // Mean over dims 0 and 2 of [[[0,1],[2,3],[4,5]],[[6,7],[8,9],[10,11]]].
  const float expected[] = {3.5f, 5.5f, 7.5f};
  for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[i], expected[i]);
}

// A non-constant axis is planned at every Invoke: the same outputs as the constant axis (proven by the oracle),
// for float and integer MEAN (whose 1/count is folded into the multiplier at Invoke), and new axis values between
// two Invokes give the new reduction.
TEST(Mean, RuntimeAxisMatchesConstantAxis) {
  const std::vector<int64_t> axis_values = {-1, 0};
  for (schema::TensorType type : {schema::TensorType_FLOAT32, schema::TensorType_INT8, schema::TensorType_INT16}) {
    const bool quantized = type != schema::TensorType_FLOAT32;
    const float scale = quantized ? 0.25f : 0.0f;
    OpRun planned(BuildOne(schema::BuiltinOperator_MEAN,
                           {Runtime(type, {2, 3, 2}, scale, 1), Const(schema::TensorType_INT32, {2}, axis_values)},
                           {Runtime(type, {3}, scale * 0.5f, -2)}, Keep(false)));
    OpRun at_invoke(BuildOne(schema::BuiltinOperator_MEAN,
                             {Runtime(type, {2, 3, 2}, scale, 1), Runtime(schema::TensorType_INT32, {2})},
                             {Runtime(type, {3}, scale * 0.5f, -2)}, Keep(false)));
    ASSERT_EQ(planned.interpreter->AllocateTensors(), kTfLiteOk);
    ASSERT_EQ(at_invoke.interpreter->AllocateTensors(), kTfLiteOk);
    for (int i = 0; i < 12; ++i) {
      const int v = (i * 7) % 11 - 5;
      if (!quantized) {
        planned.interpreter->input(0)->data.f[i] = static_cast<float>(v);
        at_invoke.interpreter->input(0)->data.f[i] = static_cast<float>(v);
      } else if (type == schema::TensorType_INT8) {
        planned.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(v);
        at_invoke.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(v);
      } else {
        planned.interpreter->input(0)->data.i16[i] = static_cast<int16_t>(v * 300);
        at_invoke.interpreter->input(0)->data.i16[i] = static_cast<int16_t>(v * 300);
      }
    }
    at_invoke.interpreter->input(1)->data.i32[0] = static_cast<int32_t>(axis_values[0]);
    at_invoke.interpreter->input(1)->data.i32[1] = static_cast<int32_t>(axis_values[1]);
    ASSERT_EQ(planned.interpreter->Invoke(), kTfLiteOk);
    ASSERT_EQ(at_invoke.interpreter->Invoke(), kTfLiteOk);
    const size_t bytes = planned.interpreter->output(0)->bytes;
    ASSERT_EQ(bytes, at_invoke.interpreter->output(0)->bytes);
    EXPECT_EQ(std::memcmp(planned.interpreter->output(0)->data.raw, at_invoke.interpreter->output(0)->data.raw, bytes),
              0)
        << "type " << static_cast<int>(type);
  }
}

TEST(Mean, RuntimeAxisChangesBetweenInvokes) {
  OpRun run(BuildOne(schema::BuiltinOperator_MEAN,
                     {Runtime(schema::TensorType_FLOAT32, {2, 2}), Runtime(schema::TensorType_INT32, {1})},
                     {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const float input[] = {1.0f, 2.0f, 5.0f, 8.0f};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = input[i];
  run.interpreter->input(1)->data.i32[0] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[0], 3.0f);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[1], 5.0f);
  run.interpreter->input(1)->data.i32[0] = -1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[0], 1.5f);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[1], 6.5f);
}

// Runtime axis values that do not fit are Invoke errors naming the op, and the output is not written.
TEST(Reduce, RuntimeAxisErrorsAtInvoke) {
  OpRun run(BuildOne(schema::BuiltinOperator_SUM,
                     {Runtime(schema::TensorType_INT8, {2, 3}, 0.5f, 0), Runtime(schema::TensorType_INT32, {1})},
                     {Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)}, Keep(false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(i);
  for (int32_t bad : {2, -3, 1000000, std::numeric_limits<int32_t>::min()}) {
    LogCapture log;
    run.interpreter->input(1)->data.i32[0] = bad;
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
    EXPECT_TRUE(log.Has("SUM: axis " + std::to_string(bad) + " is out of range for rank 2")) << log.text;
  }
  {
    LogCapture log;
    run.interpreter->input(1)->data.i32[0] = 0;  // keeps 3 elements, the output holds 2
    run.interpreter->output(0)->data.int8[0] = 77;
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
    EXPECT_TRUE(log.Has("SUM: output has 2 elements, expected 3 (the non-reduced dimensions)")) << log.text;
    EXPECT_EQ(run.interpreter->output(0)->data.int8[0], 77);
  }
  run.interpreter->input(1)->data.i32[0] = 1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[0], 3);   // 0+1+2
  EXPECT_EQ(run.interpreter->output(0)->data.int8[1], 12);  // 3+4+5
}

TEST(Mean, RefusesAxisOutOfRange) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {2})},
                         {Runtime(schema::TensorType_INT8, {2}, 0.1f, 0)}, Keep(false)),
                "MEAN: axis 2 is out of range for rank 2");
}

TEST(Mean, RefusesOutputElementCount) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_MEAN,
               {Runtime(schema::TensorType_INT16, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {1})},
               {Runtime(schema::TensorType_INT16, {3}, 0.1f, 0)}, Keep(false)),
      "MEAN: output has 3 elements, expected 2 (the non-reduced dimensions)");
}

TEST(Mean, RefusesTypesAndMissingQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT32, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT32, {2})}, Keep(false)),
                "MEAN: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "MEAN: axis type INT64 is not supported (INT32)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT8, {2})}, Keep(false)),
                "MEAN: quantized input and output need a positive scale");
}

std::vector<uint8_t> Reduce(schema::BuiltinOperator op, schema::TensorType type, std::vector<int> shape,
                            std::vector<int64_t> axes, std::vector<int> out_shape, float in_scale = 0.5f,
                            int64_t in_zero_point = 0, float out_scale = 0.5f, int64_t out_zero_point = 0) {
  return BuildOne(op,
                  {Runtime(type, shape, in_scale, in_zero_point),
                   Const(schema::TensorType_INT32, {static_cast<int>(axes.size())}, axes)},
                  {Runtime(type, out_shape, out_scale, out_zero_point)}, Keep(false));
}

TEST(Reduce, Variants) {
  struct Case {
    schema::BuiltinOperator op;
    schema::TensorType type;
    const char* variant;
  };
  const Case cases[] = {
      {schema::BuiltinOperator_SUM, schema::TensorType_FLOAT32, "sum/float32/reference"},
      {schema::BuiltinOperator_SUM, schema::TensorType_INT8, "sum/int8/reference"},
      {schema::BuiltinOperator_SUM, schema::TensorType_INT16, "sum/int16/reference"},
      {schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_FLOAT32, "reduce_max/float32/reference"},
      {schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_INT8, "reduce_max/int8/reference"},
      {schema::BuiltinOperator_REDUCE_MIN, schema::TensorType_FLOAT32, "reduce_min/float32/reference"},
      {schema::BuiltinOperator_REDUCE_MIN, schema::TensorType_INT8, "reduce_min/int8/reference"},
      {schema::BuiltinOperator_REDUCE_ALL, schema::TensorType_BOOL, "reduce_all/bool/reference"},
  };
  for (const Case& c : cases) {
    OpRun run(Reduce(c.op, c.type, {2, 3}, {1}, {2}));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.variant);
  }
}

TEST(Reduce, MaxSkipsNaNAndStartsFromTheLowestFloat) {
  OpRun run(Reduce(schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_FLOAT32, {2, 2}, {-1}, {2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const float in[] = {NAN, 1.0f, -INFINITY, -INFINITY};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = in[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.f[0], 1.0f);
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], -std::numeric_limits<float>::max());
}

TEST(Reduce, AllOverNoAxesIsTheInput) {
  OpRun run(BuildOne(schema::BuiltinOperator_REDUCE_ALL,
                     {Runtime(schema::TensorType_BOOL, {3}), Const(schema::TensorType_INT32, {0}, {})},
                     {Runtime(schema::TensorType_BOOL, {3})}, Keep(true)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const bool in[] = {true, false, true};
  for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.b[i] = in[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run.interpreter->output(0)->data.b[i], in[i]);
}

TEST(Reduce, RefusesTypesTfliteMicroRefuses) {
  ExpectRefused(Reduce(schema::BuiltinOperator_SUM, schema::TensorType_INT32, {2, 3}, {1}, {2}),
                "SUM: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_INT16, {2, 3}, {1}, {2}),
                "REDUCE_MAX: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_MIN, schema::TensorType_BOOL, {2, 3}, {1}, {2}),
                "REDUCE_MIN: input type BOOL is not supported (FLOAT32, INT8)");
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_ALL, schema::TensorType_FLOAT32, {2, 3}, {1}, {2}),
                "REDUCE_ALL: input type FLOAT32 is not supported (BOOL)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_REDUCE_ALL,
                         {Runtime(schema::TensorType_BOOL, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT8, {2})}, Keep(false)),
                "REDUCE_ALL: output type INT8 differs from the input type BOOL");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SUM,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "SUM: axis type INT64 is not supported (INT32)");
}

TEST(Reduce, RefusesWhatTfliteMicroDoesNotCheck) {
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_MIN, schema::TensorType_FLOAT32, {2, 3}, {1}, {3}),
                "REDUCE_MIN: output has 3 elements, expected 2 (the non-reduced dimensions)");
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_ALL, schema::TensorType_BOOL, {2, 3}, {-3}, {2}),
                "REDUCE_ALL: axis -3 is out of range for rank 2");
}

// The plan's counts are int32: a model's input of more elements never loads (a tensor holds at most INT32_MAX
// bytes), prepare refuses one from elsewhere (a KernelRunner's), and with a non-constant axis an output larger
// than the input.
TEST(Reduce, RefusesCountsBeyondInt32) {
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_FLOAT32, {65536, 65536}, {1}, {65536}),
                "of shape [65536,65536] and type FLOAT32 is too large (2147483647 bytes at most)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SUM,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Runtime(schema::TensorType_INT32, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {7})}, Keep(false)),
                "SUM: the output has more elements than the input");
}

TEST(Reduce, MaxMinNeedTheInputsQuantization) {
  ExpectRefused(Reduce(schema::BuiltinOperator_REDUCE_MAX, schema::TensorType_INT8, {2, 3}, {1}, {2}, 0.5f, 2, 0.5f, 3),
                "REDUCE_MAX: output quantization (scale 0.5, zero point 3) differs from the input's (scale 0.5, zero "
                "point 2)");
  ExpectRefused(
      Reduce(schema::BuiltinOperator_REDUCE_MIN, schema::TensorType_INT8, {2, 3}, {1}, {2}, 0.5f, 0, 0.25f, 0),
      "REDUCE_MIN: output quantization (scale 0.25, zero point 0) differs from the input's (scale 0.5, zero "
      "point 0)");
}

TEST(Reduce, SumNeedsQuantizedTensors) {
  ExpectRefused(Reduce(schema::BuiltinOperator_SUM, schema::TensorType_INT16, {2, 3}, {1}, {2}, 0.0f, 0, 0.5f, 0),
                "SUM: quantized input and output need a positive scale");
  ExpectRefused(Reduce(schema::BuiltinOperator_SUM, schema::TensorType_INT8, {2, 3}, {1}, {2}, 0.5f, 200, 0.5f, 0),
                "SUM: zero points 200 (input) and 0 (output) must be within the INT8 range");
}

}  // namespace
}  // namespace mote
