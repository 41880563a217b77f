// EMBEDDING_LOOKUP: the invoke-time index check, the hybrid path, the variants and every prepare refusal (the
// data is proven against TFLM by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> LookupModel(TensorSpec value, TensorSpec out, int n = 2) {
  return BuildOne(schema::BuiltinOperator_EMBEDDING_LOOKUP, {Runtime(kI32, {n}), std::move(value)}, {std::move(out)});
}

TEST(EmbeddingLookup, HybridDequantizesRowsAndInvokeRefusesBadIndices) {
  OpRun run(LookupModel(Runtime(kI8, {3, 2}, 0.5f, 0), Runtime(kF32, {2, 2})));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "embedding_lookup/hybrid/reference");
  for (int i = 0; i < 6; ++i) run.interpreter->input(1)->data.int8[i] = static_cast<int8_t>(i - 3);
  run.interpreter->input(0)->data.i32[0] = 2;
  run.interpreter->input(0)->data.i32[1] = 0;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const float expected[] = {0.5f, 1.0f, -1.5f, -1.0f};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], expected[i]) << i;
  LogCapture log;
  run.interpreter->input(0)->data.i32[0] = 3;
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("EMBEDDING_LOOKUP: index 3 (position 0) is out of range [0, 3)")) << log.text;
}

TEST(EmbeddingLookup, CopyVariant) {
  ExpectVariant(LookupModel(Runtime(kI8, {3, 2}, 0.5f, 4), Runtime(kI8, {2, 2}, 0.5f, 4)),
                "embedding_lookup/any/reference");
}

TEST(EmbeddingLookup, RefusesTypes) {
  ExpectRefused(LookupModel(Runtime(kI16, {3, 2}), Runtime(kI16, {2, 2})),
                "EMBEDDING_LOOKUP: value type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(LookupModel(Runtime(kF32, {3, 2}), Runtime(kI8, {2, 2})),
                "EMBEDDING_LOOKUP: output type INT8 is not supported for FLOAT32 values");
  ExpectRefused(BuildOne(schema::BuiltinOperator_EMBEDDING_LOOKUP, {Runtime(kI32, {2, 1}), Runtime(kF32, {3, 2})},
                         {Runtime(kF32, {2, 2})}),
                "EMBEDDING_LOOKUP: lookup must be a 1-D INT32 tensor");
}

TEST(EmbeddingLookup, RefusesShapesAndHybridQuantization) {
  ExpectRefused(LookupModel(Runtime(kF32, {3}), Runtime(kF32, {2})),
                "EMBEDDING_LOOKUP: value has 1 dimensions (at least 2)");
  ExpectRefused(LookupModel(Runtime(kF32, {3, 2, 2}), Runtime(kF32, {2, 2})),
                "EMBEDDING_LOOKUP: output shape [2, 2] differs from the expected [2, 2, 2]");
  ExpectRefused(LookupModel(Runtime(kI8, {3, 2}, 0.5f, 1), Runtime(kF32, {2, 2})),
                "EMBEDDING_LOOKUP: hybrid value zero point is 1 (must be 0)");
}

}  // namespace
}  // namespace test
}  // namespace mote
