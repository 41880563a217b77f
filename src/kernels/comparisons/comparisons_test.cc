// The comparison ops: every prepare refusal by its exact message, the variant ids, TFLM's broadcast rank limit
// and the ranks the oracle cannot feed (data is proven against TFLM by tests/oracle/data/<op>.cases).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> Compare(schema::BuiltinOperator op, TensorSpec a, TensorSpec b, TensorSpec out) {
  return BuildOne(op, {a, b}, {out});
}

TEST(Comparisons, VariantIds) {
  struct Case {
    schema::BuiltinOperator op;
    schema::TensorType type;
    const char* id;
  };
  const Case cases[] = {
      {schema::BuiltinOperator_EQUAL, kBool, "equal/bool/reference"},
      {schema::BuiltinOperator_NOT_EQUAL, kI8, "not_equal/int8/reference"},
      {schema::BuiltinOperator_GREATER, kI8, "greater/int8/reference"},
      {schema::BuiltinOperator_GREATER_EQUAL, kF32, "greater_equal/float32/reference"},
      {schema::BuiltinOperator_LESS, schema::TensorType_INT64, "less/int64/reference"},
      {schema::BuiltinOperator_LESS_EQUAL, kI32, "less_equal/int32/reference"},
  };
  for (const Case& c : cases) {
    const bool q = c.type == kI8 || c.type == kI16;
    OpRun run(Compare(c.op, Runtime(c.type, {2, 3}, q ? 0.5f : 0.0f), Runtime(c.type, {3}, q ? 0.25f : 0.0f),
                      Runtime(kBool, {2, 3})));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << c.id;
    EXPECT_STREQ(run.interpreter->node_info(0).variant, c.id);
  }
}

TEST(Comparisons, RefusesTypesTflmDoesNotTake) {
  ExpectRefused(
      Compare(schema::BuiltinOperator_EQUAL, Runtime(kI16, {2}, 0.5f), Runtime(kI16, {2}, 0.5f), Runtime(kBool, {2})),
      "EQUAL: input type INT16 is not supported (BOOL, FLOAT32, INT8, INT32, INT64)");
  ExpectRefused(Compare(schema::BuiltinOperator_GREATER, Runtime(kBool, {2}), Runtime(kBool, {2}), Runtime(kBool, {2})),
                "GREATER: input type BOOL is not supported (FLOAT32, INT8, INT32, INT64)");
  // TFLM's INT16 GREATER compares with constants its prepare never sets (see comparisons.cc).
  ExpectRefused(
      Compare(schema::BuiltinOperator_GREATER, Runtime(kI16, {2}, 0.5f), Runtime(kI16, {2}, 0.5f), Runtime(kBool, {2})),
      "GREATER: input type INT16 is not supported (FLOAT32, INT8, INT32, INT64)");
  ExpectRefused(Compare(schema::BuiltinOperator_LESS_EQUAL, Runtime(kI16, {2}, 0.5f), Runtime(kI16, {2}, 0.5f),
                        Runtime(kBool, {2})),
                "LESS_EQUAL: input type INT16 is not supported (FLOAT32, INT8, INT32, INT64)");
  ExpectRefused(Compare(schema::BuiltinOperator_NOT_EQUAL, Runtime(schema::TensorType_UINT8, {2}, 0.5f),
                        Runtime(schema::TensorType_UINT8, {2}, 0.5f), Runtime(kBool, {2})),
                "NOT_EQUAL: input type UINT8 is not supported (BOOL, FLOAT32, INT8, INT32, INT64)");
}

TEST(Comparisons, RefusesMixedTypesAndNonBoolOutput) {
  ExpectRefused(Compare(schema::BuiltinOperator_EQUAL, Runtime(kF32, {2}), Runtime(kI32, {2}), Runtime(kBool, {2})),
                "EQUAL: input1 FLOAT32 and input2 INT32 must have the same type");
  ExpectRefused(Compare(schema::BuiltinOperator_LESS, Runtime(kF32, {2}), Runtime(kF32, {2}), Runtime(kF32, {2})),
                "LESS: output type FLOAT32 is not BOOL");
}

TEST(Comparisons, RefusesBadShapes) {
  ExpectRefused(
      Compare(schema::BuiltinOperator_GREATER_EQUAL, Runtime(kF32, {2, 3}), Runtime(kF32, {4}), Runtime(kBool, {2, 3})),
      "GREATER_EQUAL: input shapes [2, 3] and [4] cannot be broadcast together");
  ExpectRefused(
      Compare(schema::BuiltinOperator_GREATER_EQUAL, Runtime(kF32, {2, 3}), Runtime(kF32, {3}), Runtime(kBool, {3, 2})),
      "GREATER_EQUAL: output shape [3, 2] is not the broadcast shape of the inputs [2, 3] and [3]");
}

// TFLM's broadcast loop computes 7-D broadcasts correctly and 8-D ones wrongly (seen on the oracle); same-shaped
// inputs run as one flat loop at any rank.
TEST(Comparisons, BroadcastRankLimitIsSeven) {
  const std::vector<int> a8 = {1, 2, 1, 2, 1, 2, 1, 2};
  const std::vector<int> b8 = {2, 1, 2, 1, 2, 1, 2, 1};
  const std::vector<int> o8 = {2, 2, 2, 2, 2, 2, 2, 2};
  ExpectRefused(Compare(schema::BuiltinOperator_GREATER, Runtime(kF32, a8), Runtime(kF32, b8), Runtime(kBool, o8)),
                "GREATER: inputs have 8 and 8 dimensions (at most 7 when their shapes differ)");
  ExpectRefused(Compare(schema::BuiltinOperator_EQUAL, Runtime(kI32, a8), Runtime(kI32, {2}), Runtime(kBool, a8)),
                "EQUAL: inputs have 8 and 1 dimensions (at most 7 when their shapes differ)");
  {
    OpRun run(Compare(schema::BuiltinOperator_LESS, Runtime(kF32, o8), Runtime(kF32, o8), Runtime(kBool, o8)));
    EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  }
  {
    const std::vector<int> a7 = {2, 1, 2, 1, 2, 1, 2};
    const std::vector<int> b7 = {1, 2, 1, 2, 1, 2, 1};
    OpRun run(Compare(schema::BuiltinOperator_LESS, Runtime(kF32, a7), Runtime(kF32, b7),
                      Runtime(kBool, {2, 2, 2, 2, 2, 2, 2})));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    float* x = run.interpreter->input(0)->data.f;
    float* y = run.interpreter->input(1)->data.f;
    for (int i = 0; i < 16; ++i) x[i] = static_cast<float>(i);  // input1: 16 elements
    for (int i = 0; i < 8; ++i) y[i] = 3.5f;                    // input2: 8
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    // Output element of index (i0..i6): input1 at (i0, i2, i4, i6), input2 at (i1, i3, i5).
    const bool* out = run.interpreter->output(0)->data.b;
    for (int k = 0; k < 128; ++k) {
      const int i1 = ((k >> 6) & 1) * 8 + ((k >> 4) & 1) * 4 + ((k >> 2) & 1) * 2 + (k & 1);
      EXPECT_EQ(out[k], i1 < 3.5f) << k;  // x[i1] == i1
    }
  }
}

TEST(Comparisons, RefusesScalesTflmAbortsOn) {
  ExpectRefused(
      Compare(schema::BuiltinOperator_LESS, Runtime(kI8, {2}, 1.0f), Runtime(kI8, {2}, 0.5f), Runtime(kBool, {2})),
      "LESS: input1 scale 1 must be below 1 (TFLM's comparison rescaling aborts on it)");
  ExpectRefused(
      Compare(schema::BuiltinOperator_GREATER, Runtime(kI8, {2}, 0.5f), Runtime(kI8, {2}, 2.5f), Runtime(kBool, {2})),
      "GREATER: input2 scale 2.5 must be below 1 (TFLM's comparison rescaling aborts on it)");
  ExpectRefused(Compare(schema::BuiltinOperator_EQUAL, Runtime(kI8, {2}), Runtime(kI8, {2}, 0.5f), Runtime(kBool, {2})),
                "EQUAL: input1");
}

}  // namespace
}  // namespace test
}  // namespace mote
