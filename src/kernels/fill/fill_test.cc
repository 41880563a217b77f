// FILL: the values, the variant and every prepare refusal, negative and huge dims among them (the values
// are proven against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> Fill(TensorSpec dims, TensorSpec value, TensorSpec out) {
  return BuildOne(schema::BuiltinOperator_FILL, {dims, value}, {out});
}

TEST(Fill, FillsTheOutput) {
  OpRun run(Fill(Const(kI64, {2}, {2, 3}), Const(kI32, {}, {-7}), Runtime(kI32, {2, 3})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "fill/any/reference");
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], -7);
}

// TFLM's FillInt8NoInputDimsData: dims computed at run time (no data at prepare) are accepted, the output's
// shape is the model's; only dims known at prepare are compared with it.
TEST(Fill, AcceptsDimsComputedAtRunTime) {
  OpRun run(Fill(Runtime(kI32, {2}), Const(kI8, {}, {4}), Runtime(kI8, {2, 3})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], 4);
}

TEST(Fill, RefusesDimsThatAreNotTheOutputShape) {
  ExpectRefused(Fill(Const(kI32, {2}, {2, -3}), Const(kI32, {}, {1}), Runtime(kI32, {2, 3})),
                "FILL: dims[1] is -3 but the output's dimension is 3");
  ExpectRefused(Fill(Const(kI64, {2}, {2, int64_t{1} << 40}), Const(kI32, {}, {1}), Runtime(kI32, {2, 3})),
                "FILL: dims[1] is 1099511627776 but the output's dimension is 3");
  ExpectRefused(Fill(Const(kI32, {3}, {2, 3, 1}), Const(kI32, {}, {1}), Runtime(kI32, {2, 3})),
                "FILL: dims input must be 1-D with 2 elements (the output's rank)");
  ExpectRefused(Fill(Const(kF32, {2}, {2, 3}), Const(kI32, {}, {1}), Runtime(kI32, {2, 3})),
                "FILL: dims type FLOAT32 is not supported (INT8, INT16, INT32, INT64)");
}

TEST(Fill, RefusesValuesTflmCannotFill) {
  ExpectRefused(Fill(Const(kI32, {1}, {2}), Const(kI32, {1}, {1}), Runtime(kI32, {2})),
                "FILL: value input must be a scalar, it has rank 1");
  ExpectRefused(Fill(Const(kI32, {1}, {2}), Const(kI32, {}, {1}), Runtime(kF32, {2})),
                "FILL: value type INT32 and output type FLOAT32 differ");
  ExpectRefused(Fill(Const(kI32, {1}, {2}), Const(kI64, {}, {1}), Runtime(kI64, {2})),
                "FILL: type INT64 is not supported (FLOAT32, INT8, INT32)");
}

}  // namespace
}  // namespace test
}  // namespace mote
