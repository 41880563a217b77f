// The `ethos-u` op's only work on the CPU: the base address table the NPU driver receives (mote/ethos_u.h).
// Entry i is the data address and size in bytes of the node's input i + 1 (input 0 is the command stream),
// then of its outputs; the command streams Vela writes address at most kEthosUMaxBaseAddresses buffers, so
// the table stops there (as TFLM's kernel's).
#ifndef MOTE_KERNELS_ETHOSU_ETHOSU_REFERENCE_H_
#define MOTE_KERNELS_ETHOSU_ETHOSU_REFERENCE_H_

#include <cstddef>
#include <cstdint>

#include "mote/ethos_u.h"

namespace mote {
namespace reference {

// Entries of the table for a node with `inputs` inputs (>= 1) and `outputs` outputs.
constexpr int BaseAddressCount(int inputs, int outputs) {
  return inputs - 1 + outputs < kEthosUMaxBaseAddresses ? inputs - 1 + outputs : kEthosUMaxBaseAddresses;
}

inline void SetBaseAddress(int entry, const void* data, size_t bytes, uint64_t* addresses, size_t* sizes) {
  addresses[entry] = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(data));
  sizes[entry] = bytes;
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_ETHOSU_ETHOSU_REFERENCE_H_
