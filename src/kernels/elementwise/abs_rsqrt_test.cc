// ABS and RSQRT: every prepare refusal by its exact message, the variant ids, int16 ABS without quantization,
// RSQRT's invoke-time refusal of inputs below the zero point (the data is proven against TFLM by the oracle
// cases, tools/oracle/gen_unary.py).
#include <cstdint>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::BuiltinOperator_ABS;
using schema::BuiltinOperator_RSQRT;
using schema::TensorType_FLOAT32;
using schema::TensorType_INT16;
using schema::TensorType_INT32;
using schema::TensorType_INT8;
using test::BuildOne;
using test::ExpectRefused;
using test::ExpectVariant;
using test::LogCapture;
using test::OpRun;
using test::Runtime;

TEST(Abs, RefusesTypes) {
  ExpectRefused(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT32, {4})}, {Runtime(TensorType_INT32, {4})}),
                "ABS: input type INT32 is not supported (INT8, INT16, FLOAT32)");
  ExpectRefused(
      BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT8, {4}, 0.5f)}, {Runtime(TensorType_INT16, {4}, 0.5f)}),
      "ABS: output type INT16 differs from input type INT8");
  ExpectRefused(
      BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_FLOAT32, {4})}, {Runtime(TensorType_FLOAT32, {2, 2})}),
      "ABS: output shape differs from the input shape");
}

TEST(Abs, RefusesQuantization) {
  ExpectRefused(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT8, {4})}, {Runtime(TensorType_INT8, {4}, 0.5f)}),
                "ABS: input (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT16, {4}, 0.5f)}, {Runtime(TensorType_INT16, {4})}),
                "ABS: output (INT16) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(
      BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT16, {4}, 0.5f, 3)}, {Runtime(TensorType_INT16, {4}, 0.5f)}),
      "ABS: INT16 zero points must be 0 (got input 3, output 0)");
  ExpectRefused(
      BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT8, {4}, 0.5f, 200)}, {Runtime(TensorType_INT8, {4}, 0.5f)}),
      "ABS: input zero point 200 is outside the INT8 range [-128, 127]");
  ExpectRefused(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT16, {4}, 1.0f)},
                         {Runtime(TensorType_INT16, {4}, 1.0f / 65536)}),
                "ABS: input scale / output scale (65536) is too large");
}

TEST(Abs, Int16WithoutQuantizationIsIntegerAbs) {  // TFLM's plain path: -32768 wraps
  OpRun run(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT16, {4})}, {Runtime(TensorType_INT16, {4}, 0.5f)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "abs/int16/reference");
  const int16_t in[] = {-32768, -32767, -1, 5};
  std::memcpy(run.interpreter->input(0)->data.i16, in, sizeof(in));
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int16_t want[] = {-32768, 32767, 1, 5};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i16[i], want[i]) << i;
}

TEST(Abs, VariantIds) {
  ExpectVariant(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_FLOAT32, {4})}, {Runtime(TensorType_FLOAT32, {4})}),
                "abs/float32/reference");
  ExpectVariant(BuildOne(BuiltinOperator_ABS, {Runtime(TensorType_INT8, {4}, 0.5f, -3)},
                         {Runtime(TensorType_INT8, {4}, 0.25f, 7)}),
                "abs/int8/reference");
}

TEST(Rsqrt, RefusesTypesAndQuantization) {
  ExpectRefused(BuildOne(BuiltinOperator_RSQRT, {Runtime(TensorType_INT32, {4})}, {Runtime(TensorType_INT32, {4})}),
                "RSQRT: input type INT32 is not supported (INT8, INT16, FLOAT32)");
  // TFLM runs this one on an infinite multiplier (undefined behaviour); mote refuses it.
  ExpectRefused(BuildOne(BuiltinOperator_RSQRT, {Runtime(TensorType_INT16, {4})}, {Runtime(TensorType_INT16, {4})}),
                "RSQRT: input (INT16) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(BuiltinOperator_RSQRT, {Runtime(TensorType_INT16, {4}, 0.5f)},
                         {Runtime(TensorType_INT16, {4}, 0.5f, 2)}),
                "RSQRT: INT16 zero points must be 0 (got input 0, output 2)");
  ExpectRefused(
      BuildOne(BuiltinOperator_RSQRT, {Runtime(TensorType_INT8, {4}, 1e-6f)}, {Runtime(TensorType_INT8, {4}, 1e-7f)}),
      "RSQRT: 1 / (sqrt(input scale) * output scale) (1e+10) is too large");
}

TEST(Rsqrt, InputBelowZeroPointFailsInvoke) {
  OpRun run(BuildOne(BuiltinOperator_RSQRT, {Runtime(TensorType_INT8, {3}, 0.1f, -10)},
                     {Runtime(TensorType_INT8, {3}, 0.05f, 0)}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "rsqrt/int8/reference");
  const int8_t in[] = {-10, 5, -11};
  std::memcpy(run.interpreter->input(0)->data.int8, in, sizeof(in));
  LogCapture log;
  EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(
      log.Has("RSQRT: input element 2 (-11) is below the zero point -10: rsqrt is defined only for values "
              ">= 0"))
      << log.text;
  // At the zero point: the largest output.
  const int8_t ok[] = {-10, -9, 90};
  std::memcpy(run.interpreter->input(0)->data.int8, ok, sizeof(ok));
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[0], 127);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[1], 63);  // 1 / sqrt(0.1) / 0.05 = 63.2
  EXPECT_EQ(run.interpreter->output(0)->data.int8[2], 6);   // 1 / sqrt(10) / 0.05 = 6.32
}

}  // namespace
}  // namespace mote
