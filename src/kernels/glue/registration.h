// A glue file's registrations, generated from the op table: the generic kRegistration_<CODE> of every op the
// file implements and one kRegistration_<CODE>_<TYPE> for each of that op's MOTE_SPECIALIZED_OPS entries, so
// that a new specialisation is one line in include/mote/op_table.h and nothing in the glue.
//
// The glue says which functions each of its ops has, then expands the registrations once, at namespace mote
// scope after those functions:
//
//   #define MOTE_KERNEL_CONV_2D (TEMPLATED, "conv_2d/any/reference", InitOpData<OpData>, Prepare, Eval)
//   MOTE_DEFINE_REGISTRATIONS();
//
// MOTE_KERNEL_<CODE> is (kind, default variant id, init, prepare, eval):
//   TEMPLATED  prepare and eval are templates on the TypeSet the registration serves: the generic registration
//              uses <kAllTypes>, the <TYPE> one <TypeBit(kTfLite<Type>)>. Each is its own instantiation, so an
//              image linking only kRegistration_CONV_2D_INT8 drops the other types' paths (--gc-sections);
//              prepare must refuse the types it does not serve (CheckServedType, op_registrations.h).
//   PLAIN      plain functions: every registration of the op, specialised or not, is the generic kernel
//              (SVDF's INT8 registration until it is specialised; the ops without specialisations).
// A file that implements several ops (pooling.cc) defines one MOTE_KERNEL_<CODE> for each before the
// expansion. An op whose MOTE_KERNEL_ is defined nowhere fails to link (its registrations are declared in
// op_registrations.h); one defined in two files is a duplicate symbol.
#ifndef MOTE_KERNELS_GLUE_REGISTRATION_H_
#define MOTE_KERNELS_GLUE_REGISTRATION_H_

#include <cstring>

#include "mote/kernel_util.h"
#include "mote/op_registrations.h"
#include "mote/op_table.h"

namespace mote {

// The init of every kernel whose state is one OpData struct in persistent arena memory (prepare fills it,
// invoke reads it): its MOTE_KERNEL_<CODE> names InitOpData<OpData> as the init function.
template <typename OpData>
void* InitOpData(TfLiteContext* context, const char* /*buffer*/, size_t /*length*/) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

// Prepare's persistent copy of `count` elements (count >= 0) of an array whose length the tensors decide (a
// loop nest of the input's rank): op data points at it instead of holding kMaxDims of them. nullptr when the
// arena is full (the interpreter has reported it and fails the prepare).
template <typename T>
const T* StorePersistentArray(TfLiteContext* context, const T* values, int count) {
  const size_t bytes = sizeof(T) * static_cast<size_t>(count > 0 ? count : 1);
  void* p = context->AllocatePersistentBuffer(context, bytes);
  if (p != nullptr && count > 0) std::memcpy(p, values, sizeof(T) * static_cast<size_t>(count));
  return static_cast<const T*>(p);
}

// mote's named custom kernels (op_table.h's MOTE_CUSTOM_OPS): builtin code CUSTOM and the model's custom name;
// `reset` (Reset() clears the kernel's own state) is optional.
constexpr TfLiteRegistration MakeCustomRegistration(const char* custom_name, const char* variant,
                                                    void* (*init)(TfLiteContext*, const char*, size_t),
                                                    TfLiteStatus (*prepare)(TfLiteContext*, TfLiteNode*),
                                                    TfLiteStatus (*invoke)(TfLiteContext*, TfLiteNode*),
                                                    void (*reset)(TfLiteContext*, void*) = nullptr) {
  return TfLiteRegistration{init,           nullptr,     prepare, invoke, reset, schema::BuiltinOperator_CUSTOM,
                            custom_name,    nullptr,     1,       variant};
}

}  // namespace mote

// The op table's type suffixes as TfLiteType (add one when a specialisation names a new type).
#define MOTE_TFLITE_TYPE_INT8 kTfLiteInt8
#define MOTE_TFLITE_TYPE_INT16 kTfLiteInt16
#define MOTE_TFLITE_TYPE_FLOAT32 kTfLiteFloat32

#define MOTE_DEFINE_REGISTRATIONS()                    \
  MOTE_BUILTIN_OPS(MOTE_REGISTRATION_GENERIC_)         \
  MOTE_SPECIALIZED_OPS(MOTE_REGISTRATION_SPECIALIZED_) \
  MOTE_CUSTOM_OPS(MOTE_REGISTRATION_CUSTOM_)           \
  static_assert(true, "MOTE_DEFINE_REGISTRATIONS(); ends with a semicolon")

// Implementation. The filter "does this file define MOTE_KERNEL_<CODE>?" is the preprocessor's only way to
// keep the table's other ops out: MOTE_KERNEL_<CODE> is either a parenthesised tuple or an unknown name.
#define MOTE_REGISTRATION_GENERIC_(code, add_name, parser, max_version) \
  MOTE_PP_IF_(MOTE_PP_IS_PAREN_(MOTE_KERNEL_##code))                    \
  (MOTE_REGISTRATION_DEFINE_(kRegistration_##code, code, kAllTypes, MOTE_KERNEL_##code))
#define MOTE_REGISTRATION_SPECIALIZED_(code, type)   \
  MOTE_PP_IF_(MOTE_PP_IS_PAREN_(MOTE_KERNEL_##code)) \
  (MOTE_REGISTRATION_DEFINE_(kRegistration_##code##_##type, code, TypeBit(MOTE_TFLITE_TYPE_##type), MOTE_KERNEL_##code))

// A named custom kernel (MOTE_CUSTOM_OPS) is always PLAIN: MOTE_KERNEL_<ID> (PLAIN, variant, init, prepare, eval),
// or (PLAIN, variant, init, prepare, eval, reset) for a kernel whose state Reset() restarts.
#define MOTE_REGISTRATION_CUSTOM_(id, custom_name, add_name) \
  MOTE_PP_IF_(MOTE_PP_IS_PAREN_(MOTE_KERNEL_##id))           \
  (MOTE_REGISTRATION_CUSTOM_DEFINE_(kRegistration_##id, custom_name, MOTE_KERNEL_##id))
#define MOTE_REGISTRATION_CUSTOM_DEFINE_(name, custom_name, kernel) \
  MOTE_PP_CALL_(MOTE_REGISTRATION_CUSTOM_I_, (name, custom_name, MOTE_PP_UNPAREN_ kernel))
#define MOTE_REGISTRATION_CUSTOM_I_(name, custom_name, kind, variant, ...) \
  const TfLiteRegistration name = MakeCustomRegistration(custom_name, variant, __VA_ARGS__);

#define MOTE_REGISTRATION_DEFINE_(name, code, served, kernel) \
  MOTE_PP_CALL_(MOTE_REGISTRATION_DEFINE_I_, (name, code, served, MOTE_PP_UNPAREN_ kernel))
#define MOTE_REGISTRATION_DEFINE_I_(name, code, served, kind, variant, init, prepare, eval)              \
  const TfLiteRegistration name = MakeBuiltinRegistration(schema::BuiltinOperator_##code, variant, init, \
                                                          MOTE_REGISTRATION_##kind##_(prepare, served),  \
                                                          MOTE_REGISTRATION_##kind##_(eval, served));
#define MOTE_REGISTRATION_TEMPLATED_(function, served) function<served>
#define MOTE_REGISTRATION_PLAIN_(function, served) function

#define MOTE_PP_CALL_(macro, args) macro args
#define MOTE_PP_UNPAREN_(...) __VA_ARGS__
#define MOTE_PP_CAT_(a, b) MOTE_PP_CAT_I_(a, b)
#define MOTE_PP_CAT_I_(a, b) a##b
#define MOTE_PP_IF_(condition) MOTE_PP_CAT_(MOTE_PP_BRANCH_, condition)
#define MOTE_PP_BRANCH_1(...) __VA_ARGS__
#define MOTE_PP_BRANCH_0(...)
// 1 for "(...)", 0 for anything else: only a tuple turns the probe into two arguments.
#define MOTE_PP_IS_PAREN_(x) MOTE_PP_IS_PAREN_I_(MOTE_PP_IS_PAREN_PROBE_ x)
#define MOTE_PP_IS_PAREN_I_(...) MOTE_PP_SECOND_(__VA_ARGS__, 0, ~)
#define MOTE_PP_IS_PAREN_PROBE_(...) ~, 1
#define MOTE_PP_SECOND_(a, b, ...) b

#endif  // MOTE_KERNELS_GLUE_REGISTRATION_H_
