// BATCH_MATMUL: variant ids, a broadcast product by hand, and the prepare refusals (the data is proven against
// TFLM by the oracle cases, tools/oracle/gen_image_matrix.py).
#include <utility>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/batch_matmul/batch_matmul_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

constexpr auto kOp = schema::BuiltinOperator_BATCH_MATMUL;

OptionsFn Adj(bool adj_x, bool adj_y) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_BatchMatMulOptions,
                          schema::CreateBatchMatMulOptions(fbb, adj_x, adj_y).Union());
  };
}

std::vector<uint8_t> Model(schema::TensorType type, std::vector<int> lhs, std::vector<int> rhs, std::vector<int> out,
                           bool adj_x = false, bool adj_y = false, int64_t zero_point = 0) {
  const float scale = type == kF32 ? 0.0f : 0.05f;
  return BuildOne(kOp, {Runtime(type, std::move(lhs), scale, zero_point), Runtime(type, std::move(rhs), scale)},
                  {Runtime(type, std::move(out), scale)}, Adj(adj_x, adj_y));
}

TEST(BatchMatMul, Variants) {
  const bool avx2 = MOTE_X86_SIMD_FN(batch_matmul::BatchMatMulFloatAvx2) != nullptr &&
                    (isa::AvailableFeatures() & (isa::kAvx2 | isa::kFma)) == (isa::kAvx2 | isa::kFma);
  ExpectVariant(Model(kF32, {2, 3, 4}, {4, 5}, {2, 3, 5}),
                avx2 ? "batch_matmul/float32/avx2" : "batch_matmul/float32/reference");
  ExpectVariant(Model(kF32, {4, 3}, {5, 4}, {3, 5}, true, true), "batch_matmul/float32/reference");
  ExpectVariant(Model(kI8, {1, 4, 3}, {2, 5, 4}, {2, 3, 5}, true, true), "batch_matmul/int8/reference");
  ExpectVariant(Model(kI16, {3, 4}, {4, 5}, {3, 5}), "batch_matmul/int16/reference");
  // Hybrid (beyond TFLM, as LiteRT; numbers: the hybrid oracle group).
  ExpectVariant(BuildOne(kOp, {Runtime(kF32, {3, 4}), Runtime(kI8, {4, 5}, 0.5f)}, {Runtime(kF32, {3, 5})}, Adj(0, 0)),
                "batch_matmul/hybrid/reference");
}

// What LiteRT's hybrid kernel computes wrongly is refused.
TEST(BatchMatMul, RefusesHybridProductsLiteRtGetsWrong) {
  ExpectRefused(BuildOne(kOp, {Runtime(kF32, {4, 3}), Runtime(kI8, {4, 5}, 0.5f)}, {Runtime(kF32, {3, 5})}, Adj(1, 0)),
                "BATCH_MATMUL: a hybrid product with adj_x is not supported (LiteRT computes it wrongly); transpose "
                "the lhs in the model instead");
  const OptionsFn asymmetric = [](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_BatchMatMulOptions,
                          schema::CreateBatchMatMulOptions(fbb, false, false, true).Union());
  };
  ExpectRefused(BuildOne(kOp, {Runtime(kF32, {3, 4}), Runtime(kI8, {4, 5}, 0.5f)}, {Runtime(kF32, {3, 5})}, asymmetric),
                "BATCH_MATMUL: a hybrid product with asymmetric_quantize_inputs is not supported (LiteRT computes it "
                "wrongly); quantize the inputs symmetrically");
  ExpectRefused(BuildOne(kOp, {Runtime(kF32, {2, 2, 3, 4}), Runtime(kI8, {2, 2, 4, 5}, 0.5f)},
                         {Runtime(kF32, {2, 2, 3, 5})}, Adj(0, 0)),
                "BATCH_MATMUL: a hybrid product with more than one batch dimension is not supported (LiteRT computes "
                "it wrongly); reshape to one batch dimension");
  ExpectRefused(BuildOne(kOp, {Runtime(kF32, {2, 3, 4}), Runtime(kI8, {4, 5}, 0.5f)}, {Runtime(kF32, {2, 3, 5})},
                         Adj(0, 0)),
                "BATCH_MATMUL: a hybrid product whose rhs batch broadcasts is not supported (LiteRT computes it "
                "wrongly); give the rhs every batch");
}

TEST(BatchMatMul, BroadcastsTheLhsBatch) {
  OpRun run(Model(kF32, {1, 1, 2}, {2, 2, 1}, {2, 1, 1}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  float* lhs = run.interpreter->input(0)->data.f;
  float* rhs = run.interpreter->input(1)->data.f;
  lhs[0] = 1.f;
  lhs[1] = 2.f;
  for (int i = 0; i < 4; ++i) rhs[i] = static_cast<float>(i + 1);  // [[1], [2]], [[3], [4]]
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(0)->data.f[0], 5.f);
  EXPECT_EQ(run.interpreter->output(0)->data.f[1], 11.f);
}

TEST(BatchMatMul, RefusesShapes) {
  ExpectRefused(Model(kF32, {3, 4}, {5, 4}, {3, 4}), "BATCH_MATMUL: lhs depth 4 and rhs depth 5 differ (adj_x 0, adj_y 0)");
  ExpectRefused(Model(kF32, {2, 3, 4}, {3, 4, 5}, {3, 3, 5}),
                "BATCH_MATMUL: batch dimension 0 does not broadcast (2 vs 3)");
  ExpectRefused(Model(kF32, {3, 4}, {4, 5}, {3, 6}), "BATCH_MATMUL: output matrix is 3 x 6, expected 3 x 5");
  ExpectRefused(Model(kF32, {4}, {4, 5}, {5}), "BATCH_MATMUL: lhs and rhs ranks must be 2..5 (got 1 and 2)");
  ExpectRefused(Model(kF32, {3, 4}, {4, 5}, {1, 3, 5}), "BATCH_MATMUL: output rank 3, expected 2");
}

TEST(BatchMatMul, RefusesTypes) {
  ExpectRefused(BuildOne(kOp, {Runtime(kF32, {3, 4}), Runtime(kI16, {4, 5}, 0.5f)}, {Runtime(kF32, {3, 5})}, Adj(0, 0)),
                "BATCH_MATMUL: FLOAT32 input with INT16 weights (a hybrid model) is not supported; convert the model "
                "with full-integer quantization (a representative dataset) or keep FLOAT32 weights");
  ExpectRefused(BuildOne(kOp, {Runtime(kI8, {3, 4}, 0.5f), Runtime(kF32, {4, 5})}, {Runtime(kI8, {3, 5}, 0.5f)},
                         Adj(0, 0)),
                "BATCH_MATMUL: rhs (FLOAT32) and output (INT8) must have the lhs type INT8");
  ExpectRefused(Model(kI32, {3, 4}, {4, 5}, {3, 5}),
                "BATCH_MATMUL: lhs type INT32 is not supported (FLOAT32, INT8, INT16)");
  ExpectRefused(Model(kI16, {3, 4}, {4, 5}, {3, 5}, false, false, 3),
                "BATCH_MATMUL: INT16 zero points must be 0 (lhs 3, rhs 0, output 0)");
}

}  // namespace
}  // namespace test
}  // namespace mote
