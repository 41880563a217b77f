// CONCATENATION: more inputs than TFLM's 10, the variant, and every prepare refusal (data is proven against
// TFLM by the oracle cases, tools/oracle/gen_shape_ops.py).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::Const;
using test::ExpectRefused;
using test::LogCapture;
using test::OpRun;
using test::OptionsFn;
using test::Runtime;
using test::TensorSpec;

OptionsFn ConcatOptions(int axis, schema::ActivationFunctionType act = schema::ActivationFunctionType_NONE) {
  return [axis, act](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ConcatenationOptions,
                          schema::CreateConcatenationOptions(fbb, axis, act).Union());
  };
}

TEST(Concatenation, TwelveInputsAlongTheLastAxis) {  // TFLM stops at 10 inputs
  std::vector<TensorSpec> ins(12, Runtime(schema::TensorType_INT16, {2, 1}));
  OpRun run(BuildOne(schema::BuiltinOperator_CONCATENATION, ins, {Runtime(schema::TensorType_INT16, {2, 12})},
                     ConcatOptions(-1)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "concatenation/any/reference");
  for (int i = 0; i < 12; ++i) {
    run.interpreter->input(i)->data.i16[0] = static_cast<int16_t>(i);
    run.interpreter->input(i)->data.i16[1] = static_cast<int16_t>(100 + i);
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(run.interpreter->output(0)->data.i16[i], i);
    EXPECT_EQ(run.interpreter->output(0)->data.i16[12 + i], 100 + i);
  }
}

TEST(Concatenation, RefusesInt8QuantizationMismatch) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT8, {1, 2}, 0.5f, 1), Runtime(schema::TensorType_INT8, {1, 2}, 0.5f, 2)},
                         {Runtime(schema::TensorType_INT8, {1, 4}, 0.5f, 1)}, ConcatOptions(1)),
                "CONCATENATION: int8 input 1 has scale 0.5 / zero point 2 but the output has 0.5 / 1 (TFLM does not "
                "requantize: they must be equal)");
}

TEST(Concatenation, RefusesAxisOutOfRange) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {1, 2})}, ConcatOptions(-3)),
                "CONCATENATION: axis -3 is out of range for rank 2");
}

TEST(Concatenation, RefusesFusedActivation) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         ConcatOptions(0, schema::ActivationFunctionType_RELU)),
                "CONCATENATION: fused activation 1 is not supported (NONE only, as TFLM)");
}

TEST(Concatenation, RefusesMismatchedDimensionsAndSums) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2, 2}), Runtime(schema::TensorType_INT32, {3, 2})},
                         {Runtime(schema::TensorType_INT32, {2, 4})}, ConcatOptions(1)),
                "CONCATENATION: input 1 dimension 0 is 3, the output's is 2 (only axis 1 may differ)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2, 2}), Runtime(schema::TensorType_INT32, {2, 1})},
                         {Runtime(schema::TensorType_INT32, {2, 4})}, ConcatOptions(1)),
                "CONCATENATION: inputs sum to 3 along axis 1 but the output has 4");
}

TEST(Concatenation, RefusesUnsupportedTypeAndMixedTypes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_UINT8, {2})},
                         {Runtime(schema::TensorType_UINT8, {2})}, ConcatOptions(0)),
                "CONCATENATION: type UINT8 is not supported (FLOAT32, INT8, INT16, INT32, INT64, BOOL)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2}), Runtime(schema::TensorType_INT64, {2})},
                         {Runtime(schema::TensorType_INT32, {4})}, ConcatOptions(0)),
                "CONCATENATION: input 1 type INT64 differs from the output type INT32");
}

}  // namespace
}  // namespace mote
