// Hybrid (dynamic-range) layers, beyond TFLM: FLOAT32 activations with INT8 weights, the activations
// quantized at runtime (kernels/quantization/hybrid_quantize.h). TFLM refuses every such model ("Hybrid models
// are not supported on TFLite Micro"); mote runs FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D as LiteRT does
// and refuses the other combinations with one message that names the op, the types and what to convert with.
//
//   prepare: TF_LITE_ENSURE_STATUS(PrepareHybridFilter(context, "CONV_2D", filter, 0, channels, &data->scales));
//            TF_LITE_ENSURE_STATUS(RequestHybridScratch(context, bytes, &data->scratch_index));
//   refuse:  return RefuseHybrid(context, "BATCH_MATMUL", kTfLiteFloat32, weights->type);
#ifndef MOTE_KERNELS_GLUE_HYBRID_H_
#define MOTE_KERNELS_GLUE_HYBRID_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/hybrid_conv.h"
#include "mote/c/builtin_op_data.h"
#include "mote/c/common.h"

namespace mote {

// The filter's scales as a hybrid kernel reads them: per tensor (scale, filter_scales nullptr) or per channel
// (filter_scales = `channels` floats in persistent arena memory; the tensor's own quantization is not kept).
struct HybridFilterScales {
  float scale;
  const float* filter_scales;
};

// Logs "<op>: <input type> input with <weights type> weights (a hybrid model) is not supported; convert the
// model with full-integer quantization (a representative dataset) or keep FLOAT32 weights" and returns
// kTfLiteError.
TfLiteStatus RefuseHybrid(TfLiteContext* context, const char* op_name, TfLiteType input_type, TfLiteType weights_type);

// Checks an INT8 hybrid filter's quantization: present, per tensor or per channel along `channel_dim` with
// `channels` scales, every zero point 0 (LiteRT's hybrid kernels ignore them), every scale finite and > 0;
// fills *out (copying per-channel scales into the arena). Messages start with op_name.
TfLiteStatus PrepareHybridFilter(TfLiteContext* context, const char* op_name, const TfLiteTensor* filter,
                                 int channel_dim, int channels, HybridFilterScales* out);

// Requests `bytes` of arena scratch for the quantized activations (and whatever else the op keeps per invoke);
// stores the index in *index.
TfLiteStatus RequestHybridScratch(TfLiteContext* context, const char* op_name, size_t bytes, int16_t* index);

// CONV_2D / DEPTHWISE_CONV_2D: PrepareHybridFilter (channels along `channel_dim`), then *h (the scheme:
// kPerTensor for one scale, else `per_channel_scheme`; the float activation range) and the scratch of one
// quantized batch image (H * W * C bytes of `input`, rank 4) in *scratch_index.
TfLiteStatus PrepareHybridConv(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                               const TfLiteTensor* filter, int channel_dim, int channels,
                               reference::HybridConvScheme per_channel_scheme, TfLiteFusedActivation activation,
                               reference::HybridConvParams* h, int16_t* scratch_index);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_HYBRID_H_
