// The comparison ops EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS and LESS_EQUAL, bit-exact with TFLM's
// reference kernels: one BOOL per element pair, over the broadcast plan of kernels/glue/broadcast.h.
//
// Unquantized types (BOOL, FLOAT32, INT32, INT64) compare the stored values (FLOAT32 with IEEE semantics: NaN is
// unequal to everything, so only NOT_EQUAL is true on it). INT8 compares the two inputs after bringing them
// to one common fixed-point scale, as TFLM does:
//   v = MultiplyByQuantizedMultiplierSmallerThanOneExp((x - zero_point) * 2^8, multiplier, shift)
// with (multiplier, shift) = QuantizeMultiplierSmallerThanOneExp(scale) of that input, then v1 OP v2 on int32.
// Values the rescaling maps to the same integer tie (EQUAL true) even when their real values differ slightly.
// Preconditions (prepare guarantees them): both scales in (0, 1), zero points in the type's range (so the
// shifted value fits in int32). Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_COMPARISONS_COMPARISONS_REFERENCE_H_
#define MOTE_KERNELS_COMPARISONS_COMPARISONS_REFERENCE_H_

#include <cstdint>

#include "kernels/glue/bool_byte.h"
#include "kernels/glue/broadcast.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

// The per-input rescaling of the quantized comparisons (TFLM's ComparisonParams).
// Fields narrowed to what prepare's checks bound (int8 zero points, the shifts of a float scale's exponent),
// so a node's op data is 32 bytes on a 64-bit host.
struct ComparisonQuantParams {
  int32_t input1_multiplier;
  int32_t input2_multiplier;
  int16_t input1_offset;  // -zero_point
  int16_t input2_offset;
  int16_t input1_shift;  // <= 0
  int16_t input2_shift;
};
constexpr int kComparisonLeftShift = 8;  // TFLM's ComparisonParams::left_shift

// The six ops are three relations: GREATER and GREATER_EQUAL are LESS and LESS_EQUAL with the inputs swapped
// (the glue swaps them), NOT_EQUAL is EQUAL negated. (The order relations cannot be negations of each other:
// every one of them is false on a FLOAT32 NaN.) Sharing them keeps the code the ops add small on Cortex-M.
struct EqualFn {
  bool negate;  // NOT_EQUAL
  template <typename T>
  bool operator()(T a, T b) const {
    return (a == b) != negate;
  }
};
struct LessFn {
  template <typename T>
  bool operator()(T a, T b) const {
    return a < b;
  }
};
struct LessEqualFn {
  template <typename T>
  bool operator()(T a, T b) const {
    return a <= b;
  }
};

// One quantized input value on the common scale.
inline int32_t RescaleForComparison(int32_t value, int32_t offset, int32_t multiplier, int shift) {
  return MultiplyByQuantizedMultiplierSmallerThanOneExp((offset + value) * (1 << kComparisonLeftShift), multiplier,
                                                        shift);
}

// output[k] = fn(input1[..], input2[..]) over the plan (unquantized T).
template <typename Fn, typename T>
inline void Compare(const BroadcastPlan& plan, Fn fn, const T* input1, const T* input2, bool* output) {
  BroadcastBinary(plan, input1, input2, output, [fn](T a, T b) { return fn(a, b); });
}

// BOOL inputs, read as bytes (kernels/glue/bool_byte.h): any non-zero byte is true.
template <typename Fn>
inline void CompareBool(const BroadcastPlan& plan, Fn fn, const bool* input1, const bool* input2, bool* output) {
  BroadcastBinary(plan, AsBoolBytes(input1), AsBoolBytes(input2), output,
                  [fn](BoolByte a, BoolByte b) { return fn(static_cast<bool>(a), static_cast<bool>(b)); });
}

// output[k] = fn(rescaled input1[..], rescaled input2[..]) over the plan (INT8).
template <typename Fn, typename T>
inline void CompareQuantized(const BroadcastPlan& plan, Fn fn, const ComparisonQuantParams& q, const T* input1,
                             const T* input2, bool* output) {
  BroadcastBinary(plan, input1, input2, output, [fn, q](T a, T b) {
    const int32_t x = RescaleForComparison(a, q.input1_offset, q.input1_multiplier, q.input1_shift);
    const int32_t y = RescaleForComparison(b, q.input2_offset, q.input2_multiplier, q.input2_shift);
    return fn(x, y);
  });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_COMPARISONS_COMPARISONS_REFERENCE_H_
