// ScopedTempTensor: prepare-time temp tensor that is released when the scope ends (reverse order of
// acquisition when several live in one scope), so every early `return kTfLiteError` in a prepare function
// gives its temp tensors back.
//
//   ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
//   if (input == nullptr) ...;  input->type ...
#ifndef MOTE_KERNELS_GLUE_SCOPED_TEMP_TENSOR_H_
#define MOTE_KERNELS_GLUE_SCOPED_TEMP_TENSOR_H_

#include <cstddef>

#include "mote/c/common.h"
#include "mote/micro_context.h"

namespace mote {

class ScopedTempTensor {
 public:
  ScopedTempTensor(TfLiteContext* context, TfLiteTensor* tensor)
      : micro_context_(GetMicroContext(context)), tensor_(tensor) {}
  ~ScopedTempTensor() {
    if (tensor_ != nullptr) micro_context_->DeallocateTempTfLiteTensor(tensor_);
  }
  ScopedTempTensor(const ScopedTempTensor&) = delete;
  ScopedTempTensor& operator=(const ScopedTempTensor&) = delete;

  TfLiteTensor* get() const { return tensor_; }
  TfLiteTensor* operator->() const { return tensor_; }
  bool operator==(std::nullptr_t) const { return tensor_ == nullptr; }
  bool operator!=(std::nullptr_t) const { return tensor_ != nullptr; }

 private:
  MicroContext* micro_context_;
  TfLiteTensor* tensor_;
};

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_SCOPED_TEMP_TENSOR_H_
