// SQUEEZE: the variant, the output shapes TFLM accepts beyond the plain one, and every prepare refusal
// (the data is proven against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

OptionsFn SqueezeDims(std::vector<int32_t> dims) {
  return [dims](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_SqueezeOptions,
                          schema::CreateSqueezeOptions(fbb, fbb.CreateVector(dims)).Union());
  };
}

std::vector<uint8_t> Squeeze(std::vector<int> in, std::vector<int> out, std::vector<int32_t> dims,
                             schema::TensorType type = kF32) {
  return BuildOne(schema::BuiltinOperator_SQUEEZE, {Runtime(type, std::move(in))}, {Runtime(type, std::move(out))},
                  SqueezeDims(std::move(dims)));
}

TEST(Squeeze, CopiesAndReportsItsVariant) {
  OpRun run(Squeeze({1, 2, 1, 3}, {2, 3}, {}, kI16));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "squeeze/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.i16[i] = static_cast<int16_t>(i * 7 - 20);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i16[i], i * 7 - 20);
}

TEST(Squeeze, AcceptsTheOutputShapesTflmAccepts) {  // each kept dimension fits its output one, bytes match
  ExpectVariant(Squeeze({2, 1, 3}, {2, 3, 1}, {1}), "squeeze/any/reference");
  ExpectVariant(Squeeze({2, 1, 3}, {2, 3}, {-2}), "squeeze/any/reference");
}

TEST(Squeeze, RefusesDimensionsThatAreNotOnes) {
  ExpectRefused(Squeeze({2, 1, 3}, {1, 3}, {0}),
                "SQUEEZE: squeeze_dims[0] = 0 is not a size-1 dimension of the "
                "rank-3 input");
  ExpectRefused(Squeeze({2, 1, 3}, {2, 3}, {1, 3}),
                "SQUEEZE: squeeze_dims[1] = 3 is not a size-1 dimension of the "
                "rank-3 input");
  ExpectRefused(Squeeze({2, 1, 3}, {2, 3}, {-4}),
                "SQUEEZE: squeeze_dims[0] = -4 is not a size-1 dimension of the "
                "rank-3 input");
}

TEST(Squeeze, RefusesOutputsThatDoNotHoldTheInput) {  // TFLM aborts or fails invoke on these
  ExpectRefused(Squeeze({2, 1, 3}, {6}, {1}), "SQUEEZE: the output has rank 1, fewer than the input dimensions kept");
  ExpectRefused(Squeeze({2, 1, 3}, {3, 2}, {1}),
                "SQUEEZE: output dimension 1 is 2, smaller than input dimension 2 "
                "(3)");
  ExpectRefused(Squeeze({2, 1, 3}, {2, 3, 2}, {1}), "SQUEEZE: input has 6 elements but the output shape has 12");
  ExpectRefused(BuildOne(schema::BuiltinOperator_SQUEEZE, {Runtime(kI8, {1, 2})}, {Runtime(kI16, {2})}),
                "SQUEEZE: input type INT8 and output type INT16 differ");
}

}  // namespace
}  // namespace test
}  // namespace mote
