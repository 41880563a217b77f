// CONCATENATION: more inputs than TFLM's 10, the variant, and every prepare refusal (data is proven against
// TFLM by the oracle cases, tools/oracle/gen_shape_ops.py).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
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

// A tensor of a one-operator model: runtime (graph input / output) or constant (INT32/INT64 data).
struct TensorSpec {
  schema::TensorType type;
  std::vector<int> shape;
  std::vector<int64_t> data;  // constant values (INT32 or INT64 tensors) when is_const
  bool is_const = false;
  float scale = 0.0f;  // > 0: quantized with `zero_point`
  int64_t zero_point = 0;
};

TensorSpec Runtime(schema::TensorType type, std::vector<int> shape, float scale = 0.0f, int64_t zero_point = 0) {
  return TensorSpec{type, std::move(shape), {}, false, scale, zero_point};
}
TensorSpec Const(schema::TensorType type, std::vector<int> shape, std::vector<int64_t> data) {
  return TensorSpec{type, std::move(shape), std::move(data), true};
}

using OptionsFn = std::function<std::pair<schema::BuiltinOptions, flatbuffers::Offset<void>>(
    flatbuffers::FlatBufferBuilder&)>;

std::vector<uint8_t> BuildOne(schema::BuiltinOperator op, const std::vector<TensorSpec>& ins,
                              const std::vector<TensorSpec>& outs, const OptionsFn& options = nullptr) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(op);
  auto add = [&b](const TensorSpec& t) {
    std::vector<float> scale;
    std::vector<int64_t> zp;
    if (t.scale > 0.0f) {
      scale = {t.scale};
      zp = {t.zero_point};
    }
    if (!t.is_const) return b.AddTensor(t.type, t.shape, "", 0, scale, zp);
    if (t.type == schema::TensorType_INT64) return b.AddConstTensor<int64_t>(t.type, t.shape, t.data, scale, zp);
    std::vector<int32_t> v(t.data.begin(), t.data.end());
    return b.AddConstTensor<int32_t>(t.type, t.shape, v, scale, zp);
  };
  std::vector<int> in_idx, graph_inputs, out_idx;
  for (const TensorSpec& t : ins) {
    in_idx.push_back(add(t));
    if (!t.is_const) graph_inputs.push_back(in_idx.back());
  }
  for (const TensorSpec& t : outs) out_idx.push_back(add(t));
  if (options) {
    auto o = options(b.fbb());
    b.AddOperator(code, in_idx, out_idx, o.first, o.second);
  } else {
    b.AddOperator(code, in_idx, out_idx);
  }
  b.SetInputs(graph_inputs);
  b.SetOutputs(out_idx);
  return b.Finish();
}

OptionsFn ConcatOptions(int axis, schema::ActivationFunctionType act = schema::ActivationFunctionType_NONE) {
  return [axis, act](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ConcatenationOptions,
                          schema::CreateConcatenationOptions(fbb, axis, act).Union());
  };
}

TEST(Concatenation, TwelveInputsAlongTheLastAxis) {  // TFLM stops at 10 inputs
  std::vector<TensorSpec> ins(12, Runtime(schema::TensorType_INT16, {2, 1}));
  OpRun run(BuildOne(schema::BuiltinOperator_CONCATENATION, ins, {Runtime(schema::TensorType_INT16, {2, 12})},
                     ConcatOptions(-1)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "concatenation/any/reference");
  for (int i = 0; i < 12; ++i) {
    run.interpreter->input(i)->data.i16[0] = static_cast<int16_t>(i);
    run.interpreter->input(i)->data.i16[1] = static_cast<int16_t>(100 + i);
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(run.interpreter->output(0)->data.i16[i], i);
    EXPECT_EQ(run.interpreter->output(0)->data.i16[12 + i], 100 + i);
  }
}

TEST(Concatenation, RefusesInt8QuantizationMismatch) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT8, {1, 2}, 0.5f, 1), Runtime(schema::TensorType_INT8, {1, 2}, 0.5f, 2)},
                         {Runtime(schema::TensorType_INT8, {1, 4}, 0.5f, 1)}, ConcatOptions(1)),
                "CONCATENATION: int8 input 1 has scale 0.5 / zero point 2 but the output has 0.5 / 1 (TFLM does not "
                "requantize: they must be equal)");
}

TEST(Concatenation, RefusesAxisOutOfRange) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {1, 2})}, ConcatOptions(-3)),
                "CONCATENATION: axis -3 is out of range for rank 2");
}

TEST(Concatenation, RefusesFusedActivation) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         {Runtime(schema::TensorType_FLOAT32, {1, 2})},
                         ConcatOptions(0, schema::ActivationFunctionType_RELU)),
                "CONCATENATION: fused activation 1 is not supported (NONE only, as TFLM)");
}

TEST(Concatenation, RefusesMismatchedDimensionsAndSums) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2, 2}), Runtime(schema::TensorType_INT32, {3, 2})},
                         {Runtime(schema::TensorType_INT32, {2, 4})}, ConcatOptions(1)),
                "CONCATENATION: input 1 dimension 0 is 3, the output's is 2 (only axis 1 may differ)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2, 2}), Runtime(schema::TensorType_INT32, {2, 1})},
                         {Runtime(schema::TensorType_INT32, {2, 4})}, ConcatOptions(1)),
                "CONCATENATION: inputs sum to 3 along axis 1 but the output has 4");
}

TEST(Concatenation, RefusesUnsupportedTypeAndMixedTypes) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION, {Runtime(schema::TensorType_UINT8, {2})},
                         {Runtime(schema::TensorType_UINT8, {2})}, ConcatOptions(0)),
                "CONCATENATION: type UINT8 is not supported (FLOAT32, INT8, INT16, INT32, INT64, BOOL)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_CONCATENATION,
                         {Runtime(schema::TensorType_INT32, {2}), Runtime(schema::TensorType_INT64, {2})},
                         {Runtime(schema::TensorType_INT32, {4})}, ConcatOptions(0)),
                "CONCATENATION: input 1 type INT64 differs from the output type INT32");
}

}  // namespace
}  // namespace mote
