// Prepare checks shared by the Signal* kernels (TFLM's signal library), each logging a message that starts
// with the op's custom name and fails:
//   CheckIoCounts     "SignalWindow: expects 2 inputs and 1 output (got 1 and 1)"
//   CheckType         "SignalWindow: input has type FLOAT32 (must be INT16)"
//   CheckRank         "SignalEnergy: input has rank 2 (must be 1)"
//   CheckElementCount "SignalDelay: output has 12 elements (must be 10)"
// `what` names the tensor in the message ("input", "output", "weights").
//
// SignalIo fetches a node's temp tensors for prepare and releases them when it goes out of scope.
#ifndef MOTE_KERNELS_SIGNAL_SIGNAL_GLUE_H_
#define MOTE_KERNELS_SIGNAL_SIGNAL_GLUE_H_

#include <cstddef>
#include <cstdint>

#include "kernels/signal/circular_buffer/circular_buffer.h"
#include "mote/c/common.h"
#include "mote/op_registrations.h"

namespace mote {
namespace signal {

TfLiteStatus CheckIoCounts(TfLiteContext* context, const char* op, const TfLiteNode* node, int inputs, int outputs);
TfLiteStatus CheckType(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t,
                       TfLiteType type);
TfLiteStatus CheckRank(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t, int rank);
TfLiteStatus CheckElementCount(TfLiteContext* context, const char* op, const char* what, const TfLiteTensor* t,
                               int64_t count);

// Up to 2 inputs and 2 outputs of a node as prepare-time temp tensors; ok() after CheckIoCounts and every
// fetch succeeded (else the interpreter has nothing to report: the tensor indices come from a verified model).
class SignalIo {
 public:
  SignalIo(TfLiteContext* context, TfLiteNode* node, int inputs, int outputs);
  ~SignalIo();
  SignalIo(const SignalIo&) = delete;
  SignalIo& operator=(const SignalIo&) = delete;
  bool ok() const { return ok_; }
  TfLiteTensor* input(int i) const { return inputs_[i]; }
  TfLiteTensor* output(int i) const { return outputs_[i]; }

 private:
  TfLiteContext* context_;
  TfLiteTensor* inputs_[2] = {nullptr, nullptr};
  TfLiteTensor* outputs_[2] = {nullptr, nullptr};
  bool ok_ = true;
};

// The scalar type of an op with a type option T (a schema TensorType: SignalRfft, SignalOverlapAdd) into *type:
// from T for the generic registration (served == kAllTypes), else the one type the registration serves (TFLM's
// Register_RFFT_INT16() ignores T). Logs "SignalRfft: option T is 9 (INT8; must be one of FLOAT32, INT16,
// INT32)" when T names no type in `allowed`.
TfLiteStatus ResolveTypeOption(TfLiteContext* context, const char* op, TypeSet served, int32_t option,
                               TypeSet allowed, TfLiteType* type);

// `count` empty FIFOs of `capacity` samples each in persistent memory; nullptr when the arena is full (the
// interpreter has reported it).
CircularBuffer* AllocateFifos(TfLiteContext* context, int count, size_t capacity);

// The product of a tensor's dimensions except the last (1 for rank 0 and 1).
int64_t OuterCount(const TfLiteTensor* t);
// The last dimension (1 for rank 0).
int32_t InnerDim(const TfLiteTensor* t);

}  // namespace signal
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_SIGNAL_GLUE_H_
