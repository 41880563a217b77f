// TFLM's micro/recording_micro_allocator.h: what a RecordingMicroInterpreter records of its arena, from
// mote's exact accounting (MicroInterpreter::arena_report() and persistent_use()).
//
// PrintAllocations() logs, as TFLM:
//   [RecordingMicroAllocator] Arena allocation total <bytes> bytes
//   [RecordingMicroAllocator] Arena allocation head <bytes> bytes     (planned: activations, scratch, temps)
//   [RecordingMicroAllocator] Arena allocation tail <bytes> bytes     (persistent, this object included)
//   [RecordingMicroAllocator] '<category>' used <bytes> bytes with alignment overhead (requested <bytes> bytes
//     for <count> <items>)                                            (each category with any use)
//
// Create(arena, size) places the allocator at the start of the caller's arena; the interpreter gets the rest.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_ALLOCATOR_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_ALLOCATOR_H_

#include <cstddef>
#include <cstdint>

#include "mote/micro_interpreter.h"

namespace tflite {

enum class RecordedAllocationType {
  kTfLiteEvalTensorData,
  kPersistentTfLiteTensorData,
  kPersistentTfLiteTensorQuantizationData,
  kPersistentBufferData,
  kTfLiteTensorVariableBufferData,
  kNodeAndRegistrationArray,
  kOpData,
};

struct RecordedAllocation {
  size_t requested_bytes;
  size_t used_bytes;
  size_t count;
};

class RecordingMicroAllocator {
 public:
  // nullptr (logged) when the arena is null or too small to hold the allocator.
  static RecordingMicroAllocator* Create(uint8_t* tensor_arena, size_t arena_size);

  RecordedAllocation GetRecordedAllocation(RecordedAllocationType allocation_type) const;
  void PrintAllocations() const;

  // mote: the part of the arena left for the interpreter, and the interpreter that reports to this allocator
  // (set by RecordingMicroInterpreter).
  uint8_t* interpreter_arena() const { return arena_; }
  size_t interpreter_arena_size() const { return arena_size_; }
  void set_interpreter(const ::mote::MicroInterpreter* interpreter) { interpreter_ = interpreter; }
  // Bytes this object takes from the start of the caller's arena.
  static size_t OwnBytes();

 private:
  RecordingMicroAllocator(uint8_t* arena, size_t arena_size) : arena_(arena), arena_size_(arena_size) {}
  void PrintRecordedAllocation(RecordedAllocationType type, const char* name, const char* items) const;

  uint8_t* arena_;
  size_t arena_size_;
  const ::mote::MicroInterpreter* interpreter_ = nullptr;
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_ALLOCATOR_H_
