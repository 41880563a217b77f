// GATHER_ND: the invoke-time index check (TFLM has none), the variant and every prepare refusal (the data is
// proven against TFLM by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> GatherNdModel(schema::TensorType type, std::vector<int> params, std::vector<int> indices,
                                   std::vector<int> out, schema::TensorType index_type = kI32) {
  return BuildOne(schema::BuiltinOperator_GATHER_ND,
                  {Runtime(type, std::move(params)), Runtime(index_type, std::move(indices))},
                  {Runtime(type, std::move(out))});
}

TEST(GatherNd, InvokeRefusesAnIndexOutOfItsDimension) {
  OpRun run(GatherNdModel(kF32, {2, 3}, {2, 2}, {2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "gather_nd/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  const int32_t good[] = {1, 2, 0, 1};
  for (int i = 0; i < 4; ++i) run.interpreter->input(1)->data.i32[i] = good[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.f[0], 5.0f);
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], 1.0f);
  LogCapture log;
  run.interpreter->input(1)->data.i32[3] = 3;  // row 1, params dimension 1 (size 3)
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("GATHER_ND: index 3 (position 3) is out of range [0, 3) of params dimension 1")) << log.text;
}

// An output declared all 0 (unset, as TFLM's kernel tests give it, at any rank) takes the computed shape in
// prepare: indices [2, 1, 1] into params [2, 2] give [2, 1, 2], declared [0].
TEST(GatherNd, UnsetOutputShapeIsComputed) {
  OpRun run(GatherNdModel(kF32, {2, 2}, {2, 1, 1}, {0}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const TfLiteTensor* out = run.interpreter->output(0);
  ASSERT_EQ(out->dims->size, 3);
  EXPECT_EQ(out->dims->data[0], 2);
  EXPECT_EQ(out->dims->data[1], 1);
  EXPECT_EQ(out->dims->data[2], 2);
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  run.interpreter->input(1)->data.i32[0] = 1;
  run.interpreter->input(1)->data.i32[1] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float expected[] = {2, 3, 0, 1};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], expected[i]) << i;
}

TEST(GatherNd, RefusesTypesRanksAndShapes) {
  ExpectRefused(GatherNdModel(kI32, {2, 3}, {1, 2}, {1}), "GATHER_ND: type INT32 is not supported (FLOAT32, INT8)");
  ExpectRefused(GatherNdModel(kI8, {2, 3}, {1, 2}, {1}, kI64), "GATHER_ND: indices type INT64 is not supported (INT32)");
  ExpectRefused(GatherNdModel(kI8, {2, 3}, {1, 3}, {1}),
                "GATHER_ND: indices innermost dimension 3 exceeds the params rank 2 or 5");
  ExpectRefused(GatherNdModel(kI8, {2, 3}, {1, 1}, {1, 2}),
                "GATHER_ND: output shape [1, 2] differs from the expected [1, 3]");
}

}  // namespace
}  // namespace test
}  // namespace mote
