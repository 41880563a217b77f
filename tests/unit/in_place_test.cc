// In-place execution through the interpreter, one test per op that declares it (MicroContext::
// AllowOutputToOverwriteInput): in a graph  in -> ADD(in, c) -> t1 -> OP -> t2 -> ADD(t2, c) -> out  the planner
// puts t2 on top of t1, so OP runs with its output aliasing its input; the outputs must be byte-identical to the
// same model run with in-place execution off (whose kernels the oracle suite proves against TFLM), over random
// data (MOTE_TEST_SEED replays a seed) and two invokes. Whole models: golden_models_test.cc (InPlaceExecutionLeavesOutputsUnchanged).
#include <cstdint>
#include <cstring>
#include <functional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using schema::TensorType;

constexpr int kRows = 2;
constexpr int kCols = 35;  // 70 elements: the AVX2 ADD's 16-wide loop and its 8-wide tail both run
constexpr int kElements = kRows * kCols;

struct Quant {
  std::vector<float> scale;
  std::vector<int64_t> zero_point;
};

// What the op under test needs beyond its input t1: its operator code, options, extra inputs, the output's
// shape and quantization; `t1_second` puts t1 second among a binary op's inputs.
struct OpCase {
  std::string name;
  schema::BuiltinOperator code;
  TensorType type;
  std::function<void(test::ModelBuilder&, int t1, int* opcode, std::vector<int>* inputs,
                     schema::BuiltinOptions* options_type, flatbuffers::Offset<void>* options)>
      build;
  std::vector<int> out_shape = {kRows, kCols};
  Quant out_quant = {};
};

Quant QuantOf(TensorType type, float scale = 0.05f, int64_t zero_point = 0) {
  if (type == schema::TensorType_FLOAT32) return {};
  return {{scale}, {zero_point}};
}

template <typename T>
std::vector<T> RandomValues(std::mt19937* rng, TensorType type) {
  std::vector<T> v(kElements);
  if (type == schema::TensorType_FLOAT32) {
    std::uniform_real_distribution<float> d(-4.0f, 4.0f);
    for (auto& x : v) x = static_cast<T>(d(*rng));
  } else {
    std::uniform_int_distribution<int> d(-128, 127);
    for (auto& x : v) x = static_cast<T>(d(*rng));
  }
  return v;
}

int AddConst(test::ModelBuilder& b, TensorType type, std::mt19937* rng, const Quant& q) {
  if (type == schema::TensorType_FLOAT32)
    return b.AddConstTensor<float>(type, {kRows, kCols}, RandomValues<float>(rng, type));
  return b.AddConstTensor<int8_t>(type, {kRows, kCols}, RandomValues<int8_t>(rng, type), q.scale, q.zero_point);
}

// The model; *t1 and *t2 are the tensors the op reads and writes.
std::vector<uint8_t> BuildModel(const OpCase& c, uint32_t seed, int* t1, int* t2) {
  std::mt19937 rng(seed);
  test::ModelBuilder b;
  const Quant q = QuantOf(c.type);
  const int add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
  const int in = b.AddTensor(c.type, {kRows, kCols}, "in", 0, q.scale, q.zero_point);
  const int c1 = AddConst(b, c.type, &rng, q);
  *t1 = b.AddTensor(c.type, {kRows, kCols}, "t1", 0, q.scale, q.zero_point);
  b.AddOperator(add, {in, c1}, {*t1}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  int opcode = 0;
  std::vector<int> inputs;
  schema::BuiltinOptions options_type = schema::BuiltinOptions_NONE;
  flatbuffers::Offset<void> options = 0;
  c.build(b, *t1, &opcode, &inputs, &options_type, &options);
  const Quant oq = c.type == schema::TensorType_FLOAT32 ? Quant{} : c.out_quant.scale.empty() ? q : c.out_quant;
  *t2 = b.AddTensor(c.type, c.out_shape, "t2", 0, oq.scale, oq.zero_point);
  b.AddOperator(opcode, inputs, {*t2}, options_type, options);
  // The last ADD reads t2 in the op's output shape: a RESHAPE case ends in that shape.
  const int c3 = c.type == schema::TensorType_FLOAT32
                     ? b.AddConstTensor<float>(c.type, c.out_shape, RandomValues<float>(&rng, c.type))
                     : b.AddConstTensor<int8_t>(c.type, c.out_shape, RandomValues<int8_t>(&rng, c.type), q.scale,
                                                q.zero_point);
  const int out = b.AddTensor(c.type, c.out_shape, "out", 0, q.scale, q.zero_point);
  b.AddOperator(add, {*t2, c3}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

struct RunResult {
  std::vector<uint8_t> output;
  bool aliased = false;  // t2's bytes are t1's
};

RunResult RunModel(const std::vector<uint8_t>& bytes, bool in_place, int t1, int t2, uint32_t seed) {
  static AllOpsResolver resolver;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(64 * 1024);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  interpreter.SetInPlaceExecution(in_place);
  RunResult r;
  EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  if (interpreter.input(0) == nullptr) return r;
  r.aliased = interpreter.GetEvalTensor(t1)->data.raw == interpreter.GetEvalTensor(t2)->data.raw;
  std::mt19937 rng(seed ^ 0x9e3779b9u);
  TfLiteTensor* in = interpreter.input(0);
  for (int invoke = 0; invoke < 2; ++invoke) {
    if (in->type == kTfLiteFloat32) {
      const auto v = RandomValues<float>(&rng, schema::TensorType_FLOAT32);
      std::memcpy(in->data.raw, v.data(), in->bytes);
    } else {
      const auto v = RandomValues<int8_t>(&rng, schema::TensorType_INT8);
      std::memcpy(in->data.raw, v.data(), in->bytes);
    }
    EXPECT_EQ(interpreter.Invoke(), kTfLiteOk);
    const TfLiteTensor* out = interpreter.output(0);
    r.output.insert(r.output.end(), out->data.uint8, out->data.uint8 + out->bytes);
  }
  return r;
}

// Unary ops: t1 alone.
OpCase Unary(const std::string& name, schema::BuiltinOperator code, TensorType type, Quant out_quant = {}) {
  OpCase c{name, code, type,
           [code](test::ModelBuilder& b, int t1, int* opcode, std::vector<int>* inputs, schema::BuiltinOptions*,
                  flatbuffers::Offset<void>*) {
             *opcode = b.AddOperatorCode(code);
             *inputs = {t1};
           }};
  c.out_quant = out_quant;
  return c;
}

// ADD, SUB, MUL with a constant of t1's shape, t1 first or second.
OpCase Binary(const std::string& name, schema::BuiltinOperator code, TensorType type, bool t1_second) {
  return OpCase{name, code, type,
                [code, type, t1_second](test::ModelBuilder& b, int t1, int* opcode, std::vector<int>* inputs,
                                        schema::BuiltinOptions* options_type, flatbuffers::Offset<void>* options) {
                  std::mt19937 rng(7);
                  const int k = AddConst(b, type, &rng, QuantOf(type, 0.04f, 3));
                  *opcode = b.AddOperatorCode(code);
                  *inputs = t1_second ? std::vector<int>{k, t1} : std::vector<int>{t1, k};
                  if (code == schema::BuiltinOperator_ADD) {
                    *options_type = schema::BuiltinOptions_AddOptions;
                    *options = schema::CreateAddOptions(b.fbb()).Union();
                  } else if (code == schema::BuiltinOperator_SUB) {
                    *options_type = schema::BuiltinOptions_SubOptions;
                    *options = schema::CreateSubOptions(b.fbb()).Union();
                  } else {
                    *options_type = schema::BuiltinOptions_MulOptions;
                    *options = schema::CreateMulOptions(b.fbb()).Union();
                  }
                }};
}

std::vector<OpCase> Cases() {
  std::vector<OpCase> cases;
  for (TensorType type : {schema::TensorType_FLOAT32, schema::TensorType_INT8}) {
    const std::string t = type == schema::TensorType_FLOAT32 ? "float32" : "int8";
    cases.push_back(Unary("relu_" + t, schema::BuiltinOperator_RELU, type));
    cases.push_back(Unary("relu6_" + t, schema::BuiltinOperator_RELU6, type));
    cases.push_back(Unary("logistic_" + t, schema::BuiltinOperator_LOGISTIC, type, {{1.0f / 256}, {-128}}));
    cases.push_back(Unary("tanh_" + t, schema::BuiltinOperator_TANH, type, {{1.0f / 128}, {0}}));
    for (bool second : {false, true}) {
      const std::string w = second ? "_second" : "_first";
      cases.push_back(Binary("add_" + t + w, schema::BuiltinOperator_ADD, type, second));
      cases.push_back(Binary("sub_" + t + w, schema::BuiltinOperator_SUB, type, second));
      cases.push_back(Binary("mul_" + t + w, schema::BuiltinOperator_MUL, type, second));
    }
    OpCase reshape{"reshape_" + t, schema::BuiltinOperator_RESHAPE, type,
                   [](test::ModelBuilder& b, int t1, int* opcode, std::vector<int>* inputs, schema::BuiltinOptions*,
                      flatbuffers::Offset<void>*) {
                     const int shape = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {2}, {kCols, kRows});
                     *opcode = b.AddOperatorCode(schema::BuiltinOperator_RESHAPE);
                     *inputs = {t1, shape};
                   }};
    reshape.out_shape = {kCols, kRows};
    cases.push_back(reshape);
    OpCase expand{"expand_dims_" + t, schema::BuiltinOperator_EXPAND_DIMS, type,
                  [](test::ModelBuilder& b, int t1, int* opcode, std::vector<int>* inputs, schema::BuiltinOptions*,
                     flatbuffers::Offset<void>*) {
                    const int axis = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {1}, {0});
                    *opcode = b.AddOperatorCode(schema::BuiltinOperator_EXPAND_DIMS);
                    *inputs = {t1, axis};
                  }};
    expand.out_shape = {1, kRows, kCols};
    cases.push_back(expand);
  }
  return cases;
}

void PrintTo(const OpCase& c, std::ostream* os) { *os << c.name; }

class InPlaceOpTest : public ::testing::TestWithParam<OpCase> {};

TEST_P(InPlaceOpTest, OutputOverInputMatchesSeparateBuffers) {
  const OpCase& c = GetParam();
  const uint32_t seed = static_cast<uint32_t>(variant_test::BaseSeed());
  int t1 = -1, t2 = -1;
  const std::vector<uint8_t> model = BuildModel(c, seed, &t1, &t2);
  const RunResult apart = RunModel(model, false, t1, t2, seed);
  const RunResult together = RunModel(model, true, t1, t2, seed);
  EXPECT_FALSE(apart.aliased);
  EXPECT_TRUE(together.aliased) << c.name << ": the planner did not put the output on top of the input";
  ASSERT_FALSE(apart.output.empty());
  EXPECT_TRUE(apart.output == together.output) << c.name << " (seed " << seed << ")";
}

INSTANTIATE_TEST_SUITE_P(Ops, InPlaceOpTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<OpCase>& info) { return info.param.name; });

// SQUEEZE: t1 [2, 1, 35] -> [2, 35] (built apart: its input has a unit dimension).
TEST(InPlaceSqueeze, OutputOverInputMatchesSeparateBuffers) {
  for (TensorType type : {schema::TensorType_FLOAT32, schema::TensorType_INT8}) {
    OpCase c{"squeeze", schema::BuiltinOperator_SQUEEZE, type,
             [](test::ModelBuilder& b, int t1, int* opcode, std::vector<int>* inputs, schema::BuiltinOptions*,
                flatbuffers::Offset<void>*) {
               // A RESHAPE to [2, 1, 35] first would be a second in-place op; SQUEEZE of a [2, 35] tensor with
               // no unit dimension is the identity TFLM allows (squeeze_dims empty).
               *opcode = b.AddOperatorCode(schema::BuiltinOperator_SQUEEZE);
               *inputs = {t1};
             }};
    const uint32_t seed = static_cast<uint32_t>(variant_test::BaseSeed());
    int t1 = -1, t2 = -1;
    const std::vector<uint8_t> model = BuildModel(c, seed, &t1, &t2);
    const RunResult apart = RunModel(model, false, t1, t2, seed);
    const RunResult together = RunModel(model, true, t1, t2, seed);
    EXPECT_FALSE(apart.aliased);
    EXPECT_TRUE(together.aliased);
    ASSERT_FALSE(apart.output.empty());
    EXPECT_TRUE(apart.output == together.output) << "seed " << seed;
  }
}

}  // namespace
}  // namespace mote
