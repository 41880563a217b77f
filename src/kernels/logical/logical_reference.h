// LOGICAL_AND and LOGICAL_OR, bit-exact with TFLM's reference kernels: one BOOL per element pair of two BOOL
// inputs, over the broadcast plan of kernels/glue/broadcast.h. Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_LOGICAL_LOGICAL_REFERENCE_H_
#define MOTE_KERNELS_LOGICAL_LOGICAL_REFERENCE_H_

#include "kernels/glue/bool_byte.h"
#include "kernels/glue/broadcast.h"

namespace mote {
namespace reference {

struct LogicalAndFn {
  bool operator()(bool a, bool b) const { return a && b; }
};
struct LogicalOrFn {
  bool operator()(bool a, bool b) const { return a || b; }
};

// output[k] = Fn(input1[..], input2[..]) over the plan.
template <typename Fn>
inline void LogicalBinary(const BroadcastPlan& plan, const bool* input1, const bool* input2, bool* output) {
  BroadcastBinary(plan, AsBoolBytes(input1), AsBoolBytes(input2), output,
                  [](BoolByte a, BoolByte b) { return Fn()(static_cast<bool>(a), static_cast<bool>(b)); });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_LOGICAL_LOGICAL_REFERENCE_H_
