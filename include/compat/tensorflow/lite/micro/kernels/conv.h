// TFLM's micro/kernels/conv.h: CONV_2D's registrations and the prepare-time state a CONV_2D kernel written
// against TFLM keeps (OpDataConv), with TFLM's helpers that fill it and turn it into the reference kernels'
// ConvParams. The registrations are mote's kernel: Register_CONV_2D_INT8/INT16() its type-specialised
// registrations (mote/op_table.h), INT4 and INT8REF the generic one, as TFLM's reference build has them.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CONV_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CONV_H_

#include <cstddef>
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/kernels/kernel_util.h"
#include "tensorflow/lite/kernels/padding.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"
#include "tensorflow/lite/micro/micro_common.h"

namespace tflite {
namespace micro {

struct OpDataConv {
  TfLitePaddingValues padding;
  // Tensor zero points, cached for the quantized kernels.
  int32_t input_zero_point;
  int32_t filter_zero_point;
  int32_t output_zero_point;
  // Per-tensor multiplier (uint8-era kernels) as a fixed-point multiplier and shift.
  int32_t output_multiplier;
  int output_shift;
  // Per-channel multipliers and shifts: arrays of output-channel length the kernel allocates (persistent).
  int32_t* per_channel_output_multiplier;
  int32_t* per_channel_output_shift;
  // Fused activation range in the output's quantized domain.
  int32_t output_activation_min;
  int32_t output_activation_max;
  // Scratch buffer index for unpacked int4 filters (-1 when none).
  int filter_buffer_index;
};

inline constexpr int kConvInputTensor = 0;
inline constexpr int kConvWeightsTensor = 1;
inline constexpr int kConvBiasTensor = 2;
inline constexpr int kConvOutputTensor = 0;
// Filters are quantized per output channel, their dimension 0.
inline constexpr int kConvQuantizedDimension = 0;

// ConvParams for the float reference kernel: strides, dilations, padding and the float activation range.
ConvParams ConvParamsFloat(const TfLiteConvParams& params, const OpDataConv& data);
// ConvParams for the quantized reference kernels: as the float one plus offsets (-input and -filter zero
// points, +output zero point), the per-tensor multiplier and the quantized activation range.
ConvParams ConvParamsQuantized(const TfLiteConvParams& params, const OpDataConv& data);

// Fills `data` for the node's input/filter/bias/output (TFLM's tensor order): padding from the geometry given
// and, unless data_type is float32, the zero points, multipliers (into data's per-channel arrays, which must
// hold the filter's output channels) and the activation range. Prepare only.
TfLiteStatus CalculateOpDataConv(TfLiteContext* context, TfLiteNode* node, const TfLiteConvParams& params,
                                 int width, int height, int filter_width, int filter_height, int out_width,
                                 int out_height, const TfLiteType data_type, OpDataConv* data);

using ::tflite::Register_CONV_2D;
using ::tflite::Register_CONV_2D_INT16;
using ::tflite::Register_CONV_2D_INT8;
inline TFLMRegistration Register_CONV_2D_INT4() { return Register_CONV_2D(); }
inline TFLMRegistration Register_CONV_2D_INT8REF() { return Register_CONV_2D(); }

}  // namespace micro

using micro::CalculateOpDataConv;
using micro::ConvParamsFloat;
using micro::ConvParamsQuantized;
using micro::kConvBiasTensor;
using micro::kConvInputTensor;
using micro::kConvOutputTensor;
using micro::kConvQuantizedDimension;
using micro::kConvWeightsTensor;
using micro::OpDataConv;
using micro::Register_CONV_2D_INT4;
using micro::Register_CONV_2D_INT8REF;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CONV_H_
