#include "kernels/glue/hybrid.h"

#include "kernels/glue/quantization_checks.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

// Per tensor or per channel; every zero point 0.
TfLiteStatus CheckHybridLayout(TfLiteContext* context, const char* op_name, const TfLiteAffineQuantization* fq,
                               int channel_dim, int channels) {
  const int num_scales = fq->scale->size;
  if (num_scales > 1 && (fq->quantized_dimension != channel_dim || num_scales != channels)) {
    TF_LITE_KERNEL_LOG(context, "%s: hybrid weights have %d scales along dimension %d (1, or %d along dimension %d)",
                       op_name, num_scales, static_cast<int>(fq->quantized_dimension), channels, channel_dim);
    return kTfLiteError;
  }
  const int num_zero_points = fq->zero_point == nullptr ? 0 : fq->zero_point->size;
  for (int i = 0; i < num_zero_points; ++i) {
    if (fq->zero_point->data[i] != 0) {
      TF_LITE_KERNEL_LOG(context, "%s: hybrid weights must be symmetric (zero point %d is %d)", op_name, i,
                         fq->zero_point->data[i]);
      return kTfLiteError;
    }
  }
  for (int i = 0; i < num_scales; ++i) {
    if (!IsValidScale(fq->scale->data[i])) {
      TF_LITE_KERNEL_LOG(context, "%s: hybrid weight scale %d (%g) is not a finite number > 0", op_name, i,
                         static_cast<double>(fq->scale->data[i]));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

}  // namespace

TfLiteStatus RefuseHybrid(TfLiteContext* context, const char* op_name, TfLiteType input_type, TfLiteType weights_type) {
  TF_LITE_KERNEL_LOG(context,
                     "%s: %s input with %s weights (a hybrid model) is not supported; convert the model with "
                     "full-integer quantization (a representative dataset) or keep FLOAT32 weights",
                     op_name, TfLiteTypeGetName(input_type), TfLiteTypeGetName(weights_type));
  return kTfLiteError;
}

TfLiteStatus PrepareHybridFilter(TfLiteContext* context, const char* op_name, const TfLiteTensor* filter,
                                 int channel_dim, int channels, HybridFilterScales* out) {
  const TfLiteAffineQuantization* fq = GetAffineQuantization(filter);
  if (fq == nullptr || fq->scale == nullptr || fq->scale->size < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: the INT8 weights of a hybrid layer have no quantization parameters", op_name);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckHybridLayout(context, op_name, fq, channel_dim, channels));
  out->scale = fq->scale->data[0];
  out->filter_scales = nullptr;
  if (fq->scale->size == 1) return kTfLiteOk;
  auto* scales =
      static_cast<float*>(context->AllocatePersistentBuffer(context, sizeof(float) * static_cast<size_t>(channels)));
  if (scales == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: out of arena memory for %d weight scales", op_name, channels);
    return kTfLiteError;
  }
  for (int c = 0; c < channels; ++c) scales[c] = fq->scale->data[c];
  out->filter_scales = scales;
  return kTfLiteOk;
}

TfLiteStatus RequestHybridScratch(TfLiteContext* context, const char* op_name, size_t bytes, int16_t* index) {
  int i = -1;
  if (context->RequestScratchBufferInArena(context, bytes, &i) != kTfLiteOk) {
    TF_LITE_KERNEL_LOG(context, "%s: out of arena memory for %zu bytes of hybrid scratch", op_name, bytes);
    return kTfLiteError;
  }
  *index = static_cast<int16_t>(i);
  return kTfLiteOk;
}

TfLiteStatus PrepareHybridConv(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                               const TfLiteTensor* filter, int channel_dim, int channels,
                               reference::HybridConvScheme per_channel_scheme, TfLiteFusedActivation activation,
                               reference::HybridConvParams* h, int16_t* scratch_index) {
  HybridFilterScales scales{};
  TF_LITE_ENSURE_STATUS(PrepareHybridFilter(context, op_name, filter, channel_dim, channels, &scales));
  h->scheme = scales.filter_scales == nullptr ? reference::HybridConvScheme::kPerTensor : per_channel_scheme;
  h->filter_scale = scales.scale;
  h->filter_scales = scales.filter_scales;
  if (per_channel_scheme == reference::HybridConvScheme::kDepthwisePerChannel && channels == 1) {
    // LiteRT runs a one-channel depthwise layer on its per-channel path, whose one scale is the tensor's.
    h->scheme = per_channel_scheme;  // filter_scales stays nullptr: the stage reads filter_scale
  }
  CalculateActivationRange(activation, &h->activation_min, &h->activation_max);
  const size_t image = static_cast<size_t>(input->dims->data[1]) * static_cast<size_t>(input->dims->data[2]) *
                       static_cast<size_t>(input->dims->data[3]);
  return RequestHybridScratch(context, op_name, image, scratch_index);
}

}  // namespace mote
