// ROUND: the refusals shared by the single-type unary ops and the special values (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_unary.py).
#include <vector>

#include "gtest/gtest.h"
#include "support/unary_test_util.h"

namespace mote {
namespace test {
namespace {

TEST(Round, Refusals) { ExpectFloat32OnlyRefusals(schema::BuiltinOperator_ROUND, "ROUND"); }

TEST(Round, TiesToEvenAndSpecials) {
  ExpectFloat32Unary(schema::BuiltinOperator_ROUND, "round/float32/reference",
                     {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4999998f, 8388609.0f, kInf, -kInf, kNaN},
                     {0.0f, 2.0f, 2.0f, 0.0f, -2.0f, -2.0f, 2.0f, 8388609.0f, kInf, -kInf, kNaN});
}

}  // namespace
}  // namespace test
}  // namespace mote
