// L2_POOL_2D's prepare refusals and variant (AVERAGE_POOL_2D and MAX_POOL_2D are covered by the oracle cases,
// tools/oracle/gen_pooling.py, and tests/unit/hostile_models_test.cc; L2_POOL_2D's data by gen_image_matrix.py),
// and outputs larger than the padding computes, which TFLM accepts (its pooling_test.cc runs one).
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

OptionsFn Pool(int filter, int stride) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_Pool2DOptions,
                          schema::CreatePool2DOptions(fbb, schema::Padding_VALID, stride, stride, filter, filter)
                              .Union());
  };
}

TEST(L2Pool2D, Variant) {
  ExpectVariant(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kF32, {1, 4, 4, 2})},
                         {Runtime(kF32, {1, 2, 2, 2})}, Pool(2, 2)),
                "l2_pool_2d/float32/reference");
}

TEST(L2Pool2D, RefusesQuantizedInput) {  // TFLM has no quantized L2 pool
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kI8, {1, 4, 4, 2}, 0.5f)},
                         {Runtime(kI8, {1, 2, 2, 2}, 0.5f)}, Pool(2, 2)),
                "L2_POOL_2D: input type INT8 is not supported (FLOAT32)");
}

TEST(L2Pool2D, RefusesOutputWindowsOutsideTheInput) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kF32, {1, 4, 4, 2})},
                         {Runtime(kF32, {1, 3, 2, 2})}, Pool(2, 2)),
                "L2_POOL_2D: output shape [1, 3, 2, 2] has windows outside the 4x4 input (at most 2x2 output "
                "positions overlap it; the padding computes 2x2)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kF32, {1, 4, 4, 2})},
                         {Runtime(kF32, {1, 2, 2, 3})}, Pool(2, 2)),
                "L2_POOL_2D: output shape [1, 2, 2, 3] must be [1, OH, OW, 2] (the input's batches, depth)");
}

// TFLM's L2_POOL_2D writes the output shape it computes in prepare (its l2_pool_2d_test declares the output
// all 0); so does mote for an output declared all 0 (unset), and the memory plan, made after prepare, sizes it.
// Windows of {0, 6; 3, 2} and {2, 4; 10, 7}: sqrt(49 / 4) = 3.5 and sqrt(169 / 4) = 6.5.
TEST(L2Pool2D, UnsetOutputShapeIsComputed) {
  OpRun run(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kF32, {1, 2, 4, 1})}, {Runtime(kF32, {0, 0, 0, 0})},
                     Pool(2, 2)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const TfLiteTensor* out = run.interpreter->output(0);
  ASSERT_EQ(out->dims->size, 4);
  EXPECT_EQ(std::vector<int>(out->dims->data, out->dims->data + 4), (std::vector<int>{1, 1, 2, 1}));
  const float input[8] = {0, 6, 2, 4, 3, 2, 10, 7};
  for (int i = 0; i < 8; ++i) run.interpreter->input(0)->data.f[i] = input[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[0], 3.5f);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[1], 6.5f);
}

TEST(MaxPool2D, RefusesAnUnsetOutputShape) {  // TFLM's AVERAGE/MAX_POOL_2D never write the output shape
  ExpectRefused(BuildOne(schema::BuiltinOperator_MAX_POOL_2D, {Runtime(kF32, {1, 2, 4, 1})},
                         {Runtime(kF32, {0, 0, 0, 0})}, Pool(2, 2)),
                "MAX_POOL_2D: output shape [0, 0, 0, 0] must be [1, OH, OW, 1] (the input's batches, depth)");
}

// TFLM's case: a 2x4 input, 2x2 VALID windows at stride 1 (the padding computes 1x3), written into a 2x4
// output; the last row and column take the clipped windows. Average {12, -24, 32, 16; 12, 8, 40, 28} / 4 etc.
// at scale 0.25: TFLM's golden {2, 14, 29, 22, 10, 24, 34, 28}; maximum by hand {12, 40, 40, 28, 12, 40, 40, 28}.
void RunClippedOutput(schema::BuiltinOperator op, const int8_t (&expected)[8]) {
  OpRun run(BuildOne(op, {Runtime(kI8, {1, 2, 4, 1}, 0.25f)}, {Runtime(kI8, {1, 2, 4, 1}, 0.25f)}, Pool(2, 1)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const int8_t input[8] = {12, -24, 32, 16, 12, 8, 40, 28};
  for (int i = 0; i < 8; ++i) run.interpreter->input(0)->data.int8[i] = input[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], expected[i]) << i;
}

TEST(AveragePool2D, OutputLargerThanThePaddingComputesTakesClippedWindows) {
  const int8_t expected[8] = {2, 14, 29, 22, 10, 24, 34, 28};
  RunClippedOutput(schema::BuiltinOperator_AVERAGE_POOL_2D, expected);
}

TEST(MaxPool2D, OutputLargerThanThePaddingComputesTakesClippedWindows) {
  const int8_t expected[8] = {12, 40, 40, 28, 12, 40, 40, 28};
  RunClippedOutput(schema::BuiltinOperator_MAX_POOL_2D, expected);
}

}  // namespace
}  // namespace test
}  // namespace mote
