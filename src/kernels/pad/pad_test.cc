// PAD: int64 paddings, the variant, and every prepare refusal (data is proven against TFLM by the oracle
// cases, tools/oracle/gen_shape_ops.py).
#include <cstdint>
#include <functional>
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

TEST(Pad, Int64PaddingsAndInt8ZeroPointDefault) {  // TFLM reads paddings as int32 only
  OpRun run(BuildOne(schema::BuiltinOperator_PAD,
                     {Runtime(schema::TensorType_INT8, {1, 2}, 0.5f, -7),
                      Const(schema::TensorType_INT64, {2, 2}, {0, 0, 1, 2})},
                     {Runtime(schema::TensorType_INT8, {1, 5}, 0.5f, -7)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "pad/any/reference");
  run.interpreter->input(0)->data.int8[0] = 10;
  run.interpreter->input(0)->data.int8[1] = 11;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t expected[] = {-7, 10, 11, -7, -7};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], expected[i]) << i;
}

TEST(Pad, RefusesNegativePaddings) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_FLOAT32, {3}), Const(schema::TensorType_INT32, {1, 2}, {-1, 0})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}),
                "PAD: paddings of dimension 0 are -1, 0 (must be >= 0)");
}

TEST(Pad, RefusesRuntimePaddings) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_FLOAT32, {3}), Runtime(schema::TensorType_INT32, {1, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {5})}),
                "PAD: the paddings tensor must be constant");
}

TEST(Pad, RefusesOutputShapeMismatch) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_INT32, {3}), Const(schema::TensorType_INT32, {1, 2}, {1, 1})},
                         {Runtime(schema::TensorType_INT32, {6})}),
                "PAD: output dimension 0 is 6, expected 5 (input 3 + 1 + 1)");
}

TEST(Pad, RefusesWrongPaddingsCountAndType) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_INT16, {3, 1}), Const(schema::TensorType_INT32, {1, 2}, {1, 1})},
                         {Runtime(schema::TensorType_INT16, {5, 1})}),
                "PAD: paddings has 2 values, expected 4 (a before/after pair per dimension)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_INT64, {3}), Const(schema::TensorType_INT32, {1, 2}, {1, 1})},
                         {Runtime(schema::TensorType_INT64, {5})}),
                "PAD: type INT64 is not supported (INT8, INT16, INT32, FLOAT32)");
}

TEST(Pad, RefusesInt8ConstantValueInAnotherQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PAD,
                         {Runtime(schema::TensorType_INT8, {3}, 0.5f, 0), Const(schema::TensorType_INT32, {1, 2}, {1, 1}),
                          Runtime(schema::TensorType_INT8, {1}, 0.25f, 0)},
                         {Runtime(schema::TensorType_INT8, {5}, 0.5f, 0)}),
                "PAD: int8 constant_values must have the output's scale and zero point");
}

TEST(PadV2, SharesPadsKernelUnderItsOwnName) {
  OpRun run(BuildOne(schema::BuiltinOperator_PADV2,
                     {Runtime(schema::TensorType_INT32, {2}), Const(schema::TensorType_INT32, {1, 2}, {1, 0}),
                      Const(schema::TensorType_INT32, {1}, {-9})},
                     {Runtime(schema::TensorType_INT32, {3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "padv2/any/reference");
  run.interpreter->input(0)->data.i32[0] = 4;
  run.interpreter->input(0)->data.i32[1] = 5;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t expected[] = {-9, 4, 5};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], expected[i]) << i;
  ExpectRefused(BuildOne(schema::BuiltinOperator_PADV2,
                         {Runtime(schema::TensorType_FLOAT32, {3}), Const(schema::TensorType_INT32, {1, 2}, {-1, 0})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}),
                "PADV2: paddings of dimension 0 are -1, 0 (must be >= 0)");
}

}  // namespace
}  // namespace mote
