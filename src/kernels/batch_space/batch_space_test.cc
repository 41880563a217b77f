// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND: float padding, the variants and every prepare refusal (the data is
// proven against TFLM by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> BlockModel(schema::BuiltinOperator op, schema::TensorType type, std::vector<int> in,
                                std::vector<int64_t> block, std::vector<int64_t> pads, std::vector<int> out) {
  const int m = static_cast<int>(block.size());
  return BuildOne(op, {Runtime(type, std::move(in)), Const(kI32, {m}, block), Const(kI32, {m, 2}, pads)},
                  {Runtime(type, std::move(out))});
}
constexpr auto kToBatch = schema::BuiltinOperator_SPACE_TO_BATCH_ND;
constexpr auto kToSpace = schema::BuiltinOperator_BATCH_TO_SPACE_ND;

TEST(BatchSpace, FloatPaddingIsZeroAndRoundTrips) {
  OpRun to_batch(BlockModel(kToBatch, kF32, {1, 3, 1}, {2}, {1, 0}, {2, 2, 1}));
  ASSERT_EQ(to_batch.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(to_batch.interpreter->node_info(0).variant, "space_to_batch_nd/any/reference");
  for (int i = 0; i < 3; ++i) to_batch.interpreter->input(0)->data.f[i] = static_cast<float>(i + 1);
  ASSERT_EQ(to_batch.interpreter->Invoke(), kTfLiteOk);
  const float blocked[] = {0, 2, 1, 3};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(to_batch.interpreter->output(0)->data.f[i], blocked[i]) << i;
  OpRun to_space(BlockModel(kToSpace, kF32, {2, 2, 1}, {2}, {1, 0}, {1, 3, 1}));
  ASSERT_EQ(to_space.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(to_space.interpreter->node_info(0).variant, "batch_to_space_nd/any/reference");
  for (int i = 0; i < 4; ++i) to_space.interpreter->input(0)->data.f[i] = blocked[i];
  ASSERT_EQ(to_space.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(to_space.interpreter->output(0)->data.f[i], static_cast<float>(i + 1)) << i;
}

TEST(BatchSpace, RefusesBlocksPaddingsAndCrops) {  // TFLM reads them unchecked
  ExpectRefused(BlockModel(kToBatch, kF32, {1, 2, 2, 1}, {0, 1}, {0, 0, 0, 0}, {1, 2, 2, 1}),
                "SPACE_TO_BATCH_ND: spatial dimension 0 has block 0 and paddings 0, 0 (block >= 1, paddings >= 0)");
  ExpectRefused(BlockModel(kToSpace, kI8, {4, 2, 2, 1}, {2, 2}, {0, -1, 0, 0}, {1, 4, 4, 1}),
                "BATCH_TO_SPACE_ND: spatial dimension 0 has block 2 and crops 0, -1 (block >= 1, crops >= 0)");
  ExpectRefused(BlockModel(kToBatch, kF32, {1, 3, 2, 1}, {2, 2}, {0, 0, 0, 0}, {4, 1, 1, 1}),
                "SPACE_TO_BATCH_ND: padded spatial sizes 3, 2 must be multiples of the blocks");
  ExpectRefused(BlockModel(kToSpace, kF32, {3, 2, 2, 1}, {2, 1}, {0, 0, 0, 0}, {1, 4, 2, 1}),
                "BATCH_TO_SPACE_ND: input batch 3 must be a multiple of the blocks' product 2 and the cropped sizes "
                "4, 2 positive");
  ExpectRefused(BlockModel(kToBatch, kF32, {1, 2, 2, 1}, {2}, {0, 0}, {2, 1, 2, 1}),
                "SPACE_TO_BATCH_ND: block_shape must have 2 values and paddings be a constant INT32 tensor of 4 "
                "values");
}

TEST(BatchSpace, RefusesTypesRanksAndShapes) {
  ExpectRefused(BlockModel(kToBatch, kI16, {1, 2, 1}, {2}, {0, 0}, {2, 1, 1}),
                "SPACE_TO_BATCH_ND: type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BlockModel(kToSpace, kF32, {2, 2}, {2}, {0, 0}, {1, 4}),
                "BATCH_TO_SPACE_ND: input has 2 dimensions (3 or 4)");
  ExpectRefused(BlockModel(kToBatch, kF32, {1, 2, 1}, {2}, {0, 0}, {1, 2, 1}),
                "SPACE_TO_BATCH_ND: output shape [1, 2, 1] differs from the expected [2, 1, 1]");
}

}  // namespace
}  // namespace test
}  // namespace mote
