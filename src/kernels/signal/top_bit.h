// The position of the highest set bit, counted from 1 (TFLM's signal MostSignificantBit32/64), for the
// signal kernels' fixed-point arithmetic. Precondition: x != 0 (callers branch on zero first).
#ifndef MOTE_KERNELS_SIGNAL_TOP_BIT_H_
#define MOTE_KERNELS_SIGNAL_TOP_BIT_H_

#include <cstdint>

namespace mote {
namespace reference {

inline int TopBit32(uint32_t x) { return 32 - __builtin_clz(x); }
inline int TopBit64(uint64_t x) { return 64 - __builtin_clzll(x); }

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_TOP_BIT_H_
