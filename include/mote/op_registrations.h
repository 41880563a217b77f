// Declarations expanded from the op table: each builtin kernel's constant registration, its factory, its
// options parser, and the type-specialised factories. Kernel glue (src/kernels/<op>/) defines them.
#ifndef MOTE_OP_REGISTRATIONS_H_
#define MOTE_OP_REGISTRATIONS_H_

#include <cstddef>
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

#define MOTE_DECLARE_SPECIALIZED(code, type) \
  inline TfLiteRegistration Register_##code##_##type() { return kRegistration_##code; }
MOTE_SPECIALIZED_OPS(MOTE_DECLARE_SPECIALIZED)
#undef MOTE_DECLARE_SPECIALIZED

}  // namespace mote

#endif  // MOTE_OP_REGISTRATIONS_H_
