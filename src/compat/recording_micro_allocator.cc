// TFLM's RecordingMicroAllocator / RecordingMicroInterpreter for mote (include/compat/tensorflow/lite/micro/
// recording_micro_allocator.h): the interpreter's exact arena accounting printed in TFLM's categories.
#include "tensorflow/lite/micro/recording_micro_allocator.h"

#include <new>

#include "mote/micro_log.h"
#include "tensorflow/lite/micro/recording_micro_interpreter.h"

namespace tflite {
namespace {

constexpr size_t kAlignment = 16;

::mote::PersistentCategory CategoryOf(RecordedAllocationType type) {
  switch (type) {
    case RecordedAllocationType::kTfLiteEvalTensorData: return ::mote::PersistentCategory::kEvalTensors;
    case RecordedAllocationType::kPersistentTfLiteTensorData: return ::mote::PersistentCategory::kTensorViews;
    case RecordedAllocationType::kPersistentTfLiteTensorQuantizationData:
      return ::mote::PersistentCategory::kQuantization;
    case RecordedAllocationType::kPersistentBufferData: return ::mote::PersistentCategory::kKernelBuffers;
    case RecordedAllocationType::kTfLiteTensorVariableBufferData: return ::mote::PersistentCategory::kVariableTensors;
    case RecordedAllocationType::kNodeAndRegistrationArray: return ::mote::PersistentCategory::kNodes;
    case RecordedAllocationType::kOpData: return ::mote::PersistentCategory::kBuiltinOptions;
  }
  return ::mote::PersistentCategory::kCount;
}

}  // namespace

size_t RecordingMicroAllocator::OwnBytes() {
  return (sizeof(RecordingMicroAllocator) + kAlignment - 1) / kAlignment * kAlignment;
}

RecordingMicroAllocator* RecordingMicroAllocator::Create(uint8_t* tensor_arena, size_t arena_size) {
  // The interpreter requires a 16-byte aligned arena; so does this object's slot at its start.
  if (tensor_arena == nullptr || reinterpret_cast<uintptr_t>(tensor_arena) % kAlignment != 0 ||
      arena_size <= OwnBytes()) {
    MicroPrintf("RecordingMicroAllocator: the arena must be 16-byte aligned and larger than %u bytes",
                static_cast<unsigned>(OwnBytes()));
    return nullptr;
  }
  return new (tensor_arena) RecordingMicroAllocator(tensor_arena + OwnBytes(), arena_size - OwnBytes());
}

RecordedAllocation RecordingMicroAllocator::GetRecordedAllocation(RecordedAllocationType allocation_type) const {
  const ::mote::PersistentCategory category = CategoryOf(allocation_type);
  if (interpreter_ == nullptr || category == ::mote::PersistentCategory::kCount) return RecordedAllocation{0, 0, 0};
  const ::mote::PersistentUse use = interpreter_->persistent_use(category);
  return RecordedAllocation{use.requested_bytes, use.used_bytes, use.count};
}

void RecordingMicroAllocator::PrintRecordedAllocation(RecordedAllocationType type, const char* name,
                                                      const char* items) const {
  const RecordedAllocation allocation = GetRecordedAllocation(type);
  if (allocation.used_bytes == 0 && allocation.requested_bytes == 0) return;
  MicroPrintf("[RecordingMicroAllocator] '%s' used %d bytes with alignment overhead (requested %d bytes for %d %s)",
              name, static_cast<int>(allocation.used_bytes), static_cast<int>(allocation.requested_bytes),
              static_cast<int>(allocation.count), items);
}

void RecordingMicroAllocator::PrintAllocations() const {
  const ::mote::ArenaReport report =
      interpreter_ == nullptr ? ::mote::ArenaReport{0, 0, 0, 0, 0} : interpreter_->arena_report();
  const size_t own = interpreter_ == nullptr ? 0 : OwnBytes();
  MicroPrintf("[RecordingMicroAllocator] Arena allocation total %d bytes", static_cast<int>(report.total + own));
  MicroPrintf("[RecordingMicroAllocator] Arena allocation head %d bytes", static_cast<int>(report.planned));
  MicroPrintf("[RecordingMicroAllocator] Arena allocation tail %d bytes", static_cast<int>(report.persistent + own));
  PrintRecordedAllocation(RecordedAllocationType::kTfLiteEvalTensorData, "TfLiteEvalTensor data", "allocations");
  PrintRecordedAllocation(RecordedAllocationType::kPersistentTfLiteTensorData, "Persistent TfLiteTensor data",
                          "tensors");
  PrintRecordedAllocation(RecordedAllocationType::kPersistentTfLiteTensorQuantizationData,
                          "Persistent TfLiteTensor quantization data", "allocations");
  PrintRecordedAllocation(RecordedAllocationType::kPersistentBufferData, "Persistent buffer data", "allocations");
  PrintRecordedAllocation(RecordedAllocationType::kTfLiteTensorVariableBufferData,
                          "TfLiteTensor variable buffer data", "allocations");
  PrintRecordedAllocation(RecordedAllocationType::kNodeAndRegistrationArray, "NodeAndRegistration struct",
                          "NodeAndRegistration structs");
  PrintRecordedAllocation(RecordedAllocationType::kOpData, "Operator runtime data", "OpData structs");
}

const RecordingMicroAllocator& RecordingMicroInterpreter::GetMicroAllocator() const {
  alignas(16) static uint8_t empty_storage[64];
  static RecordingMicroAllocator* empty = RecordingMicroAllocator::Create(empty_storage, sizeof(empty_storage));
  return allocator_ != nullptr ? *allocator_ : *empty;
}

}  // namespace tflite
