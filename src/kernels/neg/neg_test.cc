// NEG: the refusals shared by the single-type unary ops and the special values (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_unary.py).
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace test {
namespace {

TEST(Neg, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_NEG, "NEG"); }

TEST(Neg, ValuesAndSpecials) {
  ExpectFloat32Unary(schema::BuiltinOperator_NEG, "neg/float32/reference", {1.5f, 0.0f, -0.0f, kInf, kNaN},
                     {-1.5f, -0.0f, 0.0f, -kInf, kNaN});
}

}  // namespace
}  // namespace test
}  // namespace mote
