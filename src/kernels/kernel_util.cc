// Shared kernel glue: tensor helpers, activation ranges, the no-options parser, MicroContext helpers.
#include "mote/kernel_util.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {
bool SameDims(const TfLiteIntArray* a, const TfLiteIntArray* b) {
  if (a == nullptr || b == nullptr) return a == b;
  if (a->size != b->size) return false;
  for (int i = 0; i < a->size; ++i)
    if (a->data[i] != b->data[i]) return false;
  return true;
}

TfLiteTensor* TempTensorAt(MicroContext* ctx, const TfLiteIntArray* indices, int index) {
  if (indices == nullptr || index < 0 || index >= indices->size) return nullptr;
  const int tensor_index = indices->data[index];
  return tensor_index < 0 ? nullptr : ctx->AllocateTempTfLiteTensor(tensor_index);
}
}  // namespace

namespace micro {
bool HaveSameShapes(const TfLiteEvalTensor* a, const TfLiteEvalTensor* b) { return SameDims(a->dims, b->dims); }
}  // namespace micro

bool HaveSameShapes(const TfLiteTensor* a, const TfLiteTensor* b) { return SameDims(a->dims, b->dims); }

int64_t ElementCount(const TfLiteIntArray& dims) {
  int64_t n = 1;
  for (int i = 0; i < dims.size; ++i) n *= dims.data[i];
  return n;
}

size_t TfLiteTypeSizeOf(TfLiteType type) {
  switch (type) {
    case kTfLiteFloat32: return 4;
    case kTfLiteInt32: return 4;
    case kTfLiteUInt32: return 4;
    case kTfLiteUInt8: return 1;
    case kTfLiteInt8: return 1;
    case kTfLiteBool: return 1;
    case kTfLiteInt16: return 2;
    case kTfLiteUInt16: return 2;
    case kTfLiteFloat16: return 2;
    case kTfLiteBFloat16: return 2;
    case kTfLiteInt64: return 8;
    case kTfLiteUInt64: return 8;
    case kTfLiteFloat64: return 8;
    case kTfLiteComplex64: return 8;
    case kTfLiteComplex128: return 16;
    default: return 0;
  }
}

void CalculateActivationRange(TfLiteFusedActivation activation, float* activation_min, float* activation_max) {
  switch (activation) {
    case kTfLiteActRelu:
      *activation_min = 0.f;
      *activation_max = std::numeric_limits<float>::max();
      break;
    case kTfLiteActRelu6:
      *activation_min = 0.f;
      *activation_max = 6.f;
      break;
    case kTfLiteActReluN1To1:
      *activation_min = -1.f;
      *activation_max = 1.f;
      break;
    default:
      *activation_min = std::numeric_limits<float>::lowest();
      *activation_max = std::numeric_limits<float>::max();
      break;
  }
}

namespace {
int32_t QuantizeClamped(float scale, int32_t zero_point, float f) {
  // TFLite's CalculateActivationRangeQuantizedImpl: zero_point + round(f / scale). Its int32 cast and sum are
  // undefined when a tiny scale puts the value outside int32; the callers clamp to the type's range anyway, so
  // saturating gives TFLite's result wherever that is defined.
  const float tmp = std::round(f / scale);
  if (std::isnan(tmp)) return zero_point;
  const double limit = 2147483648.0;
  const int64_t rounded =
      tmp >= limit ? INT64_C(2147483648) : (tmp < -limit ? -INT64_C(2147483649) : static_cast<int64_t>(tmp));
  const int64_t sum = rounded + zero_point;
  return static_cast<int32_t>(sum > INT32_MAX ? INT32_MAX : (sum < INT32_MIN ? INT32_MIN : sum));
}
}  // namespace

TfLiteStatus CalculateActivationRangeQuantized(TfLiteContext* context, TfLiteFusedActivation activation,
                                               const TfLiteTensor* output, int32_t* act_min, int32_t* act_max) {
  int32_t qmin = 0;
  int32_t qmax = 0;
  switch (output->type) {
    case kTfLiteUInt8:
      qmin = 0;
      qmax = 255;
      break;
    case kTfLiteInt8:
      qmin = -128;
      qmax = 127;
      break;
    case kTfLiteInt16:
      qmin = -32768;
      qmax = 32767;
      break;
    case kTfLiteInt32:
      qmin = std::numeric_limits<int32_t>::min();
      qmax = std::numeric_limits<int32_t>::max();
      break;
    default:
      TF_LITE_KERNEL_LOG(context, "activation range: unsupported output type %s", TfLiteTypeGetName(output->type));
      return kTfLiteError;
  }
  const float scale = output->params.scale;
  const int32_t zp = output->params.zero_point;
  switch (activation) {
    case kTfLiteActRelu:
      *act_min = std::max(qmin, QuantizeClamped(scale, zp, 0.f));
      *act_max = qmax;
      break;
    case kTfLiteActRelu6:
      *act_min = std::max(qmin, QuantizeClamped(scale, zp, 0.f));
      *act_max = std::min(qmax, QuantizeClamped(scale, zp, 6.f));
      break;
    case kTfLiteActReluN1To1:
      *act_min = std::max(qmin, QuantizeClamped(scale, zp, -1.f));
      *act_max = std::min(qmax, QuantizeClamped(scale, zp, 1.f));
      break;
    case kTfLiteActNone:
      *act_min = qmin;
      *act_max = qmax;
      break;
    default:
      TF_LITE_KERNEL_LOG(context, "fused activation %d is not supported on quantized outputs",
                         static_cast<int>(activation));
      return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus ParseNoOptions(const schema::Operator*, BuiltinDataAllocator*, void** builtin_data) {
  *builtin_data = nullptr;
  return kTfLiteOk;
}

TfLiteTensor* MicroContext::AllocateTempInputTensor(const TfLiteNode* node, int index) {
  return TempTensorAt(this, node->inputs, index);
}
TfLiteTensor* MicroContext::AllocateTempOutputTensor(const TfLiteNode* node, int index) {
  return TempTensorAt(this, node->outputs, index);
}
TfLiteTensor* MicroContext::AllocateTempIntermediateTensor(const TfLiteNode* node, int index) {
  return TempTensorAt(this, node->intermediates, index);
}

}  // namespace mote

extern "C" {

const char* TfLiteTypeGetName(TfLiteType type) {
  switch (type) {
    case kTfLiteNoType: return "NOTYPE";
    case kTfLiteFloat32: return "FLOAT32";
    case kTfLiteInt32: return "INT32";
    case kTfLiteUInt32: return "UINT32";
    case kTfLiteUInt8: return "UINT8";
    case kTfLiteInt8: return "INT8";
    case kTfLiteInt64: return "INT64";
    case kTfLiteUInt64: return "UINT64";
    case kTfLiteBool: return "BOOL";
    case kTfLiteInt16: return "INT16";
    case kTfLiteUInt16: return "UINT16";
    case kTfLiteComplex64: return "COMPLEX64";
    case kTfLiteComplex128: return "COMPLEX128";
    case kTfLiteString: return "STRING";
    case kTfLiteFloat16: return "FLOAT16";
    case kTfLiteBFloat16: return "BFLOAT16";
    case kTfLiteFloat64: return "FLOAT64";
    case kTfLiteResource: return "RESOURCE";
    case kTfLiteVariant: return "VARIANT";
    case kTfLiteInt4: return "INT4";
  }
  return "Unknown type";
}

size_t TfLiteIntArrayGetSizeInBytes(int size) {
  return sizeof(TfLiteIntArray) + sizeof(int) * static_cast<size_t>(size < 0 ? 0 : size);
}

int TfLiteIntArrayEqual(const TfLiteIntArray* a, const TfLiteIntArray* b) {
  if (a == b) return 1;
  if (a == nullptr || b == nullptr) return 0;
  return TfLiteIntArrayEqualsArray(a, b->size, b->data);
}

int TfLiteIntArrayEqualsArray(const TfLiteIntArray* a, int b_size, const int b_data[]) {
  if (a == nullptr) return b_size == 0;
  if (a->size != b_size) return 0;
  for (int i = 0; i < a->size; ++i)
    if (a->data[i] != b_data[i]) return 0;
  return 1;
}

}  // extern "C"
