// L2_NORMALIZATION: the variants, the int8 inverse square root on known values, a missing options table, and
// every prepare refusal (the arithmetic is proven against TFLM by the oracle cases,
// tools/oracle/gen_quantized_activations.py).
#include <cstdint>
#include <utility>

#include "gtest/gtest.h"
#include "kernels/l2_normalization/l2_normalization_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::ExpectVariant;
using test::OptionsFn;
using test::Runtime;

OptionsFn Activation(schema::ActivationFunctionType a) {
  return [a](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_L2NormOptions, schema::CreateL2NormOptions(fbb, a).Union());
  };
}

TEST(L2Normalization, VariantsByTypeAndMissingOptions) {
  ExpectVariant(BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_FLOAT32, {2, 3})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}),
                "l2_normalization/float32/reference");
  ExpectVariant(BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_INT8, {2, 3}, 0.05f, 3)},
                         {Runtime(schema::TensorType_INT8, {2, 3}, 1.f / 128, 0)},
                         Activation(schema::ActivationFunctionType_NONE)),
                "l2_normalization/int8/reference");
}

TEST(L2Normalization, Int8ThreeFourFive) {
  // (3, 4) / 5 = (0.6, 0.8) on the scale 1/128: 77 and 102; a zero row stays zero.
  const int8_t in[] = {3, 4, 0, 0};
  int8_t out[4];
  reference::L2NormalizationInt8(0, 2, 2, in, out);
  EXPECT_EQ(out[0], 77);
  EXPECT_EQ(out[1], 102);
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[3], 0);
}

TEST(L2Normalization, Refusals) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_FLOAT32, {2, 3})},
               {Runtime(schema::TensorType_FLOAT32, {2, 3})}, Activation(schema::ActivationFunctionType_RELU)),
      "L2_NORMALIZATION: fused activation RELU is not supported (NONE only, as TFLM)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_INT16, {3}, 0.1f, 0)},
                         {Runtime(schema::TensorType_INT16, {3}, 0.1f, 0)}),
                "L2_NORMALIZATION: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_FLOAT32, {1, 1, 1, 2, 3})},
               {Runtime(schema::TensorType_FLOAT32, {1, 1, 1, 2, 3})}),
      "L2_NORMALIZATION: input has 5 dimensions (1 to 4)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_FLOAT32, {})},
                         {Runtime(schema::TensorType_FLOAT32, {})}),
                "L2_NORMALIZATION: input has 0 dimensions (1 to 4)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_INT8, {1, 40000}, 0.1f, 0)},
               {Runtime(schema::TensorType_INT8, {1, 40000}, 1.f / 128, 0)}),
      "L2_NORMALIZATION: INT8 depth 40000 is too large (at most 33025: the sum of squares is 32-bit)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_L2_NORMALIZATION, {Runtime(schema::TensorType_INT8, {2, 3})},
                         {Runtime(schema::TensorType_INT8, {2, 3}, 1.f / 128, 0)}),
                "L2_NORMALIZATION: input (INT8) has no quantization parameters (a scale and zero point are needed)");
}

}  // namespace
}  // namespace mote
