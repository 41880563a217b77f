// TRANSPOSE_CONV: variant ids and the prepare refusals (the data is proven against TFLM by the oracle cases,
// tools/oracle/gen_image_matrix.py).
#include <utility>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

constexpr auto kOp = schema::BuiltinOperator_TRANSPOSE_CONV;

OptionsFn Options(int stride, schema::ActivationFunctionType activation = schema::ActivationFunctionType_NONE) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_TransposeConvOptions,
                          schema::CreateTransposeConvOptions(fbb, schema::Padding_SAME, stride, stride, activation)
                              .Union());
  };
}

// input [1, 2, 2, ic], filter [2, 3, 3, filter_ic], output [1, 4, 4, 2], stride 2, optional bias.
std::vector<uint8_t> Model(schema::TensorType type, schema::TensorType filter_type, int ic, int filter_ic,
                           const TensorSpec* bias, const OptionsFn& options) {
  const float scale = type == kF32 ? 0.0f : 0.05f;
  std::vector<TensorSpec> ins = {Const(kI32, {4}, {1, 4, 4, 2}), Runtime(filter_type, {2, 3, 3, filter_ic}, scale),
                                 Runtime(type, {1, 2, 2, ic}, scale)};
  if (bias != nullptr) ins.push_back(*bias);
  return BuildOne(kOp, ins, {Runtime(type, {1, 4, 4, 2}, scale)}, options);
}

TEST(TransposeConv, Variants) {
  ExpectVariant(Model(kF32, kF32, 3, 3, nullptr, Options(2, schema::ActivationFunctionType_RELU)),
                "transpose_conv/float32/reference");
  const TensorSpec bias32 = Runtime(kI32, {2}, 0.0025f);
  ExpectVariant(Model(kI8, kI8, 3, 3, &bias32, Options(2)), "transpose_conv/int8/reference");
  const TensorSpec bias64 = Runtime(kI64, {2}, 0.0025f);
  ExpectVariant(Model(kI16, kI8, 3, 3, &bias64, Options(1)), "transpose_conv/int16/reference");
}

TEST(TransposeConv, RefusesInt32BiasWith16x8) {  // TFLM reads it as int64
  const TensorSpec bias32 = Runtime(kI32, {2}, 0.0025f);
  ExpectRefused(Model(kI16, kI8, 3, 3, &bias32, Options(1)),
                "TRANSPOSE_CONV: bias type INT32 with INT16 input is not supported (INT64)");
}

// TFLM's SimpleTestQuantized16x8PerChannelWithInt16Bias: 16x8 takes an INT16 bias, widened to int64; the
// output equals the one with the same bias values in INT64.
TEST(TransposeConv, Int16BiasWith16x8ComputesAsInt64Bias) {
  std::vector<int16_t> outputs[2];
  const TensorSpec biases[2] = {Const(kI16, {2}, {300, -1200}), Const(kI64, {2}, {300, -1200})};
  for (int b = 0; b < 2; ++b) {
    OpRun run(Model(kI16, kI8, 3, 3, &biases[b], Options(2)));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(run.interpreter->node_info(0).variant, "transpose_conv/int16/reference");
    for (size_t k = 0; k < run.interpreter->inputs_size(); ++k) {
      TfLiteTensor* in = run.interpreter->input(k);
      for (size_t i = 0; i < in->bytes; ++i) in->data.uint8[i] = static_cast<uint8_t>(i * 37 + k * 11 + 5);
    }
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const TfLiteTensor* out = run.interpreter->output(0);
    outputs[b].assign(out->data.i16, out->data.i16 + out->bytes / sizeof(int16_t));
  }
  EXPECT_EQ(outputs[0], outputs[1]);
  const TensorSpec short_bias = Const(kI16, {1}, {300});
  ExpectRefused(Model(kI16, kI8, 3, 3, &short_bias, Options(1)),
                "TRANSPOSE_CONV: bias must have 2 elements (one per output channel), got 1");
}

TEST(TransposeConv, RefusesShapesAndOptions) {
  ExpectRefused(Model(kF32, kF32, 3, 2, nullptr, Options(2)),
                "TRANSPOSE_CONV: filter input channels (2) must equal the input channels (3)");
  ExpectRefused(Model(kF32, kF32, 3, 3, nullptr, Options(0)),
                "TRANSPOSE_CONV: strides must be >= 1 (got stride_h 0, stride_w 0)");
  ExpectRefused(Model(kF32, kF32, 3, 3, nullptr, Options(2, schema::ActivationFunctionType_TANH)),
                "TRANSPOSE_CONV: fused activation");
  ExpectRefused(BuildOne(kOp, {Const(kI32, {4}, {1, 4, 4, 2}), Runtime(kF32, {2, 3, 3, 3})},
                         {Runtime(kF32, {1, 4, 4, 2})}, Options(2)),
                "TRANSPOSE_CONV: 2 inputs and 1 outputs given (3 or 4, and 1)");
}

}  // namespace
}  // namespace test
}  // namespace mote
