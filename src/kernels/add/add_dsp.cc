// ADD int8, Cortex-M DSP variant (compiled only for cores with the DSP extension: M4, M7, M33, M55). Contract in
// add_variants.h.
//
// Any shapes: same-shape inputs (the plan is one contiguous run) take the four-element loop below, broadcasting
// ones the plan's traversal (BroadcastBinary, as the reference) with the same per-element arithmetic. Each
// input's rescaling
//   s_k(x) = MultiplyByQuantizedMultiplierSmallerThanOneExp((x + offset_k) << left_shift, m_k, shift_k)
// depends only on the int8 value x, so it is tabulated once per call (2 x 256 int32 on the stack, 2 KB; 512
// evaluations, a few thousand instructions, against the ~100 per element the reference spends on the three
// requantizations). Per element what is left is two table lookups, their sum and the output requantization:
//   raw = s_1(x) + s_2(y)
//   out = clamp(RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(raw, m_o), e_o) + zero point)
// done with SMMLAR as arm_dsp::FastRequantize does, with the output zero point folded into the rounding constant:
//   out = (SMMLAR(raw, int32(2 m_o), raw) + (raw >> 31) + c) >> e_o,   c = 2^(e_o - 1) + zero_point * 2^e_o
// (adding a multiple of 2^e_o before the floor shift adds zero_point after it). Four results are saturated to
// int8 (SSAT), packed into a word and clamped to the activation range on byte lanes (SSUB8/SEL).
//
// Exactness bounds: |x + offset| <= 255 and left_shift <= 20 keep the shifted input below 2^28 in magnitude; a
// doubling high multiply by m < 2^31 and a rounding right shift never increase a magnitude, so |s_k| < 2^28 and
// |raw| < 2^29. The table's fast formula (SMMLAR, then the rounding shift with the operand's sign) is then exact
// for m_k in [2^30, 2^31) and shift_k in [-31, 0]; other inputs take the reference function. The per-element
// formula needs m_o in [2^30, 2^31), e_o in [1, 31] and 2^29 + 1 + |c| < 2^31: AppliesDsp (add.cc) checks it (it holds
// for every practical scale: e_o is about 19 for equal input and output scales and fails only above ~23).
#include <cstdint>
#include <cstring>

#include "kernels/add/add_variants.h"
#include "kernels/simd/arm_dsp.h"
#include "kernels/glue/broadcast.h"
#include "kernels/quantization/quantized_add_sub.h"

namespace mote {
namespace add {
namespace {

// Fills table[x + 128] = s(x) for every int8 x.
void FillInputTable(int32_t offset, int32_t left_shift, int32_t multiplier, int32_t shift, int32_t* table) {
  if (multiplier >= (1 << 30) && shift <= 0 && shift >= -31 && left_shift >= 0 && left_shift <= 20) {
    const int32_t multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(multiplier) << 1);
    const int32_t e = -shift;
    const int32_t round = e > 0 ? int32_t{1} << (e - 1) : 0;
    for (int x = -128; x < 128; ++x) {
      const int32_t shifted = (x + offset) * (int32_t{1} << left_shift);
      const int32_t y = arm_dsp::Smmlar(shifted, multiplier2, shifted);
      table[x + 128] = e > 0 ? (y + round + (shifted >> 31)) >> e : y;
    }
    return;
  }
  for (int x = -128; x < 128; ++x) table[x + 128] = ScaleAddSubInput(x, offset, left_shift, multiplier, shift);
}

// w with bits [lsb, lsb + 8) replaced by v's low byte: BFI (GCC builds it from 2-3 shifts and masks otherwise).
template <int kLsb>
inline uint32_t InsertByte(uint32_t w, int32_t v) {
  __asm__("bfi %0, %1, %2, #8" : "+r"(w) : "r"(v), "I"(kLsb));
  return w;
}

// The output zero point and rounding constant c of the file comment (AppliesDsp, add.cc, checked the range).
inline int64_t OutputConstant(const AddInt8Problem& p) {
  const int e = -p.output_shift;
  return (int64_t{1} << (e - 1)) + static_cast<int64_t>(p.output_offset) * (int64_t{1} << e);
}

}  // namespace

void AddInt8Dsp(const AddInt8Problem& p, void*) {
  int32_t table1[256], table2[256];
  FillInputTable(p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift, table1);
  FillInputTable(p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift, table2);
  const int32_t* t1 = table1 + 128;
  const int32_t* t2 = table2 + 128;
  const int32_t multiplier2 = static_cast<int32_t>(static_cast<uint32_t>(p.output_multiplier) << 1);
  const int32_t e = -p.output_shift;
  const int32_t c = static_cast<int32_t>(OutputConstant(p));
  const uint32_t lo4 = arm_dsp::Splat8(p.activation_min), hi4 = arm_dsp::Splat8(p.activation_max);
  const int8_t* a = p.input1;
  const int8_t* b = p.input2;
  int8_t* out = p.output;
  // Saturated to int8, not yet clamped to the activation range.
  auto one = [=](int x, int y) {
    const int32_t raw = t1[x] + t2[y];
    return __ssat((arm_dsp::Smmlar(raw, multiplier2, raw) + (raw >> 31) + c) >> e, 8);
  };
  if (!p.elementwise) {
    // Broadcasting: the reference's own traversal of the plan (same element triples), one element at a time.
    const int32_t lo = p.activation_min, hi = p.activation_max;
    BroadcastBinary(*p.plan, a, b, out, [&one, lo, hi](int8_t x, int8_t y) {
      const int32_t v = one(x, y);
      return static_cast<int8_t>(v < lo ? lo : v > hi ? hi : v);
    });
    return;
  }
  int n = p.elements;
  for (; n >= 4; n -= 4, a += 4, b += 4, out += 4) {
    uint32_t w = static_cast<uint32_t>(one(a[0], b[0]));  // bits 8-31 are all overwritten below
    w = InsertByte<8>(w, one(a[1], b[1]));
    w = InsertByte<16>(w, one(a[2], b[2]));
    w = InsertByte<24>(w, one(a[3], b[3]));
    w = arm_dsp::ClampBytes(w, lo4, hi4);
    std::memcpy(out, &w, 4);
  }
  for (; n > 0; --n, ++a, ++b, ++out) {
    const int32_t v = one(*a, *b);
    *out = static_cast<int8_t>(v < p.activation_min ? p.activation_min : v > p.activation_max ? p.activation_max : v);
  }
}

}  // namespace add
}  // namespace mote
