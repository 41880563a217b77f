// The trimmed resolver of the requirement article on op registration (seed 003, section 3.2): a resolver
// class that knows exactly ADD, CONV_2D and RELU and nothing else, written against the TFLite-style
// tflite::OpResolver interface (FindOp by builtin code and version, FindOp by custom name and version).
//
//   LiteResolver resolver;
//   tflite::InterpreterBuilder(*model, resolver)(&interpreter);   // any other op: "Didn't find op for ..."
//
// Versions are what mote's kernels implement (ADD 1-5, CONV_2D 1-8, RELU 1-3); a model asking for another
// version of one of these is refused like a missing op.
#ifndef LITE_RESOLVER_H_
#define LITE_RESOLVER_H_

#include "tensorflow/lite/kernels/register.h"
#include "tensorflow/lite/mutable_op_resolver.h"
#include "tensorflow/lite/op_resolver.h"

class LiteResolver : public tflite::OpResolver {
 public:
  LiteResolver() {
    ops_.AddBuiltin(tflite::BuiltinOperator_ADD, tflite::ops::builtin::Register_ADD(), 1, 5);
    ops_.AddBuiltin(tflite::BuiltinOperator_CONV_2D, tflite::ops::builtin::Register_CONV_2D(), 1, 8);
    ops_.AddBuiltin(tflite::BuiltinOperator_RELU, tflite::ops::builtin::Register_RELU(), 1, 3);
  }

  const TfLiteRegistration* FindOp(tflite::BuiltinOperator op, int version) const override {
    return ops_.FindOp(op, version);
  }
  const TfLiteRegistration* FindOp(const char* custom_op, int version) const override {
    return ops_.FindOp(custom_op, version);  // no custom ops: always nullptr
  }

  // mote extension (optional): lets a missing op's message list what this resolver has.
  int NumRegistrations() const override { return ops_.NumRegistrations(); }
  mote::OpResolverEntry GetRegistration(int index) const override { return ops_.GetRegistration(index); }

 private:
  tflite::MutableOpResolver ops_;
};

#endif  // LITE_RESOLVER_H_
