// Glue shared by CONV_2D and DEPTHWISE_CONV_2D (this folder and ../depthwise_conv_2d/).
//
// Padding parsing (activation and tensor types: kernels/glue/options_parsing.h), the node/type/shape
// validation both ops share, and the per-channel requantization constants both ops compute identically to
// TFLM's PopulateConvolutionQuantizationParams run in parse/prepare only. The few invoke-time pieces (the
// params <-> int8 problem conversions, EvalTensors) are marked as such.
#ifndef MOTE_KERNELS_GLUE_CONV_COMMON_H_
#define MOTE_KERNELS_GLUE_CONV_COMMON_H_

#include <cstdint>

#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_float_problem.h"
#include "kernels/glue/conv_int8_problem.h"
#include "kernels/glue/conv_params.h"
#include "kernels/glue/options_parsing.h"
#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/runtime_shape.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace conv_common {

// Schema Padding -> TfLitePadding. kTfLiteError (with a message naming `op_name`) for unknown values.
TfLiteStatus ParsePadding(schema::Padding padding, const char* op_name, TfLitePadding* out);

// Reads the options both convolutions share from a Conv2DOptions or DepthwiseConv2DOptions table into
// TfLiteConvParams or TfLiteDepthwiseConvParams (the same field names in both): padding, fused activation,
// strides, dilations. Without a table (options == nullptr) the schema defaults: SAME, strides 0 (refused by
// prepare), NONE, dilations 1. The op's own fields (bias type, depth multiplier) are left to its parser.
template <typename Options, typename Params>
TfLiteStatus ParseWindowOptions(const Options* options, const char* op_name, Params* params) {
  params->padding = kTfLitePaddingSame;
  params->activation = kTfLiteActNone;
  params->dilation_width_factor = 1;
  params->dilation_height_factor = 1;
  if (options == nullptr) return kTfLiteOk;
  TF_LITE_ENSURE_STATUS(ParsePadding(options->padding(), op_name, &params->padding));
  TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), op_name, &params->activation));
  params->stride_width = options->stride_w();
  params->stride_height = options->stride_h();
  params->dilation_width_factor = options->dilation_w_factor();
  params->dilation_height_factor = options->dilation_h_factor();
  return kTfLiteOk;
}

// The window geometry both ops share, validated and resolved against TFLite's padding rules.
struct WindowGeometry {
  int stride_width;
  int stride_height;
  int dilation_width;
  int dilation_height;
  TfLitePadding padding;
};

// The geometry of TfLiteConvParams or TfLiteDepthwiseConvParams (the same field names).
template <typename Options>
WindowGeometry GeometryOf(const Options& options) {
  return {options.stride_width, options.stride_height, options.dilation_width_factor, options.dilation_height_factor,
          options.padding};
}

// Checks strides/dilations >= 1 and padding SAME/VALID, computes the output size and "before" padding exactly
// as TFLite's ComputePaddingHeightWidth, refuses sizes that would overflow int arithmetic in the kernels or an
// empty output. The output tensor's spatial dims should be that size; as TFLM, others are accepted (TFLM's
// conv_test runs a dilated case whose output is 2x2 where the padding computes 1x2): the kernel then iterates
// the output's own dims with the windows the padding places, taps outside the input skipped, and
// *output_is_computed_size is false (only the reference variants handle that). Refused: outputs with a window
// starting past the input (no tap could reach it). Messages name `op_name`.
TfLiteStatus ResolveWindow(TfLiteContext* context, const char* op_name, const WindowGeometry& geometry,
                           int input_height, int input_width, int filter_height, int filter_width,
                           int output_height, int output_width, TfLitePaddingValues* padding,
                           bool* output_is_computed_size);

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

// Prepare's first checks: user data (from init) and parsed options present, 2 or 3 inputs (input, filter,
// optional bias) and 1 output. Messages name `op_name`.
TfLiteStatus CheckNode(TfLiteContext* context, const char* op_name, const TfLiteNode* node);

// The temp tensors of one prepare call (input, filter, optional bias, output), released on every exit path.
class TempTensors {
 public:
  TempTensors(TfLiteContext* context, const TfLiteNode* node);
  ~TempTensors();
  TempTensors(const TempTensors&) = delete;
  TempTensors& operator=(const TempTensors&) = delete;

  // kTfLiteError (with a message naming `op_name`) unless input, filter and output are all present.
  TfLiteStatus CheckPresent(TfLiteContext* context, const char* op_name) const;

  TfLiteTensor* input = nullptr;
  TfLiteTensor* filter = nullptr;
  TfLiteTensor* bias = nullptr;  // nullptr when absent (2 inputs, or index -1)
  TfLiteTensor* output = nullptr;

 private:
  MicroContext* micro_context_;
};

// Input and output of the same type, one of INT8, INT16, FLOAT32; filter INT8 (FLOAT32 or INT8 (hybrid) for
// FLOAT32 input, other weights refused by RefuseHybrid; INT8 or packed INT4 for INT8 input).
TfLiteStatus CheckTypes(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                        const TfLiteTensor* filter, const TfLiteTensor* output);

// CheckTypes, CheckActivation, then CheckShape4D on input, filter and output (in that order).
TfLiteStatus CheckTensors(TfLiteContext* context, const char* op_name, TfLiteFusedActivation activation,
                          const TempTensors& tensors);

// The output is [batches, OH, OW, channels] (OH, OW: ResolveWindow checks them). `channels_name` says what the
// op's output channels are in the message ("filter count", "channels").
TfLiteStatus CheckOutputBatchesAndChannels(TfLiteContext* context, const char* op_name, const TfLiteTensor* output,
                                           int batches, int channels, const char* channels_name);

// ResolveWindow and CheckDilatedSteps for `geometry` over input/filter/output (rank 4, spatial dims 1 and 2 in
// all three, validated by CheckShape4D), then the window fields of `params` (strides, dilations, "before"
// padding). The other fields of `params` are left as they are.
// *output_is_computed_size as ResolveWindow's.
TfLiteStatus PrepareWindow(TfLiteContext* context, const char* op_name, const WindowGeometry& geometry,
                           const TfLiteTensor* input, const TfLiteTensor* filter, const TfLiteTensor* output,
                           reference::ConvParams* params, bool* output_is_computed_size);

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

// PrepareQuantization, then the quantized fields of `params`: multipliers, shifts, activation range, and for
// INT8 input the offsets (-input zero point, output zero point; INT16 leaves them as they are: 0).
TfLiteStatus PrepareQuantizedParams(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                                    const TfLiteTensor* filter, const TfLiteTensor* output,
                                    TfLiteFusedActivation activation, int quantized_dimension, int num_channels,
                                    int max_shift, reference::ConvParams* params);

// Refuses fused activations the kernels do not implement (TANH, SIGN_BIT, SIGMOID: TFLM silently ignores
// them on convolutions, which would give wrong results without a word).
TfLiteStatus CheckActivation(TfLiteContext* context, const char* op_name, TfLiteFusedActivation activation);

// Prepare and invoke: the shared fields of an int8 problem from `params` and the shapes (input [N, H, W, IC],
// filter [., FH, FW, .], output [N, OH, OW, OC]); data pointers nullptr. The op sets its own field.
void FillInt8Problem(const reference::ConvParams& params, const RuntimeShape& input, const RuntimeShape& filter,
                     const RuntimeShape& output, ConvInt8ProblemCommon* problem);

// Invoke (the int8 reference variant): the window and quantized fields of `params` back from a problem.
void ParamsFromInt8Problem(const ConvInt8ProblemCommon& problem, reference::ConvParams* params);

// The same for float32 problems: the window fields and the float activation range.
void FillFloatProblem(const reference::ConvParams& params, const RuntimeShape& input, const RuntimeShape& filter,
                      const RuntimeShape& output, ConvFloatProblemCommon* problem);
void ParamsFromFloatProblem(const ConvFloatProblemCommon& problem, reference::ConvParams* params);

// Prepare: SelectVariant from `table` when the output has the size the padding computes; otherwise (accepted as
// TFLM does, see ResolveWindow) the reference, the table's last entry, which alone iterates such outputs.
// `prepacked` as SelectVariant's (nullptr when the reference is taken).
template <typename Problem, size_t N>
TfLiteStatus SelectWindowVariant(TfLiteContext* context, const char* op_name, const KernelVariant<Problem> (&table)[N],
                                 const Problem& problem, bool output_is_computed_size, VariantChoice* choice,
                                 const void** prepacked = nullptr) {
  if (output_is_computed_size) return SelectVariant(context, op_name, table, problem, choice, prepacked);
  if (prepacked != nullptr) *prepacked = nullptr;
  *choice = {static_cast<int16_t>(N - 1), -1};
  ReportKernelVariant(context, table[N - 1].id);
  return kTfLiteOk;
}

// Prepare, int8: SelectWindowVariant with the weights a variant may prepare once when they are constant (an int8
// filter, not a packed INT4 one, which is unpacked per invoke, and a constant bias or none): the problem then
// points at them for the variant's prepare_persistent, and *prepacked receives its buffer (else nullptr).
template <typename Problem, size_t N>
TfLiteStatus SelectInt8WindowVariant(TfLiteContext* context, const char* op_name,
                                     const KernelVariant<Problem> (&table)[N], Problem problem,
                                     bool output_is_computed_size, const TfLiteTensor* filter,
                                     const TfLiteTensor* bias, bool filter_unpacked, VariantChoice* choice,
                                     const void** prepacked) {
  const bool weights_constant =
      !filter_unpacked && IsConstantTensor(filter) && (bias == nullptr || IsConstantTensor(bias));
  if (weights_constant) {
    problem.filter = filter->data.int8;
    problem.bias = bias == nullptr ? nullptr : bias->data.i32;
  }
  *prepacked = nullptr;
  return SelectWindowVariant(context, op_name, table, problem, output_is_computed_size, choice,
                             weights_constant ? prepacked : nullptr);
}

// Invoke: the node's eval tensors (bias nullptr with 2 inputs) and their shapes.
struct EvalTensors {
  EvalTensors(const TfLiteContext* context, const TfLiteNode* node)
      : input(micro::GetEvalInput(context, node, 0)),
        filter(micro::GetEvalInput(context, node, 1)),
        bias(NumInputs(node) == 3 ? micro::GetEvalInput(context, node, 2) : nullptr),
        output(micro::GetEvalOutput(context, node, 0)),
        input_shape(micro::GetTensorShape(input)),
        filter_shape(micro::GetTensorShape(filter)),
        output_shape(micro::GetTensorShape(output)) {}

  const TfLiteEvalTensor* input;
  const TfLiteEvalTensor* filter;
  const TfLiteEvalTensor* bias;
  TfLiteEvalTensor* output;
  RuntimeShape input_shape;
  RuntimeShape filter_shape;
  RuntimeShape output_shape;

  // The int8 data pointers of a problem.
  void SetInt8Data(ConvInt8ProblemCommon* problem) const {
    problem->input = micro::GetTensorData<int8_t>(input);
    problem->filter = micro::GetTensorData<int8_t>(filter);
    problem->bias = micro::GetOptionalTensorData<int32_t>(bias);
    problem->output = micro::GetTensorData<int8_t>(output);
  }
  // The float32 data pointers of a problem.
  void SetFloatData(ConvFloatProblemCommon* problem) const {
    problem->input = micro::GetTensorData<float>(input);
    problem->filter = micro::GetTensorData<float>(filter);
    problem->bias = micro::GetOptionalTensorData<float>(bias);
    problem->output = micro::GetTensorData<float>(output);
  }
};

}  // namespace conv_common
}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_CONV_COMMON_H_
