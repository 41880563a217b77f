// QUANTIZE / DEQUANTIZE prepare refusals (bit-exactness is proven by the oracle cases,
// tests/oracle/data/{quantize,dequantize}.cases).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "support/prepare_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using kernel_test::PrepareModel;

std::vector<uint8_t> UnaryModel(schema::BuiltinOperator op, schema::TensorType in_type, std::vector<float> in_scale,
                                schema::TensorType out_type, std::vector<float> out_scale) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(op);
  const int in = b.AddTensor(in_type, {2, 3}, "in", 0, in_scale, std::vector<int64_t>(in_scale.size(), 0));
  const int out = b.AddTensor(out_type, {2, 3}, "out", 0, out_scale, std::vector<int64_t>(out_scale.size(), 0));
  b.AddOperator(code, {in}, {out});
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

TEST(QuantizePrepare, AcceptsTflmConversions) {
  EXPECT_EQ(PrepareModel(UnaryModel(schema::BuiltinOperator_QUANTIZE, schema::TensorType_FLOAT32, {},
                                    schema::TensorType_INT8, {0.1f}))
                .status,
            kTfLiteOk);
  EXPECT_EQ(PrepareModel(UnaryModel(schema::BuiltinOperator_QUANTIZE, schema::TensorType_INT16, {0.1f},
                                    schema::TensorType_INT8, {0.2f}))
                .status,
            kTfLiteOk);
}

TEST(QuantizePrepare, RefusesUnsupportedConversion) {
  const auto r = PrepareModel(UnaryModel(schema::BuiltinOperator_QUANTIZE, schema::TensorType_FLOAT32, {},
                                         schema::TensorType_UINT8, {0.1f}));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("QUANTIZE: FLOAT32 -> UINT8 is not supported (FLOAT32 -> INT8/INT16;")) << r.log;
}

TEST(QuantizePrepare, RefusesPerChannelOutput) {
  const auto r = PrepareModel(UnaryModel(schema::BuiltinOperator_QUANTIZE, schema::TensorType_FLOAT32, {},
                                         schema::TensorType_INT8, {0.1f, 0.2f}));
  EXPECT_TRUE(r.Has("QUANTIZE: output has 2 scales; only per-tensor quantization (1 scale) is supported here"))
      << r.log;
}

TEST(DequantizePrepare, RefusesPerChannelInput) {
  const auto r = PrepareModel(UnaryModel(schema::BuiltinOperator_DEQUANTIZE, schema::TensorType_INT8, {0.1f, 0.2f},
                                         schema::TensorType_FLOAT32, {}));
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_TRUE(r.Has("DEQUANTIZE: input has 2 scales; only per-tensor quantization (1 scale) is supported here"))
      << r.log;
}

TEST(DequantizePrepare, RefusesTypes) {
  const auto r = PrepareModel(UnaryModel(schema::BuiltinOperator_DEQUANTIZE, schema::TensorType_INT32, {0.1f},
                                         schema::TensorType_FLOAT32, {}));
  EXPECT_TRUE(r.Has("DEQUANTIZE: input type INT32 is not supported (INT8, INT16, UINT8, FLOAT16)")) << r.log;
  const auto r2 = PrepareModel(UnaryModel(schema::BuiltinOperator_DEQUANTIZE, schema::TensorType_INT8, {0.1f},
                                          schema::TensorType_INT16, {0.1f}));
  EXPECT_TRUE(r2.Has("DEQUANTIZE: output type INT16 is not supported (FLOAT32)")) << r2.log;
}

}  // namespace
}  // namespace mote
