// DEPTHWISE_CONV_2D: the variant each type reports and the exact text of every prepare/parse refusal
// (numerical bit-exactness is proven by the oracle cases, tools/oracle/gen_conv.py).
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_float_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// One valid int8 DEPTHWISE_CONV_2D node (multiplier 2); every field can be bent to provoke one refusal.
struct DwSpec : variant_test::ConvNodeSpec {
  DwSpec() {
    op = schema::BuiltinOperator_DEPTHWISE_CONV_2D;
    filter = {1, 3, 3, 6};
    output = {1, 5, 5, 6};
    depth_multiplier = 2;
    filter_quantized_dimension = 3;
  }
};
using variant_test::ExpectRefused;

TEST(DepthwiseConv2D, ReportsVariantPerType) {
  // The float32 node gets the AVX2 variant where it runs (it takes every multiplier; the int8 ones do not take 2).
  const char* const kFloatVariant = MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2) != nullptr &&
                                            (isa::AvailableFeatures() & isa::kAvx2) != 0
                                        ? "depthwise_conv_2d/float32/avx2"
                                        : "depthwise_conv_2d/float32/reference";
  struct {
    schema::TensorType type, filter_type, bias_type;
    bool has_bias;
    const char* variant;
  } kinds[] = {
      {schema::TensorType_INT8, schema::TensorType_INT8, schema::TensorType_INT32, true,
       "depthwise_conv_2d/int8/reference"},
      // A packed INT4 filter is unpacked and runs the int8 variant.
      {schema::TensorType_INT8, schema::TensorType_INT4, schema::TensorType_INT32, true,
       "depthwise_conv_2d/int8/reference"},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT64, true,
       "depthwise_conv_2d/int16/reference"},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT64, false,
       "depthwise_conv_2d/int16/reference"},
      {schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, true, kFloatVariant},
  };
  for (const auto& k : kinds) {
    DwSpec s;
    s.type = k.type;
    s.filter_type = k.filter_type;
    s.bias_type = k.bias_type;
    s.has_bias = k.has_bias;
    variant_test::ExpectReportsVariant(s, k.variant);
    if (HasFatalFailure()) return;
  }
}

// Packed INT4 weights run the int8 variants on the unpacked copy: same outputs as the weights given as INT8, on
// every variant the masks reach (AVX2 with multiplier 1, the reference).
TEST(DepthwiseConv2D, Int4FilterMatchesInt8FilterOnEveryVariant) {
  const std::vector<uint32_t> masks = {0, ~0u};
  const uint64_t seed = variant_test::BaseSeed();
  variant_test::ExpectInt4MatchesInt8(DwSpec(), seed, masks);  // multiplier 2, 54 weights
  DwSpec m1;
  m1.input = {1, 7, 6, 9};
  m1.filter = {1, 3, 3, 9};  // 81 weights: the last byte half used
  m1.output = {1, 7, 6, 9};
  m1.depth_multiplier = 1;
  variant_test::ExpectInt4MatchesInt8(m1, seed + 2, masks);
}

TEST(DepthwiseConv2D, RefusesDepthMultiplierThatDisagreesWithShapes) {
  DwSpec s;
  s.depth_multiplier = 3;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: depth_multiplier (3) times input channels (3) must equal the filter's output "
                "channels (6)");
}

TEST(DepthwiseConv2D, RefusesMissingOptions) {
  DwSpec s;
  s.options = false;  // schema defaults: strides 0, depth_multiplier 0
  ExpectRefused(s, "DEPTHWISE_CONV_2D: depth_multiplier (0) times input channels (3) must equal the filter's output "
                   "channels (6)");
}

TEST(DepthwiseConv2D, RefusesFilterWithLeadingDimensionOtherThanOne) {
  DwSpec s;
  s.filter = {2, 3, 3, 6};
  ExpectRefused(s, "DEPTHWISE_CONV_2D: filter must have shape [1, FH, FW, OC], got first dimension 2");
}

TEST(DepthwiseConv2D, RefusesInt32BiasOn16x8) {
  DwSpec s;
  s.type = schema::TensorType_INT16;
  s.bias_type = schema::TensorType_INT32;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: bias type INT32 with INT16 input is not supported (INT64)");
}

TEST(DepthwiseConv2D, RefusesNonzeroFilterZeroPoint) {
  DwSpec s;
  s.filter_zero_points = {-2};
  ExpectRefused(s, "DEPTHWISE_CONV_2D: filter zero point -2 (channel 0) must be 0: weights are symmetric");
}

TEST(DepthwiseConv2D, RefusesPerChannelQuantizationAlongTheWrongDimension) {
  DwSpec s;  // filter [1, 3, 3, 6]: 3 scales along dimension 1 are consistent, but not per output channel
  s.filter_scales = {0.01f, 0.02f, 0.03f};
  s.filter_zero_points = {0, 0, 0};
  s.filter_quantized_dimension = 1;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: per-channel filter quantization must have one scale per output channel along "
                "dimension 3 (got 3 scales along dimension 1, 6 output channels)");
}

TEST(DepthwiseConv2D, RefusesSignBitActivation) {
  DwSpec s;
  s.activation = schema::ActivationFunctionType_SIGN_BIT;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: fused activation SIGN_BIT (5) is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)");
}

TEST(DepthwiseConv2D, RefusesOutputWithWindowsPastTheInput) {
  DwSpec s;
  s.stride = 2;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: output spatial size is 5x5 but SAME padding with stride 2x2 and dilation 1x1 "
                "gives 3x3 (and at most 3x3 windows start inside the input)");
}

// An output smaller than the padding computes (TFLM accepts it): the reference runs it.
TEST(DepthwiseConv2D, OutputOfAnotherSizeThanThePaddingComputesRunsTheReference) {
  DwSpec s;
  s.output = {1, 4, 4, 6};
  variant_test::ExpectReportsVariant(s, "depthwise_conv_2d/int8/reference");
}

TEST(DepthwiseConv2D, RefusesInt8OutputZeroPointOutOfRange) {
  DwSpec s;
  s.output_zero_point = 200;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: output zero point 200 is out of range for INT8");
}

TEST(DepthwiseConv2D, RefusesInt4FilterWithInt16Input) {
  DwSpec s;
  s.type = schema::TensorType_INT16;
  s.filter_type = schema::TensorType_INT4;
  s.bias_type = schema::TensorType_INT64;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: filter type INT4 with INT16 input is not supported (expected INT8)");
}

TEST(DepthwiseConv2D, RefusesNonConstantInt4Filter) {
  DwSpec s;
  s.filter_type = schema::TensorType_INT4;
  s.filter_constant = false;
  ExpectRefused(s, "DEPTHWISE_CONV_2D: an INT4 filter must be a constant tensor");
}

// Hybrid FLOAT32 x INT8 with one scale per output channel runs (hybrid oracle group); LiteRT refuses one scale
// for several channels, and so does mote, with what to do instead.
TEST(DepthwiseConv2D, RunsPerChannelHybridAndRefusesTheRest) {
  DwSpec s;
  s.type = schema::TensorType_FLOAT32;
  s.bias_type = schema::TensorType_FLOAT32;
  s.filter_scales = {0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f};
  s.filter_zero_points = {0, 0, 0, 0, 0, 0};
  variant_test::ExpectReportsVariant(s, "depthwise_conv_2d/hybrid/reference");
  s.filter_scales = {0.01f};
  s.filter_zero_points = {0};
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: hybrid weights need one scale per output channel (6), got one (LiteRT refuses it "
                "too); quantize the weights per channel");
  s.filter_type = schema::TensorType_INT4;
  ExpectRefused(s,
                "DEPTHWISE_CONV_2D: FLOAT32 input with INT4 weights (a hybrid model) is not supported; convert the "
                "model with full-integer quantization (a representative dataset) or keep FLOAT32 weights");
}

}  // namespace
}  // namespace mote
