// CONV_2D: the tap-range helper against brute force, the variant each type reports, and the exact text of
// every prepare/parse refusal (numerical bit-exactness is proven by the oracle cases, tools/oracle/gen_conv.py).
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_float_variants.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

TEST(ConvValidTapRange, MatchesBruteForce) {
  for (int size = 1; size <= 8; ++size) {
    for (int filter = 1; filter <= 6; ++filter) {
      for (int dilation = 1; dilation <= 4; ++dilation) {
        for (int origin = -25; origin <= 12; ++origin) {
          int expected_begin = -1, expected_end = -1, count = 0;
          for (int k = 0; k < filter; ++k) {
            const int pos = origin + k * dilation;
            if (pos >= 0 && pos < size) {
              if (expected_begin < 0) expected_begin = k;
              expected_end = k + 1;
              ++count;
            }
          }
          int begin, end;
          reference::ValidTapRange(origin, dilation, size, filter, &begin, &end);
          SCOPED_TRACE("size " + std::to_string(size) + " filter " + std::to_string(filter) + " dilation " +
                       std::to_string(dilation) + " origin " + std::to_string(origin));
          EXPECT_EQ(end - begin, count);  // the in-image taps are contiguous in k
          if (count > 0) {
            EXPECT_EQ(begin, expected_begin);
            EXPECT_EQ(end, expected_end);
          }
        }
      }
    }
  }
}

// One valid int8 CONV_2D node; every field can be bent to provoke one refusal.
using ConvSpec = variant_test::ConvNodeSpec;
using variant_test::ExpectRefused;

TEST(Conv2D, ReportsVariantPerType) {
  // The int8 node (3x3 filter) gets the VNNI or AVX2 im2col variant where it runs (conv_2d_avx2_test.cc); a packed
  // INT4 filter is unpacked and runs the same int8 variant.
  // On AArch64 the dot-product or NEON im2col variant (conv_2d_neon_test.cc).
  const uint32_t available = isa::AvailableFeatures();
  const bool aarch64 = MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonIm2col) != nullptr;
  const char* const kInt8Variant =
      aarch64 ? ((available & isa::kArmDotProd) != 0 && (available & isa::kArmNeon) != 0 ? "conv_2d/int8/dotprod-im2col"
                 : (available & isa::kArmNeon) != 0                                     ? "conv_2d/int8/neon-im2col"
                                                                                        : "conv_2d/int8/reference")
      : MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col) == nullptr ? "conv_2d/int8/reference"
      : (available & isa::kAvx512Vnni) != 0                      ? "conv_2d/int8/avx512vnni-im2col"
      : (available & isa::kAvx2) != 0                            ? "conv_2d/int8/avx2-im2col"
                                                                 : "conv_2d/int8/reference";
  // The float32 node (3x3 filter): the general AVX2 + FMA variant where it runs (conv_2d_float32_avx2_test.cc).
  const char* const kFloatVariant =
      MOTE_X86_SIMD_FN(conv_2d::ConvFloatAvx2General) != nullptr && (available & isa::kAvx2) != 0 &&
              (available & isa::kFma) != 0
          ? "conv_2d/float32/avx2"
          : "conv_2d/float32/reference";
  struct {
    schema::TensorType type, filter_type, bias_type;
    const char* variant;
  } kinds[] = {
      {schema::TensorType_INT8, schema::TensorType_INT8, schema::TensorType_INT32, kInt8Variant},
      {schema::TensorType_INT8, schema::TensorType_INT4, schema::TensorType_INT32, kInt8Variant},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT64, "conv_2d/int16/reference"},
      {schema::TensorType_INT16, schema::TensorType_INT8, schema::TensorType_INT32, "conv_2d/int16/reference"},
      {schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, schema::TensorType_FLOAT32, kFloatVariant},
      {schema::TensorType_FLOAT32, schema::TensorType_INT8, schema::TensorType_FLOAT32, "conv_2d/hybrid/reference"},
  };
  for (const auto& k : kinds) {
    ConvSpec s;
    s.type = k.type;
    s.filter_type = k.filter_type;
    s.bias_type = k.bias_type;
    variant_test::ExpectReportsVariant(s, k.variant);
    if (HasFatalFailure()) return;
  }
}

// Packed INT4 weights run the int8 variants on the unpacked copy: same outputs as the weights given as INT8, on
// every variant the masks reach (VNNI, AVX2 and the reference on x86), pointwise and im2col shapes, odd counts.
TEST(Conv2D, Int4FilterMatchesInt8FilterOnEveryVariant) {
  const std::vector<uint32_t> masks = {0, isa::kAvx512Vnni, ~0u};
  const uint64_t seed = variant_test::BaseSeed();
  ConvSpec im2col;  // 3x3 filters over 3 channels
  im2col.filter = {5, 3, 3, 3};  // 135 weights: the last byte half used
  im2col.output = {1, 5, 5, 5};
  variant_test::ExpectInt4MatchesInt8(im2col, seed, masks);
  ConvSpec pointwise;
  pointwise.input = {1, 6, 7, 17};
  pointwise.filter = {9, 1, 1, 17};
  pointwise.output = {1, 6, 7, 9};
  variant_test::ExpectInt4MatchesInt8(pointwise, seed + 2, masks);
}

TEST(Conv2D, RefusesNonzeroFilterZeroPoint) {
  ConvSpec s;
  s.filter_zero_points = {3};
  ExpectRefused(s, "CONV_2D: filter zero point 3 (channel 0) must be 0: weights are symmetric");
}

TEST(Conv2D, RefusesNonzeroInt16ZeroPoint) {
  ConvSpec s;
  s.type = schema::TensorType_INT16;
  s.bias_type = schema::TensorType_INT64;
  s.input_zero_point = 5;
  ExpectRefused(s, "CONV_2D: INT16 input tensor must have zero point 0 (16x8 quantization is symmetric), got 5");
}

TEST(Conv2D, RefusesTanhActivation) {
  ConvSpec s;
  s.activation = schema::ActivationFunctionType_TANH;
  ExpectRefused(s, "CONV_2D: fused activation TANH (4) is not supported (NONE, RELU, RELU_N1_TO_1, RELU6)");
}

// 5x5 SAME with a 3x3 filter pads 1: windows start inside the input for at most 6 output rows and columns.
TEST(Conv2D, RefusesOutputWithWindowsPastTheInput) {
  ConvSpec s;
  s.output = {1, 7, 7, 4};
  ExpectRefused(s,
                "CONV_2D: output spatial size is 7x7 but SAME padding with stride 1x1 and dilation 1x1 gives 5x5 (and "
                "at most 6x6 windows start inside the input)");
}

// Other output sizes TFLM accepts (its conv_test has a dilated case whose output is larger than the padding
// computes; tests/compat/tflm_shapes_test.cc checks such outputs by hand): the reference runs them, whichever
// variant would apply to the computed size.
TEST(Conv2D, OutputOfAnotherSizeThanThePaddingComputesRunsTheReference) {
  for (const std::vector<int>& output : {std::vector<int>{1, 4, 4, 4}, std::vector<int>{1, 6, 6, 4}}) {
    ConvSpec s;
    s.output = output;
    variant_test::ExpectReportsVariant(s, "conv_2d/int8/reference");
  }
}

TEST(Conv2D, RefusesMissingOptionsBecauseStridesDefaultToZero) {
  ConvSpec s;
  s.options = false;
  ExpectRefused(s, "CONV_2D: strides must be >= 1 (stride_w=0, stride_h=0)");
}

TEST(Conv2D, RefusesZeroDilation) {
  ConvSpec s;
  s.dilation = 0;
  ExpectRefused(s, "CONV_2D: dilation factors must be >= 1 (dilation_w=0, dilation_h=0)");
}

TEST(Conv2D, RefusesValidWindowLargerThanInput) {
  ConvSpec s;
  s.input = {1, 2, 2, 3};
  s.output = {1, 1, 1, 4};
  s.padding = schema::Padding_VALID;
  ExpectRefused(s,
                "CONV_2D: VALID padding needs an input of at least the dilated filter size (input 2x2, dilated filter "
                "3x3)");
}

TEST(Conv2D, RefusesInvalidPaddingEnum) {
  ConvSpec s;
  s.padding = 7;
  ExpectRefused(s, "CONV_2D: padding 7 is not a valid Padding (SAME=0, VALID=1)");
}

TEST(Conv2D, RefusesChannelsThatAreNotAMultipleOfTheFilterDepth) {
  ConvSpec s;
  s.input = {1, 5, 5, 4};
  ExpectRefused(s, "CONV_2D: input channels (4) must be a multiple of the filter's input channels (3)");
}

TEST(Conv2D, RefusesGroupsThatDoNotDivideTheOutputChannels) {
  ConvSpec s;
  s.input = {1, 5, 5, 6};
  s.filter = {3, 3, 3, 3};
  s.output = {1, 5, 5, 3};
  ExpectRefused(s, "CONV_2D: output channels (3) must be a multiple of the number of groups (2)");
}

TEST(Conv2D, RefusesWrongBiasType) {
  ConvSpec s;
  s.bias_type = schema::TensorType_INT64;
  ExpectRefused(s, "CONV_2D: bias type INT64 with INT8 input is not supported (INT32)");
}

TEST(Conv2D, RefusesInt4FilterWithInt16Input) {
  ConvSpec s;
  s.type = schema::TensorType_INT16;
  s.filter_type = schema::TensorType_INT4;
  s.bias_type = schema::TensorType_INT64;
  ExpectRefused(s,
                "CONV_2D: filter type INT4 with INT16 input is not supported (expected INT8)");
}

TEST(Conv2D, RefusesNonConstantInt4Filter) {
  ConvSpec s;
  s.filter_type = schema::TensorType_INT4;
  s.filter_constant = false;
  ExpectRefused(s, "CONV_2D: an INT4 filter must be a constant tensor");
}

// Hybrid FLOAT32 x INT8 runs (hybrid oracle group); what LiteRT does not run, or runs wrongly, is refused.
TEST(Conv2D, RefusesHybridCombinationsItDoesNotRun) {
  ConvSpec s;
  s.type = schema::TensorType_FLOAT32;
  s.bias_type = schema::TensorType_FLOAT32;
  s.filter_type = schema::TensorType_INT4;
  ExpectRefused(s,
                "CONV_2D: FLOAT32 input with INT4 weights (a hybrid model) is not supported; convert the model with "
                "full-integer quantization (a representative dataset) or keep FLOAT32 weights");
  s.filter_type = schema::TensorType_INT8;
  s.dilation = 2;
  ExpectRefused(s,
                "CONV_2D: a hybrid convolution with one weight scale cannot be dilated (LiteRT ignores the "
                "dilation); quantize the weights per channel");
  s.filter_scales = {0.01f, 0.02f, 0.03f, 0.04f};
  s.filter_zero_points = {0, 0, 0, 0};
  variant_test::ExpectReportsVariant(s, "conv_2d/hybrid/reference");  // per channel: dilation is fine
  s.filter_zero_points = {0, 0, 5, 0};
  ExpectRefused(s, "CONV_2D: hybrid weights must be symmetric (zero point 2 is 5)");
  ConvSpec grouped;
  grouped.type = schema::TensorType_FLOAT32;
  grouped.bias_type = schema::TensorType_FLOAT32;
  grouped.input = {1, 5, 5, 6};
  ExpectRefused(grouped, "CONV_2D: a hybrid (FLOAT32 x INT8) convolution cannot be grouped (2 groups)");
}

TEST(Conv2D, RefusesPerChannelQuantizationAlongTheWrongDimension) {
  ConvSpec s;  // filter [4, 3, 3, 3]: 3 scales along dimension 3 are consistent, but not per output channel
  s.filter_scales = {0.01f, 0.02f, 0.03f};
  s.filter_zero_points = {0, 0, 0};
  s.filter_quantized_dimension = 3;
  ExpectRefused(s,
                "CONV_2D: per-channel filter quantization must have one scale per output channel along dimension 0 "
                "(got 3 scales along dimension 3, 4 output channels)");
}

TEST(Conv2D, RefusesEffectiveScaleTooLargeFor16x8) {
  ConvSpec s;
  s.type = schema::TensorType_INT16;
  s.bias_type = schema::TensorType_INT64;
  s.filter_scales = {1e6f};
  ExpectRefused(s, "is too large (at most 2^14)");
}

}  // namespace
}  // namespace mote
