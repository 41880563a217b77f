// Prepare-time fetch and check of an op's tensors against a fixed list of (role, type, rank), for ops whose
// every tensor has one type and rank (TFLM's signal ops: uint32 vectors, int16 tables, an int32 scalar).
//
// Contract. Acquire() checks the node's input and output counts, takes each tensor as a prepare temp tensor
// (released by the destructor, on every early return) and checks it against its spec; the first problem is
// logged with the op's name and the tensor's role and Acquire() returns kTfLiteError. Capacity: kMaxTensors
// inputs plus outputs.
//
//   constexpr TensorSpec kInputs[] = {{"the input", kTfLiteUInt32, 1}};
//   constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteInt16, 1}};
//   SpecTensors t(context, node);
//   TF_LITE_ENSURE_STATUS(t.Acquire("SignalFilterBankLog", kInputs, 1, kOutputs, 1));
//   t.input(0)->dims ...
//
// Messages: "<op>: 2 inputs and 1 outputs given (1 input, 1 output)", "<op>: <role> is missing",
// "<op>: <role> must be a UINT32 vector (got INT16 of rank 2)" ("an INT16 vector"; rank 0: "an INT32 scalar",
// rank r > 1: "UINT32 of rank r").
#ifndef MOTE_KERNELS_GLUE_TENSOR_SPECS_H_
#define MOTE_KERNELS_GLUE_TENSOR_SPECS_H_

#include "mote/c/common.h"
#include "mote/micro_context.h"

namespace mote {

struct TensorSpec {
  const char* role;  // "the input", "the weights": named in messages
  TfLiteType type;
  int rank;
};

class SpecTensors {
 public:
  static constexpr int kMaxTensors = 8;

  SpecTensors(TfLiteContext* context, TfLiteNode* node) : context_(context), node_(node) {}
  ~SpecTensors();
  SpecTensors(const SpecTensors&) = delete;
  SpecTensors& operator=(const SpecTensors&) = delete;

  TfLiteStatus Acquire(const char* op_name, const TensorSpec* inputs, int input_count, const TensorSpec* outputs,
                       int output_count);
  const TfLiteTensor* input(int i) const { return tensors_[i]; }
  TfLiteTensor* output(int i) const { return tensors_[input_count_ + i]; }

 private:
  TfLiteStatus Take(const char* op_name, const TensorSpec& spec, TfLiteTensor* tensor);

  TfLiteContext* context_;
  TfLiteNode* node_;
  TfLiteTensor* tensors_[kMaxTensors] = {};
  int taken_ = 0;
  int input_count_ = 0;
};

// True when `tensor`'s values can be read at prepare: a constant, or (as TFLM's kernels read them then) a
// non-variable tensor that already has data, e.g. one a KernelRunner test builds; an activation has none at
// prepare in the interpreter.
bool ValuesKnownAtPrepare(const TfLiteTensor* tensor);

// The number of elements of a checked tensor.
int SpecElementCount(const TfLiteTensor* tensor);

// kTfLiteOk when `tensor` (role `role`) has `count` elements; else logs
// "<op>: <role> has <n> elements, <expected_what> <count>" ("... has 3 elements, num_channels is 4").
TfLiteStatus CheckElementCount(TfLiteContext* context, const char* op_name, const char* role,
                               const TfLiteTensor* tensor, int count, const char* expected_what);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_TENSOR_SPECS_H_
