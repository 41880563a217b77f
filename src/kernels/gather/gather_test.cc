// GATHER: the invoke-time index check, the variant and every prepare refusal (the data is proven against TFLM
// by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> GatherModel(schema::TensorType type, std::vector<int> params, std::vector<int> indices,
                                 std::vector<int> out, int axis, int batch_dims = 0,
                                 schema::TensorType index_type = kI32) {
  return BuildOne(schema::BuiltinOperator_GATHER, {Runtime(type, std::move(params)), Runtime(index_type, std::move(indices))},
                  {Runtime(type, std::move(out))}, [axis, batch_dims](flatbuffers::FlatBufferBuilder& fbb) {
                    return std::make_pair(schema::BuiltinOptions_GatherOptions,
                                          schema::CreateGatherOptions(fbb, axis, batch_dims).Union());
                  });
}

// Params [3, 2] = 0..5, indices {2, 0}: rows 2 and 0, {4, 5, 0, 1}.
void ExpectRowsTwoAndZero(OpRun& run) {
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  run.interpreter->input(1)->data.i32[0] = 2;
  run.interpreter->input(1)->data.i32[1] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float expected[] = {4, 5, 0, 1};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], expected[i]) << i;
}

TEST(Gather, InvokeRefusesAnIndexOutOfRange) {
  OpRun run(GatherModel(kF32, {3, 2}, {2}, {2, 2}, 0));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "gather/any/reference");
  ExpectRowsTwoAndZero(run);
  for (int32_t bad : {3, -1, INT32_MIN}) {
    LogCapture log;
    run.interpreter->input(1)->data.i32[1] = bad;
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
    EXPECT_TRUE(log.Has("GATHER: index " + std::to_string(bad) + " (position 1) is out of range [0, 3)")) << log.text;
  }
}

TEST(Gather, RefusesAxesAndBatchDims) {
  ExpectRefused(GatherModel(kF32, {3, 2}, {2}, {2, 2}, 2), "GATHER: axis 2 is out of range for params of 2 dimensions");
  ExpectRefused(GatherModel(kF32, {3, 2}, {2}, {2, 2}, -3),
                "GATHER: axis -3 is out of range for params of 2 dimensions");
  ExpectRefused(GatherModel(kF32, {3, 2}, {3, 1}, {3, 1}, 0, 1),
                "GATHER: batch_dims 1 must be in [0, min(axis 0, indices rank 2)]");
  ExpectRefused(GatherModel(kF32, {3, 2}, {2, 1}, {3, 1}, 1, 1), "GATHER: batch dimension 0 is 3 in params and 2 in indices");
}

// An output declared all 0 (unset, as TFLM's kernel tests give it, at any rank: TFLM writes the computed shape
// over it) takes the computed shape in prepare: a rank-2 result into a declared [0, 0, 0], a 0-D one (scalar
// index) into a declared [0].
TEST(Gather, UnsetOutputShapeIsComputed) {
  OpRun run(GatherModel(kF32, {3, 2}, {2}, {0, 0, 0}, 0));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const TfLiteTensor* out = run.interpreter->output(0);
  ASSERT_EQ(out->dims->size, 2);
  EXPECT_EQ(out->dims->data[0], 2);
  EXPECT_EQ(out->dims->data[1], 2);
  ExpectRowsTwoAndZero(run);

  OpRun scalar(GatherModel(kF32, {3}, {}, {0}, 0));
  ASSERT_EQ(scalar.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(scalar.interpreter->output(0)->dims->size, 0);
  for (int i = 0; i < 3; ++i) scalar.interpreter->input(0)->data.f[i] = static_cast<float>(10 + i);
  scalar.interpreter->input(1)->data.i32[0] = 1;
  ASSERT_EQ(scalar.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(scalar.interpreter->output(0)->data.f[0], 11.0f);
}

TEST(Gather, RefusesTypesAndShapes) {
  ExpectRefused(GatherModel(kI16, {3, 2}, {2}, {2, 2}, 0), "GATHER: type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(GatherModel(kI8, {3, 2}, {2}, {2, 2}, 0, 0, kI64), "GATHER: indices type INT64 is not supported (INT32)");
  ExpectRefused(GatherModel(kI8, {3, 2}, {2}, {2, 3}, 0), "GATHER: output shape [2, 3] differs from the expected [2, 2]");
}

}  // namespace
}  // namespace test
}  // namespace mote
