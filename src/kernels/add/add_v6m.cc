// ADD int8, Armv6-M variant (Cortex-M0/M0+; compiled only for Armv6-M cores). Contract in add_variants.h.
//
// As the DSP variant, each input's rescaling s_k(x) = ScaleAddSubInput(x, offset_k, left_shift, m_k, shift_k)
// depends only on the int8 value x, so it is tabulated once per call (2 x 256 int32 on the stack, 2 KB), and per
// element what is left is two table lookups, their sum and the output requantization. Every requantization (the
// 512 table entries and one per element) is arm_v6m::MultiplyByQuantizedMultiplierV6m, which equals
// MultiplyByQuantizedMultiplierSmallerThanOneExp for the non-positive shifts AppliesV6m requires (prepare
// refuses others). Same-shape inputs run one loop; broadcasting ones the plan's traversal (BroadcastBinary, as
// the reference).
#include <algorithm>
#include <cstdint>

#include "kernels/add/add_variants.h"
#include "kernels/glue/broadcast.h"
#include "kernels/simd/arm_v6m.h"

namespace mote {
namespace add {
namespace {

void FillInputTable(int32_t offset, int32_t left_shift, int32_t multiplier, int32_t shift, int32_t* table) {
  for (int x = -128; x < 128; ++x) {
    const int32_t shifted = (x + offset) * (int32_t{1} << left_shift);
    table[x + 128] = arm_v6m::MultiplyByQuantizedMultiplierV6m(shifted, multiplier, shift);
  }
}

struct Finish {
  int32_t multiplier, shift, offset, act_min, act_max;
  int8_t operator()(int32_t raw) const {
    const int32_t out = arm_v6m::MultiplyByQuantizedMultiplierV6m(raw, multiplier, shift) + offset;
    return static_cast<int8_t>(std::min(act_max, std::max(act_min, out)));
  }
};

}  // namespace

void AddInt8V6m(const AddInt8Problem& p, void*) {
  int32_t table1[256], table2[256];
  FillInputTable(p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift, table1);
  FillInputTable(p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift, table2);
  const int32_t* t1 = table1 + 128;
  const int32_t* t2 = table2 + 128;
  const Finish finish{p.output_multiplier, p.output_shift, p.output_offset, p.activation_min, p.activation_max};
  if (!p.elementwise) {
    BroadcastBinary(*p.plan, p.input1, p.input2, p.output,
                    [t1, t2, &finish](int8_t x, int8_t y) { return finish(t1[x] + t2[y]); });
    return;
  }
  for (int i = 0; i < p.elements; ++i) p.output[i] = finish(t1[p.input1[i]] + t2[p.input2[i]]);
}

}  // namespace add
}  // namespace mote
