// Single-operator models for kernel tests: build a one-op model from tensor specs, run it through the
// interpreter with the all-ops resolver, and assert prepare refusals by their exact message.
//
//   OpRun run(BuildOne(schema::BuiltinOperator_PAD, {Runtime(TensorType_INT8, {1, 2}), Const(...)}, {...}));
//   ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
//   ExpectRefused(BuildOne(...), "PAD: ...");
#ifndef MOTE_TESTS_SUPPORT_SINGLE_OP_H_
#define MOTE_TESTS_SUPPORT_SINGLE_OP_H_

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
namespace test {

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
  AlignedModel model;
  AlignedBuffer arena;
  AllOpsResolver resolver;
  std::unique_ptr<MicroInterpreter> interpreter;
};

inline void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  LogCapture log;
  OpRun run(model);
  EXPECT_NE(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << "expected: " << message << "\nlog:\n" << log.text;
}

// The model prepares and node 0 reports `variant`.
inline void ExpectVariant(const std::vector<uint8_t>& model, const std::string& variant) {
  OpRun run(model);
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, variant.c_str());
}

// Short names of the tensor types, for the specs below.
constexpr schema::TensorType kBool = schema::TensorType_BOOL;
constexpr schema::TensorType kF32 = schema::TensorType_FLOAT32;
constexpr schema::TensorType kI8 = schema::TensorType_INT8;
constexpr schema::TensorType kI16 = schema::TensorType_INT16;
constexpr schema::TensorType kI32 = schema::TensorType_INT32;
constexpr schema::TensorType kI64 = schema::TensorType_INT64;

// A tensor of a one-operator model: runtime (graph input / output) or constant (INT32/INT64 data).
struct TensorSpec {
  schema::TensorType type;
  std::vector<int> shape;
  std::vector<int64_t> data;  // constant values (INT32 or INT64 tensors) when is_const
  bool is_const = false;
  float scale = 0.0f;  // > 0: quantized with `zero_point`
  int64_t zero_point = 0;
};

inline TensorSpec Runtime(schema::TensorType type, std::vector<int> shape, float scale = 0.0f, int64_t zero_point = 0) {
  return TensorSpec{type, std::move(shape), {}, false, scale, zero_point};
}
inline TensorSpec Const(schema::TensorType type, std::vector<int> shape, std::vector<int64_t> data) {
  return TensorSpec{type, std::move(shape), std::move(data), true};
}

using OptionsFn = std::function<std::pair<schema::BuiltinOptions, flatbuffers::Offset<void>>(
    flatbuffers::FlatBufferBuilder&)>;

inline std::vector<uint8_t> BuildOne(schema::BuiltinOperator op, const std::vector<TensorSpec>& ins,
                              const std::vector<TensorSpec>& outs, const OptionsFn& options = nullptr) {
  ModelBuilder b;
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
    if (t.type == schema::TensorType_INT16) {
      std::vector<int16_t> v(t.data.begin(), t.data.end());
      return b.AddConstTensor<int16_t>(t.type, t.shape, v, scale, zp);
    }
    if (t.type == schema::TensorType_INT8) {
      std::vector<int8_t> v(t.data.begin(), t.data.end());
      return b.AddConstTensor<int8_t>(t.type, t.shape, v, scale, zp);
    }
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

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_SINGLE_OP_H_
