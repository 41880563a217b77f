// LEAKY_RELU: the variants, a missing options table (alpha 0) and every prepare refusal (the arithmetic is proven
// against TFLM by the oracle cases, tools/oracle/gen_quantized_activations.py).
#include <cstdint>
#include <utility>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::OptionsFn;
using test::Runtime;

OptionsFn Alpha(float alpha) {
  return [alpha](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_LeakyReluOptions, schema::CreateLeakyReluOptions(fbb, alpha).Union());
  };
}

TEST(LeakyRelu, VariantsByType) {
  const struct {
    schema::TensorType type;
    float scale;
    const char* variant;
  } kCases[] = {{schema::TensorType_FLOAT32, 0.f, "leaky_relu/float32/reference"},
                {schema::TensorType_INT8, 0.1f, "leaky_relu/int8/reference"},
                {schema::TensorType_INT16, 0.001f, "leaky_relu/int16/reference"}};
  for (const auto& c : kCases) {
    OpRun run(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(c.type, {2, 3}, c.scale, 0)},
                       {Runtime(c.type, {2, 3}, c.scale, 0)}, Alpha(0.5f)));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.variant);
  }
}

TEST(LeakyRelu, MissingOptionsMeanAlphaZero) {
  OpRun run(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_FLOAT32, {4})},
                     {Runtime(schema::TensorType_FLOAT32, {4})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const float in[] = {-2.f, -0.5f, 0.f, 3.f};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = in[i];
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float expected[] = {-0.f, -0.f, 0.f, 3.f};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], expected[i]);
}

TEST(LeakyRelu, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_INT32, {4})},
                         {Runtime(schema::TensorType_INT32, {4})}, Alpha(0.1f)),
                "LEAKY_RELU: input type INT32 is not supported (INT8, INT16, FLOAT32)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_INT8, {4}, 0.1f, 0)},
                         {Runtime(schema::TensorType_INT16, {4}, 0.1f, 0)}, Alpha(0.1f)),
                "LEAKY_RELU: output type INT16 differs from input type INT8");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_FLOAT32, {4})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 2})}, Alpha(0.1f)),
                "LEAKY_RELU: output shape differs from the input shape");
}

TEST(LeakyRelu, RefusesMissingQuantizationAndHugeMultipliers) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_INT8, {4})},
                         {Runtime(schema::TensorType_INT8, {4}, 0.1f, 0)}, Alpha(0.1f)),
                "LEAKY_RELU: input (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU, {Runtime(schema::TensorType_INT16, {4}, 1.0f, 0)},
                         {Runtime(schema::TensorType_INT16, {4}, 1e-6f, 0)}, Alpha(0.1f)),
                "LEAKY_RELU: input scale / output scale (1e+06, alpha 0.1) is too large");
}

TEST(LeakyRelu, RefusesWrongArity) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LEAKY_RELU,
                         {Runtime(schema::TensorType_FLOAT32, {4}), Runtime(schema::TensorType_FLOAT32, {4})},
                         {Runtime(schema::TensorType_FLOAT32, {4})}, Alpha(0.1f)),
                "LEAKY_RELU: 2 inputs and 1 outputs given (1 and 1)");
}

}  // namespace
}  // namespace mote
