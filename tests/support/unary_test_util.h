// Tests of the single-type element-wise unary ops (FLOOR, SIN, LOGICAL_NOT...; kernels/glue/unary_op.h
// PrepareSingleTypeUnaryOp): the refusals every one of them shares, by their exact messages, the variant id and
// a run on given inputs.
#ifndef MOTE_TESTS_SUPPORT_UNARY_TEST_UTIL_H_
#define MOTE_TESTS_SUPPORT_UNARY_TEST_UTIL_H_

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// `op` named `name` accepts only `type` (named `type_name`, e.g. "FLOAT32"); `other` is another type
// (named `other_name`, quantized when it is an integer type so that only the type is wrong).
inline void ExpectSingleTypeRefusals(schema::BuiltinOperator op, const std::string& name, schema::TensorType type,
                                     const std::string& type_name, schema::TensorType other,
                                     const std::string& other_name) {
  const float q = other == schema::TensorType_INT8 || other == schema::TensorType_INT16 ? 0.5f : 0.0f;
  ExpectRefused(BuildOne(op, {Runtime(other, {2, 3}, q)}, {Runtime(other, {2, 3}, q)}),
                name + ": input type " + other_name + " is not supported (" + type_name + ")");
  ExpectRefused(BuildOne(op, {Runtime(type, {2, 3})}, {Runtime(other, {2, 3}, q)}),
                name + ": output type " + other_name + " differs from input type " + type_name);
  ExpectRefused(BuildOne(op, {Runtime(type, {2, 3})}, {Runtime(type, {3, 2})}),
                name + ": output shape differs from the input shape");
  ExpectRefused(BuildOne(op, {Runtime(type, {2, 3}), Runtime(type, {2, 3})}, {Runtime(type, {2, 3})}),
                name + ": 2 inputs and 1 outputs given (1 and 1)");
}

// Runs `op` on `input` (shape {n}, element type T matching `type`) and returns the output; checks the variant id.
template <typename T>
std::vector<T> RunSingleTypeUnary(schema::BuiltinOperator op, schema::TensorType type, const std::string& variant,
                                  const std::vector<T>& input) {
  const int n = static_cast<int>(input.size());
  OpRun run(BuildOne(op, {Runtime(type, {n})}, {Runtime(type, {n})}));
  std::vector<T> output(input.size());
  if (run.interpreter->AllocateTensors() != kTfLiteOk) {
    ADD_FAILURE() << "AllocateTensors failed";
    return output;
  }
  EXPECT_STREQ(run.interpreter->node_info(0).variant, variant.c_str());
  std::memcpy(run.interpreter->input(0)->data.raw, input.data(), input.size() * sizeof(T));
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  std::memcpy(output.data(), run.interpreter->output(0)->data.raw, output.size() * sizeof(T));
  return output;
}

// `op` named `name` accepts only FLOAT32: the shared refusals with an INT8 and with an INT32 tensor.
inline void ExpectFloat32OnlyRefusals(schema::BuiltinOperator op, const std::string& name) {
  ExpectSingleTypeRefusals(op, name, schema::TensorType_FLOAT32, "FLOAT32", schema::TensorType_INT8, "INT8");
  ExpectSingleTypeRefusals(op, name, schema::TensorType_FLOAT32, "FLOAT32", schema::TensorType_INT32, "INT32");
}

// `out` equals `want` element by element, a NaN matching any NaN and the sign of zero compared too.
inline void ExpectSameFloats(const std::vector<float>& out, const std::vector<float>& want) {
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

// Runs the FLOAT32 `op` on `input`, checks the variant id and expects `want` (ExpectSameFloats).
inline void ExpectFloat32Unary(schema::BuiltinOperator op, const std::string& variant, const std::vector<float>& input,
                               const std::vector<float>& want) {
  ExpectSameFloats(RunSingleTypeUnary<float>(op, schema::TensorType_FLOAT32, variant, input), want);
}

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_UNARY_TEST_UTIL_H_
