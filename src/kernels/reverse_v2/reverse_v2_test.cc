// REVERSE_V2: runtime axes (checked at invoke), the variant and every prepare refusal (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> ReverseModel(schema::TensorType type, std::vector<int> shape, std::vector<int64_t> axes,
                                  std::vector<int> out = {}) {
  const int n = static_cast<int>(axes.size());
  if (out.empty()) out = shape;
  return BuildOne(schema::BuiltinOperator_REVERSE_V2, {Runtime(type, std::move(shape)), Const(kI32, {n}, axes)},
                  {Runtime(type, std::move(out))});
}

TEST(ReverseV2, RuntimeAxesAreCheckedAtInvoke) {
  OpRun run(BuildOne(schema::BuiltinOperator_REVERSE_V2, {Runtime(kI32, {2, 3}), Runtime(kI32, {1})},
                     {Runtime(kI32, {2, 3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "reverse_v2/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.i32[i] = i;
  run.interpreter->input(1)->data.i32[0] = -1;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t expected[] = {2, 1, 0, 5, 4, 3};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], expected[i]) << i;
  LogCapture log;
  run.interpreter->input(1)->data.i32[0] = 2;
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("REVERSE_V2: the 1 axis values must be distinct, in [-2, 2) and contiguous once sorted"))
      << log.text;
}

TEST(ReverseV2, RefusesAxes) {
  ExpectRefused(ReverseModel(kF32, {2, 3, 4}, {0, 2}),
                "REVERSE_V2: the 2 axis values must be distinct, in [-3, 3) and contiguous once sorted");
  ExpectRefused(ReverseModel(kF32, {2, 3, 4}, {1, -2}),
                "REVERSE_V2: the 2 axis values must be distinct, in [-3, 3) and contiguous once sorted");
  ExpectRefused(ReverseModel(kF32, {2}, {0, 0}), "REVERSE_V2: axis has 2 values for an input of 1 dimensions (1..1)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_REVERSE_V2, {Runtime(kF32, {2}), Const(kI64, {1}, {0})},
                         {Runtime(kF32, {2})}),
                "REVERSE_V2: axis must be a 1-D INT32 tensor");
}

TEST(ReverseV2, RefusesTypesAndShapes) {
  ExpectRefused(ReverseModel(schema::TensorType_UINT16, {2}, {0}),
                "REVERSE_V2: type UINT16 is not supported (FLOAT32, INT8, UINT8, INT16, INT32, INT64, BOOL)");
  ExpectRefused(ReverseModel(kBool, {2, 3}, {0}, {3, 2}), "REVERSE_V2: output shape [3, 2] differs from the expected [2, 3]");
}

}  // namespace
}  // namespace test
}  // namespace mote
