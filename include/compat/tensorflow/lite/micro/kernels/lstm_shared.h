// TFLM's micro/kernels/lstm_shared.h: the tensor indices of an LSTM node (TFLite's order: 24 inputs, one output).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LSTM_SHARED_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LSTM_SHARED_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kLstmInputTensor = 0;
inline constexpr int kLstmInputToInputWeightsTensor = 1;
inline constexpr int kLstmInputToForgetWeightsTensor = 2;
inline constexpr int kLstmInputToCellWeightsTensor = 3;
inline constexpr int kLstmInputToOutputWeightsTensor = 4;
inline constexpr int kLstmRecurrentToInputWeightsTensor = 5;
inline constexpr int kLstmRecurrentToForgetWeightsTensor = 6;
inline constexpr int kLstmRecurrentToCellWeightsTensor = 7;
inline constexpr int kLstmRecurrentToOutputWeightsTensor = 8;
inline constexpr int kLstmCellToInputWeightsTensor = 9;
inline constexpr int kLstmCellToForgetWeightsTensor = 10;
inline constexpr int kLstmCellToOutputWeightsTensor = 11;
inline constexpr int kLstmInputGateBiasTensor = 12;
inline constexpr int kLstmForgetGateBiasTensor = 13;
inline constexpr int kLstmCellGateBiasTensor = 14;
inline constexpr int kLstmOutputGateBiasTensor = 15;
inline constexpr int kLstmProjectionWeightsTensor = 16;
inline constexpr int kLstmProjectionBiasTensor = 17;
inline constexpr int kLstmOutputStateTensor = 18;
inline constexpr int kLstmCellStateTensor = 19;
inline constexpr int kLstmInputLayerNormCoefficientsTensor = 20;
inline constexpr int kLstmForgetLayerNormCoefficientsTensor = 21;
inline constexpr int kLstmCellLayerNormCoefficientsTensor = 22;
inline constexpr int kLstmOutputLayerNormCoefficientsTensor = 23;
inline constexpr int kLstmOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LSTM_SHARED_H_
