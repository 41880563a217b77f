// BROADCAST_TO: the copy, the variant, a scalar input, and every prepare refusal, negative and huge shape
// values among them (the data is proven against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> BroadcastTo(std::vector<int> in, TensorSpec shape, std::vector<int> out,
                                 schema::TensorType type = kI32) {
  return BuildOne(schema::BuiltinOperator_BROADCAST_TO, {Runtime(type, in), shape}, {Runtime(type, out)});
}

TEST(BroadcastTo, RepeatsAlongTheOnes) {
  OpRun run(BroadcastTo({2, 1}, Const(kI64, {3}, {2, 2, 3}), {2, 2, 3}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "broadcast_to/any/reference");
  run.interpreter->input(0)->data.i32[0] = 4;
  run.interpreter->input(0)->data.i32[1] = 9;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t* out = run.interpreter->output(0)->data.i32;
  EXPECT_EQ(std::vector<int32_t>(out, out + 12), (std::vector<int32_t>{4, 4, 4, 9, 9, 9, 4, 4, 4, 9, 9, 9}));
}

TEST(BroadcastTo, RefusesShapesTflmRefuses) {
  ExpectRefused(BroadcastTo({2, 3}, Const(kI32, {2}, {2, 4}), {2, 4}),
                "BROADCAST_TO: input dimension 1 (3) does not broadcast to 4");
  ExpectRefused(BroadcastTo({2, 3}, Const(kI32, {2}, {3, 3}), {2, 3}),
                "BROADCAST_TO: output dimension 0 is 2 but the shape input says 3");
  ExpectRefused(BroadcastTo({1, 3}, Const(kI32, {2}, {-2, 3}), {2, 3}),
                "BROADCAST_TO: output dimension 0 is 2 but the shape input says -2");
  ExpectRefused(BroadcastTo({1, 3}, Const(kI64, {2}, {(int64_t{1} << 40) + 2, 3}), {4, 3}),
                "BROADCAST_TO: output dimension 0 is 4 but the shape input says 2");  // read as int32, as TFLM
  ExpectRefused(BroadcastTo({2, 3}, Const(kI32, {1}, {3}), {2, 3}),
                "BROADCAST_TO: shape input has 1 values; the output has rank 2, the input 2");
  ExpectRefused(BroadcastTo({3}, Const(kI32, {6}, {1, 1, 1, 1, 1, 3}), {1, 1, 1, 1, 1, 3}),
                "BROADCAST_TO: shape input has 6 elements (at most 5)");
  ExpectRefused(BroadcastTo({3}, Const(kF32, {1}, {3}), {3}),
                "BROADCAST_TO: shape input type FLOAT32 is not supported (INT32, INT64)");
}

TEST(BroadcastTo, AcceptsANonConstantShapeInputAsTflm) {
  // The shape a graph input: its values are never read; the output's declared shape is broadcast to.
  OpRun run(BroadcastTo({1, 3}, Runtime(kI64, {3}), {2, 2, 3}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.i32[i] = 5 + i;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t* out = run.interpreter->output(0)->data.i32;
  EXPECT_EQ(std::vector<int32_t>(out, out + 12), (std::vector<int32_t>{5, 6, 7, 5, 6, 7, 5, 6, 7, 5, 6, 7}));
}

TEST(BroadcastTo, RefusesNonConstantShapeInputsTflmRefuses) {
  ExpectRefused(BroadcastTo({2, 3}, Runtime(kI32, {2, 1}), {2, 3}),
                "BROADCAST_TO: shape input must be 1-D, it has 2 dimensions");
  ExpectRefused(BroadcastTo({2, 3}, Runtime(kF32, {2}), {2, 3}),
                "BROADCAST_TO: shape input type FLOAT32 is not supported (INT32, INT64)");
  ExpectRefused(BroadcastTo({2, 3}, Runtime(kI32, {3}), {2, 3}),
                "BROADCAST_TO: shape input has 3 values; the output has rank 2, the input 2");
  ExpectRefused(BroadcastTo({3}, Runtime(kI32, {6}), {1, 1, 1, 1, 1, 3}),
                "BROADCAST_TO: shape input has 6 elements (at most 5)");
  ExpectRefused(BroadcastTo({4, 1, 3}, Runtime(kI32, {4}), {2, 4, 1, 2}),
                "BROADCAST_TO: input dimension 2 (3) does not broadcast to 2");
}

TEST(BroadcastTo, RefusesTypes) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_BROADCAST_TO, {Runtime(kI8, {3}), Const(kI32, {1}, {3})}, {Runtime(kI16, {3})}),
      "BROADCAST_TO: input type INT8 and output type INT16 differ");
}

}  // namespace
}  // namespace test
}  // namespace mote
