// ZEROS_LIKE: the values, the variant and every prepare refusal (also proven against TFLM by the oracle
// cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

TEST(ZerosLike, WritesZeros) {
  OpRun run(BuildOne(schema::BuiltinOperator_ZEROS_LIKE, {Runtime(kI64, {3})}, {Runtime(kI64, {3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "zeros_like/any/reference");
  for (int i = 0; i < 3; ++i) run.interpreter->output(0)->data.i64[i] = 99;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i64[i], 0);
}

TEST(ZerosLike, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ZEROS_LIKE, {Runtime(kI16, {3})}, {Runtime(kI16, {3})}),
                "ZEROS_LIKE: type INT16 is not supported (FLOAT32, INT8, INT32, INT64)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ZEROS_LIKE, {Runtime(kI32, {3})}, {Runtime(kI64, {3})}),
                "ZEROS_LIKE: input type INT32 and output type INT64 differ");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ZEROS_LIKE, {Runtime(kI32, {3})}, {Runtime(kI32, {1, 3})}),
                "ZEROS_LIKE: input and output shapes differ");
}

}  // namespace
}  // namespace test
}  // namespace mote
