// PRELU: the variants and every prepare refusal (the arithmetic and broadcasting are proven against TFLM by the
// oracle cases, tools/oracle/gen_quantized_activations.py).
#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

TEST(Prelu, VariantsByType) {
  const struct {
    schema::TensorType type, alpha_type;
    const char* variant;
  } kCases[] = {{kF32, kF32, "prelu/float32/reference"},
                {kI8, kI8, "prelu/int8/reference"},
                {kI16, kI8, "prelu/int16/reference"}};
  for (const auto& c : kCases) {
    const float scale = c.type == kF32 ? 0.f : 0.01f;
    OpRun run(BuildOne(schema::BuiltinOperator_PRELU,
                       {Runtime(c.type, {2, 3}, scale, 0), Runtime(c.alpha_type, {3}, scale, 0)},
                       {Runtime(c.type, {2, 3}, scale, 0)}));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.variant);
  }
}

TEST(Prelu, RefusesTypes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(schema::TensorType_INT32, {3}), Runtime(kF32, {3})},
                         {Runtime(schema::TensorType_INT32, {3})}),
                "PRELU: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kI16, {3}, 0.01f, 0), Runtime(kI16, {3}, 0.01f, 0)},
                         {Runtime(kI16, {3}, 0.01f, 0)}),
                "PRELU: a INT16 input needs a INT8 alpha and a INT16 output (got INT16 and INT16)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kF32, {3}), Runtime(kF32, {3})}, {Runtime(kI8, {3}, 0.01f, 0)}),
      "PRELU: a FLOAT32 input needs a FLOAT32 alpha and a FLOAT32 output (got FLOAT32 and INT8)");
}

TEST(Prelu, RefusesShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kF32, {1, 1, 2, 2, 3}), Runtime(kF32, {3})},
                         {Runtime(kF32, {1, 1, 2, 2, 3})}),
                "PRELU: input, alpha and output have 5, 1 and 5 dimensions (at most 4)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kF32, {2, 3}), Runtime(kF32, {2})}, {Runtime(kF32, {2, 3})}),
      "PRELU: input shapes [2, 3] and [2] cannot be broadcast together");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kF32, {2, 3}), Runtime(kF32, {3})}, {Runtime(kF32, {2, 2, 3})}),
      "PRELU: output shape [2, 2, 3] is not the broadcast shape of the inputs [2, 3] and [3]");
}

TEST(Prelu, RefusesQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kI8, {3}, 0.01f, 0), Runtime(kI8, {3})},
                         {Runtime(kI8, {3}, 0.01f, 0)}),
                "PRELU: alpha (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kI16, {3}, 1.0f, 0), Runtime(kI8, {3}, 1.0f, 0)},
                         {Runtime(kI16, {3}, 1e-3f, 0)}),
                "PRELU: output scale 0.001 is too small for input scale 1 and alpha scale 1");
}

TEST(Prelu, RefusesWrongArity) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_PRELU, {Runtime(kF32, {3})}, {Runtime(kF32, {3})}),
                "PRELU: 1 inputs and 1 outputs given (2 inputs, 1 output)");
}

}  // namespace
}  // namespace test
}  // namespace mote
