// CUMSUM: exclusive/reverse on float data, the variants, and every prepare refusal (the values, int8
// included, are proven against TFLM by the oracle cases, tools/oracle/gen_reductions.py).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
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

OptionsFn Options(bool exclusive, bool reverse) {
  return [exclusive, reverse](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_CumsumOptions,
                          schema::CreateCumsumOptions(fbb, exclusive, reverse).Union());
  };
}

std::vector<uint8_t> Cumsum(schema::TensorType type, std::vector<int> shape, int axis, std::vector<int> out_shape,
                            bool exclusive = false, bool reverse = false, float out_scale = 0.5f) {
  return BuildOne(schema::BuiltinOperator_CUMSUM,
                  {Runtime(type, shape, 0.5f, 0), Const(schema::TensorType_INT32, {1}, {axis})},
                  {Runtime(type, out_shape, out_scale, 0)}, Options(exclusive, reverse));
}

TEST(Cumsum, ExclusiveAndReverse) {
  struct Case {
    bool exclusive, reverse;
    float expected[3];
  };
  const Case cases[] = {
      {false, false, {1, 3, 6}}, {true, false, {0, 1, 3}}, {false, true, {6, 5, 3}}, {true, true, {5, 3, 0}}};
  for (const Case& c : cases) {
    OpRun run(Cumsum(schema::TensorType_FLOAT32, {1, 3}, -1, {1, 3}, c.exclusive, c.reverse));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(run.interpreter->node_info(0).variant, "cumsum/float32/reference");
    for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i + 1);
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], c.expected[i]) << i;
  }
}

TEST(Cumsum, Int8Variant) {
  OpRun run(Cumsum(schema::TensorType_INT8, {2, 3}, 0, {2, 3}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "cumsum/int8/reference");
}

TEST(Cumsum, RefusesTypesTfliteMicroRefuses) {
  ExpectRefused(Cumsum(schema::TensorType_INT16, {2, 3}, 1, {2, 3}),
                "CUMSUM: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CUMSUM,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.5f, 0)}, Options(false, false)),
                "CUMSUM: output type INT8 differs from the input type FLOAT32");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CUMSUM,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}, Options(false, false)),
                "CUMSUM: axis type INT64 is not supported (INT32)");
  ExpectRefused(Cumsum(schema::TensorType_FLOAT32, {2, 3}, 1, {3, 2}),
                "CUMSUM: output shape differs from the input shape");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CUMSUM,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT32, {2}, {0, 1})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}, Options(false, false)),
                "CUMSUM: the axis tensor has 2 elements (1 expected)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CUMSUM,
                         {Runtime(schema::TensorType_FLOAT32, {}), Const(schema::TensorType_INT32, {1}, {0})},
                         {Runtime(schema::TensorType_FLOAT32, {})}, Options(false, false)),
                "CUMSUM: the input must have rank 1 or more");
}

// A non-constant axis is resolved at every Invoke (TFLM runs one); an out-of-range value is an Invoke error.
TEST(Cumsum, RuntimeAxisResolvedAtInvoke) {
  OpRun run(BuildOne(schema::BuiltinOperator_CUMSUM,
                     {Runtime(schema::TensorType_FLOAT32, {2, 2}), Runtime(schema::TensorType_INT32, {1})},
                     {Runtime(schema::TensorType_FLOAT32, {2, 2})}, Options(false, false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const float input[] = {1.0f, 2.0f, 3.0f, 4.0f};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = input[i];
  run.interpreter->input(1)->data.i32[0] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float along_0[] = {1.0f, 2.0f, 4.0f, 6.0f};
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[i], along_0[i]) << i;
  run.interpreter->input(1)->data.i32[0] = -1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float along_1[] = {1.0f, 3.0f, 3.0f, 7.0f};
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[i], along_1[i]) << i;
  for (int32_t bad : {2, -3}) {
    LogCapture log;
    run.interpreter->input(1)->data.i32[0] = bad;
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
    EXPECT_TRUE(log.Has("CUMSUM: axis " + std::to_string(bad) + " is out of range for rank 2")) << log.text;
  }
}

TEST(Cumsum, RefusesWhatTfliteMicroChecksInInvokeOrNotAtAll) {
  ExpectRefused(Cumsum(schema::TensorType_FLOAT32, {2, 3}, 2, {2, 3}), "CUMSUM: axis 2 is out of range for rank 2");
  ExpectRefused(Cumsum(schema::TensorType_INT8, {2, 3}, 1, {2, 3}, false, false, 0.0f),
                "CUMSUM: output (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(Cumsum(schema::TensorType_INT8, {2, 3}, 1, {2, 3}, false, false, 1e-7f),
                "CUMSUM: output scale 1e-07 is too small for the input scale 0.5");
}

}  // namespace
}  // namespace mote
