// SPLIT, SPLIT_V and UNPACK reference compute: the inverse of CONCATENATION (concatenation_reference.h).
//
// With the input split at the axis into outer (dims before it) and inner (dims after it) sizes, output i
// takes, for each outer index, the next contiguous chunk of its dims[axis] * inner elements (UNPACK: inner
// elements, its axis dimension being 1 and dropped). A pure byte copy, so one function serves every type.
#ifndef MOTE_KERNELS_SPLIT_SPLIT_REFERENCE_H_
#define MOTE_KERNELS_SPLIT_SPLIT_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

// output_data(i) returns output i's data; chunk_bytes[i] is output i's chunk size in bytes.
template <typename OutputData>
void Split(const uint8_t* input, int outer_size, int num_outputs, const size_t* chunk_bytes, OutputData output_data) {
  for (int k = 0; k < outer_size; ++k) {
    for (int i = 0; i < num_outputs; ++i) {
      const size_t n = chunk_bytes[i];
      if (n == 0) continue;
      std::memcpy(static_cast<uint8_t*>(output_data(i)) + static_cast<size_t>(k) * n, input, n);
      input += n;
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SPLIT_SPLIT_REFERENCE_H_
