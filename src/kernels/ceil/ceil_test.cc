// CEIL: the refusals shared by the single-type unary ops and the special values (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_unary.py).
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace test {
namespace {

TEST(Ceil, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_CEIL, "CEIL"); }

TEST(Ceil, ValuesAndSpecials) {
  ExpectFloat32Unary(schema::BuiltinOperator_CEIL, "ceil/float32/reference",
                     {-1.5f, -0.5f, 0.5f, 2.0f, kInf, -kInf, kNaN, 1e-30f},
                     {-1.0f, -0.0f, 1.0f, 2.0f, kInf, -kInf, kNaN, 1.0f});
}

}  // namespace
}  // namespace test
}  // namespace mote
