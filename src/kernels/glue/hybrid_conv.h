// Hybrid CONV_2D and DEPTHWISE_CONV_2D (FLOAT32 activations, INT8 weights), the compute both share: each batch
// image is quantized to int8 at runtime (kernels/quantization/hybrid_quantize.h) into scratch, the op's own
// int8 loop nest accumulates filter * (q - zero_point) over the in-image taps (taps outside the image add
// nothing, i.e. zero padding in the real domain), and the float output stage below scales, adds the bias and
// clamps. Matching LiteRT's kernels (the oracle, tools/oracle/gen_hybrid.py; TFLM has none):
//
//   kPerTensor (CONV_2D with one weight scale; LiteRT's EvalHybrid): symmetric quantization,
//       out = bias[c] + float(acc) * (s_b * filter_scale)
//   kConvPerChannel (CONV_2D with per-channel scales; EvalHybridPerChannel): asymmetric quantization,
//       out = (float(acc) * filter_scale[c]) * s_b + bias[c]
//   kDepthwisePerChannel (DEPTHWISE_CONV_2D; LiteRT requires one scale per channel, one channel counts):
//       asymmetric quantization, out = float(acc) * (filter_scale[c] * s_b) + bias[c]
// then clamped to [activation_min, activation_max]. Scratch: one batch image (H * W * C bytes).
#ifndef MOTE_KERNELS_GLUE_HYBRID_CONV_H_
#define MOTE_KERNELS_GLUE_HYBRID_CONV_H_

#include <algorithm>
#include <cstdint>

#include "kernels/quantization/hybrid_quantize.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

enum class HybridConvScheme : int32_t { kPerTensor, kConvPerChannel, kDepthwisePerChannel };

struct HybridConvParams {
  HybridConvScheme scheme;
  const float* filter_scales;  // per channel; nullptr with kPerTensor (and a one-channel depthwise layer)
  float filter_scale;          // used when filter_scales is nullptr
  float activation_min;
  float activation_max;
};

// The float output stage of one batch whose quantization is `rq`.
struct HybridConvOutputStage {
  HybridConvParams h;
  RowQuantization rq;
  const float* bias;

  float operator()(int32_t acc, int c) const {
    const float b = bias != nullptr ? bias[c] : 0.0f;
    float v = 0.0f;
    switch (h.scheme) {
      case HybridConvScheme::kPerTensor:
        v = b + static_cast<float>(acc) * (rq.scale * h.filter_scale);
        break;
      case HybridConvScheme::kConvPerChannel:
        v = static_cast<float>(acc) * h.filter_scales[c] * rq.scale + b;
        break;
      case HybridConvScheme::kDepthwisePerChannel:
        v = static_cast<float>(acc) * ((h.filter_scales != nullptr ? h.filter_scales[c] : h.filter_scale) * rq.scale) +
            b;
        break;
    }
    return std::min(std::max(v, h.activation_min), h.activation_max);
  }
};

// Runs `loops(input_offset, batch_shape, quantized, batch_output, stage)` once per batch: `loops` is the op's
// int8 loop nest over one image (shape [1, H, W, C]) with input offset -zero_point, writing floats through the
// stage. `quantized` is H * W * C bytes of scratch.
template <typename Loops>
void HybridConvBatches(const HybridConvParams& h, const RuntimeShape& input_shape, const float* input,
                       const RuntimeShape& output_shape, const float* bias, int8_t* quantized, float* output,
                       const Loops& loops) {
  const int batches = input_shape.Dims(0);
  const int image = input_shape.Dims(1) * input_shape.Dims(2) * input_shape.Dims(3);
  const int out_image = output_shape.Dims(1) * output_shape.Dims(2) * output_shape.Dims(3);
  const int32_t in_dims[4] = {1, input_shape.Dims(1), input_shape.Dims(2), input_shape.Dims(3)};
  const int32_t out_dims[4] = {1, output_shape.Dims(1), output_shape.Dims(2), output_shape.Dims(3)};
  const bool asymmetric = h.scheme != HybridConvScheme::kPerTensor;
  for (int b = 0; b < batches; ++b) {
    const RowQuantization rq = QuantizeRow(asymmetric, input + static_cast<int64_t>(b) * image, image, quantized);
    loops(-rq.zero_point, RuntimeShape(4, in_dims), quantized, RuntimeShape(4, out_dims),
          output + static_cast<int64_t>(b) * out_image, HybridConvOutputStage{h, rq, bias});
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_HYBRID_CONV_H_
