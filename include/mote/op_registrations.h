// Declarations expanded from the op table: each builtin kernel's constant registration, its factory, its
// options parser, and the type-specialised factories. Kernel glue (src/kernels/<op>/) defines them.
#ifndef MOTE_OP_REGISTRATIONS_H_
#define MOTE_OP_REGISTRATIONS_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "mote/c/common.h"
#include "mote/op_table.h"
#include "mote/schema/schema_generated.h"

namespace mote {

// Where parsers put builtin params: persistent arena memory owned by the interpreter.
class BuiltinDataAllocator {
 public:
  virtual void* Allocate(size_t size, size_t alignment) = 0;
  template <typename T>
  T* AllocatePOD() {
    void* p = Allocate(sizeof(T), alignof(T));
    return p == nullptr ? nullptr : new (p) T();
  }

 protected:
  ~BuiltinDataAllocator() = default;
};

// Fills *builtin_data (allocated from `allocator`) from op's builtin options. A missing options table means
// the schema defaults. Returns kTfLiteError, with a message, for out-of-range enum values.
using BuiltinParseFn = TfLiteStatus (*)(const schema::Operator* op, BuiltinDataAllocator* allocator,
                                        void** builtin_data);

// For ops without options: sets *builtin_data = nullptr.
TfLiteStatus ParseNoOptions(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data);

#define MOTE_DECLARE_OP(code, add_name, parser, max_version)                                          \
  extern const TfLiteRegistration kRegistration_##code;                                             \
  inline TfLiteRegistration Register_##code() { return kRegistration_##code; }                      \
  TfLiteStatus parser(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data);
MOTE_BUILTIN_OPS(MOTE_DECLARE_OP)
#undef MOTE_DECLARE_OP

// The named custom kernels (MOTE_CUSTOM_OPS): registration and factory, as for the builtins.
#define MOTE_DECLARE_CUSTOM_OP(id, name, add_name)                         \
  extern const TfLiteRegistration kRegistration_##id;                       \
  inline TfLiteRegistration Register_##id() { return kRegistration_##id; } \
  inline constexpr char kCustomName_##id[] = name;
MOTE_CUSTOM_OPS(MOTE_DECLARE_CUSTOM_OP)
#undef MOTE_DECLARE_CUSTOM_OP
// A custom kernel's type-specialised registrations (MOTE_SPECIALIZED_CUSTOM_OPS: TFLM's Register_RFFT_INT16()).
#define MOTE_DECLARE_SPECIALIZED_CUSTOM(id, type)                \
  extern const TfLiteRegistration kRegistration_##id##_##type; \
  inline TfLiteRegistration Register_##id##_##type() { return kRegistration_##id##_##type; }
MOTE_SPECIALIZED_CUSTOM_OPS(MOTE_DECLARE_SPECIALIZED_CUSTOM)
#undef MOTE_DECLARE_SPECIALIZED_CUSTOM

// Type-specialised registrations: the op's kernel glue restricted to one input type, so that an image linking
// only them drops the other types' code (--gc-sections). Prepare refuses other types, naming the generic
// registration that accepts them.
#define MOTE_DECLARE_SPECIALIZED(code, type)                     \
  extern const TfLiteRegistration kRegistration_##code##_##type; \
  inline TfLiteRegistration Register_##code##_##type() { return kRegistration_##code##_##type; }
MOTE_SPECIALIZED_OPS(MOTE_DECLARE_SPECIALIZED)
#undef MOTE_DECLARE_SPECIALIZED

// The set of input types a registration serves, as a bit mask of TfLiteType (kernel glue templates on it).
using TypeSet = uint32_t;
constexpr TypeSet kAllTypes = ~TypeSet{0};
constexpr TypeSet TypeBit(TfLiteType type) { return TypeSet{1} << static_cast<uint32_t>(type); }
constexpr bool Serves(TypeSet types, TfLiteType type) { return (types & TypeBit(type)) != 0; }

// "AddConv2D()" for schema::BuiltinOperator_CONV_2D: the generic registration's resolver method.
constexpr const char* AddMethodOf(int32_t builtin_code) {
#define MOTE_ADD_METHOD_CASE(code, add_name, parser, max_version) \
  builtin_code == schema::BuiltinOperator_##code ? "Add" #add_name "()" :
  return MOTE_BUILTIN_OPS(MOTE_ADD_METHOD_CASE) "Add...()";
#undef MOTE_ADD_METHOD_CASE
}

// Prepare of a specialised registration (types != kAllTypes): accepts `type` when the registration serves it,
// else logs "CONV_2D: input type FLOAT32 is not supported by Register_CONV_2D_INT8() (the generic AddConv2D()
// registration accepts it)" and fails. Checked after the generic checks, so a type no registration supports
// keeps the generic message.
template <TypeSet kTypes>
TfLiteStatus CheckServedType(TfLiteContext* context, const char* op, int32_t builtin_code, TfLiteType type) {
  if (kTypes == kAllTypes || Serves(kTypes, type)) return kTfLiteOk;
  TfLiteType served = kTfLiteNoType;
  for (uint32_t t = 0; t < 32; ++t) {
    if (Serves(kTypes, static_cast<TfLiteType>(t))) served = static_cast<TfLiteType>(t);
  }
  TF_LITE_KERNEL_LOG(context,
                     "%s: input type %s is not supported by Register_%s_%s() (the generic %s registration accepts "
                     "it)",
                     op, TfLiteTypeGetName(type), op, TfLiteTypeGetName(served), AddMethodOf(builtin_code));
  return kTfLiteError;
}

}  // namespace mote

#endif  // MOTE_OP_REGISTRATIONS_H_
