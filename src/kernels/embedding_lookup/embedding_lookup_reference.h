// EMBEDDING_LOOKUP reference (TFLM's embedding_lookup.cc): output row i is row lookup[i] of the value
// tensor viewed as [rows, columns]: a byte copy (FLOAT32 -> FLOAT32, INT8 -> INT8), or for INT8 values with
// a FLOAT32 output (hybrid) the row dequantized with the tensor's one scale and zero point 0, as TFLM's
// Dequantize: float(value) * scale. Precondition (checked by the glue at invoke): every lookup value is in
// [0, rows).
#ifndef MOTE_KERNELS_EMBEDDING_LOOKUP_EMBEDDING_LOOKUP_REFERENCE_H_
#define MOTE_KERNELS_EMBEDDING_LOOKUP_EMBEDDING_LOOKUP_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

inline void EmbeddingLookupCopy(const int32_t* lookup, int64_t count, const void* value, size_t row_bytes,
                                void* output) {
  const auto* in = static_cast<const uint8_t*>(value);
  auto* out = static_cast<uint8_t*>(output);
  for (int64_t i = 0; i < count; ++i) std::memcpy(out + i * row_bytes, in + lookup[i] * row_bytes, row_bytes);
}

inline void EmbeddingLookupHybrid(const int32_t* lookup, int64_t count, const int8_t* value, int64_t columns,
                                  float scale, float* output) {
  for (int64_t i = 0; i < count; ++i) {
    const int8_t* row = value + lookup[i] * columns;
    for (int64_t c = 0; c < columns; ++c) output[i * columns + c] = (row[c] - 0) * scale;
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_EMBEDDING_LOOKUP_EMBEDDING_LOOKUP_REFERENCE_H_
