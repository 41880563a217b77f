// MEAN: duplicate/negative axes on float data, the variant, and every prepare refusal (integer data is proven
// against TFLM by the oracle cases, tools/oracle/gen_shape_ops.py).
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

OptionsFn Keep(bool keep) {
  return [keep](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ReducerOptions, schema::CreateReducerOptions(fbb, keep).Union());
  };
}

TEST(Mean, DuplicateAndNegativeAxes) {
  OpRun run(BuildOne(schema::BuiltinOperator_MEAN,
                     {Runtime(schema::TensorType_FLOAT32, {2, 3, 2}), Const(schema::TensorType_INT32, {3}, {-1, 0, 2})},
                     {Runtime(schema::TensorType_FLOAT32, {3})}, Keep(false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "mean/float32/reference");
  for (int i = 0; i < 12; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  // Mean over dims 0 and 2 of [[[0,1],[2,3],[4,5]],[[6,7],[8,9],[10,11]]].
  const float expected[] = {3.5f, 5.5f, 7.5f};
  for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[i], expected[i]);
}

TEST(Mean, RefusesRuntimeAxis) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Runtime(schema::TensorType_INT32, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "MEAN: the axis tensor must be constant");
}

TEST(Mean, RefusesAxisOutOfRange) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {2})},
                         {Runtime(schema::TensorType_INT8, {2}, 0.1f, 0)}, Keep(false)),
                "MEAN: axis 2 is out of range for rank 2");
}

TEST(Mean, RefusesOutputElementCount) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT16, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT16, {3}, 0.1f, 0)}, Keep(false)),
                "MEAN: output has 3 elements, expected 2 (the non-reduced dimensions)");
}

TEST(Mean, RefusesTypesAndMissingQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT32, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT32, {2})}, Keep(false)),
                "MEAN: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "MEAN: axis type INT64 is not supported (INT32)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT8, {2})}, Keep(false)),
                "MEAN: quantized input and output need a positive scale");
}

}  // namespace
}  // namespace mote
