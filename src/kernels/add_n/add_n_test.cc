// ADD_N: the variants, many inputs and every prepare refusal by its message (the data is proven against TFLM by
// the oracle cases, tools/oracle/gen_add_n.py).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::Runtime;
using test::TensorSpec;

TEST(AddN, TwentyFourFloatInputs) {
  std::vector<TensorSpec> ins(24, Runtime(schema::TensorType_FLOAT32, {3}));
  OpRun run(BuildOne(schema::BuiltinOperator_ADD_N, ins, {Runtime(schema::TensorType_FLOAT32, {1, 3})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "add_n/float32/reference");
  for (int i = 0; i < 24; ++i) {
    for (int k = 0; k < 3; ++k) run.interpreter->input(i)->data.f[k] = static_cast<float>(i * (k + 1));
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(run.interpreter->output(0)->data.f[k], 276.0f * (k + 1));
}

TEST(AddN, Int8Variant) {
  OpRun run(BuildOne(schema::BuiltinOperator_ADD_N,
                     {Runtime(schema::TensorType_INT8, {2}, 0.5f, 0), Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)},
                     {Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "add_n/int8/reference");
  run.interpreter->input(0)->data.int8[0] = 3;
  run.interpreter->input(1)->data.int8[0] = 4;
  run.interpreter->input(0)->data.int8[1] = 100;
  run.interpreter->input(1)->data.int8[1] = 100;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[0], 7);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[1], 127);  // saturates
}

TEST(AddN, RefusesCounts) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N, {Runtime(schema::TensorType_FLOAT32, {2})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}),
                "ADD_N: 1 inputs and 1 outputs given (at least 2 inputs, 1 output)");
}

TEST(AddN, RefusesTypes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N,
                         {Runtime(schema::TensorType_INT32, {2}), Runtime(schema::TensorType_INT32, {2})},
                         {Runtime(schema::TensorType_INT32, {2})}),
                "ADD_N: type INT32 is not supported (FLOAT32, INT8)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N,
                         {Runtime(schema::TensorType_FLOAT32, {2}), Runtime(schema::TensorType_FLOAT32, {2})},
                         {Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)}),
                "ADD_N: output type INT8 differs from the inputs' FLOAT32");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N,
                         {Runtime(schema::TensorType_FLOAT32, {2}), Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)},
                         {Runtime(schema::TensorType_FLOAT32, {2})}),
                "ADD_N: input 1 type INT8 differs from input 0's FLOAT32");
}

TEST(AddN, RefusesShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Runtime(schema::TensorType_FLOAT32, {3, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}),
                "ADD_N: input 1 shape differs from input 0's (ADD_N does not broadcast)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ADD_N,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Runtime(schema::TensorType_FLOAT32, {2, 3})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 4})}),
                "ADD_N: the output has 8 elements, the inputs 6");
}

TEST(AddN, RefusesInt8Quantizations) {
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_ADD_N,
               {Runtime(schema::TensorType_INT8, {2}, 0.5f, 1), Runtime(schema::TensorType_INT8, {2}, 0.5f, 2)},
               {Runtime(schema::TensorType_INT8, {2}, 0.5f, 1)}),
      "ADD_N: int8 input 1 has scale 0.5 / zero point 2 but input 0 has 0.5 / 1 (TFLM requires one "
      "quantization for all inputs)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_ADD_N,
               {Runtime(schema::TensorType_INT8, {2}, 0.5f, 1), Runtime(schema::TensorType_INT8, {2}, 0.5f, 1)},
               {Runtime(schema::TensorType_INT8, {2}, 1e-7f, 0)}),
      "ADD_N: output scale 1e-07 is too small for input scale 0.5 (2 * input scale / (2^20 * output scale) "
      "must be < 1)");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_ADD_N,
               {Runtime(schema::TensorType_INT8, {2}, 0.0f, 1), Runtime(schema::TensorType_INT8, {2}, 0.0f, 1)},
               {Runtime(schema::TensorType_INT8, {2}, 0.5f, 0)}),
      "ADD_N: input 0 (INT8) has no quantization parameters (a scale and zero point are needed)");
}

}  // namespace
}  // namespace mote
