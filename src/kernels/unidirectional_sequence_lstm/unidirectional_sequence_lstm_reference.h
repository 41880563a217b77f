// UNIDIRECTIONAL_SEQUENCE_LSTM reference compute, bit-exact with TFLM's lstm_eval (the standard Keras LSTM
// cell: four gates, no peephole, no projection, no layer normalization, no CIFG).
//
// Per time step, over `rows` independent sequences (all batches when time-major, one at a time otherwise):
//   forget = sigmoid(FC(x, W_xf, b_f) + FC(h, W_hf))
//   input  = sigmoid(FC(x, W_xi, b_i) + FC(h, W_hi))
//   cell_g = tanh   (FC(x, W_xc, b_c) + FC(h, W_hc))
//   c      = forget * c + input * cell_g                 (then clipped to +-cell_clip when cell_clip > 0)
//   output = sigmoid(FC(x, W_xo, b_o) + FC(h, W_ho))
//   h      = tanh(c) * output;  the step's output row is a copy of h
// Every gate reads the hidden state of the previous step (h is rewritten last).
//
// Types (ActT activations / hidden state / output, WeightT, BiasT, CellT cell state and gate values):
//   float32 all float; FCs and products clamped to [lowest, max] float (TFLM's "no activation" range).
//   8x8->16 int8 activations, int8 weights, int32 bias, int16 cell state; gate FCs requantize into Q3.12 int16
//           (saturating add), sigmoid/tanh are the int16 LUT kernels (output Q0.15), products are the int16
//           quantized MUL: forget * c -> c, input * cell_g -> c's scale, tanh(c) * output -> h (h's zero point).
//   16x8->16 as 8x8 with int16 activations and int64 bias (the FC accumulates in int64).
// tanh(c) reads c (scale 2^cell_state_scale_power) as TANH's int16 kernel does at that power-of-two scale.
//
// Layout: time-major input [time, batch, input], output [time, batch, state]; batch-major [batch, time, ...].
// Hidden and cell state [batch, state]. Scratch: four buffers of batch * state CellT each.
// Preconditions (prepare): shapes consistent, every pointer valid, shifts in the ranges the arithmetic needs.
// Pure: no allocation, no checks.
#ifndef MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_REFERENCE_H_
#define MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "kernels/fully_connected/fully_connected_reference.h"
#include "kernels/logistic/logistic_reference.h"
#include "kernels/mul/mul_reference.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/quantization/sigmoid_tanh_scaling.h"
#include "kernels/tanh/tanh_reference.h"

namespace mote {
namespace reference {

// Gate order of the model's tensors (input_to_input_weights is input 1, ..._output_weights input 4).
enum LstmGate { kLstmInputGate = 0, kLstmForgetGate = 1, kLstmCellGate = 2, kLstmOutputGate = 3 };

struct LstmSize {
  int batch;
  int time;
  int input;  // input features
  int state;  // cell units (hidden state width)
  bool time_major;
};

// What a step needs besides the tensors. The integer fields are unused on the float path.
struct LstmParams {
  LstmSize size;
  FullyConnectedQuantParams input_fc[4];      // per gate: x -> Q3.12 (with the gate bias)
  FullyConnectedQuantParams recurrent_fc[4];  // per gate: h -> Q3.12 (no bias)
  MulQuantParams forget_cell_mul;             // Q0.15 forget * c -> c
  MulQuantParams input_cell_mul;              // Q0.15 input * Q0.15 cell gate -> c
  MulQuantParams hidden_mul;                  // Q0.15 tanh(c) * Q0.15 output -> h
  SigmoidTanhInt16Params cell_tanh;           // tanh of c at its power-of-two scale
  float cell_clip;                            // > 0: clip c to +-cell_clip
  int16_t quantized_cell_clip;                // the integer paths' clip, in c's units
};

template <typename ActT, typename WeightT, typename BiasT, typename CellT>
struct LstmData {
  const ActT* input;
  const WeightT* input_weights[4];      // [state, input] per gate
  const WeightT* recurrent_weights[4];  // [state, state] per gate
  const BiasT* bias[4];                 // [state] per gate
  ActT* hidden;                         // variable, carried across invokes
  CellT* cell;                          // variable, carried across invokes
  ActT* output;
  CellT* scratch[4];  // batch * state each
};

namespace lstm_internal {

inline void GateFullyConnected(const FullyConnectedQuantParams& /*q*/, const FullyConnectedDims& dims, const float* in,
                               const float* w, const float* bias, float* out) {
  const FullyConnectedFloatParams range{std::numeric_limits<float>::lowest(), std::numeric_limits<float>::max()};
  FullyConnectedFloat(range, dims, in, w, bias, out);
}

inline void GateFullyConnected(const FullyConnectedQuantParams& q, const FullyConnectedDims& dims, const int8_t* in,
                               const int8_t* w, const int32_t* bias, int16_t* out) {
  FullyConnectedQuantized<int8_t, int32_t, int32_t, int16_t>(q, dims, in, w, bias, out);
}

inline void GateFullyConnected(const FullyConnectedQuantParams& q, const FullyConnectedDims& dims, const int16_t* in,
                               const int8_t* w, const int64_t* bias, int16_t* out) {
  FullyConnectedQuantized<int16_t, int64_t, int64_t, int16_t>(q, dims, in, w, bias, out);
}

inline void AddInPlace(int n, const float* b, float* a) {
  for (int i = 0; i < n; ++i) a[i] = a[i] + b[i];
}

inline void AddInPlace(int n, const int16_t* b, int16_t* a) {
  for (int i = 0; i < n; ++i) {
    const int32_t sum = static_cast<int32_t>(a[i]) + static_cast<int32_t>(b[i]);
    a[i] = static_cast<int16_t>(std::min<int32_t>(INT16_MAX, std::max<int32_t>(INT16_MIN, sum)));
  }
}

inline void SigmoidInPlace(int n, float* v) { LogisticFloat(n, v, v); }
inline void SigmoidInPlace(int n, int16_t* v) { LogisticInt16(SigmoidTanhInt16Params{0, 0}, n, v, v); }

// The cell gate's tanh: its input is Q3.12, which TANH's power-of-two path reads with shift 0.
inline void GateTanhInPlace(int n, float* v) { TanhFloat(n, v, v); }
inline void GateTanhInPlace(int n, int16_t* v) { TanhInt16(SigmoidTanhInt16Params{0, 0}, n, v, v); }

inline void CellTanh(const LstmParams& /*p*/, int n, const float* c, float* out) { TanhFloat(n, c, out); }
inline void CellTanh(const LstmParams& p, int n, const int16_t* c, int16_t* out) { TanhInt16(p.cell_tanh, n, c, out); }

inline void Multiply(const MulQuantParams& /*q*/, int n, const float* a, const float* b, float* out) {
  for (int i = 0; i < n; ++i) {
    out[i] = ActivationFunctionWithMinMax(a[i] * b[i], std::numeric_limits<float>::lowest(),
                                          std::numeric_limits<float>::max());
  }
}

// int16 x int16 -> int16 or int8; the activation range in `q` is the output type's.
template <typename OutT>
inline void Multiply(const MulQuantParams& q, int n, const int16_t* a, const int16_t* b, OutT* out) {
  for (int i = 0; i < n; ++i) out[i] = static_cast<OutT>(MulElements::Quantized<int16_t>(q, a[i], b[i]));
}

inline void Clip(const LstmParams& p, int n, float* c) {
  for (int i = 0; i < n; ++i) c[i] = std::max(std::min(p.cell_clip, c[i]), -p.cell_clip);
}

inline void Clip(const LstmParams& p, int n, int16_t* c) {
  const int16_t hi = p.quantized_cell_clip;
  const int16_t lo = static_cast<int16_t>(-p.quantized_cell_clip);
  for (int i = 0; i < n; ++i) c[i] = std::max(std::min(hi, c[i]), lo);
}

// gate = FC(x) + FC(h) for `rows` rows; `tmp` holds the recurrent FC's output.
template <typename ActT, typename WeightT, typename BiasT, typename CellT>
void GatePreActivation(const LstmParams& p, const LstmData<ActT, WeightT, BiasT, CellT>& d, int gate, int rows,
                       const ActT* x, const ActT* h, CellT* out, CellT* tmp) {
  const FullyConnectedDims input_dims{rows, p.size.input, p.size.state};
  const FullyConnectedDims recurrent_dims{rows, p.size.state, p.size.state};
  GateFullyConnected(p.input_fc[gate], input_dims, x, d.input_weights[gate], d.bias[gate], out);
  GateFullyConnected(p.recurrent_fc[gate], recurrent_dims, h, d.recurrent_weights[gate],
                     static_cast<const BiasT*>(nullptr), tmp);
  AddInPlace(rows * p.size.state, tmp, out);
}

// One time step of `rows` sequences: x [rows, input], h and c [rows, state] updated in place, out [rows, state].
template <typename ActT, typename WeightT, typename BiasT, typename CellT>
void LstmStep(const LstmParams& p, const LstmData<ActT, WeightT, BiasT, CellT>& d, int rows, const ActT* x, ActT* h,
              CellT* c, ActT* out) {
  const int n = rows * p.size.state;
  CellT* forget = d.scratch[0];
  CellT* input = d.scratch[1];
  CellT* cell_gate = d.scratch[2];
  CellT* tmp = d.scratch[3];
  GatePreActivation(p, d, kLstmForgetGate, rows, x, h, forget, tmp);
  SigmoidInPlace(n, forget);
  GatePreActivation(p, d, kLstmInputGate, rows, x, h, input, tmp);
  SigmoidInPlace(n, input);
  GatePreActivation(p, d, kLstmCellGate, rows, x, h, cell_gate, tmp);
  GateTanhInPlace(n, cell_gate);

  Multiply(p.forget_cell_mul, n, forget, c, c);
  Multiply(p.input_cell_mul, n, input, cell_gate, input);
  AddInPlace(n, input, c);
  if (p.cell_clip > 0) Clip(p, n, c);

  CellT* output_gate = input;  // the input gate is consumed
  GatePreActivation(p, d, kLstmOutputGate, rows, x, h, output_gate, tmp);
  SigmoidInPlace(n, output_gate);
  CellT* tanh_cell = forget;
  CellTanh(p, n, c, tanh_cell);
  Multiply(p.hidden_mul, n, tanh_cell, output_gate, h);
  std::memmove(out, h, sizeof(ActT) * static_cast<size_t>(n));  // a hostile model may alias them
}

}  // namespace lstm_internal

// The whole sequence: time-major runs all batches per step; batch-major runs each batch's steps in turn on its
// own rows of the state.
template <typename ActT, typename WeightT, typename BiasT, typename CellT>
void UnidirectionalSequenceLstm(const LstmParams& p, const LstmData<ActT, WeightT, BiasT, CellT>& d) {
  const LstmSize& s = p.size;
  if (s.time_major) {
    for (int t = 0; t < s.time; ++t) {
      const int64_t row = static_cast<int64_t>(t) * s.batch;
      lstm_internal::LstmStep(p, d, s.batch, d.input + row * s.input, d.hidden, d.cell, d.output + row * s.state);
    }
    return;
  }
  for (int b = 0; b < s.batch; ++b) {
    ActT* h = d.hidden + static_cast<int64_t>(b) * s.state;
    CellT* c = d.cell + static_cast<int64_t>(b) * s.state;
    for (int t = 0; t < s.time; ++t) {
      const int64_t row = static_cast<int64_t>(b) * s.time + t;
      lstm_internal::LstmStep(p, d, 1, d.input + row * s.input, h, c, d.output + row * s.state);
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_UNIDIRECTIONAL_SEQUENCE_LSTM_REFERENCE_H_
