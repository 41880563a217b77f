// SVDF reference compute (TFLM's reference SVDF, bit-exact).
//
// One invoke is one time step. The state tensor holds, per batch and filter, the last `memory_size` feature
// activations (oldest first): [batch][num_filters][memory_size]. Each step
//   1. shifts the whole state buffer left by one element (the newest column of each filter row is then
//      overwritten, so the element that crosses a row boundary does not matter),
//   2. writes feature = weights_feature x input into the newest column (integer path: requantized to the
//      state type with scale_1 and the state zero point, saturated),
//   3. computes per filter the dot product of weights_time and the state row,
//   4. sums `rank` consecutive filters per unit, adds the bias and applies the output stage (float: fused
//      activation; integer: requantization with scale_2 to int8 — TFLM applies no fused activation there).
// The integer feature stage saturates to the state type and then adds the state zero point with wraparound,
// exactly as the TFLM release used as oracle (tests/oracle/data/svdf.provenance.txt).
//
// Hybrid SVDF (beyond TFLM, which refuses it; LiteRT's EvalHybridSVDF, oracle tools/oracle/gen_hybrid_svdf.py):
// float32 input, state, bias and output, int8 weights_feature and weights_time (per tensor, zero point 0).
// Step 2 quantizes each input row at runtime (QuantizeRow, kernels/quantization/hybrid_quantize.h: scale s_b,
// zero point z_b, 0 unless asymmetric) and writes
//   feature = float(sum_c wf[f][c] * (q[c] - z_b)) * (s_b * weights_feature_scale)     (0 for an all-zero input)
// step 3 reads weights_time as float(wt) * weights_time_scale, and step 4 sums the rank filters from 0, then
// adds the bias, then applies the fused activation, in LiteRT's order.
#ifndef MOTE_KERNELS_SVDF_SVDF_REFERENCE_H_
#define MOTE_KERNELS_SVDF_SVDF_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/quantization/hybrid_quantize.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "mote/c/builtin_op_data.h"

namespace mote {
namespace reference {

struct SvdfShape {
  int batch_size;
  int input_size;
  int num_filters;  // num_units * rank
  int num_units;
  int rank;
  int memory_size;
};

// Quantization constants of the integer path, computed in prepare.
struct SvdfQuantParams {
  int32_t input_zero_point;
  int32_t state_zero_point;
  int32_t output_zero_point;
  int32_t scale_1_multiplier;  // input * weights_feature / state
  int scale_1_shift;
  int32_t scale_2_multiplier;  // state * weights_time / output
  int scale_2_shift;
};

namespace svdf_internal {
template <typename T>
inline void ShiftStateLeft(T* state, int total) {
  for (int i = 0; i + 1 < total; ++i) state[i] = state[i + 1];
}
}  // namespace svdf_internal

// Integer SVDF. StateT (int8_t or int16_t) is the type of weights_time and of the state. bias may be null.
// scratch: batch_size * num_filters int32; scratch_output: batch_size * num_units int32.
template <typename StateT>
void SvdfInteger(const SvdfShape& s, const SvdfQuantParams& q, const int8_t* input, const int8_t* weights_feature,
                 const StateT* weights_time, const int32_t* bias, StateT* state, int32_t* scratch,
                 int32_t* scratch_output, int8_t* output) {
  const int state_row = s.memory_size;
  svdf_internal::ShiftStateLeft(state, s.batch_size * s.num_filters * s.memory_size);

  const int32_t state_min = std::numeric_limits<StateT>::min();
  const int32_t state_max = std::numeric_limits<StateT>::max();
  for (int b = 0; b < s.batch_size; ++b) {
    const int8_t* in = input + b * s.input_size;
    StateT* newest = state + b * s.num_filters * state_row + (state_row - 1);
    const int8_t* w = weights_feature;
    for (int f = 0; f < s.num_filters; ++f) {
      // int32 sums wrap on overflow as TFLM's do; unsigned arithmetic gives the same bits without UB.
      uint32_t sum = 0;
      for (int c = 0; c < s.input_size; ++c) sum += static_cast<uint32_t>(w[c] * (in[c] - q.input_zero_point));
      w += s.input_size;
      int32_t acc = MultiplyByQuantizedMultiplier(static_cast<int32_t>(sum), q.scale_1_multiplier, q.scale_1_shift);
      acc = std::min(std::max(acc, state_min), state_max);
      // As TFLM: the zero point is added after saturation and the sum is narrowed modulo 2^bits (it can wrap
      // for a non-zero int8 state zero point). Later TFLM versions saturate after adding; the oracle decides.
      newest[f * state_row] = static_cast<StateT>(static_cast<uint32_t>(acc + q.state_zero_point));
    }
  }

  for (int b = 0; b < s.batch_size; ++b) {
    const StateT* row = state + b * s.num_filters * state_row;
    const StateT* wt = weights_time;
    int32_t* out = scratch + b * s.num_filters;
    for (int f = 0; f < s.num_filters; ++f) {
      uint32_t acc = 0;
      for (int m = 0; m < state_row; ++m) acc += static_cast<uint32_t>(wt[m] * (row[m] - q.state_zero_point));
      wt += state_row;
      row += state_row;
      out[f] = static_cast<int32_t>(acc);
    }
  }

  for (int b = 0; b < s.batch_size; ++b) {
    int32_t* out = scratch_output + b * s.num_units;
    const int32_t* filters = scratch + b * s.num_filters;
    for (int u = 0; u < s.num_units; ++u) {
      // TFLM sums in int32 and wraps on overflow; do the same without signed-overflow UB.
      uint32_t acc = bias != nullptr ? static_cast<uint32_t>(bias[u]) : 0u;
      for (int r = 0; r < s.rank; ++r) acc += static_cast<uint32_t>(*filters++);
      out[u] = static_cast<int32_t>(acc);
    }
  }

  const int32_t out_min = std::numeric_limits<int8_t>::min();
  const int32_t out_max = std::numeric_limits<int8_t>::max();
  for (int i = 0; i < s.batch_size * s.num_units; ++i) {
    int32_t v = MultiplyByQuantizedMultiplier(scratch_output[i], q.scale_2_multiplier, q.scale_2_shift);
    v += q.output_zero_point;
    output[i] = static_cast<int8_t>(std::min(std::max(v, out_min), out_max));
  }
}

// TFLM's ActivationValFloat.
inline float SvdfActivation(TfLiteFusedActivation activation, float x) {
  switch (activation) {
    case kTfLiteActNone: return x;
    case kTfLiteActRelu: return std::max(0.0f, x);
    case kTfLiteActReluN1To1: return std::max(-1.0f, std::min(x, 1.0f));
    case kTfLiteActRelu6: return std::max(0.0f, std::min(x, 6.0f));
    case kTfLiteActTanh: return std::tanh(x);
    case kTfLiteActSignBit: return std::signbit(x) ? 1.0f : 0.0f;
    case kTfLiteActSigmoid: return 1.0f / (1.0f + std::exp(-x));
  }
  return 0.0f;
}

// Float SVDF. bias may be null. scratch: batch_size * num_filters floats.
inline void SvdfFloat(const SvdfShape& s, TfLiteFusedActivation activation, const float* input,
                      const float* weights_feature, const float* weights_time, const float* bias, float* state,
                      float* scratch, float* output) {
  const int state_row = s.memory_size;
  svdf_internal::ShiftStateLeft(state, s.batch_size * s.num_filters * s.memory_size);

  for (int b = 0; b < s.batch_size; ++b) {
    const float* in = input + b * s.input_size;
    float* newest = state + b * s.num_filters * state_row + (state_row - 1);
    const float* w = weights_feature;
    for (int f = 0; f < s.num_filters; ++f) {
      float acc = 0.0f;
      for (int c = 0; c < s.input_size; ++c) acc += w[c] * in[c];
      w += s.input_size;
      newest[f * state_row] = acc;
    }
  }

  for (int b = 0; b < s.batch_size; ++b) {
    const float* row = state + b * s.num_filters * state_row;
    const float* wt = weights_time;
    float* out = scratch + b * s.num_filters;
    for (int f = 0; f < s.num_filters; ++f) {
      float acc = 0.0f;
      for (int m = 0; m < state_row; ++m) acc += wt[m] * row[m];
      wt += state_row;
      row += state_row;
      out[f] = acc;
    }
  }

  for (int b = 0; b < s.batch_size; ++b) {
    float* out = output + b * s.num_units;
    const float* filters = scratch + b * s.num_filters;
    for (int u = 0; u < s.num_units; ++u) {
      float acc = bias != nullptr ? bias[u] : 0.0f;
      for (int r = 0; r < s.rank; ++r) acc += *filters++;
      out[u] = SvdfActivation(activation, acc);
    }
  }
}

struct SvdfHybridParams {
  bool asymmetric;  // asymmetric_quantize_inputs
  float weights_feature_scale;
  float weights_time_scale;
};

// Hybrid SVDF. bias may be null. scratch: batch_size * num_filters floats; quantized_row: input_size bytes.
inline void SvdfHybrid(const SvdfShape& s, const SvdfHybridParams& h, TfLiteFusedActivation activation,
                       const float* input, const int8_t* weights_feature, const int8_t* weights_time,
                       const float* bias, float* state, float* scratch, int8_t* quantized_row, float* output) {
  const int state_row = s.memory_size;
  svdf_internal::ShiftStateLeft(state, s.batch_size * s.num_filters * s.memory_size);

  bool all_zero = true;  // LiteRT skips the feature stage (features 0) when the whole input is 0
  for (int i = 0; i < s.batch_size * s.input_size && all_zero; ++i) all_zero = input[i] == 0.0f;
  for (int b = 0; b < s.batch_size; ++b) {
    float* features = scratch + b * s.num_filters;
    if (all_zero) {
      for (int f = 0; f < s.num_filters; ++f) features[f] = 0.0f;
      continue;
    }
    const RowQuantization rq = QuantizeRow(h.asymmetric, input + b * s.input_size, s.input_size, quantized_row);
    const float scale = rq.scale * h.weights_feature_scale;
    const int8_t* w = weights_feature;
    for (int f = 0; f < s.num_filters; ++f) {
      // int32 sums wrap on overflow as LiteRT's do; unsigned arithmetic gives the same bits without UB.
      uint32_t dot = 0;
      uint32_t row_sum = 0;
      for (int c = 0; c < s.input_size; ++c) {
        dot += static_cast<uint32_t>(w[c] * quantized_row[c]);
        row_sum += static_cast<uint32_t>(w[c]);
      }
      w += s.input_size;
      dot -= row_sum * static_cast<uint32_t>(rq.zero_point);
      features[f] = static_cast<float>(static_cast<int32_t>(dot)) * scale;
    }
  }
  for (int i = 0; i < s.batch_size * s.num_filters; ++i) state[i * state_row + state_row - 1] = scratch[i];

  for (int b = 0; b < s.batch_size; ++b) {
    const float* row = state + b * s.num_filters * state_row;
    const int8_t* wt = weights_time;
    float* out = scratch + b * s.num_filters;
    for (int f = 0; f < s.num_filters; ++f) {
      float acc = 0.0f;
      for (int m = 0; m < state_row; ++m) acc += (static_cast<float>(wt[m]) * h.weights_time_scale) * row[m];
      wt += state_row;
      row += state_row;
      out[f] = acc;
    }
  }

  for (int b = 0; b < s.batch_size; ++b) {
    float* out = output + b * s.num_units;
    const float* filters = scratch + b * s.num_filters;
    for (int u = 0; u < s.num_units; ++u) {
      float acc = 0.0f;
      for (int r = 0; r < s.rank; ++r) acc += *filters++;
      if (bias != nullptr) acc += bias[u];
      out[u] = SvdfActivation(activation, acc);
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SVDF_SVDF_REFERENCE_H_
