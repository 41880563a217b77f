// FLOOR_MOD: the divisor's sign, a zero divisor (NaN, as TFLM), the variant, and every prepare refusal (data
// is proven against TFLM by the oracle cases, tools/oracle/gen_binary_math.py).
#include <cmath>
#include <memory>

#include "gtest/gtest.h"
#include "kernels/floor_mod/floor_mod_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_INT32;
using test::BuildOne;
using test::ExpectRefused;
using test::OpRun;
using test::Runtime;

constexpr schema::BuiltinOperator kOp = schema::BuiltinOperator_FLOOR_MOD;

TEST(FloorModReference, TakesTheDivisorsSign) {
  EXPECT_EQ(reference::FloorModElements::Apply(7.0f, 3.0f), 1.0f);
  EXPECT_EQ(reference::FloorModElements::Apply(-7.0f, 3.0f), 2.0f);
  EXPECT_EQ(reference::FloorModElements::Apply(7.0f, -3.0f), -2.0f);
  EXPECT_EQ(reference::FloorModElements::Apply(-7.0f, -3.0f), -1.0f);
  EXPECT_EQ(reference::FloorModElements::Apply(-6.0f, 3.0f), 0.0f);
  EXPECT_EQ(reference::FloorModElements::Apply(5.5f, 2.0f), 1.5f);
  EXPECT_TRUE(std::isnan(reference::FloorModElements::Apply(1.0f, 0.0f)));
}

TEST(FloorMod, RunsWithBroadcastAndZeroDivisor) {
  OpRun run(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2, 2}), Runtime(TensorType_FLOAT32, {2})},
                     {Runtime(TensorType_FLOAT32, {2, 2})}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "floor_mod/float32/reference");
  const float a[] = {-1.0f, 5.0f, 3.5f, -4.0f};
  for (int i = 0; i < 4; ++i) run.interpreter->input(0)->data.f[i] = a[i];
  run.interpreter->input(1)->data.f[0] = 0.0f;
  run.interpreter->input(1)->data.f[1] = 3.0f;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(std::isnan(run.interpreter->output(0)->data.f[0]));
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], 2.0f);
  EXPECT_TRUE(std::isnan(run.interpreter->output(0)->data.f[2]));
  EXPECT_EQ(run.interpreter->output(0)->data.f[3], 2.0f);
}

TEST(FloorMod, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_INT32, {3}), Runtime(TensorType_INT32, {3})},
                         {Runtime(TensorType_INT32, {3})}),
                "FLOOR_MOD: input type INT32 is not supported (FLOAT32)");
  ExpectRefused(BuildOne(kOp, {Runtime(TensorType_FLOAT32, {2, 3}), Runtime(TensorType_FLOAT32, {3})},
                         {Runtime(TensorType_FLOAT32, {2, 2})}),
                "FLOOR_MOD: output shape [2, 2] is not the broadcast shape of the inputs [2, 3] and [3]");
}

}  // namespace
}  // namespace mote
