// DYNAMIC_UPDATE_SLICE: clamped start indices, the variant and every prepare refusal (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> DusModel(schema::TensorType type, std::vector<int> operand, std::vector<int> update,
                              TensorSpec start, std::vector<int> out, schema::TensorType update_type) {
  return BuildOne(schema::BuiltinOperator_DYNAMIC_UPDATE_SLICE,
                  {Runtime(type, operand), Runtime(update_type, std::move(update)), std::move(start)},
                  {Runtime(type, std::move(out))});
}
std::vector<uint8_t> DusModel(schema::TensorType type, std::vector<int> operand, std::vector<int> update,
                              TensorSpec start) {
  return DusModel(type, operand, std::move(update), std::move(start), operand, type);
}

TEST(DynamicUpdateSlice, StartIndicesAreClamped) {
  OpRun run(DusModel(kI32, {5}, {2}, Runtime(kI32, {1})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "dynamic_update_slice/any/reference");
  for (int i = 0; i < 5; ++i) run.interpreter->input(0)->data.i32[i] = i;
  run.interpreter->input(1)->data.i32[0] = 70;
  run.interpreter->input(1)->data.i32[1] = 80;
  for (int32_t start : {INT32_MAX, 3, INT32_MIN}) {
    run.interpreter->input(2)->data.i32[0] = start;
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const int at = start < 0 ? 0 : 3;
    for (int i = 0; i < 5; ++i) {
      const int32_t expected = i == at ? 70 : (i == at + 1 ? 80 : i);
      EXPECT_EQ(run.interpreter->output(0)->data.i32[i], expected) << start << " " << i;
    }
  }
}

TEST(DynamicUpdateSlice, Int16AsTflm) {  // TFLM's DynamicUpdateSliceOpTestSimpleInt16
  OpRun run(DusModel(kI16, {2, 3}, {1, 2}, Runtime(kI32, {2})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.i16[i] = static_cast<int16_t>(i);
  run.interpreter->input(1)->data.i16[0] = -300;
  run.interpreter->input(1)->data.i16[1] = 300;
  run.interpreter->input(2)->data.i32[0] = 1;
  run.interpreter->input(2)->data.i32[1] = 1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int16_t expected[] = {0, 1, 2, 3, -300, 300};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i16[i], expected[i]) << i;
}

TEST(DynamicUpdateSlice, Refusals) {
  ExpectRefused(DusModel(kI64, {5}, {2}, Runtime(kI32, {1})),
                "DYNAMIC_UPDATE_SLICE: type INT64 is not supported (FLOAT32, INT8, INT16, INT32)");
  ExpectRefused(DusModel(kF32, {5}, {2}, Runtime(kI32, {1}), {5}, kI8),
                "DYNAMIC_UPDATE_SLICE: update type INT8 differs from the operand type FLOAT32");
  ExpectRefused(DusModel(kF32, {5}, {2}, Runtime(kI16, {1})),
                "DYNAMIC_UPDATE_SLICE: start indices must be a 1-D INT32 or INT64 tensor of 1 values");
  ExpectRefused(DusModel(kF32, {5, 1}, {2}, Runtime(kI32, {2})),
                "DYNAMIC_UPDATE_SLICE: operand rank 2 and update rank 1 must be equal, at most 6");
  ExpectRefused(DusModel(kF32, {5}, {6}, Runtime(kI64, {1})),
                "DYNAMIC_UPDATE_SLICE: update dimension 0 is 6, larger than the operand's 5");
  ExpectRefused(DusModel(kF32, {5}, {2}, Runtime(kI32, {1}), {4}, kF32),
                "DYNAMIC_UPDATE_SLICE: output shape [4] differs from the expected [5]");
}

}  // namespace
}  // namespace test
}  // namespace mote
