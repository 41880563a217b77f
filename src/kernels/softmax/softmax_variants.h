// SOFTMAX int8-input kernel variants (int8 -> int8 and int8 -> int16): the problem every variant computes from
// and the optimized entry points. The glue (softmax.cc) owns the best-first tables (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::SoftmaxInt8 / reference::SoftmaxInt8ToInt16 (softmax_reference.h) over
// [outer_size, depth], bit for bit, for every problem a variant's applies() accepts: gemmlowp's fixed-point
// exp of the rescaled row differences (Q5.26), their sum in Q12.19, TFLite's GetReciprocal, one rounding
// multiply and shift per output.
#ifndef MOTE_KERNELS_SOFTMAX_SOFTMAX_VARIANTS_H_
#define MOTE_KERNELS_SOFTMAX_SOFTMAX_VARIANTS_H_

#include <cstdint>

namespace mote {
namespace softmax {

// A plain struct (the same convention as the other ops' problems: no member functions).
struct SoftmaxInt8Problem {
  int outer_size;
  int depth;
  int32_t input_multiplier;  // reference::SoftmaxParams
  int32_t input_left_shift;
  int32_t diff_min;
  bool int16_output;  // false: int8 output (zero point -128); true: int16 output (zero point -32768)
  const int8_t* input;
  void* output;  // int8_t* or int16_t*
};

// Both Cortex-M variants need what prepare always produces (input_multiplier in [2^30, 2^31), input_left_shift
// in [0, 31]) and depth <= 4095, where the sum of exponentials cannot overflow (deeper rows wrap in TFLM's
// arithmetic; they take the reference). Defined in softmax.cc (portable).
bool AppliesArm(const SoftmaxInt8Problem& p);

// Cortex-M DSP (softmax_dsp.cc; M4, M7, M33, M55): row maximum on four byte lanes (SSUB8/SEL); the exp is
// scalar but exact with single-instruction rounding high multiplies (SMMULR/SMMLAR) instead of 64-bit
// arithmetic; outputs by SMMLAR, a rounding shift and USAT.
void SoftmaxInt8Dsp(const SoftmaxInt8Problem& p, void* scratch);

// Cortex-M Helium (softmax_mve.cc; Cortex-M55): row maximum by VMAXV on 16 bytes, then exp, sum and outputs on
// four int32 lanes (VQRDMULH is gemmlowp's rounding high multiply), tail-predicated.
void SoftmaxInt8Mve(const SoftmaxInt8Problem& p, void* scratch);

// The variants' exp alone, for the on-target tests: out[i] = fixed_point::ExpOnNegativeValues(
// Fixed<5>::FromRaw(a[i])).raw for a[i] <= 0 (the rescaled row differences the kernels feed it).
void ExpQ5Dsp(const int32_t* a, int32_t* out, int n);
void ExpQ5Mve(const int32_t* a, int32_t* out, int n);

}  // namespace softmax
}  // namespace mote

#endif  // MOTE_KERNELS_SOFTMAX_SOFTMAX_VARIANTS_H_
