// ADD int8 kernel variants: the problem every variant computes from and the optimized entry points. The glue
// (add.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::AddQuantized<int8_t> (add_reference.h) over `plan`, bit for bit, for every
// problem a variant's applies() accepts.
#ifndef MOTE_KERNELS_ADD_ADD_VARIANTS_H_
#define MOTE_KERNELS_ADD_ADD_VARIANTS_H_

#include <cstdint>

namespace mote {

template <int kInputs>
struct LoopPlan;  // kernels/glue/broadcast.h
using BroadcastPlan = LoopPlan<2>;

namespace add {

// A plain struct (it crosses into *_avx2.cc code, which must not include headers with inline functions).
// The constants are QuantizedAddSubParams' (kernels/quantization/quantized_add_sub.h).
struct AddInt8Problem {
  const BroadcastPlan* plan;  // for the reference
  int elements;               // output elements
  bool elementwise;           // no broadcasting: both inputs have `elements` elements in output order
  int32_t input1_offset;
  int32_t input2_offset;
  int32_t output_offset;
  int32_t left_shift;
  int32_t input1_multiplier;
  int32_t input1_shift;
  int32_t input2_multiplier;
  int32_t input2_shift;
  int32_t output_multiplier;
  int32_t output_shift;
  int32_t activation_min;
  int32_t activation_max;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
};

// AVX2 (x86-64; add_avx2.cc): both inputs and the output have the same shape (the plan is one contiguous
// loop), 16 elements per step with the three requantizations on 8-lane vectors.
bool AppliesAvx2(const AddInt8Problem& p);
void AddInt8Avx2(const AddInt8Problem& p, void* scratch);

// AVX-512 (x86-64; add_avx512vnni.cc, run with the VNNI level's features): the AVX2 variant's problems, 32
// elements per step on 16-lane vectors, masked tails.
void AddInt8Avx512(const AddInt8Problem& p, void* scratch);

// Cortex-M Helium (add_mve.cc; Cortex-M55): same-shape inputs, four elements per vector.
bool AppliesMve(const AddInt8Problem& p);
void AddInt8Mve(const AddInt8Problem& p, void* scratch);

// Cortex-M DSP (add_dsp.cc; M4, M7, M33, M55): any shapes whose output requantization has a right shift of 1..31
// and a multiplier in [2^30, 2^31) (every practical one; see add_dsp.cc for the exact range), input rescaling by
// two 256-entry tables built per call (2 KB of stack); same-shape inputs four elements per step, broadcasting
// ones element by element over the plan. AppliesDsp is defined in add.cc (portable).
bool AppliesDsp(const AddInt8Problem& p);
void AddInt8Dsp(const AddInt8Problem& p, void* scratch);
// Armv6-M (add_v6m.cc; Cortex-M0/M0+): any shapes, non-positive shifts (what prepare accepts), the two input
// rescalings tabulated per call (2 KB of stack), requantization without 64-bit multiplies.
bool AppliesV6m(const AddInt8Problem& p);
void AddInt8V6m(const AddInt8Problem& p, void* scratch);

}  // namespace add
}  // namespace mote

#endif  // MOTE_KERNELS_ADD_ADD_VARIANTS_H_
