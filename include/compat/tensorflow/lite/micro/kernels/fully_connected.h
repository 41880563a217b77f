// TFLM's micro/kernels/fully_connected.h: FULLY_CONNECTED's registrations and the prepare-time state a kernel
// written against TFLM keeps, with TFLM's helpers. Register_FULLY_CONNECTED_INT8/INT16() are mote's
// type-specialised registrations, INT4 the generic one, as TFLM's reference build has it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_FULLY_CONNECTED_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_FULLY_CONNECTED_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"
#include "tensorflow/lite/micro/micro_common.h"

namespace tflite {

struct OpDataFullyConnected {
  // Per-tensor multiplier as a fixed-point multiplier and shift.
  int32_t output_multiplier;
  int output_shift;
  // Fused activation range in the output's quantized domain.
  int32_t output_activation_min;
  int32_t output_activation_max;
  // Index of a temporary tensor for quantized inputs (hybrid kernels; unused by mote).
  int input_quantized_index;
  // Tensor zero points, cached for the quantized kernels.
  int32_t input_zero_point;
  int32_t filter_zero_point;
  int32_t output_zero_point;
  // Scratch buffer index for unpacked int4 filters (-1 when none).
  int filter_buffer_index;
  // Per-channel multipliers and shifts (filters quantized per output channel); the kernel's arrays.
  int32_t* per_channel_output_multiplier;
  int32_t* per_channel_output_shift;
  bool is_per_channel;
};

inline constexpr int kFullyConnectedInputTensor = 0;
inline constexpr int kFullyConnectedWeightsTensor = 1;
inline constexpr int kFullyConnectedBiasTensor = 2;
inline constexpr int kFullyConnectedOutputTensor = 0;

// FullyConnectedParams for the float reference kernel: the activation's float range.
FullyConnectedParams FullyConnectedParamsFloat(TfLiteFusedActivation activation);
// FullyConnectedParams for the quantized reference kernels: offsets (-input, -filter, +output zero points),
// the per-tensor multiplier and the activation range.
FullyConnectedParams FullyConnectedParamsQuantized(const OpDataFullyConnected& op_data);

// Fills `data` for a quantized node (multiplier from the scales, activation range, zero points); nothing for
// float32. The per-channel arrays, when the filter has several scales, must be set by the caller with one entry
// per output channel. Prepare only.
TfLiteStatus CalculateOpDataFullyConnected(TfLiteContext* context, TfLiteFusedActivation activation,
                                           TfLiteType data_type, const TfLiteTensor* input,
                                           const TfLiteTensor* filter, const TfLiteTensor* bias,
                                           TfLiteTensor* output, OpDataFullyConnected* data);

inline TFLMRegistration Register_FULLY_CONNECTED_INT4() { return Register_FULLY_CONNECTED(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_FULLY_CONNECTED_H_
