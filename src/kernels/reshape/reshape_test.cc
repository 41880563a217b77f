// RESHAPE: the in-place copy contract, the variant, and every prepare refusal (data is proven against TFLM by
// the oracle cases, tools/oracle/gen_shape_ops.py).
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/reshape/reshape_reference.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"

namespace mote {
namespace {

struct LogCapture {
  LogCapture() { SetLogSink(Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Sink(void* user, const char* m) { static_cast<LogCapture*>(user)->text += std::string(m) + "\n"; }
  bool Has(const std::string& s) const { return text.find(s) != std::string::npos; }
  std::string text;
};

// Runs a finished model: AllocateTensors, then (if that succeeded) nothing else; the caller invokes.
struct OpRun {
  explicit OpRun(const std::vector<uint8_t>& bytes) : model(bytes), arena(64 * 1024) {
    interpreter = std::make_unique<MicroInterpreter>(model.data(), model.size(), resolver, arena.data(), arena.size());
  }
  test::AlignedModel model;
  test::AlignedBuffer arena;
  AllOpsResolver resolver;
  std::unique_ptr<MicroInterpreter> interpreter;
};

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  LogCapture log;
  OpRun run(model);
  EXPECT_NE(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << "expected: " << message << "\nlog:\n" << log.text;
}

TEST(ReshapeReference, EqualPointersAreANoOpAndOverlapIsSafe) {
  std::vector<uint8_t> buf(16);
  std::iota(buf.begin(), buf.end(), 0);
  reference::Reshape(buf.data(), buf.data(), buf.size());
  for (int i = 0; i < 16; ++i) EXPECT_EQ(buf[i], i);
  reference::Reshape(buf.data(), buf.data() + 4, 8);  // overlapping: behaves like memmove
  for (int i = 0; i < 8; ++i) EXPECT_EQ(buf[4 + i], i);
}

struct ReshapeSpec {
  schema::TensorType in_type = schema::TensorType_INT8;
  schema::TensorType out_type = schema::TensorType_INT8;
  std::vector<int> in_shape{2, 3};
  std::vector<int> out_shape{3, 2};
  bool shape_input = false;
  std::vector<int32_t> shape_values;  // the constant shape input (when shape_input)
  std::vector<int32_t> new_shape;     // the option (written when non-empty)
};

std::vector<uint8_t> BuildReshape(const ReshapeSpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_RESHAPE);
  const int in = b.AddTensor(s.in_type, s.in_shape, "in");
  std::vector<int> inputs{in};
  if (s.shape_input) {
    inputs.push_back(b.AddConstTensor<int32_t>(schema::TensorType_INT32, {static_cast<int>(s.shape_values.size())},
                                               s.shape_values));
  }
  const int out = b.AddTensor(s.out_type, s.out_shape, "out");
  if (!s.new_shape.empty()) {
    auto options = schema::CreateReshapeOptions(b.fbb(), b.fbb().CreateVector(s.new_shape));
    b.AddOperator(code, inputs, {out}, schema::BuiltinOptions_ReshapeOptions, options.Union());
  } else {
    b.AddOperator(code, inputs, {out});
  }
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

TEST(Reshape, CopiesAndReportsVariant) {
  ReshapeSpec s;
  s.shape_input = true;
  s.shape_values = {-1, 2};
  OpRun run(BuildReshape(s));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "reshape/any/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.int8[i] = static_cast<int8_t>(i - 3);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(run.interpreter->output(0)->data.int8[i], i - 3);
}

TEST(Reshape, RefusesElementCountMismatch) {
  ReshapeSpec s;
  s.out_shape = {4, 2};
  ExpectRefused(BuildReshape(s), "RESHAPE: input has 6 elements but the output shape has 8");
}

TEST(Reshape, RefusesTypeMismatch) {
  ReshapeSpec s;
  s.out_type = schema::TensorType_INT16;
  ExpectRefused(BuildReshape(s), "RESHAPE: input type INT8 and output type INT16 differ");
}

TEST(Reshape, RefusesShapeInputThatDisagreesWithTheOutput) {
  ReshapeSpec s;
  s.shape_input = true;
  s.shape_values = {2, 3};
  ExpectRefused(BuildReshape(s), "RESHAPE: shape input dimension 0 is 2 but the output tensor's is 3");
  s.shape_values = {6};
  ExpectRefused(BuildReshape(s), "RESHAPE: shape input has 1 dimensions but the output tensor has 2");
  s.shape_values = {-1, -1};
  ExpectRefused(BuildReshape(s), "RESHAPE: shape input has more than one -1 (inferred) dimension");
}

TEST(Reshape, RefusesNewShapeOptionThatDisagreesWithTheOutput) {
  ReshapeSpec s;
  s.new_shape = {3, 3};
  ExpectRefused(BuildReshape(s), "RESHAPE: new_shape option dimension 1 is 3 but the output tensor's is 2");
}

TEST(Reshape, ShapeInputWinsOverTheOption) {  // as TFLite: the option is only read without a shape input
  ReshapeSpec s;
  s.shape_input = true;
  s.shape_values = {3, -1};
  s.new_shape = {9, 9};
  OpRun run(BuildReshape(s));
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
}

// TFLite's legacy scalar spelling: an output declared [0] (no elements) for a one-element input and no shape
// input. TFLM rewrites the dims to []; mote computes them in prepare so the plan gives the output its byte.
TEST(Reshape, LegacyScalarSpellingGetsAScalarOutput) {
  ReshapeSpec s;
  s.in_shape = {1};
  s.out_shape = {0};
  OpRun run(BuildReshape(s));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  TfLiteTensor* out = run.interpreter->output(0);
  EXPECT_EQ(out->dims->size, 0);
  EXPECT_EQ(out->bytes, 1u);
  run.interpreter->input(0)->data.int8[0] = -77;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.int8[0], -77);
}

}  // namespace
}  // namespace mote
