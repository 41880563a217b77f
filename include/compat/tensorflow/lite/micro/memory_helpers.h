// TFLM's micro/memory_helpers.h: pointer/size alignment and type sizes.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MEMORY_HELPERS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MEMORY_HELPERS_H_

#include <cstddef>
#include <cstdint>

#include "mote/kernel_util.h"
#include "tensorflow/lite/c/common.h"

namespace tflite {

// `alignment` is a power of two.
inline uint8_t* AlignPointerUp(uint8_t* data, size_t alignment) {
  const uintptr_t p = reinterpret_cast<uintptr_t>(data);
  return reinterpret_cast<uint8_t*>((p + alignment - 1) & ~(static_cast<uintptr_t>(alignment) - 1));
}
inline uint8_t* AlignPointerDown(uint8_t* data, size_t alignment) {
  const uintptr_t p = reinterpret_cast<uintptr_t>(data);
  return reinterpret_cast<uint8_t*>(p & ~(static_cast<uintptr_t>(alignment) - 1));
}
inline size_t AlignSizeUp(size_t size, size_t alignment) { return (size + alignment - 1) / alignment * alignment; }
template <typename T>
inline size_t AlignSizeUp(size_t count = 1) {
  return AlignSizeUp(sizeof(T) * count, alignof(T));
}

// kTfLiteError (and *size untouched) for types without a fixed element size.
inline TfLiteStatus TfLiteTypeSizeOf(TfLiteType type, size_t* size) {
  const size_t bytes = ::mote::TfLiteTypeSizeOf(type);
  if (bytes == 0) return kTfLiteError;
  *size = bytes;
  return kTfLiteOk;
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MEMORY_HELPERS_H_
