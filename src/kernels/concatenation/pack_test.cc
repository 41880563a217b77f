// PACK: the stacking, the variant and every prepare refusal (TFLM's kernel checks nothing; the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

OptionsFn PackOptions(int values_count, int axis) {
  return [values_count, axis](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_PackOptions,
                          schema::CreatePackOptions(fbb, values_count, axis).Union());
  };
}

std::vector<uint8_t> Pack(std::vector<TensorSpec> ins, std::vector<int> out, int values_count, int axis,
                          schema::TensorType type = kF32) {
  return BuildOne(schema::BuiltinOperator_PACK, ins, {Runtime(type, std::move(out))}, PackOptions(values_count, axis));
}

TEST(Pack, StacksAlongTheNewAxis) {
  OpRun run(Pack({Runtime(kI64, {2}), Runtime(kI64, {2})}, {2, 2}, 2, -1, kI64));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "pack/any/reference");
  run.interpreter->input(0)->data.i64[0] = 1;
  run.interpreter->input(0)->data.i64[1] = 2;
  run.interpreter->input(1)->data.i64[0] = 3;
  run.interpreter->input(1)->data.i64[1] = 4;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int64_t* out = run.interpreter->output(0)->data.i64;
  EXPECT_EQ(std::vector<int64_t>(out, out + 4), (std::vector<int64_t>{1, 3, 2, 4}));
}

TEST(Pack, RefusesWhatTflmTrusts) {
  ExpectRefused(Pack({Runtime(kF32, {2}), Runtime(kF32, {2})}, {3, 2}, 3, 0),
                "PACK: values_count is 3 but 2 inputs are given");
  ExpectRefused(Pack({Runtime(kF32, {2}), Runtime(kF32, {3})}, {2, 2}, 2, 0),
                "PACK: input 1's shape differs from "
                "input 0's");
  ExpectRefused(Pack({Runtime(kF32, {2}), Runtime(kI32, {2})}, {2, 2}, 2, 0),
                "PACK: input 1 type INT32 differs from the output type FLOAT32");
  ExpectRefused(Pack({Runtime(kF32, {2, 3}), Runtime(kF32, {2, 3})}, {2, 3, 2}, 2, 3),
                "PACK: axis 3 is out of range for rank 3");
  ExpectRefused(Pack({Runtime(kF32, {2, 3}), Runtime(kF32, {2, 3})}, {2, 3, 2}, 2, 0),
                "PACK: the output shape is not the input shape with 2 inserted at 0");
  ExpectRefused(Pack({Runtime(kBool, {2})}, {1, 2}, 1, 0, kBool),
                "PACK: type BOOL is not supported (FLOAT32, INT8, INT16, INT32, INT64)");
}

}  // namespace
}  // namespace test
}  // namespace mote
