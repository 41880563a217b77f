// SHAPE: the values, the variant and every prepare refusal (also proven against TFLM by the oracle cases,
// tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

TEST(Shape, WritesTheInputDimensions) {
  OpRun run(BuildOne(schema::BuiltinOperator_SHAPE, {Runtime(kBool, {2, 3, 4})}, {Runtime(kI32, {3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "shape/any/reference");
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t* out = run.interpreter->output(0)->data.i32;
  EXPECT_EQ(std::vector<int32_t>(out, out + 3), (std::vector<int32_t>{2, 3, 4}));
}

TEST(Shape, RefusesOutputsTflmCannotFill) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_SHAPE, {Runtime(kF32, {2, 3})}, {Runtime(kI64, {2})}),
                "SHAPE: output type INT64 is not supported (INT32, as TFLM)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SHAPE, {Runtime(kF32, {2, 3})}, {Runtime(kI32, {4})}),
                "SHAPE: the output must be 1-D with 2 elements (the input's rank)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SHAPE, {Runtime(kF32, {2, 3})}, {Runtime(kI32, {1, 2})}),
                "SHAPE: the output must be 1-D with 2 elements (the input's rank)");
}

}  // namespace
}  // namespace test
}  // namespace mote
