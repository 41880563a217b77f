// Prepare shared by LOGISTIC and TANH (kernels/logistic/, kernels/tanh/): the same tensor checks, the same
// quantization rules but for two differences (LOGISTIC's INT8 output zero point -128, the largest power-of-two
// input shift each accepts), the same constants (kernels/quantization/sigmoid_tanh_scaling.h).
#ifndef MOTE_KERNELS_GLUE_SIGMOID_TANH_PREPARE_H_
#define MOTE_KERNELS_GLUE_SIGMOID_TANH_PREPARE_H_

#include "kernels/quantization/sigmoid_tanh_scaling.h"
#include "mote/c/common.h"

namespace mote {

// Both ops' persistent op data.
struct SigmoidTanhOpData {
  SigmoidTanhInt8Params int8;
  SigmoidTanhInt16Params int16;
  int size;
};

struct SigmoidTanhRules {
  bool int8_output_zero_point_is_minus_128;  // LOGISTIC (TANH: no output constraint)
  int max_pot_shift;                         // ComputeSigmoidTanhInt16Params: 0 LOGISTIC, 1 TANH
};

// A UnaryTensorCheck body (kernels/glue/unary_op.h): CheckUnaryTensors, then for INT8 and INT16 valid
// scales and, INT8: the output zero point rule, input zero point in [-128, 127], the Q4.27 rescale; INT16: zero
// points 0, output scale 2^-15, the input rescale. Messages name `op_name`.
TfLiteStatus PrepareSigmoidTanh(TfLiteContext* context, const char* op_name, const SigmoidTanhRules& rules,
                                const TfLiteTensor* input, const TfLiteTensor* output, SigmoidTanhOpData* data);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_SIGMOID_TANH_PREPARE_H_
