// LOG_SOFTMAX: the variants and every prepare refusal (the fixed-point path is proven against TFLM by the oracle
// cases, tools/oracle/gen_quantized_activations.py).
#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

TEST(LogSoftmax, VariantsByType) {
  ExpectVariant(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(schema::TensorType_FLOAT32, {2, 3})},
                         {Runtime(schema::TensorType_FLOAT32, {2, 3})}),
                "log_softmax/float32/reference");
  ExpectVariant(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {2, 3}, 0.05f, 3)},
                         {Runtime(kI8, {2, 3}, 0.0625f, 127)}),
                "log_softmax/int8/reference");
}

TEST(LogSoftmax, RefusesTypesAndShapes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)},
                         {Runtime(schema::TensorType_INT16, {4}, 0.01f, 0)}),
                "LOG_SOFTMAX: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(schema::TensorType_FLOAT32, {})},
                         {Runtime(schema::TensorType_FLOAT32, {})}),
                "LOG_SOFTMAX: input has 0 dimensions (at least 1)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {1, 5000}, 0.1f, 0)},
                         {Runtime(kI8, {1, 5000}, 0.0625f, 127)}),
                "LOG_SOFTMAX: INT8 depth 5000 is too large (at most 4096)");
}

TEST(LogSoftmax, RefusesInt8Quantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {2, 4}, 0.1f, 0)},
                         {Runtime(kI8, {2, 4}, 0.0625f, 0)}),
                "LOG_SOFTMAX: INT8 output must be quantized (0.0625, 127) (got (0.0625, 0))");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {2, 4}, 0.1f, 0)},
                         {Runtime(kI8, {2, 4}, 0.00390625f, 127)}),
                "LOG_SOFTMAX: INT8 output must be quantized (0.0625, 127) (got (0.00390625, 127))");
  ExpectRefused(
      BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {2, 4})}, {Runtime(kI8, {2, 4}, 0.0625f, 127)}),
      "LOG_SOFTMAX: input (INT8) has no quantization parameters (a scale and zero point are needed)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_LOG_SOFTMAX, {Runtime(kI8, {2, 4}, 1e-12f, 0)},
                         {Runtime(kI8, {2, 4}, 0.0625f, 127)}),
                "LOG_SOFTMAX: input scale 1e-12 is out of range for INT8");
}

}  // namespace
}  // namespace test
}  // namespace mote
