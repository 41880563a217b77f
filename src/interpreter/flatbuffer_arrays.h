// Views of FlatBuffers vectors as the C kernel API's arrays, without copying: node index lists and tensor
// shapes point straight into the model.
#ifndef MOTE_INTERPRETER_FLATBUFFER_ARRAYS_H_
#define MOTE_INTERPRETER_FLATBUFFER_ARRAYS_H_

#include <cstdint>

#include "flatbuffers/flatbuffers.h"
#include "mote/c/common.h"

namespace mote {
namespace flatbuffer_arrays_internal {
// Dims of scalars and absent arrays: a shared, read-only empty array.
struct EmptyIntArray {
  int size = 0;
};
inline const EmptyIntArray kEmptyIntArray;
}  // namespace flatbuffer_arrays_internal

inline TfLiteIntArray* EmptyArray() {
  using flatbuffer_arrays_internal::EmptyIntArray;
  return reinterpret_cast<TfLiteIntArray*>(const_cast<EmptyIntArray*>(&flatbuffer_arrays_internal::kEmptyIntArray));
}

// A FlatBuffers [int] vector is laid out exactly like TfLiteIntArray (uint32 length, then int32s), so
// node index lists and tensor shapes point straight into the model (little-endian targets only).
inline TfLiteIntArray* AsIntArray(const flatbuffers::Vector<int32_t>* v) {
  if (v == nullptr) return EmptyArray();
  return reinterpret_cast<TfLiteIntArray*>(const_cast<flatbuffers::Vector<int32_t>*>(v));
}
inline TfLiteFloatArray* AsFloatArray(const flatbuffers::Vector<float>* v) {
  return reinterpret_cast<TfLiteFloatArray*>(const_cast<flatbuffers::Vector<float>*>(v));
}

static_assert(sizeof(TfLiteIntArray) == sizeof(uint32_t), "TfLiteIntArray must match a FlatBuffers vector");

}  // namespace mote

#endif  // MOTE_INTERPRETER_FLATBUFFER_ARRAYS_H_
