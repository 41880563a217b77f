// Builtin-options parsing helpers shared by kernel parsers: schema enums -> TFLite C enums, refusing values
// outside the schema's range with a MicroPrintf message that names the op (parse time only).
#ifndef MOTE_KERNELS_GLUE_OPTIONS_PARSING_H_
#define MOTE_KERNELS_GLUE_OPTIONS_PARSING_H_

#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/schema/schema_generated.h"

namespace mote {

// ActivationFunctionType -> TfLiteFusedActivation (same numbering); false, without a message, for values
// outside the schema's range (for parsers with their own message).
bool ConvertFusedActivation(schema::ActivationFunctionType activation, TfLiteFusedActivation* out);

// Padding -> TfLitePadding (SAME, VALID); false, without a message, for other values.
bool ConvertPadding(schema::Padding padding, TfLitePadding* out);

// ConvertFusedActivation with the message "<OP>: fused_activation_function N is not a valid
// ActivationFunctionType (0..5)". TANH and SIGN_BIT parse; kernels that
// cannot fuse them refuse them in prepare (FusedActivationIsClamp).
TfLiteStatus ParseFusedActivation(schema::ActivationFunctionType activation, const char* op_name,
                                  TfLiteFusedActivation* out);

// True for the activations that are a clamp (NONE, RELU, RELU_N1_TO_1, RELU6), the only ones element-wise,
// fully-connected and convolution kernels fuse.
inline bool FusedActivationIsClamp(TfLiteFusedActivation a) {
  return a == kTfLiteActNone || a == kTfLiteActRelu || a == kTfLiteActReluN1To1 || a == kTfLiteActRelu6;
}

// "NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH", "SIGN_BIT", "SIGMOID" (for messages).
const char* FusedActivationName(TfLiteFusedActivation activation);

// Schema TensorType -> TfLiteType; kTfLiteNoType for values mote does not know.
TfLiteType TensorTypeToTfLiteType(schema::TensorType type);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_OPTIONS_PARSING_H_
