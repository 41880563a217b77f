// L2_POOL_2D's prepare refusals and variant (AVERAGE_POOL_2D and MAX_POOL_2D are covered by the oracle cases,
// tools/oracle/gen_pooling.py, and tests/unit/hostile_models_test.cc; L2_POOL_2D's data by gen_image_matrix.py).
#include <utility>

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

TEST(L2Pool2D, RefusesOutputShapeMismatch) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_POOL_2D, {Runtime(kF32, {1, 4, 4, 2})},
                         {Runtime(kF32, {1, 3, 2, 2})}, Pool(2, 2)),
                "L2_POOL_2D: output shape [1, 3, 2, 2] does not match the computed [1, 2, 2, 2]");
}

}  // namespace
}  // namespace test
}  // namespace mote
