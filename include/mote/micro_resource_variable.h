// Resource variables (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE): TFLM's tflite::MicroResourceVariables.
//
//   alignas(16) static uint8_t variables_arena[256];
//   mote::MicroAllocator* allocator = mote::MicroAllocator::Create(variables_arena, sizeof(variables_arena));
//   mote::MicroResourceVariables* variables = mote::MicroResourceVariables::Create(allocator, 4);
//   mote::MicroInterpreter interpreter(model, resolver, arena, sizeof(arena), variables);
//
// The table (`max_num_variables` entries) lives where the application puts it; each variable's value lives in
// the interpreter's arena (persistent), allocated by the first ASSIGN_VARIABLE's prepare from the assigned
// tensor's size and filled with its zero point (int8) or 0, as TFLM does. A variable is identified by
// (container, shared_name); a null container matches any. Without a table, mote's interpreter makes one in its
// arena sized for the model's VAR_HANDLE nodes (TFLM refuses VAR_HANDLE then; the tflite-micro Python runtime
// sizes it the same way).
//
// Contract for the kernels (all checks are prepare's; Read/Assign in invoke trust them):
//   CreateIdIfNoneFound  prepare: the id, or -1 (logged) when the table is full;
//   Allocate             prepare (ASSIGN_VARIABLE): sizes the variable, or refuses a size that differs from an
//                        earlier assignment's or read's;
//   NoteRead             prepare (READ_VARIABLE): records the size read, refusing one that differs;
//   CheckReadsAssigned   after every prepare: refuses variables read but never assigned;
//   Read / Assign        invoke: memcpy of the checked size;
//   ResetAll             Reset(): every value back to its default.
#ifndef MOTE_MICRO_RESOURCE_VARIABLE_H_
#define MOTE_MICRO_RESOURCE_VARIABLE_H_

#include <cstddef>
#include <cstdint>

#include "mote/c/common.h"

namespace mote {

// TFLM's MicroAllocator::Create shape, for the memory resource-variable tables live in: a bump allocator over
// a caller-owned buffer (it never frees; the buffer must outlive the interpreter).
class MicroAllocator {
 public:
  // nullptr when the buffer cannot hold the allocator itself.
  static MicroAllocator* Create(uint8_t* buffer, size_t size);
  // Aligned to alignof(std::max_align_t); nullptr when the buffer is full.
  void* AllocatePersistentBuffer(size_t bytes);

 private:
  MicroAllocator(uint8_t* begin, uint8_t* end) : next_(begin), end_(end) {}
  uint8_t* next_;
  uint8_t* end_;
};

struct MicroResourceVariable {
  const char* container;    // may be nullptr
  const char* shared_name;  // never nullptr (an absent name is "")
  void* resource_buffer;    // nullptr until an ASSIGN_VARIABLE's prepare sizes it
  size_t bytes;
  int32_t read_bytes;       // mote: size a READ_VARIABLE's output needs, -1 when none reads it
  int default_value;        // memset value of Reset(): the assigned tensor's zero point, else 0
};

class MicroResourceVariables {
 public:
  static MicroResourceVariables* Create(MicroAllocator* allocator, int max_num_variables);
  MicroResourceVariables(MicroResourceVariable* variables, int max_variable_count)
      : resource_variables_(variables), max_variable_count_(max_variable_count) {}

  int CreateIdIfNoneFound(const char* container, const char* shared_name);
  TfLiteStatus Allocate(int id, TfLiteContext* context, const TfLiteTensor* tensor);
  TfLiteStatus NoteRead(int id, size_t bytes);
  TfLiteStatus CheckReadsAssigned() const;
  TfLiteStatus Read(int id, const TfLiteEvalTensor* tensor);
  TfLiteStatus Assign(int id, size_t count_bytes, const void* input_buffer);
  TfLiteStatus ResetAll();

  int count() const { return num_resource_variables_; }
  const MicroResourceVariable* variable(int id) const {
    return id >= 0 && id < num_resource_variables_ ? &resource_variables_[id] : nullptr;
  }

 private:
  int FindId(const char* container, const char* shared_name) const;

  MicroResourceVariable* resource_variables_;
  int max_variable_count_;
  int num_resource_variables_ = 0;
};

}  // namespace mote

#endif  // MOTE_MICRO_RESOURCE_VARIABLE_H_
