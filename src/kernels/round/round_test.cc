// ROUND: the refusals shared by the single-type unary ops and the special values (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_unary.py).
#include <cmath>
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

TEST(Round, Refusals) {
  ExpectSingleTypeRefusals(schema::BuiltinOperator_ROUND, "ROUND", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(schema::BuiltinOperator_ROUND, "ROUND", schema::TensorType_FLOAT32, "FLOAT32",
                           schema::TensorType_INT32, "INT32");
}

TEST(Round, TiesToEvenAndSpecials) {
  const std::vector<float> out =
      RunSingleTypeUnary<float>(schema::BuiltinOperator_ROUND, schema::TensorType_FLOAT32, "round/float32/reference",
                                {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4999998f, 8388609.0f, kInf, -kInf, kNaN});
  const std::vector<float> want = {0.0f, 2.0f, 2.0f, 0.0f, -2.0f, -2.0f, 2.0f, 8388609.0f, kInf, -kInf, kNaN};
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

}  // namespace
}  // namespace mote
