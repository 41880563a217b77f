// TFLite's names for mote's host API (mote/host_interpreter.h), for code written against full TensorFlow Lite:
// tflite::Interpreter, tflite::InterpreterBuilder, tflite::FlatBufferModel, tflite::OpResolver,
// tflite::MutableOpResolver, tflite::ops::builtin::BuiltinOpResolver and tflite::ops::builtin::Register_<OP>()
// (a pointer to the registration, as in TFLite). What the forwarding headers tensorflow/lite/interpreter.h,
// interpreter_builder.h, model.h, model_builder.h, op_resolver.h, mutable_op_resolver.h, core/api/
// op_resolver.h and kernels/register.h expose. Host builds only (link mote::mote_host).
#ifndef MOTE_HOST_TFLITE_NAMES_H_
#define MOTE_HOST_TFLITE_NAMES_H_

#include "mote/host_interpreter.h"
#include "mote/tflite_names.h"

namespace tflite {

using FlatBufferModel = ::mote::host::FlatBufferModel;
using Interpreter = ::mote::host::Interpreter;
using InterpreterBuilder = ::mote::host::InterpreterBuilder;
using MutableOpResolver = ::mote::host::MutableOpResolver;
using OpResolver = ::mote::host::OpResolver;

// TFLite's owning delegate pointer.
using TfLiteDelegatePtr = std::unique_ptr<TfLiteDelegate, void (*)(TfLiteDelegate*)>;

namespace ops {
namespace builtin {

using BuiltinOpResolver = ::mote::host::BuiltinOpResolver;

// TFLite returns a pointer to one registration per kernel, which AddBuiltin copies.
#define MOTE_TFLITE_HOST_FACTORY(code, add_name, parser, max_version) \
  inline TfLiteRegistration* Register_##code() {                      \
    static TfLiteRegistration registration = ::mote::kRegistration_##code; \
    return &registration;                                             \
  }
MOTE_BUILTIN_OPS(MOTE_TFLITE_HOST_FACTORY)
#undef MOTE_TFLITE_HOST_FACTORY

}  // namespace builtin

// TFLite's custom kernels mote ships (tflite::ops::custom::Register_DETECTION_POSTPROCESS()).
namespace custom {
#define MOTE_TFLITE_HOST_CUSTOM_FACTORY(id, custom_name, add_name) using ::tflite::Register_##id;
MOTE_CUSTOM_OPS(MOTE_TFLITE_HOST_CUSTOM_FACTORY)
#undef MOTE_TFLITE_HOST_CUSTOM_FACTORY
}  // namespace custom
}  // namespace ops
}  // namespace tflite

#endif  // MOTE_HOST_TFLITE_NAMES_H_
