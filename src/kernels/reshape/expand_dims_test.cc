// EXPAND_DIMS: the variant, the axis forms, and every prepare refusal (the data is proven against TFLM by the
// oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> ExpandDims(std::vector<int> in, TensorSpec axis, std::vector<int> out,
                                schema::TensorType type = kF32) {
  return BuildOne(schema::BuiltinOperator_EXPAND_DIMS, {Runtime(type, std::move(in)), std::move(axis)},
                  {Runtime(type, std::move(out))});
}

TEST(ExpandDims, CopiesAndReportsItsVariant) {
  OpRun run(ExpandDims({2, 3}, Const(kI32, {}, {-1}), {2, 3, 1}, kI8));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "expand_dims/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(i - 3);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], i - 3);
  ExpectVariant(ExpandDims({2, 3}, Const(kI32, {1}, {0}), {1, 2, 3}), "expand_dims/any/reference");
  ExpectVariant(ExpandDims({2, 3}, Const(kI32, {1}, {-3}), {1, 2, 3}), "expand_dims/any/reference");
}

TEST(ExpandDims, RefusesAxesTflmRefusesOrMisreads) {
  ExpectRefused(ExpandDims({2, 3}, Runtime(kI32, {1}), {1, 2, 3}),
                "EXPAND_DIMS: axis input must be a constant tensor (mote fixes shapes and offsets at prepare)");
  ExpectRefused(ExpandDims({2, 3}, Const(kI64, {1}, {0}), {1, 2, 3}),
                "EXPAND_DIMS: axis input type INT64 is not supported (INT32)");
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {1}, {3}), {2, 3, 1}), "EXPAND_DIMS: axis 3 is out of range for rank 2");
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {1}, {-4}), {1, 2, 3}),
                "EXPAND_DIMS: axis -4 is out of range for rank 2");
  // An empty axis tensor has no buffer, so it is not constant (as in TFLM).
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {0}, {}), {1, 2, 3}),
                "EXPAND_DIMS: axis input must be a constant tensor (mote fixes shapes and offsets at prepare)");
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {2}, {0, 1}), {1, 2, 3}),
                "EXPAND_DIMS: axis input has 2 elements (at most 1)");
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {1, 1}, {0}), {1, 2, 3}),
                "EXPAND_DIMS: axis input must be 1-D, it has 2 dimensions");
}

TEST(ExpandDims, RefusesWrongOutputsAndTypes) {
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {}, {1}), {1, 2, 3}),
                "EXPAND_DIMS: the output shape is not the input shape with a 1 inserted at 1");
  ExpectRefused(ExpandDims({2, 3}, Const(kI32, {}, {0}), {1, 2, 3}, kI32),
                "EXPAND_DIMS: type INT32 is not supported (FLOAT32, INT8, INT16)");
}

}  // namespace
}  // namespace test
}  // namespace mote
