// SELECT_V2: every prepare refusal by its exact message, the variant ids, the
// copy without requantization and TFLM's broadcast rank limit (data is proven
// against TFLM by tests/oracle/data/select_v2.cases).
#include <vector>

#include "support/single_op.h"
#include "gtest/gtest.h"

namespace mote {
namespace test {
namespace {

TEST(SelectV2, VariantIds) {
  OpRun f(
      BuildOne(schema::BuiltinOperator_SELECT_V2,
               {Runtime(kBool, {3}), Runtime(kF32, {2, 3}), Runtime(kF32, {1})},
               {Runtime(kF32, {2, 3})}));
  ASSERT_EQ(f.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(f.interpreter->node_info(0).variant,
               "select_v2/float32/reference");
  OpRun h(BuildOne(
      schema::BuiltinOperator_SELECT_V2,
      {Runtime(kBool, {2}), Runtime(kI16, {2}, 0.5f), Runtime(kI16, {2}, 0.5f)},
      {Runtime(kI16, {2}, 0.5f)}));
  ASSERT_EQ(h.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(h.interpreter->node_info(0).variant,
               "select_v2/int16/reference");
}

// The stored values are copied, whatever the quantizations (as TFLM does).
TEST(SelectV2, CopiesInt8WithoutRequantizing) {
  OpRun run(BuildOne(schema::BuiltinOperator_SELECT_V2,
                     {Runtime(kBool, {2, 1}), Runtime(kI8, {2, 2}, 0.5f, 3),
                      Runtime(kI8, {2}, 0.1f, -7)},
                     {Runtime(kI8, {2, 2}, 2.0f, 1)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant,
               "select_v2/int8/reference");
  run.interpreter->input(0)->data.b[0] = true;
  run.interpreter->input(0)->data.b[1] = false;
  const int8_t x[] = {10, 11, 12, 13};
  const int8_t y[] = {-20, -21};
  for (int i = 0; i < 4; ++i)
    run.interpreter->input(1)->data.int8[i] = x[i];
  for (int i = 0; i < 2; ++i)
    run.interpreter->input(2)->data.int8[i] = y[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t expected[] = {10, 11, -20, -21};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(run.interpreter->output(0)->data.int8[i], expected[i]) << i;
}

TEST(SelectV2, RefusesTypes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_SELECT_V2,
                         {Runtime(kI8, {2}, 0.5f), Runtime(kF32, {2}),
                          Runtime(kF32, {2})},
                         {Runtime(kF32, {2})}),
                "SELECT_V2: condition type INT8 is not BOOL");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_SELECT_V2,
               {Runtime(kBool, {2}), Runtime(schema::TensorType_INT32, {2}),
                Runtime(schema::TensorType_INT32, {2})},
               {Runtime(schema::TensorType_INT32, {2})}),
      "SELECT_V2: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SELECT_V2,
                         {Runtime(kBool, {2}), Runtime(kF32, {2}),
                          Runtime(kI8, {2}, 0.5f)},
                         {Runtime(kF32, {2})}),
                "SELECT_V2: x FLOAT32, y INT8 and output FLOAT32 must have the "
                "same type");
}

TEST(SelectV2, RefusesBadShapesAndArity) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_SELECT_V2,
               {Runtime(kBool, {2, 3}), Runtime(kF32, {4}), Runtime(kF32, {1})},
               {Runtime(kF32, {2, 3})}),
      "SELECT_V2: condition [2, 3], x [4] and y [1] cannot be broadcast "
      "together");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_SELECT_V2,
               {Runtime(kBool, {2, 3}), Runtime(kF32, {3}), Runtime(kF32, {1})},
               {Runtime(kF32, {3, 2})}),
      "SELECT_V2: output shape [3, 2] is not the broadcast shape of the "
      "inputs");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SELECT_V2,
                         {Runtime(kBool, {2}), Runtime(kF32, {2})},
                         {Runtime(kF32, {2})}),
                "SELECT_V2: 2 inputs and 1 outputs given (3 inputs, 1 output)");
  // TFLM's broadcast loop is wrong on 8-D broadcasts (seen on the oracle); same
  // shapes run flat at any rank.
  const std::vector<int> a8 = {1, 2, 1, 2, 1, 2, 1, 2};
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_SELECT_V2,
               {Runtime(kBool, a8), Runtime(kF32, a8), Runtime(kF32, {1})},
               {Runtime(kF32, a8)}),
      "SELECT_V2: inputs have 8, 8 and 1 dimensions (at most 7 when their "
      "shapes differ)");
  OpRun run(BuildOne(schema::BuiltinOperator_SELECT_V2,
                     {Runtime(kBool, a8), Runtime(kF32, a8), Runtime(kF32, a8)},
                     {Runtime(kF32, a8)}));
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
}

}  // namespace
}  // namespace test
}  // namespace mote
