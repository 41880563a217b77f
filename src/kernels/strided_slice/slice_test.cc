// SLICE: the box, the variant, a runtime begin/size (TFLM reads it in invoke; mote refuses it) and every
// prepare refusal (the data is proven against TFLM by the oracle cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> Slice(std::vector<int> in, TensorSpec begin, TensorSpec size, std::vector<int> out,
                           schema::TensorType type = kI32) {
  return BuildOne(schema::BuiltinOperator_SLICE, {Runtime(type, in), begin, size}, {Runtime(type, out)});
}

TEST(Slice, CopiesTheBox) {
  OpRun run(Slice({3, 4}, Const(kI64, {2}, {1, 1}), Const(kI64, {2}, {-1, 2}), {2, 2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "slice/any/reference");
  for (int i = 0; i < 12; ++i) run.interpreter->input(0)->data.i32[i] = i;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t* out = run.interpreter->output(0)->data.i32;
  EXPECT_EQ(std::vector<int32_t>(out, out + 4), (std::vector<int32_t>{5, 6, 9, 10}));
}

TEST(Slice, RefusesRuntimeBeginAndSize) {  // TFLM checks them in invoke; mote computes the box in prepare
  ExpectRefused(Slice({3, 4}, Runtime(kI32, {2}), Const(kI32, {2}, {1, 1}), {1, 1}),
                "SLICE: begin input must be a constant tensor (mote fixes shapes and offsets at prepare)");
  ExpectRefused(Slice({3, 4}, Const(kI32, {2}, {1, 1}), Runtime(kI32, {2}), {1, 1}),
                "SLICE: size input must be a constant tensor (mote fixes shapes and offsets at prepare)");
}

TEST(Slice, RefusesBoxesOutsideTheInput) {
  ExpectRefused(Slice({2, 3}, Const(kI32, {2}, {0, 2}), Const(kI32, {2}, {1, 2}), {1, 2}),
                "SLICE: begin 2 and size 2 leave dimension 1 (of 3)");
  ExpectRefused(Slice({2, 3}, Const(kI32, {2}, {-1, 0}), Const(kI32, {2}, {1, 1}), {1, 1}),
                "SLICE: begin -1 and size 1 leave dimension 0 (of 2)");
  ExpectRefused(Slice({2, 3}, Const(kI32, {2}, {0, 0}), Const(kI32, {2}, {1, -2}), {1, 1}),
                "SLICE: begin 0 and size -2 leave dimension 1 (of 3)");
  ExpectRefused(Slice({2, 3}, Const(kI64, {2}, {0, int64_t{1} << 33}), Const(kI64, {2}, {1, 1}), {1, 1}),
                "SLICE: begin 8589934592 and size 1 leave dimension 1 (of 3)");
  ExpectRefused(
      Slice({2, 3}, Const(kI64, {2}, {0, std::numeric_limits<int64_t>::min()}), Const(kI64, {2}, {1, -1}), {1, 1}),
      "SLICE: begin -9223372036854775808 and size -1 leave dimension 1 (of 3)");
  ExpectRefused(Slice({2, 3}, Const(kI32, {2}, {0, 0}), Const(kI32, {2}, {1, 2}), {2, 2}),
                "SLICE: the slice has 2 elements but the output has 4");
}

TEST(Slice, RefusesMalformedBeginAndSize) {
  ExpectRefused(Slice({2, 3}, Const(kI32, {1}, {0}), Const(kI32, {2}, {1, 2}), {1, 2}),
                "SLICE: begin and size have 1 and 2 values, the input has rank 2");
  ExpectRefused(Slice({2, 3}, Const(kI32, {2}, {0, 0}), Const(kI64, {2}, {1, 2}), {1, 2}),
                "SLICE: begin type INT32 and size type INT64 differ");
  ExpectRefused(Slice({2, 3}, Const(kI32, {}, {0}), Const(kI32, {}, {1}), {1, 2}),
                "SLICE: begin input must be 1-D, it has 0 dimensions");
  ExpectRefused(
      Slice({1, 1, 1, 1, 1, 2}, Const(kI32, {6}, {0, 0, 0, 0, 0, 0}), Const(kI32, {6}, {1, 1, 1, 1, 1, 1}), {1}),
      "SLICE: input has rank 6 (at most 5)");
  ExpectRefused(Slice({2}, Const(kI32, {1}, {0}), Const(kI32, {1}, {1}), {1}, kI64),
                "SLICE: type INT64 is not supported (FLOAT32, INT8, INT16, INT32, BOOL)");
}

}  // namespace
}  // namespace test
}  // namespace mote
