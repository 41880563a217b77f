// ELU: the variants, an int8 table spot check and every prepare refusal (every int8 value is proven against TFLM
// by the oracle cases, tools/oracle/gen_quantized_activations.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "kernels/elu/elu_reference.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::ExpectVariant;
using test::Runtime;

TEST(Elu, VariantsByType) {
  ExpectVariant(BuildOne(schema::BuiltinOperator_ELU, {Runtime(schema::TensorType_FLOAT32, {2, 3})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}),
                "elu/float32/reference");
  ExpectVariant(BuildOne(schema::BuiltinOperator_ELU, {Runtime(schema::TensorType_INT8, {2, 3}, 0.05f, 3)},
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.04f, -100)}),
                "elu/int8/reference");
}

TEST(Elu, Int8TableSaturatesAtMinusOne) {
  int8_t table[256];
  // Input scale 0.1 (zp 0), output scale 1/64 (zp 0): x = -128 is -12.8, elu ~ -1 -> -64; x = 64 stays 6.4 -> 127.
  reference::EluInt8Table(0.1f, 0, 1.f / 64, 0, table);
  EXPECT_EQ(table[static_cast<uint8_t>(int8_t{-128})], -64);
  EXPECT_EQ(table[0], 0);
  EXPECT_EQ(table[10], 64);
  EXPECT_EQ(table[64], 127);
}

TEST(Elu, RefusesTypesAndQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_ELU, {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)}),
                "ELU: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ELU, {Runtime(schema::TensorType_INT8, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_INT8, {2, 2}, 0.01f, 0)}),
                "ELU: output shape differs from the input shape");
  ExpectRefused(BuildOne(schema::BuiltinOperator_ELU, {Runtime(schema::TensorType_INT8, {4})},
                         {Runtime(schema::TensorType_INT8, {4}, 0.01f, 0)}),
                "ELU: input (INT8) has no quantization parameters (a scale and zero point are needed)");
}

}  // namespace
}  // namespace mote
