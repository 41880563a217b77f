// FULLY_CONNECTED hybrid (dynamic-range) reference compute: float32 input and output, int8 weights with a
// per-tensor or per-channel (along units) scale and zero point 0, optional float32 bias. TFLM refuses these
// models; this matches LiteRT's EvalHybrid (fully_connected.cc) on its reference path:
//
//   per input row b: q = QuantizeRow(row b) (kernels/quantization/hybrid_quantize.h), giving scale s_b and
//                    zero point z_b (0 unless asymmetric_quantize_inputs)
//   per unit c:      acc = sum_d filter[c][d] * (q[d] - z_b)                               (int32, exact)
//                    out = bias[c] + float(acc) * (s_b * filter_scale)        per-tensor filter scale
//                    out = bias[c] + float(acc) * (s_b * filter_scale[c])     per-channel filter scales
//                    then the fused activation's clamp.
// Layout as FullyConnectedFloat (fully_connected_reference.h). `quantized_row` is accum_depth bytes of scratch.
// Pure function: no allocation, no checks (prepare validated everything).
#ifndef MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_HYBRID_REFERENCE_H_
#define MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_HYBRID_REFERENCE_H_

#include <algorithm>
#include <cstdint>

#include "kernels/fully_connected/fully_connected_reference.h"
#include "kernels/quantization/hybrid_quantize.h"

namespace mote {
namespace reference {

struct FullyConnectedHybridParams {
  bool asymmetric;             // asymmetric_quantize_inputs
  float filter_scale;          // per-tensor scale (used when filter_scales is nullptr)
  const float* filter_scales;  // output_depth per-channel scales, or nullptr
  float activation_min;
  float activation_max;
};

inline void FullyConnectedHybrid(const FullyConnectedHybridParams& params, const FullyConnectedDims& dims,
                                 const float* input, const int8_t* filter, const float* bias, int8_t* quantized_row,
                                 float* output) {
  for (int b = 0; b < dims.batches; ++b) {
    const RowQuantization rq = QuantizeRow(params.asymmetric, input + static_cast<int64_t>(b) * dims.accum_depth,
                                           dims.accum_depth, quantized_row);
    // LiteRT folds a per-tensor filter scale into the row's scale once, before the units.
    const float row_scale = params.filter_scales == nullptr ? rq.scale * params.filter_scale : rq.scale;
    float* out_row = output + static_cast<int64_t>(b) * dims.output_depth;
    for (int c = 0; c < dims.output_depth; ++c) {
      const int8_t* w_row = filter + static_cast<int64_t>(c) * dims.accum_depth;
      int32_t acc = 0;
      int32_t row_sum = 0;
      for (int d = 0; d < dims.accum_depth; ++d) {
        acc += static_cast<int32_t>(w_row[d]) * quantized_row[d];
        row_sum += w_row[d];
      }
      acc -= row_sum * rq.zero_point;
      const float scale = params.filter_scales == nullptr ? row_scale : row_scale * params.filter_scales[c];
      const float total = (bias != nullptr ? bias[c] : 0.0f) + static_cast<float>(acc) * scale;
      out_row[c] = std::min(std::max(total, params.activation_min), params.activation_max);
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_HYBRID_REFERENCE_H_
