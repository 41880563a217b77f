// Prepare-time pieces shared by CONV_2D and DEPTHWISE_CONV_2D glue (this folder and ../depthwise_conv_2d/).
//
// Padding parsing (activation and tensor types: kernels/internal/options_parsing.h) and the validation +
// per-channel requantization constants both ops compute identically to TFLM's
// PopulateConvolutionQuantizationParams. Everything here runs in parse/prepare only; nothing is used by invoke.
#ifndef MOTE_KERNELS_CONV_2D_CONV_COMMON_H_
#define MOTE_KERNELS_CONV_2D_CONV_COMMON_H_

#include <cstdint>

#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/micro_context.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace conv_common {

// Schema Padding -> TfLitePadding. kTfLiteError (with a message naming `op_name`) for unknown values.
TfLiteStatus ParsePadding(schema::Padding padding, const char* op_name, TfLitePadding* out);

// The window geometry both ops share, validated and resolved against TFLite's padding rules.
struct WindowGeometry {
  int stride_width;
  int stride_height;
  int dilation_width;
  int dilation_height;
  TfLitePadding padding;
};

// Checks strides/dilations >= 1 and padding SAME/VALID, computes the output size and "before" padding exactly
// as TFLite's ComputePaddingHeightWidth, refuses sizes that would overflow int arithmetic in the kernels or an
// empty output, and checks that the output tensor's spatial dims match. Messages name `op_name`.
TfLiteStatus ResolveWindow(TfLiteContext* context, const char* op_name, const WindowGeometry& geometry,
                           int input_height, int input_width, int filter_height, int filter_width,
                           int output_height, int output_width, TfLitePaddingValues* padding);

// Kernels step between the taps of a dilated filter by dilation_w * input_depth elements (and between rows by
// dilation_h * input_width * input_depth); refuses dilations that make those steps overflow int. (A dilation may
// exceed the input size — TFLite runs such models — so ResolveWindow alone does not bound them.)
TfLiteStatus CheckDilatedSteps(TfLiteContext* context, const char* op_name, const WindowGeometry& geometry,
                               int input_width, int input_depth);

// Rank 4, every dimension >= 1, element count that fits in int (the kernels index with int, as TFLite
// does). `role` names the tensor in the message ("input").
TfLiteStatus CheckShape4D(TfLiteContext* context, const char* op_name, const char* role, const TfLiteTensor* t);

// Bias type for `input_type` (INT8 -> INT32; INT16 -> INT64, or INT32 when `int16_allows_int32`; FLOAT32 ->
// FLOAT32) and exactly `channels` elements.
TfLiteStatus CheckBias(TfLiteContext* context, const char* op_name, TfLiteType input_type, bool int16_allows_int32,
                       const TfLiteTensor* bias, int channels);

// The temp tensors of one prepare call (input, filter, optional bias, output), released on every exit path.
class TempTensors {
 public:
  TempTensors(TfLiteContext* context, const TfLiteNode* node);
  ~TempTensors();
  TempTensors(const TempTensors&) = delete;
  TempTensors& operator=(const TempTensors&) = delete;

  TfLiteTensor* input = nullptr;
  TfLiteTensor* filter = nullptr;
  TfLiteTensor* bias = nullptr;  // nullptr when absent (2 inputs, or index -1)
  TfLiteTensor* output = nullptr;

 private:
  MicroContext* micro_context_;
};

// Requantization constants for a quantized convolution (int8 or int16 activations, int8 filter), matching
// TFLM: per output channel c, effective_scale = input_scale * filter_scale[c or 0] / output_scale (in double),
// turned into (multiplier[c], shift[c]) by QuantizeMultiplier; the fused activation is clamped in the output's
// quantized domain. Validates first: input/output scale > 0 and zero points in range (int16: zero points must
// be 0, the 16x8 kernels have no offsets); filter quantization affine, with 1 or `num_channels` scales along
// `quantized_dimension`, finite scales >= 0, zero points all 0 (symmetric weights); the resulting shifts are
// <= `max_shift` (the int64 requantization needs shift <= 14, the int32 one <= 30). Allocates `multiplier` and
// `shift` (`num_channels` entries each) as one persistent buffer.
struct QuantizationResult {
  int32_t* multiplier;
  int8_t* shift;  // in [-31, max_shift]: int8 (TFLM keeps int32), 3 arena bytes less per channel
  int32_t activation_min;
  int32_t activation_max;
};
TfLiteStatus PrepareQuantization(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                 const TfLiteTensor* filter, const TfLiteTensor* output,
                                 TfLiteFusedActivation activation, int quantized_dimension, int num_channels,
                                 int max_shift, QuantizationResult* result);

// Refuses fused activations the kernels do not implement (TANH, SIGN_BIT, SIGMOID: TFLM silently ignores
// them on convolutions, which would give wrong results without a word).
TfLiteStatus CheckActivation(TfLiteContext* context, const char* op_name, TfLiteFusedActivation activation);

}  // namespace conv_common
}  // namespace mote

#endif  // MOTE_KERNELS_CONV_2D_CONV_COMMON_H_
