// Helpers kernels use to reach their tensors (TFLM's tflite::micro:: and tflite:: kernel_util names).
//
// Prepare-time code uses the TfLiteTensor helpers on temp tensors from MicroContext; invoke-time code uses
// the TfLiteEvalTensor helpers in mote::micro. None of these allocate or validate: prepare validates.
#ifndef MOTE_KERNEL_UTIL_H_
#define MOTE_KERNEL_UTIL_H_

#include <cstddef>
#include <cstdint>

#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"
#include "mote/micro_context.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace micro {

// nullptr when the input is an absent optional input (-1).
inline const TfLiteEvalTensor* GetEvalInput(const TfLiteContext* context, const TfLiteNode* node, int index) {
  const int tensor_index = node->inputs->data[index];
  return tensor_index < 0 ? nullptr : context->GetEvalTensor(context, tensor_index);
}
inline TfLiteEvalTensor* GetMutableEvalInput(const TfLiteContext* context, const TfLiteNode* node,
                                             int index) {
  const int tensor_index = node->inputs->data[index];
  return tensor_index < 0 ? nullptr : context->GetEvalTensor(context, tensor_index);
}
inline TfLiteEvalTensor* GetEvalOutput(const TfLiteContext* context, const TfLiteNode* node, int index) {
  return context->GetEvalTensor(context, node->outputs->data[index]);
}

template <typename T>
inline T* GetTensorData(TfLiteEvalTensor* tensor) {
  return tensor == nullptr ? nullptr : reinterpret_cast<T*>(tensor->data.raw);
}
template <typename T>
inline const T* GetTensorData(const TfLiteEvalTensor* tensor) {
  return tensor == nullptr ? nullptr : reinterpret_cast<const T*>(tensor->data.raw);
}
// Bias and other optional inputs: nullptr when absent.
template <typename T>
inline const T* GetOptionalTensorData(const TfLiteEvalTensor* tensor) {
  return GetTensorData<T>(tensor);
}

inline RuntimeShape GetTensorShape(const TfLiteEvalTensor* tensor) {
  if (tensor == nullptr || tensor->dims == nullptr) return RuntimeShape();
  return RuntimeShape(tensor->dims->size, tensor->dims->data);
}

bool HaveSameShapes(const TfLiteEvalTensor* a, const TfLiteEvalTensor* b);

// TFLM's tflite::micro::RegisterOp: a registration from its functions (builtin_code 0, no custom name; the
// resolver records which op it serves).
constexpr TfLiteRegistration RegisterOp(void* (*init)(TfLiteContext*, const char*, size_t),
                                        TfLiteStatus (*prepare)(TfLiteContext*, TfLiteNode*),
                                        TfLiteStatus (*invoke)(TfLiteContext*, TfLiteNode*),
                                        void (*free)(TfLiteContext*, void*) = nullptr,
                                        void (*reset)(TfLiteContext*, void*) = nullptr) {
  return TfLiteRegistration{init, free, prepare, invoke, reset, 0, nullptr, nullptr, 0, nullptr};
}

}  // namespace micro

// mote's builtin kernels: a registration that names its op and default variant.
constexpr TfLiteRegistration MakeBuiltinRegistration(int32_t builtin_code, const char* variant,
                                                     void* (*init)(TfLiteContext*, const char*, size_t),
                                                     TfLiteStatus (*prepare)(TfLiteContext*, TfLiteNode*),
                                                     TfLiteStatus (*invoke)(TfLiteContext*, TfLiteNode*),
                                                     void (*free)(TfLiteContext*, void*) = nullptr,
                                                     void (*reset)(TfLiteContext*, void*) = nullptr) {
  return TfLiteRegistration{init, free, prepare, invoke, reset, builtin_code, nullptr, nullptr, 1, variant};
}

// Reports the variant prepare chose for the node being prepared (shown by `mote inspect` / --profile).
inline void ReportKernelVariant(TfLiteContext* context, const char* variant) {
  GetMicroContext(context)->ReportKernelVariant(variant);
}

inline int NumInputs(const TfLiteNode* node) { return node->inputs == nullptr ? 0 : node->inputs->size; }
inline int NumOutputs(const TfLiteNode* node) { return node->outputs == nullptr ? 0 : node->outputs->size; }
inline int NumIntermediates(const TfLiteNode* node) {
  return node->intermediates == nullptr ? 0 : node->intermediates->size;
}
inline int NumDimensions(const TfLiteTensor* t) { return t->dims->size; }
inline int SizeOfDimension(const TfLiteTensor* t, int dim) { return t->dims->data[dim]; }
inline bool IsConstantTensor(const TfLiteTensor* t) { return t->allocation_type == kTfLiteMmapRo; }
inline bool IsVariableTensor(const TfLiteTensor* t) { return t->is_variable; }
// Values readable at prepare: a constant, or (as TFLM reads shape and parameter inputs in prepare from
// whatever data they have) a non-variable tensor with data then, e.g. one a KernelRunner test builds. An
// activation has no data at prepare in the interpreter, so it is never readable here.
inline bool HasValuesAtPrepare(const TfLiteTensor* t) {
  return IsConstantTensor(t) || (t->data.raw != nullptr && !t->is_variable);
}

inline RuntimeShape GetTensorShape(const TfLiteTensor* tensor) {
  if (tensor == nullptr || tensor->dims == nullptr) return RuntimeShape();
  return RuntimeShape(tensor->dims->size, tensor->dims->data);
}
template <typename T>
inline T* GetTensorData(TfLiteTensor* tensor) {
  return tensor == nullptr ? nullptr : reinterpret_cast<T*>(tensor->data.raw);
}
template <typename T>
inline const T* GetTensorData(const TfLiteTensor* tensor) {
  return tensor == nullptr ? nullptr : reinterpret_cast<const T*>(tensor->data.raw);
}

bool HaveSameShapes(const TfLiteTensor* a, const TfLiteTensor* b);

// Number of elements of `dims` (1 for a scalar). Dims are verified non-negative and overflow-free at load.
int64_t ElementCount(const TfLiteIntArray& dims);

// Size in bytes of one element of `type`; 0 for types without a fixed size (string, resource...).
size_t TfLiteTypeSizeOf(TfLiteType type);

// Float clamp range of a fused activation.
void CalculateActivationRange(TfLiteFusedActivation activation, float* activation_min,
                              float* activation_max);

// Quantized clamp range of a fused activation for `output` (int8/int16/uint8/int32), as TFLM computes it.
TfLiteStatus CalculateActivationRangeQuantized(TfLiteContext* context, TfLiteFusedActivation activation,
                                               const TfLiteTensor* output, int32_t* act_min,
                                               int32_t* act_max);

}  // namespace mote

#endif  // MOTE_KERNEL_UTIL_H_
