// SPLIT, SPLIT_V and UNPACK: the copies, the variants, SPLIT_V's ignored size_splits (as TFLM) and every
// prepare refusal, outputs that do not add up among them (the data is proven against TFLM by the oracle
// cases, tools/oracle/gen_shape_layout.py).
#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

OptionsFn SplitOptions(int n) {
  return [n](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_SplitOptions, schema::CreateSplitOptions(fbb, n).Union());
  };
}
OptionsFn SplitVOptions(int n) {
  return [n](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_SplitVOptions, schema::CreateSplitVOptions(fbb, n).Union());
  };
}
OptionsFn UnpackOptions(int num, int axis) {
  return [num, axis](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_UnpackOptions, schema::CreateUnpackOptions(fbb, num, axis).Union());
  };
}

std::vector<TensorSpec> Outputs(std::vector<std::vector<int>> shapes, schema::TensorType type = kI32) {
  std::vector<TensorSpec> outs;
  for (auto& s : shapes) outs.push_back(Runtime(type, std::move(s)));
  return outs;
}

std::vector<uint8_t> Split(TensorSpec axis, std::vector<int> in, std::vector<std::vector<int>> outs,
                           schema::TensorType type = kI32) {
  const int n = static_cast<int>(outs.size());
  return BuildOne(schema::BuiltinOperator_SPLIT, {axis, Runtime(type, std::move(in))}, Outputs(std::move(outs), type),
                  SplitOptions(n));
}

std::vector<uint8_t> SplitV(std::vector<int> in, TensorSpec sizes, int axis, std::vector<std::vector<int>> outs) {
  const int n = static_cast<int>(outs.size());
  return BuildOne(schema::BuiltinOperator_SPLIT_V, {Runtime(kI32, std::move(in)), sizes, Const(kI32, {}, {axis})},
                  Outputs(std::move(outs)), SplitVOptions(n));
}

std::vector<uint8_t> Unpack(std::vector<int> in, int num, int axis, std::vector<std::vector<int>> outs,
                            schema::TensorType type = kI32) {
  return BuildOne(schema::BuiltinOperator_UNPACK, {Runtime(type, std::move(in))}, Outputs(std::move(outs), type),
                  UnpackOptions(num, axis));
}

// Runs a model with one [2, 3] INT32 input holding 0..5 and returns its outputs.
std::vector<std::vector<int32_t>> RunIota(const std::vector<uint8_t>& model, const char* variant) {
  OpRun run(model);
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, variant);
  for (int i = 0; i < 6; ++i) run.interpreter->input(0)->data.i32[i] = i;
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  std::vector<std::vector<int32_t>> outs;
  for (size_t o = 0; o < run.interpreter->outputs_size(); ++o) {
    const TfLiteTensor* t = run.interpreter->output(o);
    outs.emplace_back(t->data.i32, t->data.i32 + t->bytes / sizeof(int32_t));
  }
  return outs;
}

using Parts = std::vector<std::vector<int32_t>>;

TEST(Split, CutsEqualParts) {
  EXPECT_EQ(RunIota(Split(Const(kI32, {1}, {-1}), {2, 3}, {{2, 1}, {2, 1}, {2, 1}}), "split/any/reference"),
            (Parts{{0, 3}, {1, 4}, {2, 5}}));
}

TEST(Split, Refusals) {
  ExpectRefused(Split(Runtime(kI32, {}), {2, 3}, {{1, 3}, {1, 3}}),
                "SPLIT: axis input must be a constant tensor (mote fixes shapes and offsets at prepare)");
  ExpectRefused(Split(Const(kI32, {}, {2}), {2, 3}, {{1, 3}, {1, 3}}), "SPLIT: axis 2 is out of range for rank 2");
  ExpectRefused(Split(Const(kI32, {}, {1}), {2, 6}, {{2, 2}, {2, 4}}),
                "SPLIT: output 1 differs in size from output 0 along axis 1 (the parts of SPLIT are equal; SPLIT_V "
                "takes sizes)");
  ExpectRefused(Split(Const(kI32, {}, {1}), {2, 6}, {{2, 2}, {2, 2}}),
                "SPLIT: the outputs add up to 4 along axis 1 but the input has 6");
  ExpectRefused(Split(Const(kI32, {}, {1}), {2, 6}, {{3, 3}, {2, 3}}),
                "SPLIT: output 0's shape does not fit the input's outside axis 1");
  ExpectRefused(Split(Const(kI32, {}, {0}), {2}, {{1}, {1}}, kI64),
                "SPLIT: type INT64 is not supported (FLOAT32, INT8, INT16, INT32)");
}

TEST(SplitV, CutsTheOutputsSizesAndIgnoresSizeSplitsAsTflm) {
  EXPECT_EQ(RunIota(SplitV({2, 3}, Const(kI32, {2}, {1, -1}), 1, {{2, 1}, {2, 2}}), "split_v/any/reference"),
            (Parts{{0, 3}, {1, 2, 4, 5}}));
  EXPECT_EQ(RunIota(SplitV({2, 3}, Const(kI32, {2}, {2, 1}), 1, {{2, 1}, {2, 2}}), "split_v/any/reference"),
            (Parts{{0, 3}, {1, 2, 4, 5}}));
}

TEST(SplitV, Refusals) {
  ExpectRefused(SplitV({2, 6}, Const(kI32, {2}, {2, 3}), 1, {{2, 2}, {2, 3}}),
                "SPLIT_V: the outputs add up to 5 along axis 1 but the input has 6");
  ExpectRefused(SplitV({2, 6}, Const(kI32, {2}, {2, 4}), 1, {{2, 2}, {2, 4, 1}}),
                "SPLIT_V: output 1's shape does not fit the input's outside axis 1");
  ExpectRefused(SplitV({2, 6}, Const(kI32, {2}, {2, 4}), -3, {{2, 2}, {2, 4}}),
                "SPLIT_V: axis -3 is out of range for rank 2");
}

TEST(Unpack, SlicesAlongTheAxis) {
  EXPECT_EQ(RunIota(Unpack({2, 3}, 3, -1, {{2}, {2}, {2}}), "unpack/any/reference"), (Parts{{0, 3}, {1, 4}, {2, 5}}));
}

TEST(Unpack, Refusals) {
  ExpectRefused(Unpack({2, 3}, 3, 0, {{3}, {3}}), "UNPACK: num is 3 but 2 outputs are given");
  ExpectRefused(Unpack({2, 3}, 2, 2, {{3}, {3}}), "UNPACK: axis 2 is out of range for rank 2");
  ExpectRefused(Unpack({2, 3}, 2, 0, {{3}, {2}}), "UNPACK: output 1's shape does not fit the input's without axis 0");
  ExpectRefused(Unpack({3, 2}, 2, 0, {{2}, {2}}), "UNPACK: the outputs add up to 2 along axis 0 but the input has 3");
  ExpectRefused(Unpack({2}, 2, 0, {{}, {}}, kI64), "UNPACK: type INT64 is not supported (FLOAT32, INT8, INT16, INT32)");
}

}  // namespace
}  // namespace test
}  // namespace mote
