#include "kernels/glue/options_parsing.h"

#include "mote/micro_log.h"

namespace mote {

void LogOutOfMemoryForOptions(const char* op_name) { MicroPrintf("%s: out of memory for the options", op_name); }

bool ConvertFusedActivation(schema::ActivationFunctionType activation, TfLiteFusedActivation* out) {
  switch (activation) {
    case schema::ActivationFunctionType_NONE: *out = kTfLiteActNone; return true;
    case schema::ActivationFunctionType_RELU: *out = kTfLiteActRelu; return true;
    case schema::ActivationFunctionType_RELU_N1_TO_1: *out = kTfLiteActReluN1To1; return true;
    case schema::ActivationFunctionType_RELU6: *out = kTfLiteActRelu6; return true;
    case schema::ActivationFunctionType_TANH: *out = kTfLiteActTanh; return true;
    case schema::ActivationFunctionType_SIGN_BIT: *out = kTfLiteActSignBit; return true;
  }
  return false;
}

bool ConvertPadding(schema::Padding padding, TfLitePadding* out) {
  switch (padding) {
    case schema::Padding_SAME: *out = kTfLitePaddingSame; return true;
    case schema::Padding_VALID: *out = kTfLitePaddingValid; return true;
  }
  return false;
}

TfLiteStatus ParseFusedActivation(schema::ActivationFunctionType activation, const char* op_name,
                                  TfLiteFusedActivation* out) {
  if (ConvertFusedActivation(activation, out)) return kTfLiteOk;
  MicroPrintf("%s: fused_activation_function %d is not a valid ActivationFunctionType (0..5)", op_name,
              static_cast<int>(activation));
  return kTfLiteError;
}

const char* FusedActivationName(TfLiteFusedActivation activation) {
  switch (activation) {
    case kTfLiteActNone: return "NONE";
    case kTfLiteActRelu: return "RELU";
    case kTfLiteActReluN1To1: return "RELU_N1_TO_1";
    case kTfLiteActRelu6: return "RELU6";
    case kTfLiteActTanh: return "TANH";
    case kTfLiteActSignBit: return "SIGN_BIT";
    case kTfLiteActSigmoid: return "SIGMOID";
  }
  return "UNKNOWN";
}

TfLiteType TensorTypeToTfLiteType(schema::TensorType type) {
  switch (type) {
    case schema::TensorType_FLOAT32: return kTfLiteFloat32;
    case schema::TensorType_FLOAT16: return kTfLiteFloat16;
    case schema::TensorType_INT32: return kTfLiteInt32;
    case schema::TensorType_UINT8: return kTfLiteUInt8;
    case schema::TensorType_INT64: return kTfLiteInt64;
    case schema::TensorType_STRING: return kTfLiteString;
    case schema::TensorType_BOOL: return kTfLiteBool;
    case schema::TensorType_INT16: return kTfLiteInt16;
    case schema::TensorType_COMPLEX64: return kTfLiteComplex64;
    case schema::TensorType_INT8: return kTfLiteInt8;
    case schema::TensorType_FLOAT64: return kTfLiteFloat64;
    case schema::TensorType_COMPLEX128: return kTfLiteComplex128;
    case schema::TensorType_UINT64: return kTfLiteUInt64;
    case schema::TensorType_RESOURCE: return kTfLiteResource;
    case schema::TensorType_VARIANT: return kTfLiteVariant;
    case schema::TensorType_UINT32: return kTfLiteUInt32;
    case schema::TensorType_UINT16: return kTfLiteUInt16;
    case schema::TensorType_INT4: return kTfLiteInt4;
    case schema::TensorType_BFLOAT16: return kTfLiteBFloat16;
  }
  return kTfLiteNoType;
}

}  // namespace mote
