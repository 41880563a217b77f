// TFLM's micro/flatbuffer_utils.h: FlexbufferWrapper, how custom kernels read their options map
// (FlexbufferWrapper wrapper(buffer, length); wrapper.ElementAsInt32(index)), and operator counts.
//
// Custom options come from the model and are untrusted: the wrapper verifies the buffer first and behaves as
// an empty vector (size() == 0) when it is not a valid FlexBuffer vector, so indexing below size() never reads
// outside the buffer.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_FLATBUFFER_UTILS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_FLATBUFFER_UTILS_H_

#include <cstddef>
#include <cstdint>

#include "flatbuffers/flexbuffers.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace tflite {

class FlexbufferWrapper : public flexbuffers::Vector {
 public:
  FlexbufferWrapper(const uint8_t* buffer, size_t size) : flexbuffers::Vector(VerifiedRoot(buffer, size)) {}

  // Element i as a scalar of the vector's byte width (TFLM reads the raw value, as here, rather than
  // converting strings: no locale-dependent parsing); 0 for i >= size().
  int64_t ElementAsInt64(size_t i) const { return InRange(i) ? flexbuffers::ReadInt64(Element(i), byte_width_) : 0; }
  uint64_t ElementAsUInt64(size_t i) const {
    return InRange(i) ? flexbuffers::ReadUInt64(Element(i), byte_width_) : 0;
  }
  int32_t ElementAsInt32(size_t i) const { return static_cast<int32_t>(ElementAsInt64(i)); }
  bool ElementAsBool(size_t i) const { return ElementAsUInt64(i) != 0; }
  double ElementAsDouble(size_t i) const { return InRange(i) ? flexbuffers::ReadDouble(Element(i), byte_width_) : 0.0; }
  float ElementAsFloat(size_t i) const { return static_cast<float>(ElementAsDouble(i)); }

 private:
  bool InRange(size_t i) const { return i < size(); }
  const uint8_t* Element(size_t i) const { return data_ + i * byte_width_; }

  static flexbuffers::Vector VerifiedRoot(const uint8_t* buffer, size_t size) {
    if (buffer == nullptr || size == 0 || !flexbuffers::VerifyBuffer(buffer, size)) {
      return flexbuffers::Vector::EmptyVector();
    }
    const flexbuffers::Reference root = flexbuffers::GetRoot(buffer, size);
    return root.IsVector() ? root.AsVector() : flexbuffers::Vector::EmptyVector();
  }
};

// Number of operators of a subgraph (0 when it has no operator list).
inline uint32_t NumSubgraphOperators(const SubGraph* subgraph) {
  return subgraph->operators() == nullptr ? 0 : subgraph->operators()->size();
}
inline uint32_t NumSubgraphOperators(const Model* model, int subgraph_idx) {
  return NumSubgraphOperators(model->subgraphs()->Get(subgraph_idx));
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_FLATBUFFER_UTILS_H_
