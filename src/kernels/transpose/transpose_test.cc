// TRANSPOSE: the variant and every prepare refusal (the data is proven against TFLM by the oracle cases,
// tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> TransposeModel(schema::TensorType type, std::vector<int> in, std::vector<int64_t> perm,
                                    std::vector<int> out) {
  const int n = static_cast<int>(perm.size());
  return BuildOne(schema::BuiltinOperator_TRANSPOSE, {Runtime(type, std::move(in)), Const(kI32, {n}, perm)},
                  {Runtime(type, std::move(out))});
}

TEST(Transpose, Int16TwoByThree) {
  OpRun run(TransposeModel(kI16, {2, 3}, {1, 0}, {3, 2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "transpose/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.i16[i] = static_cast<int16_t>(i);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int16_t expected[] = {0, 3, 1, 4, 2, 5};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i16[i], expected[i]) << i;
}

TEST(Transpose, RefusesPermsThatAreNotPermutations) {
  ExpectRefused(TransposeModel(kF32, {2, 3}, {1, 1}, {3, 3}),
                "TRANSPOSE: perm value 1 (position 1) does not make a permutation of 0..1");
  ExpectRefused(TransposeModel(kF32, {2, 3}, {0, 2}, {2, 3}),
                "TRANSPOSE: perm value 2 (position 1) does not make a permutation of 0..1");
  ExpectRefused(TransposeModel(kF32, {2, 3}, {-1, 0}, {3, 2}),
                "TRANSPOSE: perm value -1 (position 0) does not make a permutation of 0..1");
  ExpectRefused(TransposeModel(kF32, {2, 3}, {0}, {2, 3}), "TRANSPOSE: perm has 1 values for an input of 2 dimensions");
}

TEST(Transpose, RefusesRuntimeOrWrongTypedPerm) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_TRANSPOSE, {Runtime(kF32, {2, 3}), Runtime(kI32, {2})},
                         {Runtime(kF32, {3, 2})}),
                "TRANSPOSE: the perm tensor must be constant");
  ExpectRefused(BuildOne(schema::BuiltinOperator_TRANSPOSE, {Runtime(kF32, {2, 3}), Const(kI64, {2}, {1, 0})},
                         {Runtime(kF32, {3, 2})}),
                "TRANSPOSE: perm must be a 1-D INT32 tensor of at most 5 values");
}

TEST(Transpose, RefusesTypesRanksAndShapes) {
  ExpectRefused(TransposeModel(kI32, {2, 3}, {1, 0}, {3, 2}),
                "TRANSPOSE: type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_TRANSPOSE, {Runtime(kF32, {2, 3}), Const(kI32, {2}, {1, 0})},
                         {Runtime(kI8, {3, 2})}),
                "TRANSPOSE: output type INT8 differs from the input type FLOAT32");
  ExpectRefused(TransposeModel(kF32, {1, 1, 1, 1, 1, 1}, {0, 1, 2, 3, 4, 5}, {1, 1, 1, 1, 1, 1}),
                "TRANSPOSE: input has 6 dimensions (at most 5)");
  ExpectRefused(TransposeModel(kF32, {2, 3}, {1, 0}, {2, 3}),
                "TRANSPOSE: output shape [2, 3] differs from the expected [3, 2]");
}

}  // namespace
}  // namespace test
}  // namespace mote
