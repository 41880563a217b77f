// STRIDED_SLICE: the variant, a new-axis + shrink slice on known data, and every prepare refusal (data is
// proven by the oracle cases: TFLM, tools/oracle/gen_shape_ops.py; LiteRT for ellipsis/new_axis/offset,
// tools/oracle/gen_strided_slice_litert.py).
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

OptionsFn Masks(int begin, int end, int ellipsis, int new_axis, int shrink, bool offset = false) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_StridedSliceOptions,
                          schema::CreateStridedSliceOptions(fbb, begin, end, ellipsis, new_axis, shrink, offset).Union());
  };
}

std::vector<uint8_t> Slice(std::vector<int> in_shape, std::vector<int64_t> begin, std::vector<int64_t> end,
                           std::vector<int64_t> strides, std::vector<int> out_shape, const OptionsFn& masks,
                           schema::TensorType type = schema::TensorType_INT32) {
  const int n = static_cast<int>(begin.size());
  return BuildOne(schema::BuiltinOperator_STRIDED_SLICE,
                  {Runtime(type, std::move(in_shape)), Const(schema::TensorType_INT32, {n}, std::move(begin)),
                   Const(schema::TensorType_INT32, {n}, std::move(end)),
                   Const(schema::TensorType_INT32, {n}, std::move(strides))},
                  {Runtime(type, std::move(out_shape))}, masks);
}

TEST(StridedSlice, NewAxisAndShrinkOnKnownData) {
  // x[newaxis, 1, ::-1] on a 3x4 input: shape [1, 4], row 1 reversed.
  OpRun run(Slice({3, 4}, {0, 1, 0}, {0, 2, 0}, {1, 1, -1}, {1, 4}, Masks(4, 4, 0, 1, 2)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "strided_slice/any/reference");
  for (int i = 0; i < 12; ++i) run.interpreter->input(0)->data.i32[i] = i;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int32_t expected[] = {7, 6, 5, 4};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i32[i], expected[i]);
}

TEST(StridedSlice, RefusesZeroStride) {
  ExpectRefused(Slice({4}, {0}, {4}, {0}, {4}, Masks(0, 0, 0, 0, 0)), "STRIDED_SLICE: stride 0 is 0");
}

TEST(StridedSlice, RefusesShrinkIndexOutOfRange) {
  ExpectRefused(Slice({4, 2}, {4, 0}, {5, 2}, {1, 1}, {2}, Masks(0, 0, 0, 0, 1)),
                "STRIDED_SLICE: shrunk dimension 0 index 4 is out of range [0, 4)");
}

TEST(StridedSlice, RefusesTwoEllipses) {
  ExpectRefused(Slice({4, 2}, {0, 0}, {0, 0}, {1, 1}, {4, 2}, Masks(0, 0, 3, 0, 0)),
                "STRIDED_SLICE: more than one ellipsis in ellipsis_mask 0x3");
}

TEST(StridedSlice, RefusesOutputShapeMismatch) {
  ExpectRefused(Slice({6}, {0}, {6}, {2}, {4}, Masks(0, 0, 0, 0, 0)),
                "STRIDED_SLICE: output dimension 0 should be 3 (output has rank 1)");
  ExpectRefused(Slice({6}, {0}, {6}, {2}, {3, 1}, Masks(0, 0, 0, 0, 0)),
                "STRIDED_SLICE: output has rank 2, the slice has rank 1");
}

TEST(StridedSlice, RefusesSpecLongerThanTheRank) {
  ExpectRefused(Slice({6}, {0, 0}, {1, 1}, {1, 1}, {1}, Masks(0, 0, 0, 0, 0)),
                "STRIDED_SLICE: the spec names 2 dimensions but the input has rank 1");
}

TEST(StridedSlice, RefusesUnsupportedType) {
  ExpectRefused(Slice({6}, {0}, {6}, {1}, {6}, Masks(0, 0, 0, 0, 0), schema::TensorType_INT64),
                "STRIDED_SLICE: type INT64 is not supported (FLOAT32, INT8, INT16, INT32, BOOL)");
}

}  // namespace
}  // namespace mote
