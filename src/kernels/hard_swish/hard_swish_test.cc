// HARD_SWISH: the variants and every prepare refusal (the fixed-point arithmetic is proven against TFLM by the
// oracle cases, every int8 value over many scales, tools/oracle/gen_quantized_activations.py).
#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::ExpectRefused;
using test::ExpectVariant;
using test::Runtime;

TEST(HardSwish, VariantsByType) {
  ExpectVariant(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_FLOAT32, {2, 3})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}),
                "hard_swish/float32/reference");
  ExpectVariant(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT8, {2, 3}, 0.05f, 3)},
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.04f, -100)}),
                "hard_swish/int8/reference");
}

TEST(HardSwish, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)}),
                "HARD_SWISH: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT8, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_FLOAT32, {4})}),
                "HARD_SWISH: output type FLOAT32 differs from input type INT8");
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_FLOAT32, {4})},
                         {Runtime(schema::TensorType_FLOAT32, {5})}),
                "HARD_SWISH: output shape differs from the input shape");
}

TEST(HardSwish, RefusesQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT8, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_INT8, {4})}),
                "HARD_SWISH: output (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT8, {4}, 1.0f, 0)},
                         {Runtime(schema::TensorType_INT8, {4}, 0.00390625f, 0)}),
                "HARD_SWISH: input scale 1 / output scale 0.00390625 must be below 128 (TFLM's limit)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_HARD_SWISH, {Runtime(schema::TensorType_INT8, {4}, 1e10f, 0)},
                         {Runtime(schema::TensorType_INT8, {4}, 1e10f, 0)}),
                "HARD_SWISH: input scale 1e+10 is too large");
}

}  // namespace
}  // namespace mote
