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
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildOne;
using test::Const;
using test::ExpectRefused;
using test::LogCapture;
using test::OpRun;
using test::OptionsFn;
using test::Runtime;
using test::TensorSpec;

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

// As TFLM: a shrunk index past its dimension is an empty range, so the slice writes nothing (not a refusal:
// TFLM loads and runs it). Positive and negative strides; the output keeps the bytes it had.
TEST(StridedSlice, ShrinkIndexOutOfRangeWritesNothing) {
  for (int64_t stride : {1, -1}) {
    const int64_t begin = stride > 0 ? 4 : -5;
    OpRun run(Slice({4, 2}, {begin, 0}, {begin + 1, 2}, {stride, 1}, {2}, Masks(0, 0, 0, 0, 1)));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk) << "stride " << stride;
    for (int i = 0; i < 8; ++i) run.interpreter->input(0)->data.i32[i] = i;
    int32_t* out = run.interpreter->output(0)->data.i32;
    if (out != run.interpreter->input(0)->data.i32) {
      out[0] = 111;
      out[1] = 222;
    }
    const int32_t before[] = {out[0], out[1]};
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(out[0], before[0]);
    EXPECT_EQ(out[1], before[1]);
  }
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
