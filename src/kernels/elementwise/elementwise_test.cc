// TFLM's elementwise.cc family without quantization (SIN, COS, LOG, SQRT, SQUARE, LOGICAL_NOT): the shared
// refusals by their exact messages and the special values (the data is proven against TFLM by the oracle
// cases, tools/oracle/gen_unary.py).
#include <cmath>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace test {
namespace {

TEST(Sin, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_SIN, "SIN"); }

TEST(Cos, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_COS, "COS"); }

TEST(Log, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_LOG, "LOG"); }

TEST(Sqrt, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_SQRT, "SQRT"); }

TEST(Square, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_SQUARE, "SQUARE"); }

TEST(Sqrt, NegativesAreNaN) {
  ExpectFloat32Unary(schema::BuiltinOperator_SQRT, "sqrt/float32/reference", {4.0f, -0.0f, -1.0f, kInf, -kInf, kNaN},
                     {2.0f, -0.0f, kNaN, kInf, kNaN, kNaN});
}

TEST(Log, ZeroAndNegatives) {
  ExpectFloat32Unary(schema::BuiltinOperator_LOG, "log/float32/reference", {1.0f, 0.0f, -0.0f, -1.0f, kInf, kNaN},
                     {0.0f, -kInf, -kInf, kNaN, kInf, kNaN});
}

TEST(Square, ValuesAndOverflow) {
  ExpectFloat32Unary(schema::BuiltinOperator_SQUARE, "square/float32/reference", {-3.0f, 1e20f, -0.0f, kNaN},
                     {9.0f, kInf, 0.0f, kNaN});
}

TEST(Sin, Specials) {
  ExpectFloat32Unary(schema::BuiltinOperator_SIN, "sin/float32/reference", {0.0f, -0.0f, kInf, kNaN, 1.0f},
                     {0.0f, -0.0f, kNaN, kNaN, std::sin(1.0f)});
}

TEST(Cos, Specials) {
  ExpectFloat32Unary(schema::BuiltinOperator_COS, "cos/float32/reference", {0.0f, -kInf, kNaN, 1.0f},
                     {1.0f, kNaN, kNaN, std::cos(1.0f)});
}

TEST(LogicalNot, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_LOGICAL_NOT, "LOGICAL_NOT", schema::TensorType_BOOL, "BOOL",
                           schema::TensorType_FLOAT32, "FLOAT32");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_LOGICAL_NOT, "LOGICAL_NOT", schema::TensorType_BOOL, "BOOL",
                           schema::TensorType_INT8, "INT8");
}

TEST(LogicalNot, Values) {
  const std::vector<bool> in = {true, false, false, true};
  std::vector<uint8_t> bytes(in.begin(), in.end());
  const std::vector<uint8_t> out = RunSingleTypeUnary<uint8_t>(
      schema::BuiltinOperator_LOGICAL_NOT, schema::TensorType_BOOL, "logical_not/bool/reference", bytes);
  EXPECT_EQ(out, (std::vector<uint8_t>{0, 1, 1, 0}));
}

}  // namespace
}  // namespace test
}  // namespace mote
