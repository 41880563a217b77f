// Reference compute of the reductions over axes (MEAN, SUM, REDUCE_MAX, REDUCE_MIN, REDUCE_ALL), bit-exact with
// the TFLM release used as oracle.
//
// The input is walked in memory order and each element is folded into the output slot of its non-reduced
// coordinates (so every slot sees its elements in increasing input order, as TFLM does).
//   MEAN float32: sum in float, then divide by the number of reduced elements (as float).
//   SUM float32: the same sum, not divided.
//   MEAN / SUM int8/int16: sum in int32 (wrapping), then TFLM's QuantizedMeanOrSum: subtract
//     input_zero_point * count, multiply by the multiplier (input_scale / output_scale, and for MEAN 1/count
//     folded in), add the output zero point, saturate. The installed TFLM uses this path for every integer
//     case, including equal input and output quantization and the 4-D mean over axes {1, 2}.
//   REDUCE_MAX / REDUCE_MIN (float32, int8 raw values; prepare demands equal input and output quantization):
//     start from the type's lowest (max) / highest (min) value and take an element only when it compares
//     greater (smaller): a NaN is never taken, and a slot of -inf (max) gives -FLT_MAX, as in TFLM.
//   REDUCE_ALL (bool): logical AND, starting from true.
// Preconditions (prepare): the params describe the input (dimensions >= 1) and the output holds
// output_elements; the integer MEAN/SUM path has output_elements int32 of scratch.
#ifndef MOTE_KERNELS_REDUCE_REDUCE_REFERENCE_H_
#define MOTE_KERNELS_REDUCE_REDUCE_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/glue/bool_byte.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

// One loop over the input, outermost first: neighbouring input dimensions that are both reduced or both kept
// are one loop, dimensions of 1 none (the input order and every element's output slot are unchanged).
// Counts and strides are int32: prepare refuses inputs of more than INT32_MAX elements (an arena never holds
// one), so every count below fits, in 8 bytes a loop and 40 a plan (persistent, one per node).
struct ReduceLoop {
  int32_t output_stride;  // 0 for a reduced loop
  int32_t extent;
};

struct ReduceParams {
  const ReduceLoop* loops;   // persistent, `rank` of them
  int rank;                  // loops (0 for a single element)
  int32_t input_elements;
  int32_t output_elements;
  int32_t reduced_elements;  // elements folded into each output slot
  // Integer MEAN/SUM: the requantization (MEAN's multiplier already divided by reduced_elements, TFLM's folding).
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;
  int shift;
};

namespace reduce_internal {
// Calls fold(output_offset, input_offset) for every input element, in input order. The innermost loop runs as
// one stretch: a reduced one folds `extent` consecutive elements into one slot, a kept one (output stride 1,
// PlanLoops) one element into each of `extent` consecutive slots, which compilers vectorise; the carry
// through the outer loops happens once per stretch instead of once per element.
template <typename Fold>
inline void ForEachElement(const ReduceParams& p, Fold fold) {
  if (p.rank == 0) {  // a single element
    fold(0, 0);
    return;
  }
  const int inner = p.rank - 1;
  const int32_t extent = p.loops[inner].extent;
  const bool inner_reduced = p.loops[inner].output_stride == 0;
  int32_t index[RuntimeShape::kMaxDims] = {};
  int64_t out = 0;
  for (int64_t i = 0; i < p.input_elements; i += extent) {
    if (inner_reduced) {
      for (int32_t j = 0; j < extent; ++j) fold(out, i + j);
    } else {
      for (int32_t j = 0; j < extent; ++j) fold(out + j, i + j);
    }
    for (int d = inner - 1; d >= 0; --d) {
      const ReduceLoop& loop = p.loops[d];
      out += loop.output_stride;
      if (++index[d] < loop.extent) break;
      out -= static_cast<int64_t>(loop.output_stride) * loop.extent;
      index[d] = 0;
    }
  }
}
}  // namespace reduce_internal

inline void SumFloat(const ReduceParams& p, const float* input, float* output) {
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = 0.0f;
  reduce_internal::ForEachElement(p, [&](int64_t o, int64_t i) { output[o] += input[i]; });
}

inline void MeanFloat(const ReduceParams& p, const float* input, float* output) {
  SumFloat(p, input, output);
  const float count = static_cast<float>(p.reduced_elements);
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = output[i] / count;
}

// Integer MEAN and SUM (they differ only in p.multiplier). scratch: output_elements int32.
template <typename T>
void QuantizedMeanOrSum(const ReduceParams& p, const T* input, int32_t* scratch, T* output) {
  for (int64_t i = 0; i < p.output_elements; ++i) scratch[i] = 0;
  reduce_internal::ForEachElement(p, [&](int64_t o, int64_t i) {
    scratch[o] = static_cast<int32_t>(static_cast<uint32_t>(scratch[o]) + static_cast<uint32_t>(input[i]));
  });
  const int32_t kMin = std::numeric_limits<T>::min();
  const int32_t kMax = std::numeric_limits<T>::max();
  const int64_t zero_point_sum = static_cast<int64_t>(p.input_zero_point) * p.reduced_elements;
  for (int64_t i = 0; i < p.output_elements; ++i) {
    const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(scratch[i] - zero_point_sum));
    int32_t v = MultiplyByQuantizedMultiplier(shifted, p.multiplier, p.shift) + p.output_zero_point;
    output[i] = static_cast<T>(std::min(std::max(v, kMin), kMax));
  }
}

// REDUCE_MAX (is_max) or REDUCE_MIN.
template <typename T>
void ReduceMaxMin(const ReduceParams& p, bool is_max, const T* input, T* output) {
  const T init = is_max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = init;
  // Written as selects (x86's MAXPS/MINPS: the kept value when the comparison is false, NaN included) so
  // that the stretches of ForEachElement vectorise.
  if (is_max) {
    reduce_internal::ForEachElement(p, [&](int64_t o, int64_t i) {
      output[o] = input[i] > output[o] ? input[i] : output[o];
    });
  } else {
    reduce_internal::ForEachElement(p, [&](int64_t o, int64_t i) {
      output[o] = input[i] < output[o] ? input[i] : output[o];
    });
  }
}

inline void ReduceAll(const ReduceParams& p, const bool* input, bool* output) {
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = true;
  const BoolByte* in = AsBoolBytes(input);
  reduce_internal::ForEachElement(p, [&](int64_t o, int64_t i) { output[o] = output[o] && in[i]; });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_REDUCE_REDUCE_REFERENCE_H_
