// CONCATENATION reference compute: interleaves contiguous chunks of the inputs along one axis.
//
// With the shapes split at the axis into outer (dims before it) and inner (dims after it) sizes, every
// input i contributes, for each outer index, one contiguous chunk of dims_i[axis] * inner elements; the
// output is those chunks in input order, outer index by outer index. This is a pure byte copy (TFLM
// neither requantizes nor clamps), so one function serves every element type.
#ifndef MOTE_KERNELS_CONCATENATION_CONCATENATION_REFERENCE_H_
#define MOTE_KERNELS_CONCATENATION_CONCATENATION_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

// input_data(i) returns input i's data; chunk_bytes[i] is input i's chunk size in bytes.
template <typename InputData>
void Concatenation(int num_inputs, InputData input_data, const size_t* chunk_bytes, int outer_size,
                   uint8_t* output) {
  for (int k = 0; k < outer_size; ++k) {
    for (int i = 0; i < num_inputs; ++i) {
      const size_t n = chunk_bytes[i];
      if (n == 0) continue;
      std::memcpy(output, static_cast<const uint8_t*>(input_data(i)) + static_cast<size_t>(k) * n, n);
      output += n;
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_CONCATENATION_CONCATENATION_REFERENCE_H_
