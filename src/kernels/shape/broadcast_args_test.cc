// BROADCAST_ARGS: runtime and constant inputs, output lengths other than the broadcast rank, what mote computes
// where TFLM aborts (runtime shapes that do not broadcast), and every prepare refusal (the values are proven
// against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<int32_t> RunInt32(const std::vector<uint8_t>& model, const std::vector<int32_t>& a,
                              const std::vector<int32_t>& b, int n_out) {
  OpRun run(model);
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "broadcast_args/any/reference");
  for (size_t i = 0; i < a.size(); ++i) run.interpreter->input(0)->data.i32[i] = a[i];
  for (size_t i = 0; i < b.size(); ++i) run.interpreter->input(1)->data.i32[i] = b[i];
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t* out = run.interpreter->output(0)->data.i32;
  return std::vector<int32_t>(out, out + n_out);
}

std::vector<uint8_t> Model(int n1, int n2, int n_out) {
  return BuildOne(schema::BuiltinOperator_BROADCAST_ARGS, {Runtime(kI32, {n1}), Runtime(kI32, {n2})},
                  {Runtime(kI32, {n_out})});
}

TEST(BroadcastArgs, RuntimeShapes) {
  EXPECT_EQ(RunInt32(Model(3, 2, 3), {2, 1, 3}, {4, 3}, 3), (std::vector<int32_t>{2, 4, 3}));
  EXPECT_EQ(RunInt32(Model(3, 2, 4), {2, 1, 3}, {4, 1}, 4), (std::vector<int32_t>{1, 2, 4, 3}));  // leading 1s
  EXPECT_EQ(RunInt32(Model(3, 2, 2), {2, 1, 3}, {4, 3}, 2), (std::vector<int32_t>{4, 3}));        // the tail
  // TFLM aborts on a pair that does not broadcast; mote takes the first shape's value, never fails in invoke.
  EXPECT_EQ(RunInt32(Model(3, 2, 3), {2, 5, 3}, {4, 3}, 3), (std::vector<int32_t>{2, 5, 3}));
}

TEST(BroadcastArgs, RefusesConstantShapesThatDoNotBroadcast) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_BROADCAST_ARGS,
                         {Const(kI64, {3}, {2, 5, 3}), Const(kI64, {2}, {4, 3})}, {Runtime(kI64, {3})}),
                "BROADCAST_ARGS: shapes do not broadcast: 5 and 4, 2 elements from the end");
}

TEST(BroadcastArgs, RefusesTypesAndRanks) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_BROADCAST_ARGS, {Runtime(kF32, {2}), Runtime(kF32, {2})}, {Runtime(kF32, {2})}),
      "BROADCAST_ARGS: type FLOAT32 is not supported (INT32, INT64)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_BROADCAST_ARGS, {Runtime(kI32, {2}), Runtime(kI64, {2})}, {Runtime(kI32, {2})}),
      "BROADCAST_ARGS: input types INT32, INT64 and output type INT32 differ");
  ExpectRefused(BuildOne(schema::BuiltinOperator_BROADCAST_ARGS, {Runtime(kI32, {2, 1}), Runtime(kI32, {2})},
                         {Runtime(kI32, {2})}),
                "BROADCAST_ARGS: inputs and output must be 1-D (ranks 2, 1, 1)");
}

}  // namespace
}  // namespace test
}  // namespace mote
