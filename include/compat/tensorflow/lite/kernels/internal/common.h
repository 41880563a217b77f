// TFLite's kernels/internal/common.h: the fixed-point arithmetic reference kernels build on (mote's,
// mote/integer_arithmetic.h, bit-exact with TFLite's default double-rounding MultiplyByQuantizedMultiplier),
// activation clamps and the N-D broadcast descriptors. gemmlowp's fixedpoint/ is not provided: kernels that
// include it bring it themselves.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_COMMON_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_COMMON_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "mote/integer_arithmetic.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/kernels/internal/cppmath.h"
#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {

using ::mote::MultiplyByQuantizedMultiplier;
using ::mote::MultiplyByQuantizedMultiplierGreaterThanOne;
using ::mote::MultiplyByQuantizedMultiplierSmallerThanOneExp;
using ::mote::RoundingDivideByPOT;
using ::mote::SaturatingRoundingDoublingHighMul;

template <typename T>
inline T ActivationFunctionWithMinMax(T x, T output_activation_min, T output_activation_max) {
  return ::mote::ActivationFunctionWithMinMax(x, output_activation_min, output_activation_max);
}

inline void GetActivationMinMax(FusedActivationFunctionType ac, float* output_activation_min,
                                float* output_activation_max) {
  switch (ac) {
    case FusedActivationFunctionType::kRelu:
      *output_activation_min = 0.0f;
      *output_activation_max = std::numeric_limits<float>::max();
      break;
    case FusedActivationFunctionType::kRelu6:
      *output_activation_min = 0.0f;
      *output_activation_max = 6.0f;
      break;
    case FusedActivationFunctionType::kRelu1:
      *output_activation_min = -1.0f;
      *output_activation_max = 1.0f;
      break;
    default:
      *output_activation_min = std::numeric_limits<float>::lowest();
      *output_activation_max = std::numeric_limits<float>::max();
      break;
  }
}

template <FusedActivationFunctionType Ac>
float ActivationFunction(float x) {
  float output_activation_min = 0;
  float output_activation_max = 0;
  GetActivationMinMax(Ac, &output_activation_min, &output_activation_max);
  return ActivationFunctionWithMinMax(x, output_activation_min, output_activation_max);
}

// Number of leading zero bits of an unsigned value (its bit width for 0).
template <typename T>
int CountLeadingZeros(T integer_input) {
  static_assert(std::is_unsigned<T>::value, "CountLeadingZeros takes an unsigned type");
  if (integer_input == 0) return std::numeric_limits<T>::digits;
  int leading_zeros = 0;
  for (T top = T(1) << (std::numeric_limits<T>::digits - 1); (integer_input & top) == 0; top >>= 1) {
    ++leading_zeros;
  }
  return leading_zeros;
}

// Number of redundant sign bits of a signed value: leading zeros of x (x >= 0) or of ~x (x < 0), minus one.
template <typename T>
int CountLeadingSignBits(T integer_input) {
  static_assert(std::is_signed<T>::value, "CountLeadingSignBits takes a signed type");
  using U = typename std::make_unsigned<T>::type;
  const U bits = integer_input >= 0 ? static_cast<U>(integer_input) : static_cast<U>(~integer_input);
  return CountLeadingZeros(bits) - 1;
}

// --- N-D broadcasting ------------------------------------------------------------------------------------
// A descriptor gives, per dimension of the (broadcast) output, the input's extent and its stride; a
// broadcast dimension has stride 0, so SubscriptToIndex maps every output subscript onto the input element.
template <int N>
struct NdArrayDesc {
  int extents[N];
  int strides[N];
};

inline int SubscriptToIndex(const NdArrayDesc<4>& desc, int i0, int i1, int i2, int i3) {
  return i0 * desc.strides[0] + i1 * desc.strides[1] + i2 * desc.strides[2] + i3 * desc.strides[3];
}
template <int N>
inline int SubscriptToIndex(const NdArrayDesc<N>& desc, const int* indexes) {
  int index = 0;
  for (int i = 0; i < N; ++i) index += indexes[i] * desc.strides[i];
  return index;
}

// Row-major extents and strides of `input_shape` extended on the left to N dimensions.
template <int N>
inline void CopyDimsToDesc(const RuntimeShape& input_shape, NdArrayDesc<N>* desc_out) {
  const RuntimeShape extended = RuntimeShape::ExtendedShape(N, input_shape);
  int desc_stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    desc_out->extents[i] = extended.Dims(i);
    desc_out->strides[i] = desc_stride;
    desc_stride *= extended.Dims(i);
  }
}

// Broadcast dimensions: where an input's extent differs from the output's (the one extent other than 1, which
// may be 0), it is 1 and gets stride 0.
template <int N>
inline void BroadcastDescsToLargestExtents(NdArrayDesc<N>* const* descs, int count) {
  for (int i = 0; i < N; ++i) {
    int extent = 1;
    for (int d = 0; d < count; ++d) {
      if (descs[d]->extents[i] != 1) extent = descs[d]->extents[i];
    }
    for (int d = 0; d < count; ++d) {
      if (descs[d]->extents[i] == extent) continue;
      TFLITE_DCHECK_EQ(descs[d]->extents[i], 1);
      descs[d]->strides[i] = 0;
      descs[d]->extents[i] = extent;
    }
  }
}

template <int N>
inline void NdArrayDescsForElementwiseBroadcast(const RuntimeShape& input0_shape, const RuntimeShape& input1_shape,
                                                NdArrayDesc<N>* desc0_out, NdArrayDesc<N>* desc1_out) {
  CopyDimsToDesc(input0_shape, desc0_out);
  CopyDimsToDesc(input1_shape, desc1_out);
  NdArrayDesc<N>* const descs[] = {desc0_out, desc1_out};
  BroadcastDescsToLargestExtents(descs, 2);
}

template <int N>
inline void NdArrayDescsForElementwiseBroadcast(const RuntimeShape& input0_shape, const RuntimeShape& input1_shape,
                                                const RuntimeShape& input2_shape, NdArrayDesc<N>* desc0_out,
                                                NdArrayDesc<N>* desc1_out, NdArrayDesc<N>* desc2_out) {
  CopyDimsToDesc(input0_shape, desc0_out);
  CopyDimsToDesc(input1_shape, desc1_out);
  CopyDimsToDesc(input2_shape, desc2_out);
  NdArrayDesc<N>* const descs[] = {desc0_out, desc1_out, desc2_out};
  BroadcastDescsToLargestExtents(descs, 3);
}

// Calls calc(indexes) for every subscript of `output`, last dimension fastest.
template <int N, int DIM, typename Calc>
typename std::enable_if<DIM == N - 1, void>::type NDOpsHelperImpl(const NdArrayDesc<N>& output, const Calc& calc,
                                                                   int indexes[N]) {
  for (indexes[DIM] = 0; indexes[DIM] < output.extents[DIM]; ++indexes[DIM]) calc(indexes);
}
template <int N, int DIM, typename Calc>
typename std::enable_if<DIM != N - 1, void>::type NDOpsHelperImpl(const NdArrayDesc<N>& output, const Calc& calc,
                                                                   int indexes[N]) {
  for (indexes[DIM] = 0; indexes[DIM] < output.extents[DIM]; ++indexes[DIM]) {
    NDOpsHelperImpl<N, DIM + 1, Calc>(output, calc, indexes);
  }
}
template <int N, typename Calc>
inline void NDOpsHelper(const NdArrayDesc<N>& output, const Calc& calc) {
  int indexes[N] = {0};
  NDOpsHelperImpl<N, 0, Calc>(output, calc, indexes);
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_COMMON_H_
