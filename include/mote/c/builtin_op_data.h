// Parsed builtin operator options, as TFLite's C API names them. The interpreter fills one of these per node
// (node->builtin_data) from the model's builtin options, through the parser the op table names for the op.
#ifndef MOTE_C_BUILTIN_OP_DATA_H_
#define MOTE_C_BUILTIN_OP_DATA_H_

#include <stdbool.h>
#include <stdint.h>

#include "mote/c/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TFLITE_RESHAPE_PARAMS_MAX_DIMENSION_COUNT 8
#define TFLITE_SQUEEZE_PARAMS_MAX_DIMENSION_COUNT 8

// TFLite's filler for option structs that carry no field (TFLM's select_test builds its SELECT_V2 params
// from it).
typedef struct {
  char dummy;
} EmptyStructPlaceholder;

typedef enum {
  kTfLitePaddingUnknown = 0,
  kTfLitePaddingSame,
  kTfLitePaddingValid,
} TfLitePadding;

typedef enum {
  kTfLiteMirrorPaddingUnknown = 0,
  kTfLiteMirrorPaddingReflect,
  kTfLiteMirrorPaddingSymmetric,
} TfLiteMirrorPaddingMode;

typedef struct {
  int width;
  int height;
  int width_offset;
  int height_offset;
} TfLitePaddingValues;

typedef enum {
  kTfLiteActNone = 0,
  kTfLiteActRelu,
  kTfLiteActReluN1To1,
  kTfLiteActRelu6,
  kTfLiteActTanh,
  kTfLiteActSignBit,
  kTfLiteActSigmoid,
} TfLiteFusedActivation;

typedef struct {
  TfLitePadding padding;
  int stride_width;
  int stride_height;
  TfLiteFusedActivation activation;
  int dilation_width_factor;
  int dilation_height_factor;
  TfLiteType quantized_bias_type;
} TfLiteConvParams;

typedef struct {
  TfLitePadding padding;
  int stride_width;
  int stride_height;
  int depth_multiplier;
  TfLiteFusedActivation activation;
  int dilation_width_factor;
  int dilation_height_factor;
} TfLiteDepthwiseConvParams;

typedef struct {
  TfLitePadding padding;
  int stride_width;
  int stride_height;
  int filter_width;
  int filter_height;
  TfLiteFusedActivation activation;
  struct {
    TfLitePaddingValues padding;
  } computed;
} TfLitePoolParams;

typedef struct {
  int rank;
  TfLiteFusedActivation activation;
  bool asymmetric_quantize_inputs;
} TfLiteSVDFParams;

typedef struct {
  TfLiteFusedActivation activation;
  float cell_clip;  // 0: no clipping
  float proj_clip;  // 0: no clipping
  bool time_major;  // true: input [time, batch, input]; false: [batch, time, input]
  bool asymmetric_quantize_inputs;
  bool diagonal_recurrent_tensors;
} TfLiteUnidirectionalSequenceLSTMParams;

typedef enum {
  kTfLiteFullyConnectedWeightsFormatDefault = 0,
  kTfLiteFullyConnectedWeightsFormatShuffled4x16Int8 = 1,
} TfLiteFullyConnectedWeightsFormat;

typedef struct {
  TfLiteFusedActivation activation;
  TfLiteFullyConnectedWeightsFormat weights_format;
  bool keep_num_dims;
  bool asymmetric_quantize_inputs;
  TfLiteType quantized_bias_type;
} TfLiteFullyConnectedParams;

typedef struct {
  float beta;
} TfLiteSoftmaxParams;

typedef struct {
  int axis;
  TfLiteFusedActivation activation;
} TfLiteConcatenationParams;

typedef struct {
  TfLiteFusedActivation activation;
  bool pot_scale_int16;
} TfLiteAddParams;

typedef struct {
  TfLiteFusedActivation activation;
  bool pot_scale_int16;
} TfLiteSubParams;

typedef struct {
  TfLiteFusedActivation activation;
} TfLiteMulParams;

typedef struct {
  TfLiteFusedActivation activation;
} TfLiteDivParams;

typedef struct {
  TfLiteFusedActivation activation;
} TfLiteL2NormParams;

typedef struct {
  int shape[TFLITE_RESHAPE_PARAMS_MAX_DIMENSION_COUNT];
  int num_dimensions;
} TfLiteReshapeParams;

typedef struct {
  bool keep_dims;
} TfLiteReducerParams;

typedef struct {
  bool exclusive;
  bool reverse;
} TfLiteCumsumParams;

typedef struct {
  int begin_mask;
  int end_mask;
  int ellipsis_mask;
  int new_axis_mask;
  int shrink_axis_mask;
  bool offset;
} TfLiteStridedSliceParams;

typedef struct {
  int squeeze_dims[TFLITE_SQUEEZE_PARAMS_MAX_DIMENSION_COUNT];
  int num_squeeze_dims;
} TfLiteSqueezeParams;

typedef struct {
  float alpha;
} TfLiteLeakyReluParams;

typedef struct {
  int axis;
  int batch_dims;
} TfLiteGatherParams;

typedef struct {
  int values_count;
  int axis;
} TfLitePackParams;

typedef struct {
  int num;
  int axis;
} TfLiteUnpackParams;

typedef struct {
  int num_splits;
} TfLiteSplitParams;

typedef struct {
  int num_splits;
} TfLiteSplitVParams;

typedef struct {
  bool align_corners;
  bool half_pixel_centers;
} TfLiteResizeNearestNeighborParams;

typedef struct {
  bool align_corners;
  bool half_pixel_centers;
} TfLiteResizeBilinearParams;

typedef struct {
  bool adj_x;
  bool adj_y;
  bool asymmetric_quantize_inputs;
} TfLiteBatchMatMulParams;

typedef struct {
  TfLiteType output_type;
} TfLiteArgMaxParams;

typedef struct {
  TfLiteType output_type;
} TfLiteArgMinParams;

typedef struct {
  TfLitePadding padding;
  int stride_width;
  int stride_height;
  TfLiteFusedActivation activation;
  TfLiteType quantized_bias_type;
} TfLiteTransposeConvParams;

typedef struct {
  TfLiteType out_type;
} TfLiteShapeParams;

typedef struct {
  TfLiteType in_data_type;
  TfLiteType out_data_type;
} TfLiteCastParams;

typedef struct {
  int block_size;
} TfLiteSpaceToDepthParams;

typedef struct {
  int block_size;
} TfLiteDepthToSpaceParams;

typedef struct {
  TfLiteMirrorPaddingMode mode;
} TfLiteMirrorPaddingParams;

typedef struct {
  int then_subgraph_index;
  int else_subgraph_index;
} TfLiteIfParams;

typedef struct {
  int cond_subgraph_index;
  int body_subgraph_index;
} TfLiteWhileParams;

typedef struct {
  int init_subgraph_index;
} TfLiteCallOnceParams;

typedef struct {
  const char* container;    // nullptr when the model leaves it out (matches any container)
  const char* shared_name;  // nullptr when the model leaves it out
} TfLiteVarHandleParams;

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // MOTE_C_BUILTIN_OP_DATA_H_
