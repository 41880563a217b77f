// Hybrid (dynamic-range) UNIDIRECTIONAL_SEQUENCE_LSTM reference compute, beyond TFLM: FLOAT32 input, biases,
// states and output with INT8 gate weights (one scale per tensor, zero point 0), as LiteRT's lstm_eval.cc
// (EvalHybrid, LstmStepHybrid) runs the standard four-gate cell. TFLM refuses hybrid models; LiteRT is the
// oracle (tools/oracle/gen_hybrid_lstm.py).
//
// Per time step, over `rows` sequences (all batches when time-major, one at a time otherwise):
//   x, h quantized row by row to int8 (kernels/quantization/hybrid_quantize.h, symmetric or asymmetric), except
//   that an all-zero x (or h) over the step's rows is not quantized and its products are skipped;
//   gate[r][i] = bias[i]
//   gate[r][i] += float(sum_j W_x[i][j] * (qx[r][j] - zx[r])) * (sx[r] * W_x scale)     (unless x is all zero)
//   gate[r][i] += float(sum_j W_h[i][j] * (qh[r][j] - zh[r])) * (sh[r] * W_h scale)     (unless h is all zero)
//   input, forget, output gates: sigmoid; cell gate: tanh
//   c = forget * c;  c = c + cell_g * input;  clipped to +-cell_clip when cell_clip > 0
//   h = output * tanh(c);  the step's output row is a copy of h
// Every float operation is a separate rounding, in that order (the build has -ffp-contract=off). The integer
// dot products are exact (int32, wrapping as LiteRT's), so their order does not matter.
//
// The activations are LiteRT's, not libm's: its tensor_utils apply Eigen's array tanh() and logistic() (x86-64
// build: SSE packets of 4 floats, no FMA). tanh is Eigen's [9/8] rational approximation, the same for packets
// and single elements. logistic differs: whole packets use Eigen's own exp (range-halved Cephes polynomial,
// squared), the elements Eigen handles one by one use e = std::exp(x), e / (1 + e). Which elements are which
// follows from where the gate lies in LiteRT's scratch tensor (64-byte aligned; gates input, cell, forget,
// output, each batch * state floats; batch-major steps at + batch index * state): the elements before the
// first 16-byte boundary and after the last whole packet are single. Measured against LiteRT 2.3.0's
// reference kernels (tools/oracle/gen_hybrid_lstm.py). mote computes the same on every target (the libm exp of
// the single elements aside), so Arm builds reproduce LiteRT's x86-64 results, not its NEON/FMA ones.
//
// Scratch: four float buffers of batch * state (the gates) and the quantized-operand block, whose bytes
// HybridLstmScratchBytes() gives. Preconditions (prepare): shapes consistent, every pointer valid. Pure: no
// allocation, no checks.
#ifndef MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_HYBRID_REFERENCE_H_
#define MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_HYBRID_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/quantization/hybrid_quantize.h"
#include "kernels/unidirectional_sequence_lstm/unidirectional_sequence_lstm_reference.h"

namespace mote {
namespace reference {

struct LstmHybridParams {
  LstmSize size;
  float cell_clip;               // > 0: clip c to +-cell_clip
  float input_weight_scales[4];  // per gate (LstmGate order)
  float recurrent_weight_scales[4];
  bool asymmetric;  // asymmetric_quantize_inputs
};

struct LstmHybridData {
  const float* input;
  const int8_t* input_weights[4];      // [state, input] per gate
  const int8_t* recurrent_weights[4];  // [state, state] per gate
  const float* bias[4];                // [state] per gate
  float* hidden;                       // variable, carried across invokes
  float* cell;                         // variable, carried across invokes
  float* output;
  float* gates[4];  // batch * state each
  void* quantized;  // HybridLstmScratchBytes(size) bytes, 4-byte aligned
};

// The quantized-operand block: per row the scale and zero point of x and of h, then the int8 rows of x and h.
inline size_t HybridLstmScratchBytes(const LstmSize& s) {
  const size_t batch = static_cast<size_t>(s.batch);
  return batch * (2 * sizeof(float) + 2 * sizeof(int32_t)) +
         batch * (static_cast<size_t>(s.input) + static_cast<size_t>(s.state));
}

namespace lstm_hybrid_internal {

// One quantized operand of a step: `rows` rows of `cols` int8 values, each with its scale and zero point.
struct QuantizedRows {
  float* scales;
  int32_t* zero_points;
  int8_t* values;
};

inline bool IsZero(const float* v, int n) {
  for (int i = 0; i < n; ++i) {
    if (v[i] != 0.0f) return false;
  }
  return true;
}

inline void Quantize(bool asymmetric, const float* v, int rows, int cols, const QuantizedRows& q) {
  for (int r = 0; r < rows; ++r) {
    const RowQuantization rq = QuantizeRow(asymmetric, v + static_cast<ptrdiff_t>(r) * cols, cols,
                                           q.values + static_cast<ptrdiff_t>(r) * cols);
    q.scales[r] = rq.scale;
    q.zero_points[r] = rq.zero_point;
  }
}

// gate[r][i] += float(W[i] . (q[r] - zero point)) * (row scale * weight scale): LiteRT's
// MatrixBatchVectorMultiplyAccumulate with the row sums folded into the dot product (exact in int32).
inline void MultiplyAccumulate(const int8_t* w, float weight_scale, int n_out, int cols, const QuantizedRows& q,
                               int rows, float* gate) {
  for (int r = 0; r < rows; ++r) {
    const float scale = q.scales[r] * weight_scale;
    const int8_t* x = q.values + static_cast<ptrdiff_t>(r) * cols;
    const int32_t zero_point = q.zero_points[r];
    float* out = gate + static_cast<ptrdiff_t>(r) * n_out;
    for (int i = 0; i < n_out; ++i) {
      const int8_t* row = w + static_cast<ptrdiff_t>(i) * cols;
      // int32 sums wrap on overflow as LiteRT's do (inputs of 65794 and more); unsigned arithmetic gives the
      // same bits without UB.
      uint32_t dot = 0;
      for (int j = 0; j < cols; ++j) {
        dot += static_cast<uint32_t>(static_cast<int32_t>(row[j]) * (static_cast<int32_t>(x[j]) - zero_point));
      }
      out[i] += static_cast<float>(static_cast<int32_t>(dot)) * scale;
    }
  }
}

// Eigen's float tanh (ptanh_float, fast-math, no FMA): clamp to +-c, x + x^3 P(x^2) over Q(x^2).
inline float EigenTanh(float a) {
  constexpr float kClamp = 7.90738964080810547f;
  constexpr float kAlpha[] = {1.394553628e-8f, 2.102733560e-5f, 3.520756727e-3f, 1.340216100e-1f};
  constexpr float kBeta[] = {8.015776984e-7f, 3.326951409e-4f, 2.597254514e-2f, 4.673548340e-1f, 1.0f};
  const float x = std::max(std::min(a, kClamp), -kClamp);
  const float x2 = x * x;
  const float x3 = x2 * x;
  float p = kAlpha[0];
  for (int i = 1; i < 4; ++i) p = x2 * p + kAlpha[i];
  float q = kBeta[0];
  for (int i = 1; i < 5; ++i) q = x2 * q + kBeta[i];
  p = x3 * p + x;
  return p / q;
}

// Eigen's float logistic on a whole packet: e = exp(min(x, hi) / 2)^2 (Cephes reduction, degree-5 polynomial,
// exact scaling by 2^m), e / (1 + e); 0 below -104.
inline float EigenLogisticPacketLane(float a) {
  if (a < -104.0f) return 0.0f;
  const float x = std::min(a, 16.6355324f) * 0.5f;
  const float m = std::floor(x * 1.44269504088896341f + 0.5f);
  float r = m * -0.693359375f + x;
  r = m * 2.12194440e-4f + r;
  const float r2 = r * r;
  const float p_even = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
  const float p_odd = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
  const float p_low = r + 1.0f;
  float p = r * p_odd + p_even;
  p = r2 * p + p_low;
  float e = std::ldexp(p, static_cast<int>(m));  // m in [-75, 12]: exact
  e = e * e;
  return e / (1.0f + e);
}

// Eigen's float logistic on a single element.
inline float EigenLogisticSingle(float x) {
  const float e = std::exp(std::min(x, 16.6355324f));
  return e / (1.0f + e);
}

// Eigen's logistic over n floats that start `offset` floats after a 16-byte boundary of LiteRT's scratch.
inline void Sigmoid(int n, int offset, float* v) {
  const int head = std::min((4 - offset % 4) % 4, n);
  const int body_end = head + (n - head) / 4 * 4;
  for (int i = 0; i < n; ++i)
    v[i] = i >= head && i < body_end ? EigenLogisticPacketLane(v[i]) : EigenLogisticSingle(v[i]);
}

inline void Tanh(int n, const float* in, float* out) {
  for (int i = 0; i < n; ++i) out[i] = EigenTanh(in[i]);
}

// The operands of one step: x quantized (unless all zero), h quantized (unless all zero).
struct StepOperands {
  bool x_zero;
  bool h_zero;
  QuantizedRows x;
  QuantizedRows h;
};

// One gate before its activation: bias, then the input and the recurrent products.
inline void GatePreActivation(const LstmHybridParams& p, const LstmHybridData& d, int gate, int rows,
                              const StepOperands& ops, float* out) {
  const int n = p.size.state;
  for (int r = 0; r < rows; ++r) std::memcpy(out + static_cast<ptrdiff_t>(r) * n, d.bias[gate], sizeof(float) * n);
  if (!ops.x_zero) {
    MultiplyAccumulate(d.input_weights[gate], p.input_weight_scales[gate], n, p.size.input, ops.x, rows, out);
  }
  if (!ops.h_zero) {
    MultiplyAccumulate(d.recurrent_weights[gate], p.recurrent_weight_scales[gate], n, n, ops.h, rows, out);
  }
}

// One time step of `rows` sequences: x [rows, input], h and c [rows, state] updated in place, out [rows, state].
// batch_offset: where the rows start in LiteRT's gate buffers (batch-major: batch index * state).
inline void Step(const LstmHybridParams& p, const LstmHybridData& d, int rows, int batch_offset, const float* x,
                 float* h, float* c, float* out) {
  const int n = rows * p.size.state;
  StepOperands ops;
  auto* base = static_cast<uint8_t*>(d.quantized);
  const size_t batch = static_cast<size_t>(p.size.batch);
  ops.x.scales = reinterpret_cast<float*>(base);
  ops.h.scales = ops.x.scales + batch;
  ops.x.zero_points = reinterpret_cast<int32_t*>(ops.h.scales + batch);
  ops.h.zero_points = ops.x.zero_points + batch;
  ops.x.values = reinterpret_cast<int8_t*>(ops.h.zero_points + batch);
  ops.h.values = ops.x.values + batch * static_cast<size_t>(p.size.input);
  ops.x_zero = IsZero(x, rows * p.size.input);
  ops.h_zero = IsZero(h, n);
  if (!ops.x_zero) Quantize(p.asymmetric, x, rows, p.size.input, ops.x);
  if (!ops.h_zero) Quantize(p.asymmetric, h, rows, p.size.state, ops.h);

  float* input_gate = d.gates[kLstmInputGate];
  float* forget_gate = d.gates[kLstmForgetGate];
  float* cell_gate = d.gates[kLstmCellGate];
  float* output_gate = d.gates[kLstmOutputGate];
  const int gate_floats = p.size.batch * p.size.state;  // LiteRT's gates: input, cell, forget, output
  GatePreActivation(p, d, kLstmInputGate, rows, ops, input_gate);
  Sigmoid(n, batch_offset, input_gate);
  GatePreActivation(p, d, kLstmForgetGate, rows, ops, forget_gate);
  Sigmoid(n, 2 * gate_floats + batch_offset, forget_gate);
  GatePreActivation(p, d, kLstmCellGate, rows, ops, cell_gate);
  Tanh(n, cell_gate, cell_gate);

  for (int i = 0; i < n; ++i) c[i] = forget_gate[i] * c[i];
  for (int i = 0; i < n; ++i) c[i] += cell_gate[i] * input_gate[i];
  if (p.cell_clip > 0.0f) {
    for (int i = 0; i < n; ++i) c[i] = std::max(std::min(p.cell_clip, c[i]), -p.cell_clip);
  }

  GatePreActivation(p, d, kLstmOutputGate, rows, ops, output_gate);
  Sigmoid(n, 3 * gate_floats + batch_offset, output_gate);
  float* tanh_cell = cell_gate;  // consumed
  Tanh(n, c, tanh_cell);
  for (int i = 0; i < n; ++i) h[i] = output_gate[i] * tanh_cell[i];
  std::memmove(out, h, sizeof(float) * static_cast<size_t>(n));  // a hostile model may alias them
}

}  // namespace lstm_hybrid_internal

// The whole sequence, in the float kernel's order: time-major runs all batches per step; batch-major runs each
// batch's steps in turn on its own rows of the state.
inline void UnidirectionalSequenceLstmHybrid(const LstmHybridParams& p, const LstmHybridData& d) {
  const LstmSize& s = p.size;
  if (s.time_major) {
    for (int t = 0; t < s.time; ++t) {
      const int64_t row = static_cast<int64_t>(t) * s.batch;
      lstm_hybrid_internal::Step(p, d, s.batch, 0, d.input + row * s.input, d.hidden, d.cell, d.output + row * s.state);
    }
    return;
  }
  for (int b = 0; b < s.batch; ++b) {
    float* h = d.hidden + static_cast<int64_t>(b) * s.state;
    float* c = d.cell + static_cast<int64_t>(b) * s.state;
    for (int t = 0; t < s.time; ++t) {
      const int64_t row = static_cast<int64_t>(b) * s.time + t;
      lstm_hybrid_internal::Step(p, d, 1, b * s.state, d.input + row * s.input, h, c, d.output + row * s.state);
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_HYBRID_REFERENCE_H_
