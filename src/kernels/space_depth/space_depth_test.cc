// SPACE_TO_DEPTH and DEPTH_TO_SPACE: the variants and every prepare refusal (the data is proven against TFLM
// by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> BlockModel(bool to_depth, schema::TensorType type, std::vector<int> in, std::vector<int> out,
                                int block, bool with_options = true) {
  OptionsFn options = [to_depth, block](flatbuffers::FlatBufferBuilder& fbb) {
    return to_depth ? std::make_pair(schema::BuiltinOptions_SpaceToDepthOptions,
                                     schema::CreateSpaceToDepthOptions(fbb, block).Union())
                    : std::make_pair(schema::BuiltinOptions_DepthToSpaceOptions,
                                     schema::CreateDepthToSpaceOptions(fbb, block).Union());
  };
  return BuildOne(to_depth ? schema::BuiltinOperator_SPACE_TO_DEPTH : schema::BuiltinOperator_DEPTH_TO_SPACE,
                  {Runtime(type, std::move(in))}, {Runtime(type, std::move(out))}, with_options ? options : nullptr);
}

TEST(SpaceDepth, RoundTripOfATwoByTwoBlock) {
  OpRun s2d(BlockModel(true, kF32, {1, 2, 2, 1}, {1, 1, 1, 4}, 2));
  ASSERT_EQ(s2d.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(s2d.interpreter->node_info(0).variant, "space_to_depth/any/reference");
  OpRun d2s(BlockModel(false, kF32, {1, 1, 1, 4}, {1, 2, 2, 1}, 2));
  ASSERT_EQ(d2s.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(d2s.interpreter->node_info(0).variant, "depth_to_space/any/reference");
  for (int i = 0; i < 4; ++i) s2d.interpreter->input(0)->data.f[i] = static_cast<float>(i + 1);
  ASSERT_EQ(s2d.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 4; ++i) d2s.interpreter->input(0)->data.f[i] = s2d.interpreter->output(0)->data.f[i];
  ASSERT_EQ(d2s.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(d2s.interpreter->output(0)->data.f[i], static_cast<float>(i + 1)) << i;
}

// An output declared all 0 (unset) takes the computed shape in prepare, as in TFLM; the memory plan, made after
// prepare, sizes it from that shape (the whole output is written and read back).
TEST(SpaceDepth, UnsetOutputShapeIsComputed) {
  OpRun run(BlockModel(true, kF32, {1, 2, 4, 1}, {0, 0, 0, 0}, 2));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const TfLiteTensor* out = run.interpreter->output(0);
  ASSERT_EQ(out->dims->size, 4);
  EXPECT_EQ(std::vector<int>(out->dims->data, out->dims->data + 4), (std::vector<int>{1, 1, 2, 4}));
  for (int i = 0; i < 8; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float* o = run.interpreter->output(0)->data.f;
  EXPECT_EQ(std::vector<float>(o, o + 8), (std::vector<float>{0, 1, 4, 5, 2, 3, 6, 7}));
}

TEST(SpaceDepth, RefusesBadBlockSizes) {  // TFLM divides by block_size unchecked
  ExpectRefused(BlockModel(true, kF32, {1, 2, 2, 1}, {1, 2, 2, 1}, 0),
                "SPACE_TO_DEPTH: block_size 0 is out of range (1..46340)");
  ExpectRefused(BlockModel(false, kF32, {1, 2, 2, 1}, {1, 2, 2, 1}, 0, /*with_options=*/false),
                "DEPTH_TO_SPACE: block_size 0 is out of range (1..46340)");
  ExpectRefused(BlockModel(true, kI8, {1, 3, 2, 1}, {1, 1, 1, 4}, 2),
                "SPACE_TO_DEPTH: input height 3 and width 2 must be multiples of block_size 2");
  ExpectRefused(BlockModel(false, kI8, {1, 1, 1, 6}, {1, 2, 2, 1}, 2),
                "DEPTH_TO_SPACE: input depth 6 must be a multiple of block_size squared (4)");
}

TEST(SpaceDepth, RefusesTypesRanksAndShapes) {
  ExpectRefused(BlockModel(true, kI16, {1, 2, 2, 1}, {1, 1, 1, 4}, 2),
                "SPACE_TO_DEPTH: type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BlockModel(false, kF32, {2, 2, 4}, {4, 4, 1}, 2),
                "DEPTH_TO_SPACE: input has 3 dimensions (must be 4, NHWC)");
  ExpectRefused(BlockModel(false, kF32, {1, 1, 1, 4}, {1, 1, 1, 4}, 2),
                "DEPTH_TO_SPACE: output shape [1, 1, 1, 4] differs from the expected [1, 2, 2, 1]");
}

}  // namespace
}  // namespace test
}  // namespace mote
