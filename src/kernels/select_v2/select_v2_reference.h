// SELECT_V2, bit-exact with TFLM's reference kernel: output[k] = condition[..]
// ? x[..] : y[..] over the three-input broadcast plan of
// kernels/glue/broadcast.h. The values are copied as stored: for INT8/INT16 no
// requantization happens even when x, y and the output are quantized
// differently (TFLM copies them the same way). Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_SELECT_V2_SELECT_V2_REFERENCE_H_
#define MOTE_KERNELS_SELECT_V2_SELECT_V2_REFERENCE_H_

#include "kernels/glue/bool_byte.h"
#include "kernels/glue/broadcast.h"

namespace mote {
namespace reference {

template <typename T>
inline void SelectV2(const TernaryBroadcastPlan &plan, const bool *condition,
                     const T *x, const T *y, T *output) {
  BroadcastTernary(plan, AsBoolBytes(condition), x, y, output,
                   [](BoolByte c, T a, T b) { return c ? a : b; });
}

} // namespace reference
} // namespace mote

#endif // MOTE_KERNELS_SELECT_V2_SELECT_V2_REFERENCE_H_
