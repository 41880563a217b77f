// TFLite's kernels/internal/types.h: RuntimeShape (mote's, mote/runtime_shape.h), the shape helpers and the
// parameter structs TFLite's reference kernels take. Field names and meanings are TFLite's, so reference
// kernel code copied from TFLite compiles and computes the same; mote's own kernels use their own structs.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TYPES_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TYPES_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "mote/runtime_shape.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"

namespace tflite {

using ::mote::RuntimeShape;

enum class FusedActivationFunctionType : uint8_t { kNone, kRelu6, kRelu1, kRelu };
enum class PaddingType : uint8_t { kNone, kSame, kValid };

struct PaddingValues {
  int16_t width;
  int16_t height;
  // Odd total padding: the extra column/row goes after the data (TRANSPOSE_CONV and some kernels use it).
  int16_t width_offset;
  int16_t height_offset;
};

struct Padding3DValues {
  int16_t width;
  int16_t height;
  int16_t depth;
  int16_t width_offset;
  int16_t height_offset;
  int16_t depth_offset;
};

enum class BroadcastableOpCategory : uint8_t {
  kNone,
  kNonBroadcast,
  kFirstInputBroadcastsFast,
  kSecondInputBroadcastsFast,
  kGenericBroadcast,
};

enum class FullyConnectedWeightsFormat : uint8_t { kDefault, kShuffled4x16Int8 };

struct QuantizationParams {
  int32_t zero_point = 0;
  double scale = 0.0;
};

struct DequantizationParams {
  double scale;
  int32_t zero_point;
};

struct PerChannelDequantizationParams {
  const float* scale;
  const int32_t* zero_point;
  int32_t quantized_dimension;
};

// TFLite's legacy strided-dimension descriptor.
template <int N>
struct Dims {
  int sizes[N];
  int strides[N];
};

// --- Shape helpers -----------------------------------------------------------------------------------------

using ::mote::Offset;  // (shape, i0, i1, i2, i3)
inline int Offset(const RuntimeShape& shape, int i0, int i1, int i2, int i3, int i4) {
  const int32_t* d = shape.DimsData();
  return (((i0 * d[1] + i1) * d[2] + i2) * d[3] + i3) * d[4] + i4;
}
// `index` holds one subscript per dimension of a 4-D shape.
inline int Offset(const RuntimeShape& shape, int* index) {
  return Offset(shape, index[0], index[1], index[2], index[3]);
}
inline int Offset(const Dims<4>& dims, int i0, int i1, int i2, int i3) {
  return i0 * dims.strides[0] + i1 * dims.strides[1] + i2 * dims.strides[2] + i3 * dims.strides[3];
}
inline int Offset(const Dims<4>& dims, int* index) { return Offset(dims, index[0], index[1], index[2], index[3]); }

using ::mote::FlatSizeSkipDim;

// The size of dimension index1 of shape1, which must equal dimension index2 of shape2 (checked in debug builds).
inline int MatchingDim(const RuntimeShape& shape1, int index1, const RuntimeShape& shape2, int index2) {
  TFLITE_DCHECK_EQ(shape1.Dims(index1), shape2.Dims(index2));
  return std::min(shape1.Dims(index1), shape2.Dims(index2));
}
template <typename... Args>
int MatchingDim(const RuntimeShape& shape1, int index1, const RuntimeShape& shape2, int index2, Args... args) {
  TFLITE_DCHECK_EQ(shape1.Dims(index1), shape2.Dims(index2));
  return MatchingDim(shape1, index1, args...);
}

inline int MatchingFlatSize(const RuntimeShape& shape) { return shape.FlatSize(); }
// Flat size of `shape`; every other shape must have the same dimensions (checked in debug builds).
template <typename... Shapes>
int MatchingFlatSize(const RuntimeShape& shape, const RuntimeShape& check, const Shapes&... rest) {
  TFLITE_DCHECK_EQ(shape.DimensionsCount(), check.DimensionsCount());
  for (int i = 0; i < shape.DimensionsCount(); ++i) TFLITE_DCHECK_EQ(shape.Dims(i), check.Dims(i));
  return MatchingFlatSize(shape, rest...);
}

inline int MatchingFlatSizeSkipDim(const RuntimeShape& shape, int skip_dim) {
  return FlatSizeSkipDim(shape, skip_dim);
}
template <typename... Shapes>
int MatchingFlatSizeSkipDim(const RuntimeShape& shape, int skip_dim, const RuntimeShape& check,
                            const Shapes&... rest) {
  TFLITE_DCHECK_EQ(shape.DimensionsCount(), check.DimensionsCount());
  for (int i = 0; i < shape.DimensionsCount(); ++i) {
    if (i != skip_dim) TFLITE_DCHECK_EQ(shape.Dims(i), check.Dims(i));
  }
  return MatchingFlatSizeSkipDim(shape, skip_dim, rest...);
}

// Element count of two shapes that may differ in rank but not in size.
inline int MatchingElementsSize(const RuntimeShape& shape, const RuntimeShape& check_0) {
  const int size_1 = shape.FlatSize();
  TFLITE_DCHECK_EQ(size_1, check_0.FlatSize());
  return size_1;
}
inline int MatchingElementsSize(const RuntimeShape& shape, const RuntimeShape& check_0,
                                const RuntimeShape& check_1) {
  TFLITE_DCHECK_EQ(shape.FlatSize(), check_1.FlatSize());
  return MatchingElementsSize(shape, check_0);
}

template <int N>
inline int FlatSize(const Dims<N>& dims) {
  int flat_size = 1;
  for (int i = 0; i < N; ++i) flat_size *= dims.sizes[i];
  return flat_size;
}
template <int N>
inline int ArraySize(const Dims<N>& array, int index) {
  return array.sizes[index];
}
template <int N>
bool IsPackedWithoutStrides(const Dims<N>& dims) {
  int expected_stride = 1;
  for (int d = 0; d < N; d++) {
    if (dims.strides[d] != expected_stride) return false;
    expected_stride *= dims.sizes[d];
  }
  return true;
}
template <int N>
void ComputeStrides(Dims<N>* dims) {
  dims->strides[0] = 1;
  for (int d = 1; d < N; d++) dims->strides[d] = dims->strides[d - 1] * dims->sizes[d - 1];
}

// --- Parameter structs of the reference kernels ------------------------------------------------------------

struct ConvParams {
  PaddingType padding_type;
  PaddingValues padding_values;
  int16_t stride_width;
  int16_t stride_height;
  int16_t dilation_width_factor;
  int16_t dilation_height_factor;
  int32_t input_offset;
  int32_t weights_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
};

struct Conv3DParams {
  Padding3DValues padding_values;
  int stride_width;
  int stride_height;
  int stride_depth;
  int dilation_width;
  int dilation_height;
  int dilation_depth;
  float float_activation_min;
  float float_activation_max;
};
using Conv3DTransposeParams = Conv3DParams;

struct DepthwiseParams {
  PaddingType padding_type;
  PaddingValues padding_values;
  int16_t stride_width;
  int16_t stride_height;
  int16_t dilation_width_factor;
  int16_t dilation_height_factor;
  int16_t depth_multiplier;
  int32_t input_offset;
  int32_t weights_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
  const int32_t* output_multiplier_per_channel;
  const int32_t* output_shift_per_channel;
};

struct FullyConnectedParams {
  int32_t input_offset;
  int32_t weights_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
  bool lhs_cacheable;
  bool rhs_cacheable;
  FullyConnectedWeightsFormat weights_format;
};

struct TransposeConvParams {
  PaddingType padding_type;
  PaddingValues padding_values;
  int16_t stride_width;
  int16_t stride_height;
  int16_t dilation_width_factor;
  int16_t dilation_height_factor;
  int32_t input_offset;
  int32_t weights_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
};

struct ArithmeticParams {
  BroadcastableOpCategory broadcast_category;
  int32_t input1_offset;
  int32_t input2_offset;
  int32_t output_offset;
  int32_t output_multiplier;
  int output_shift;
  int left_shift;
  int32_t input1_multiplier;
  int input1_shift;
  int32_t input2_multiplier;
  int input2_shift;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
  int64_t int64_activation_min;
  int64_t int64_activation_max;
  int broadcast_shape[6];  // TFLite's has 5 (or 6 where 6-D broadcast landed): room for both
};

struct ComparisonParams {
  int left_shift;
  int32_t input1_offset;
  int32_t input1_multiplier;
  int input1_shift;
  int32_t input2_offset;
  int32_t input2_multiplier;
  int input2_shift;
  bool is_broadcast;
};

struct ConcatenationParams {
  int8_t axis;
  const int32_t* input_zeropoint;
  const float* input_scale;
  uint16_t inputs_count;
  int32_t output_zeropoint;
  float output_scale;
};

struct PackParams {
  int8_t axis;
  const int32_t* input_zeropoint;
  const float* input_scale;
  uint16_t inputs_count;
  int32_t output_zeropoint;
  float output_scale;
};

struct UnpackParams {
  uint16_t num_split;
  int16_t axis;
};

struct SplitParams {
  int8_t num_split;
  int16_t axis;
};

struct SoftmaxParams {
  double beta;
  int32_t input_multiplier;
  int32_t input_left_shift;
  int diff_min;
  float* table;
  uint8_t* uint8_table1;
  uint8_t* uint8_table2;
  int16_t* exp_lut;
  int16_t* one_over_one_plus_x_lut;
  float scale;
  int32_t zero_point;
};

struct PoolParams {
  FusedActivationFunctionType activation;
  PaddingType padding_type;
  PaddingValues padding_values;
  int stride_height;
  int stride_width;
  int filter_height;
  int filter_width;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
};

struct Pool3DParams {
  Padding3DValues padding_values;
  int stride_depth;
  int stride_height;
  int stride_width;
  int filter_depth;
  int filter_height;
  int filter_width;
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
};

struct ReshapeParams {
  int8_t shape_count;
  int32_t shape[4];
};

struct TransposeParams {
  int8_t perm_count;
  int32_t perm[6];
};

enum class ResizingCategory : uint8_t { kNone, kImageStyle, kGenericResize };

struct PadParams {
  int8_t left_padding_count;
  int32_t left_padding[5];
  int8_t right_padding_count;
  int32_t right_padding[5];
  ResizingCategory resizing_category;
};

struct SliceParams {
  int8_t begin_count;
  int32_t begin[5];
  int8_t size_count;
  int32_t size[5];
};

struct StridedSliceParams {
  int8_t start_indices_count;
  int32_t start_indices[5];
  int8_t stop_indices_count;
  int32_t stop_indices[5];
  int8_t strides_count;
  int32_t strides[5];
  uint16_t begin_mask;
  uint16_t ellipsis_mask;
  uint16_t end_mask;
  uint16_t new_axis_mask;
  uint16_t shrink_axis_mask;
  bool offset;
};

struct GatherParams {
  int16_t axis;
  int16_t batch_dims;
};

struct MeanParams {
  int8_t axis_count;
  int16_t axis[4];
};

struct DepthToSpaceParams {
  int32_t block_size;
};
struct SpaceToDepthParams {
  int32_t block_size;
};
struct SpaceToBatchParams {
  int32_t output_offset;
};

struct ResizeBilinearParams {
  bool align_corners;
  bool half_pixel_centers;
};
struct ResizeNearestNeighborParams {
  bool align_corners;
  bool half_pixel_centers;
};

struct L2NormalizationParams {
  int32_t input_zero_point;
};

struct LocalResponseNormalizationParams {
  int32_t range;
  double bias;
  double alpha;
  double beta;
};

struct LeakyReluParams {
  float alpha;
  int32_t input_offset;
  int32_t output_offset;
  int32_t output_multiplier_alpha;
  int32_t output_shift_alpha;
  int32_t output_multiplier_identity;
  int32_t output_shift_identity;
};

struct PreluParams {
  int32_t input_offset;
  int32_t alpha_offset;
  int32_t output_offset;
  int32_t output_multiplier_1;
  int output_shift_1;
  int32_t output_multiplier_2;
  int output_shift_2;
};

struct HardSwishParams {
  int16_t reluish_multiplier_fixedpoint_int16;
  int reluish_multiplier_exponent;
  int16_t output_multiplier_fixedpoint_int16;
  int output_multiplier_exponent;
  int32_t input_zero_point;
  int32_t output_zero_point;
};

struct LogisticParams {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;
  int input_left_shift;
};

struct TanhParams {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;
  int input_left_shift;
};

struct MinMax {
  float min;
  float max;
};

struct FakeQuantParams {
  MinMax minmax;
  int32_t num_bits;
};

// SetActivationParams / GetActivationParams: the clamp range of P for the element type of the call.
template <typename P>
inline void SetActivationParams(float min, float max, P* params) {
  params->float_activation_min = min;
  params->float_activation_max = max;
}
template <typename P>
inline void SetActivationParams(int32_t min, int32_t max, P* params) {
  params->quantized_activation_min = min;
  params->quantized_activation_max = max;
}
template <typename P>
inline void SetActivationParams(int64_t min, int64_t max, P* params) {
  params->int64_activation_min = min;
  params->int64_activation_max = max;
}
template <typename P>
inline void GetActivationParams(const P& params, int32_t* min, int32_t* max) {
  *min = params.quantized_activation_min;
  *max = params.quantized_activation_max;
}
template <typename P>
inline void GetActivationParams(const P& params, float* min, float* max) {
  *min = params.float_activation_min;
  *max = params.float_activation_max;
}
template <typename P>
inline void GetActivationParams(const P& params, int64_t* min, int64_t* max) {
  *min = params.int64_activation_min;
  *max = params.int64_activation_max;
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_TYPES_H_
