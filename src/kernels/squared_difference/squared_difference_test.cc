// SQUARED_DIFFERENCE: no clamp on FLOAT32/INT32 (overflow to inf, int32 wrap-around), the variants, and every
// prepare refusal (data is proven against TFLM by the oracle cases, tools/oracle/gen_binary_math.py).
#include <cmath>
#include <cstdint>
#include <limits>

#include "gtest/gtest.h"
#include "kernels/squared_difference/squared_difference_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_INT16;
using schema::TensorType_INT32;
using schema::TensorType_INT8;
using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::Runtime;
using test::TensorSpec;

constexpr schema::BuiltinOperator kOp = schema::BuiltinOperator_SQUARED_DIFFERENCE;

TEST(SquaredDifferenceReference, Int32WrapsAsTflm) {
  EXPECT_EQ(reference::SquaredDifferenceElements::Int32(1 << 20, -(1 << 20)), 0);
  EXPECT_EQ(reference::SquaredDifferenceElements::Int32(std::numeric_limits<int32_t>::min(),
                                                        std::numeric_limits<int32_t>::max()),
            1);
  EXPECT_EQ(reference::SquaredDifferenceElements::Int32(-3, 4), 49);
}

TEST(SquaredDifference, FloatOverflowIsInfinityNotClamped) {
  OpRun run(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2}), Runtime(TensorType_FLOAT32, {1})},
                     {Runtime(TensorType_FLOAT32, {2})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "squared_difference/float32/reference");
  run.interpreter->input(0)->data.f[0] = 1e30f;
  run.interpreter->input(0)->data.f[1] = 1.5f;
  run.interpreter->input(1)->data.f[0] = -1.0f;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(std::isinf(run.interpreter->output(0)->data.f[0]));
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], 6.25f);
}

TEST(SquaredDifference, VariantPerType) {
  const struct {
    TensorSpec t;
    const char* variant;
  } kCases[] = {{Runtime(TensorType_INT32, {4}), "squared_difference/int32/reference"},
                {Runtime(TensorType_INT8, {4}, 0.5f, 1), "squared_difference/int8/reference"},
                {Runtime(TensorType_INT16, {4}, 0.5f, 0), "squared_difference/int16/reference"}};
  for (const auto& c : kCases) {
    OpRun run(BuildOne(kOp, {c.t, c.t}, {c.t}));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.variant;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.variant);
  }
}

TEST(SquaredDifference, RefusesTypesAndQuantization) {
  ExpectRefused(BuildOne(kOp, {Runtime(schema::TensorType_INT64, {3}), Runtime(schema::TensorType_INT64, {3})},
                         {Runtime(schema::TensorType_INT64, {3})}),
                "SQUARED_DIFFERENCE: input type INT64 is not supported (FLOAT32, INT32, INT8, INT16)");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT8, {3}, 0.5f), Runtime(TensorType_INT8, {3}, 0.5f)},
                         {Runtime(TensorType_INT16, {3}, 0.5f)}),
                "SQUARED_DIFFERENCE: input1 INT8, input2 INT8 and output INT16 must have the same type");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT16, {3}, 0.5f, 3), Runtime(TensorType_INT16, {3}, 0.5f)},
                         {Runtime(TensorType_INT16, {3}, 0.5f)}),
                "SQUARED_DIFFERENCE: INT16 zero points must be 0 (got 3, 0, output 0)");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT8, {3}), Runtime(TensorType_INT8, {3})},
                         {Runtime(TensorType_INT8, {3})}),
                "SQUARED_DIFFERENCE: input1");  // unquantized INT8: the per-tensor check names the tensor
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT8, {3}, 1000.0f), Runtime(TensorType_INT8, {3}, 1000.0f)},
                         {Runtime(TensorType_INT8, {3}, 1e-30f)}),
                "SQUARED_DIFFERENCE: output scale 1e-30 is too small for input scales 1000 and 1000");
}

TEST(SquaredDifference, RefusesShapes) {
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {2})},
                         {Runtime(TensorType_FLOAT32, {2, 3})}),
                "SQUARED_DIFFERENCE: input shapes [2, 3] and [2] cannot be broadcast together");
}

}  // namespace
}  // namespace mote
