// Builtin-options parsing helpers shared by kernel parsers: schema enums -> TFLite C enums, refusing values
// outside the schema's range with a MicroPrintf message that names the op (parse time only).
#ifndef MOTE_KERNELS_GLUE_OPTIONS_PARSING_H_
#define MOTE_KERNELS_GLUE_OPTIONS_PARSING_H_

#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/op_registrations.h"
#include "mote/schema/schema_generated.h"

namespace mote {

// Logs "<op_name>: out of memory for the options" (AllocateParams' message, out of line so that it is not
// repeated in every parser).
void LogOutOfMemoryForOptions(const char* op_name);

// A parser's first step: value-initialised params T from `allocator`, or nullptr, after logging
// "<op_name>: out of memory for the options", when the arena has no room for them (the parser then returns
// kTfLiteError). op_name is the op's code ("CONV_2D"), or the family a shared parser serves ("POOL_2D").
//
//   auto* params = AllocateParams<TfLiteConvParams>(allocator, kOpName);
//   if (params == nullptr) return kTfLiteError;
template <typename T>
T* AllocateParams(BuiltinDataAllocator* allocator, const char* op_name) {
  T* params = allocator->AllocatePOD<T>();
  if (params == nullptr) LogOutOfMemoryForOptions(op_name);
  return params;
}

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
