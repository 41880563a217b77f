// LOGICAL_AND / LOGICAL_OR: every prepare refusal by its exact message, the variant ids and TFLM's broadcast
// rank limit (data is proven against TFLM by tests/oracle/data/logical_{and,or}.cases).
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

TEST(Logical, VariantIdsAndValues) {
  struct Case {
    schema::BuiltinOperator op;
    const char* id;
    bool expected[4];  // for (a, b) = (F, F), (F, T), (T, F), (T, T)
  };
  const Case cases[] = {
      {schema::BuiltinOperator_LOGICAL_AND, "logical_and/bool/reference", {false, false, false, true}},
      {schema::BuiltinOperator_LOGICAL_OR, "logical_or/bool/reference", {false, true, true, true}},
  };
  for (const Case& c : cases) {
    OpRun run(BuildOne(c.op, {Runtime(kBool, {2, 1}), Runtime(kBool, {2})}, {Runtime(kBool, {2, 2})}));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.id;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.id);
    run.interpreter->input(0)->data.b[0] = false;
    run.interpreter->input(0)->data.b[1] = true;
    run.interpreter->input(1)->data.b[0] = false;
    run.interpreter->input(1)->data.b[1] = true;
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.b[i], c.expected[i]) << c.id << " " << i;
  }
}

TEST(Logical, RefusesNonBoolTensors) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOGICAL_AND,
                         {Runtime(schema::TensorType_INT8, {2}), Runtime(kBool, {2})}, {Runtime(kBool, {2})}),
                "LOGICAL_AND: input1 INT8, input2 BOOL and output BOOL must be BOOL");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOGICAL_OR, {Runtime(kBool, {2}), Runtime(kBool, {2})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}),
                "LOGICAL_OR: input1 BOOL, input2 BOOL and output FLOAT32 must be BOOL");
}

TEST(Logical, RefusesBadShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOGICAL_OR, {Runtime(kBool, {2, 3}), Runtime(kBool, {2})},
                         {Runtime(kBool, {2, 3})}),
                "LOGICAL_OR: input shapes [2, 3] and [2] cannot be broadcast together");
  // TFLM's broadcast loop is wrong on 8-D broadcasts (seen on the oracle); same shapes run flat at any rank.
  const std::vector<int> a8 = {1, 2, 1, 2, 1, 2, 1, 2};
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_LOGICAL_AND, {Runtime(kBool, a8), Runtime(kBool, {1})}, {Runtime(kBool, a8)}),
      "LOGICAL_AND: inputs have 8 and 1 dimensions (at most 7 when their shapes differ)");
  OpRun run(
      BuildOne(schema::BuiltinOperator_LOGICAL_AND, {Runtime(kBool, a8), Runtime(kBool, a8)}, {Runtime(kBool, a8)}));
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
}

}  // namespace
}  // namespace test
}  // namespace mote
