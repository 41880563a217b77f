// MEAN: duplicate/negative axes on float data, the variant, and every prepare refusal (integer data is proven
// against TFLM by the oracle cases, tools/oracle/gen_shape_ops.py).
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

OptionsFn Keep(bool keep) {
  return [keep](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ReducerOptions, schema::CreateReducerOptions(fbb, keep).Union());
  };
}

TEST(Mean, DuplicateAndNegativeAxes) {
  OpRun run(BuildOne(schema::BuiltinOperator_MEAN,
                     {Runtime(schema::TensorType_FLOAT32, {2, 3, 2}), Const(schema::TensorType_INT32, {3}, {-1, 0, 2})},
                     {Runtime(schema::TensorType_FLOAT32, {3})}, Keep(false)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "mean/float32/reference");
  for (int i = 0; i < 12; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  // Mean over dims 0 and 2 of [[[0,1],[2,3],[4,5]],[[6,7],[8,9],[10,11]]].
  const float expected[] = {3.5f, 5.5f, 7.5f};
  for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[i], expected[i]);
}

TEST(Mean, RefusesRuntimeAxis) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Runtime(schema::TensorType_INT32, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "MEAN: the axis tensor must be constant");
}

TEST(Mean, RefusesAxisOutOfRange) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {2})},
                         {Runtime(schema::TensorType_INT8, {2}, 0.1f, 0)}, Keep(false)),
                "MEAN: axis 2 is out of range for rank 2");
}

TEST(Mean, RefusesOutputElementCount) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT16, {2, 3}, 0.1f, 0), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT16, {3}, 0.1f, 0)}, Keep(false)),
                "MEAN: output has 3 elements, expected 2 (the non-reduced dimensions)");
}

TEST(Mean, RefusesTypesAndMissingQuantization) {
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT32, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT32, {2})}, Keep(false)),
                "MEAN: input type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_FLOAT32, {2, 3}), Const(schema::TensorType_INT64, {1}, {1})},
                         {Runtime(schema::TensorType_FLOAT32, {2})}, Keep(false)),
                "MEAN: axis type INT64 is not supported (INT32)");
  ExpectRefused(BuildOne(schema::BuiltinOperator_MEAN,
                         {Runtime(schema::TensorType_INT8, {2, 3}), Const(schema::TensorType_INT32, {1}, {1})},
                         {Runtime(schema::TensorType_INT8, {2})}, Keep(false)),
                "MEAN: quantized input and output need a positive scale");
}

}  // namespace
}  // namespace mote
