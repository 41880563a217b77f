// Resource variables: the table of (container, shared_name) -> value buffer in the arena, and the bump allocator
// applications keep such tables in (include/mote/micro_resource_variable.h).
#include "mote/micro_resource_variable.h"

#include <cstring>
#include <new>

#include "memory/arena.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

const char* NameOf(const MicroResourceVariable& v) { return v.shared_name; }

}  // namespace

MicroAllocator* MicroAllocator::Create(uint8_t* buffer, size_t size) {
  if (buffer == nullptr) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(buffer);
  const uintptr_t aligned = (start + alignof(MicroAllocator) - 1) / alignof(MicroAllocator) * alignof(MicroAllocator);
  if (aligned - start + sizeof(MicroAllocator) > size) return nullptr;
  uint8_t* object = buffer + (aligned - start);
  return new (object) MicroAllocator(object + sizeof(MicroAllocator), buffer + size);
}

void* MicroAllocator::AllocatePersistentBuffer(size_t bytes) {
  const uintptr_t next = reinterpret_cast<uintptr_t>(next_);
  const uintptr_t aligned = (next + kPersistentBufferAlignment - 1) / kPersistentBufferAlignment *
                            kPersistentBufferAlignment;
  const uintptr_t end = reinterpret_cast<uintptr_t>(end_);
  if (aligned > end || bytes > end - aligned) return nullptr;
  next_ = reinterpret_cast<uint8_t*>(aligned + bytes);
  return reinterpret_cast<void*>(aligned);
}

MicroResourceVariables* MicroResourceVariables::Create(MicroAllocator* allocator, int max_num_variables) {
  if (allocator == nullptr || max_num_variables < 0) return nullptr;
  void* object = allocator->AllocatePersistentBuffer(sizeof(MicroResourceVariables));
  void* table = allocator->AllocatePersistentBuffer(sizeof(MicroResourceVariable) *
                                                    static_cast<size_t>(max_num_variables > 0 ? max_num_variables : 1));
  if (object == nullptr || table == nullptr) {
    MicroPrintf("MicroResourceVariables::Create: the allocator has no room for %d variables.", max_num_variables);
    return nullptr;
  }
  return new (object) MicroResourceVariables(static_cast<MicroResourceVariable*>(table), max_num_variables);
}

int MicroResourceVariables::FindId(const char* container, const char* shared_name) const {
  for (int i = 0; i < num_resource_variables_; ++i) {
    const MicroResourceVariable& v = resource_variables_[i];
    // Converted models often leave the container out: a null container matches any (TFLM's rule).
    const bool same_container =
        container == nullptr || (v.container != nullptr && std::strcmp(container, v.container) == 0);
    if (same_container && std::strcmp(shared_name, v.shared_name) == 0) return i;
  }
  return -1;
}

int MicroResourceVariables::CreateIdIfNoneFound(const char* container, const char* shared_name) {
  if (shared_name == nullptr) shared_name = "";
  const int found = FindId(container, shared_name);
  if (found >= 0) return found;
  if (num_resource_variables_ >= max_variable_count_) {
    MicroPrintf("Failed to allocate resource variable. Maximum resource variable count (%d) reached.",
                max_variable_count_);
    return -1;
  }
  MicroResourceVariable& v = resource_variables_[num_resource_variables_];
  v.container = container;
  v.shared_name = shared_name;
  v.resource_buffer = nullptr;
  v.bytes = 0;
  v.read_bytes = -1;
  v.default_value = 0;
  return num_resource_variables_++;
}

TfLiteStatus MicroResourceVariables::Allocate(int id, TfLiteContext* context, const TfLiteTensor* tensor) {
  if (id < 0 || id >= num_resource_variables_) {
    MicroPrintf("ASSIGN_VARIABLE: resource variable %d does not exist.", id);
    return kTfLiteError;
  }
  MicroResourceVariable& v = resource_variables_[id];
  const size_t bytes = tensor->bytes;
  if (v.resource_buffer != nullptr && v.bytes != bytes) {
    MicroPrintf("ASSIGN_VARIABLE: resource variable \"%s\" is assigned %u bytes here but %u bytes elsewhere "
                "(a variable's shape cannot change between assignments).",
                NameOf(v), static_cast<unsigned>(bytes), static_cast<unsigned>(v.bytes));
    return kTfLiteError;
  }
  if (v.read_bytes >= 0 && static_cast<size_t>(v.read_bytes) != bytes) {
    MicroPrintf("ASSIGN_VARIABLE: resource variable \"%s\" is assigned %u bytes but read as %u bytes.", NameOf(v),
                static_cast<unsigned>(bytes), static_cast<unsigned>(v.read_bytes));
    return kTfLiteError;
  }
  if (v.resource_buffer != nullptr) return kTfLiteOk;
  v.resource_buffer = context->AllocatePersistentBuffer(context, bytes > 0 ? bytes : 1);
  if (v.resource_buffer == nullptr) return kTfLiteError;  // the arena reported it
  v.bytes = bytes;
  // TFLM's default: the int8-truncated zero point of the first assigned tensor (0 when not quantized).
  if (tensor->quantization.type == kTfLiteAffineQuantization && tensor->quantization.params != nullptr) {
    const auto* q = static_cast<const TfLiteAffineQuantization*>(tensor->quantization.params);
    if (q->zero_point != nullptr && q->zero_point->size > 0) v.default_value = static_cast<int8_t>(q->zero_point->data[0]);
  }
  std::memset(v.resource_buffer, v.default_value, v.bytes);
  return kTfLiteOk;
}

TfLiteStatus MicroResourceVariables::NoteRead(int id, size_t bytes) {
  if (id < 0 || id >= num_resource_variables_) {
    MicroPrintf("READ_VARIABLE: resource variable %d does not exist.", id);
    return kTfLiteError;
  }
  MicroResourceVariable& v = resource_variables_[id];
  const size_t expected = v.resource_buffer != nullptr ? v.bytes
                          : v.read_bytes >= 0         ? static_cast<size_t>(v.read_bytes)
                                                      : bytes;
  if (expected != bytes) {
    MicroPrintf("READ_VARIABLE: resource variable \"%s\" is read into %u bytes but holds %u bytes.", NameOf(v),
                static_cast<unsigned>(bytes), static_cast<unsigned>(expected));
    return kTfLiteError;
  }
  v.read_bytes = static_cast<int32_t>(bytes);
  return kTfLiteOk;
}

TfLiteStatus MicroResourceVariables::CheckReadsAssigned() const {
  for (int i = 0; i < num_resource_variables_; ++i) {
    const MicroResourceVariable& v = resource_variables_[i];
    if (v.read_bytes >= 0 && v.resource_buffer == nullptr) {
      MicroPrintf("READ_VARIABLE: resource variable \"%s\" is read but never assigned (no ASSIGN_VARIABLE in the "
                  "model gives it a value or a size).",
                  NameOf(v));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus MicroResourceVariables::Read(int id, const TfLiteEvalTensor* tensor) {
  const MicroResourceVariable& v = resource_variables_[id];  // id, size and buffer checked in prepare
  std::memcpy(tensor->data.raw, v.resource_buffer, v.bytes);
  return kTfLiteOk;
}

TfLiteStatus MicroResourceVariables::Assign(int id, size_t count_bytes, const void* input_buffer) {
  MicroResourceVariable& v = resource_variables_[id];  // id and size checked in prepare
  std::memcpy(v.resource_buffer, input_buffer, count_bytes < v.bytes ? count_bytes : v.bytes);
  return kTfLiteOk;
}

TfLiteStatus MicroResourceVariables::ResetAll() {
  for (int i = 0; i < num_resource_variables_; ++i) {
    MicroResourceVariable& v = resource_variables_[i];
    if (v.resource_buffer != nullptr) std::memset(v.resource_buffer, v.default_value, v.bytes);
  }
  return kTfLiteOk;
}

}  // namespace mote
