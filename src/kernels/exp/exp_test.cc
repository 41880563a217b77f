// EXP: the refusals shared by the single-type unary ops and the special values (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_unary.py).
#include <cmath>
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace test {
namespace {

TEST(Exp, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_EXP, "EXP"); }

TEST(Exp, OverflowUnderflowAndSpecials) {
  ExpectFloat32Unary(schema::BuiltinOperator_EXP, "exp/float32/reference",
                     {0.0f, -kInf, kInf, 100.0f, -200.0f, kNaN, 1.0f},
                     {1.0f, 0.0f, kInf, kInf, 0.0f, kNaN, std::exp(1.0f)});
}

}  // namespace
}  // namespace test
}  // namespace mote
