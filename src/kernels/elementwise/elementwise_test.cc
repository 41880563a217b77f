// TFLM's elementwise.cc family without quantization (SIN, COS, LOG, SQRT, SQUARE, LOGICAL_NOT): the shared
// refusals by their exact messages and the special values (the data is proven against TFLM by the oracle
// cases, tools/oracle/gen_unary.py).
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace {

using test::ExpectSingleTypeRefusals;
using test::RunSingleTypeUnary;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TEST(Sin, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SIN, "SIN", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SIN, "SIN", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Cos, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_COS, "COS", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_COS, "COS", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Log, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_LOG, "LOG", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_LOG, "LOG", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Sqrt, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SQRT, "SQRT", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SQRT, "SQRT", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Square, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SQUARE, "SQUARE", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_SQUARE, "SQUARE", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Sqrt, NegativesAreNaN) {
  const std::vector<float> out =
      RunSingleTypeUnary<float>(schema::BuiltinOperator_SQRT, schema::TensorType_FLOAT32, "sqrt/float32/reference",
                                {4.0f, -0.0f, -1.0f, kInf, -kInf, kNaN});
  const std::vector<float> want = {2.0f, -0.0f, kNaN, kInf, kNaN, kNaN};
  ASSERT_EQ(out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(out[i], want[i]) << i;
      EXPECT_EQ(std::signbit(out[i]), std::signbit(want[i])) << i;
    }
  }
}

TEST(Log, ZeroAndNegatives) {
  const std::vector<float> out =
      RunSingleTypeUnary<float>(schema::BuiltinOperator_LOG, schema::TensorType_FLOAT32, "log/float32/reference",
                                {1.0f, 0.0f, -0.0f, -1.0f, kInf, kNaN});
  const std::vector<float> want = {0.0f, -kInf, -kInf, kNaN, kInf, kNaN};
  ASSERT_EQ(out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(out[i], want[i]) << i;
      EXPECT_EQ(std::signbit(out[i]), std::signbit(want[i])) << i;
    }
  }
}

TEST(Square, ValuesAndOverflow) {
  const std::vector<float> out = RunSingleTypeUnary<float>(schema::BuiltinOperator_SQUARE, schema::TensorType_FLOAT32,
                                                           "square/float32/reference", {-3.0f, 1e20f, -0.0f, kNaN});
  const std::vector<float> want = {9.0f, kInf, 0.0f, kNaN};
  ASSERT_EQ(out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(out[i], want[i]) << i;
      EXPECT_EQ(std::signbit(out[i]), std::signbit(want[i])) << i;
    }
  }
}

TEST(Sin, Specials) {
  const std::vector<float> out = RunSingleTypeUnary<float>(schema::BuiltinOperator_SIN, schema::TensorType_FLOAT32,
                                                           "sin/float32/reference", {0.0f, -0.0f, kInf, kNaN, 1.0f});
  const std::vector<float> want = {0.0f, -0.0f, kNaN, kNaN, std::sin(1.0f)};
  ASSERT_EQ(out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(out[i], want[i]) << i;
      EXPECT_EQ(std::signbit(out[i]), std::signbit(want[i])) << i;
    }
  }
}

TEST(Cos, Specials) {
  const std::vector<float> out = RunSingleTypeUnary<float>(schema::BuiltinOperator_COS, schema::TensorType_FLOAT32,
                                                           "cos/float32/reference", {0.0f, -kInf, kNaN, 1.0f});
  const std::vector<float> want = {1.0f, kNaN, kNaN, std::cos(1.0f)};
  ASSERT_EQ(out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(out[i], want[i]) << i;
      EXPECT_EQ(std::signbit(out[i]), std::signbit(want[i])) << i;
    }
  }
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
}  // namespace mote
