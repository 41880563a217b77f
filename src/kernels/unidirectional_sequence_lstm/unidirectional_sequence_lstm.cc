// UNIDIRECTIONAL_SEQUENCE_LSTM glue. 24 inputs, as TFLite numbers them:
//   0 input [time, batch, input] (time_major) or [batch, time, input]
//   1-4  input_to_{input, forget, cell, output}_weights [state, input]
//   5-8  recurrent_to_{input, forget, cell, output}_weights [state, state]
//   9-11 cell_to_{input, forget, output}_weights (peephole)      must be absent (-1)
//   12-15 {input, forget, cell, output}_gate_bias [state]
//   16 projection_weights, 17 projection_bias                      must be absent
//   18 output (hidden) state, 19 cell state: variable tensors [batch, state], carried across invokes, cleared
//      by Reset() (the interpreter refills variables; int8 with its zero point)
//   20-23 {input, forget, cell, output}_layer_norm_coefficients    must be absent
// Output 0: [time, batch, state] or [batch, time, state], each step's hidden state.
//
// What TFLM's kernel (lstm_eval_common.cc) runs, and so what mote accepts: the standard four-gate cell with a
// TANH cell activation, in float32, int8 x int8 weights (int32 bias, int16 cell state) or int16 x int8 weights
// (int64 bias, int16 cell state), per-tensor quantized, cell clipping. Peephole, projection, layer
// normalization and CIFG models are refused here (TFLM refuses them too); so are the cases TFLM would crash on
// or compute garbage for (other activations, mixed types, per-channel weights, input rank != 3).
// Beyond TFLM, as LiteRT (lstm_eval.cc EvalHybrid): hybrid models, FLOAT32 input, biases, states and output with
// INT8 gate weights (one scale per tensor, zero point 0), x and h quantized at run time per row, symmetric or
// asymmetric_quantize_inputs (unidirectional_sequence_lstm_hybrid_reference.h); UINT8 and per-channel hybrid
// weights are refused.
// TFLM ignores the intermediate tensors the converter attaches, proj_clip and the output's quantization (the
// output is a copy of the hidden state).
#include <cmath>
#include <cstdint>

#include "kernels/glue/hybrid.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/unidirectional_sequence_lstm/unidirectional_sequence_lstm_hybrid_reference.h"
#include "kernels/unidirectional_sequence_lstm/unidirectional_sequence_lstm_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char* kOpName = "UNIDIRECTIONAL_SEQUENCE_LSTM";
constexpr int kNumInputs = 24;
constexpr int kInputTensor = 0;
constexpr int kInputWeights0 = 1;      // + gate
constexpr int kRecurrentWeights0 = 5;  // + gate
constexpr int kBias0 = 12;             // + gate
constexpr int kOutputStateTensor = 18;
constexpr int kCellStateTensor = 19;
constexpr int kOutputTensor = 0;

const char* const kInputNames[kNumInputs] = {
    "input",
    "input_to_input_weights",
    "input_to_forget_weights",
    "input_to_cell_weights",
    "input_to_output_weights",
    "recurrent_to_input_weights",
    "recurrent_to_forget_weights",
    "recurrent_to_cell_weights",
    "recurrent_to_output_weights",
    "cell_to_input_weights",
    "cell_to_forget_weights",
    "cell_to_output_weights",
    "input_gate_bias",
    "forget_gate_bias",
    "cell_gate_bias",
    "output_gate_bias",
    "projection_weights",
    "projection_bias",
    "output_state",
    "cell_state",
    "input_layer_norm_coefficients",
    "forget_layer_norm_coefficients",
    "cell_layer_norm_coefficients",
    "output_layer_norm_coefficients",
};

// The hybrid path's constants and its quantized-operand scratch.
struct HybridOpData {
  reference::LstmHybridParams params;
  int quantized_scratch_index;
};

struct OpData {
  union {  // one path per node: the hybrid fields add nothing to the float and integer paths' arena
    reference::LstmParams params;  // float and integer paths
    HybridOpData hybrid;           // hybrid path (FLOAT32 input, INT8 weights)
  };
  int scratch_index[4];  // the gates: batch * state float (float, hybrid) or int16 (integer) each
};
static_assert(sizeof(HybridOpData) <= sizeof(reference::LstmParams), "the union must not grow the op data");

// What prepare reads of a tensor: kept from a temp tensor that is released right away (24 bytes on the stack
// instead of a TfLiteTensor, and one temp tensor's arena room instead of 25). dims are the interpreter's.
struct TensorView {
  TfLiteType type;
  const TfLiteIntArray* dims;
  bool is_variable;
  TfLiteQuantizationParams params;  // scale, zero point (CheckQuantization reads the full quantization)
};

// The 24 inputs and the output (nullptr where absent).
class LstmTensors {
 public:
  LstmTensors(TfLiteContext* context, TfLiteNode* node) {
    MicroContext* micro_context = GetMicroContext(context);
    for (int i = 0; i <= kNumInputs; ++i) {
      TfLiteTensor* t = i < kNumInputs ? micro_context->AllocateTempInputTensor(node, i)
                                       : micro_context->AllocateTempOutputTensor(node, kOutputTensor);
      present_[i] = t != nullptr;
      if (t == nullptr) continue;
      views_[i] = TensorView{t->type, t->dims, t->is_variable, t->params};
      micro_context->DeallocateTempTfLiteTensor(t);
    }
  }

  const TensorView* in(int i) const { return present_[i] ? &views_[i] : nullptr; }
  const TensorView* output() const { return in(kNumInputs); }

 private:
  TensorView views_[kNumInputs + 1] = {};
  bool present_[kNumInputs + 1] = {};
};

// A hybrid model by its types, before the required tensors are checked: FLOAT32 input, an INT8 gate weight.
bool HasHybridTypes(const LstmTensors& t) {
  if (t.in(kInputTensor) == nullptr || t.in(kInputTensor)->type != kTfLiteFloat32) return false;
  for (int i = kInputWeights0; i < kInputWeights0 + 4; ++i) {
    if (t.in(i) != nullptr && t.in(i)->type == kTfLiteInt8) return true;
  }
  return false;
}

// Why a cell variant is refused. LiteRT runs hybrid peephole, projection, layer-norm and CIFG cells; mote's
// hybrid path, like its float and integer ones, has the standard cell only.
const char* VariantReason(const LstmTensors& t) {
  return HasHybridTypes(t) ? "mote's hybrid LSTM, FLOAT32 input with INT8 weights, runs the standard cell only"
                           : "TFLM's LSTM has none";
}

// The variants TFLM's kernel does not implement: their tensors must be absent.
TfLiteStatus CheckNoVariantTensors(TfLiteContext* context, const LstmTensors& t) {
  struct Feature {
    int first, last;
    const char* what;
  };
  constexpr Feature kUnsupported[] = {
      {9, 11, "peephole connections"}, {16, 17, "projection"}, {20, 23, "layer normalization"}};
  for (const Feature& f : kUnsupported) {
    for (int i = f.first; i <= f.last; ++i) {
      if (t.in(i) != nullptr) {
        TF_LITE_KERNEL_LOG(context, "%s: %s (input %d, %s) are not supported (%s)", kOpName, f.what, i, kInputNames[i],
                           VariantReason(t));
        return kTfLiteError;
      }
    }
  }
  return kTfLiteOk;
}

// Input, the eight gate weights, the four biases, both states and the output must be there; the states must
// be variable tensors.
TfLiteStatus CheckRequiredTensors(TfLiteContext* context, const LstmTensors& t) {
  if (t.in(kInputWeights0) == nullptr && t.in(kRecurrentWeights0) == nullptr) {
    const bool hybrid = HasHybridTypes(t);
    TF_LITE_KERNEL_LOG(context, "%s: CIFG (no input gate: inputs 1, 5 or 12 absent) is not supported%s%s%s", kOpName,
                       hybrid ? " (" : "", hybrid ? VariantReason(t) : "", hybrid ? ")" : "");
    return kTfLiteError;
  }
  constexpr int kRequired[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19};
  for (int i : kRequired) {
    if (t.in(i) == nullptr) {
      TF_LITE_KERNEL_LOG(context, "%s: input %d (%s) is required", kOpName, i, kInputNames[i]);
      return kTfLiteError;
    }
  }
  if (t.output() == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: the output is required", kOpName);
    return kTfLiteError;
  }
  for (int i : {kOutputStateTensor, kCellStateTensor}) {
    if (!t.in(i)->is_variable) {
      TF_LITE_KERNEL_LOG(context, "%s: %s (input %d) must be a variable tensor", kOpName, kInputNames[i], i);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// TFLM's cell gate knows only TANH (and SIGMOID, which no model can name): for any other activation its
// release build silently applies none, its debug build aborts. A cell_clip <= 0 (or NaN) means no clipping, as
// in TFLM.
TfLiteStatus CheckActivation(TfLiteContext* context, const TfLiteUnidirectionalSequenceLSTMParams& params) {
  if (params.activation != kTfLiteActTanh) {
    TF_LITE_KERNEL_LOG(context, "%s: cell activation %s is not supported (TANH only)", kOpName,
                       FusedActivationName(params.activation));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Hybrid (dynamic-range, converter versions 2 and 3): FLOAT32 input with INT8 input_to_input_weights.
bool IsHybrid(const LstmTensors& t) {
  return t.in(kInputTensor)->type == kTfLiteFloat32 && t.in(kInputWeights0)->type == kTfLiteInt8;
}

TfLiteStatus CheckType(TfLiteContext* context, const LstmTensors& t, int i, TfLiteType want) {
  if (t.in(i)->type != want) {
    TF_LITE_KERNEL_LOG(context, "%s: %s (input %d) is %s; a %s input%s needs %s", kOpName, kInputNames[i], i,
                       TfLiteTypeGetName(t.in(i)->type), TfLiteTypeGetName(t.in(kInputTensor)->type),
                       IsHybrid(t) ? " with INT8 weights (hybrid)" : "", TfLiteTypeGetName(want));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// float32: everything float32. int8: int8 weights, int32 bias, int16 cell. int16: int8 weights, int64 bias,
// int16 cell. Hybrid: float32 with int8 weights. The hidden state and the output have the input's type.
TfLiteStatus CheckTypes(TfLiteContext* context, const LstmTensors& t) {
  const TfLiteType type = t.in(kInputTensor)->type;
  if (type != kTfLiteFloat32 && type != kTfLiteInt8 && type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (FLOAT32, INT8, INT16)", kOpName,
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  const bool is_float = type == kTfLiteFloat32;
  const TfLiteType first_weights = t.in(kInputWeights0)->type;
  if (is_float && (first_weights == kTfLiteUInt8 || first_weights == kTfLiteInt4)) {
    return RefuseHybrid(context, kOpName, type, first_weights);  // LiteRT's hybrid LSTM takes INT8 weights only
  }
  const TfLiteType weight_type = is_float && !IsHybrid(t) ? kTfLiteFloat32 : kTfLiteInt8;
  const TfLiteType bias_type = is_float ? kTfLiteFloat32 : (type == kTfLiteInt8 ? kTfLiteInt32 : kTfLiteInt64);
  for (int i = 1; i <= 8; ++i) TF_LITE_ENSURE_STATUS(CheckType(context, t, i, weight_type));
  for (int i = 12; i <= 15; ++i) TF_LITE_ENSURE_STATUS(CheckType(context, t, i, bias_type));
  TF_LITE_ENSURE_STATUS(CheckType(context, t, kOutputStateTensor, type));
  TF_LITE_ENSURE_STATUS(CheckType(context, t, kCellStateTensor, is_float ? kTfLiteFloat32 : kTfLiteInt16));
  if (t.output()->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: output is %s; it must have the input's type %s", kOpName,
                       TfLiteTypeGetName(t.output()->type), TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

bool HasDims(const TensorView* t, int d0, int d1) {
  return t->dims->size == 2 && t->dims->data[0] == d0 && t->dims->data[1] == d1;
}

// Sizes from the input (rank 3) and the output state's second dimension, as TFLM derives them; all >= 1.
TfLiteStatus ComputeSize(TfLiteContext* context, const LstmTensors& t, bool time_major, reference::LstmSize* s) {
  const TfLiteIntArray* in = t.in(kInputTensor)->dims;
  const TfLiteIntArray* h = t.in(kOutputStateTensor)->dims;
  if (in->size != 3 || h->size < 2) {
    TF_LITE_KERNEL_LOG(context, "%s: input must be 3-D and output_state at least 2-D (have %d-D and %d-D)", kOpName,
                       in->size, h->size);
    return kTfLiteError;
  }
  s->time_major = time_major;
  s->time = time_major ? in->data[0] : in->data[1];
  s->batch = time_major ? in->data[1] : in->data[0];
  s->input = in->data[2];
  s->state = h->data[1];
  if (s->time < 1 || s->batch < 1 || s->input < 1 || s->state < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: time %d, batch %d, input %d and state %d must all be >= 1", kOpName, s->time,
                       s->batch, s->input, s->state);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Weights [state, input] and [state, state], biases [state], states of batch * state elements, output
// [input dims 0 and 1, state].
TfLiteStatus CheckShapes(TfLiteContext* context, const LstmTensors& t, const reference::LstmSize& s) {
  for (int g = 0; g < 4; ++g) {
    const int iw = kInputWeights0 + g, rw = kRecurrentWeights0 + g, b = kBias0 + g;
    if (!HasDims(t.in(iw), s.state, s.input) || !HasDims(t.in(rw), s.state, s.state) || t.in(b)->dims->size != 1 ||
        t.in(b)->dims->data[0] != s.state) {
      TF_LITE_KERNEL_LOG(context, "%s: %s must be [%d, %d], %s [%d, %d] and %s [%d]", kOpName, kInputNames[iw], s.state,
                         s.input, kInputNames[rw], s.state, s.state, kInputNames[b], s.state);
      return kTfLiteError;
    }
  }
  const int64_t state_elements = static_cast<int64_t>(s.batch) * s.state;
  for (int i : {kOutputStateTensor, kCellStateTensor}) {
    if (ElementCount(*t.in(i)->dims) != state_elements) {
      TF_LITE_KERNEL_LOG(context, "%s: %s must have batch * state = %lld elements", kOpName, kInputNames[i],
                         static_cast<long long>(state_elements));
      return kTfLiteError;
    }
  }
  const TfLiteIntArray* in = t.in(kInputTensor)->dims;
  const TfLiteIntArray* out = t.output()->dims;
  if (out->size != 3 || out->data[0] != in->data[0] || out->data[1] != in->data[1] || out->data[2] != s.state) {
    TF_LITE_KERNEL_LOG(context, "%s: output must be [%d, %d, %d]", kOpName, in->data[0], in->data[1], s.state);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Per-tensor quantization with a positive scale and an in-range zero point on the tensors whose parameters the
// integer cell uses (TFLM's LSTM reads one scale: per-channel weights would be computed with garbage). The cell
// reads only the legacy `params`, as TFLM's; the per-channel refusal reads `quantization`, so it is made only
// where that field is set (not on a KernelRunner's tensors: TFLM's LSTM test leaves it indeterminate).
TfLiteStatus CheckQuantization(TfLiteContext* context, TfLiteNode* node) {
  MicroContext* micro_context = GetMicroContext(context);
  const bool refuse_per_channel = micro_context->TensorsFromModel();
  constexpr int kQuantized[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, kOutputStateTensor, kCellStateTensor};
  for (int i : kQuantized) {
    TfLiteTensor* t = micro_context->AllocateTempInputTensor(node, i);  // present: checked before
    const TfLiteStatus status = refuse_per_channel
                                    ? CheckPerTensorQuantization(context, kOpName, kInputNames[i], t)
                                    : CheckLegacyQuantizationParams(context, kOpName, kInputNames[i], t);
    micro_context->DeallocateTempTfLiteTensor(t);
    TF_LITE_ENSURE_STATUS(status);
  }
  return kTfLiteOk;
}

// An FC into Q3.12 int16 (TFLM's CreateGateParams): multiplier input_scale * weight_scale / 2^-12 in double,
// offsets -input zero point and -weight zero point, output zero point 0, the int16 range.
TfLiteStatus GateFcParams(TfLiteContext* context, const TensorView* in, const TensorView* w, const char* what,
                          reference::FullyConnectedQuantParams* q) {
  constexpr double kGateScale = 1.0 / 4096.0;
  const double scale = static_cast<double>(in->params.scale) * static_cast<double>(w->params.scale) / kGateScale;
  *q = {};
  QuantizeMultiplier(scale, &q->output_multiplier, &q->output_shift);
  // The int64 requantization (16x8) rounds with 1 << (14 - shift): shifts above 14 have no defined meaning.
  if (q->output_shift > 14) {
    TF_LITE_KERNEL_LOG(context, "%s: the effective scale %g of %s is too large (>= 2^14)", kOpName, scale, what);
    return kTfLiteError;
  }
  q->input_offset = -in->params.zero_point;
  q->filter_offset = -w->params.zero_point;
  q->activation_min = INT16_MIN;
  q->activation_max = INT16_MAX;
  return kTfLiteOk;
}

// An int16 x int16 product requantized to `out_scale` (TFLM's CreateInterGateMulParams, in double).
reference::MulQuantParams MulParams(double scale1, double scale2, double out_scale, TfLiteType out_type,
                                    int32_t out_zero_point) {
  reference::MulQuantParams q{};
  QuantizeMultiplier(scale1 * scale2 / out_scale, &q.output_multiplier, &q.output_shift);
  q.output_offset = out_zero_point;
  q.activation_min = out_type == kTfLiteInt8 ? INT8_MIN : INT16_MIN;
  q.activation_max = out_type == kTfLiteInt8 ? INT8_MAX : INT16_MAX;
  return q;
}

// The integer cell's constants: gate FCs, the three products, tanh(c)'s scaling and the quantized clip.
TfLiteStatus PrepareInteger(TfLiteContext* context, TfLiteNode* node, const LstmTensors& t, float cell_clip,
                            reference::LstmParams* p) {
  TF_LITE_ENSURE_STATUS(CheckQuantization(context, node));
  const TensorView* input = t.in(kInputTensor);
  const TensorView* hidden = t.in(kOutputStateTensor);
  for (int g = 0; g < 4; ++g) {
    TF_LITE_ENSURE_STATUS(
        GateFcParams(context, input, t.in(kInputWeights0 + g), kInputNames[kInputWeights0 + g], &p->input_fc[g]));
    TF_LITE_ENSURE_STATUS(GateFcParams(context, hidden, t.in(kRecurrentWeights0 + g),
                                       kInputNames[kRecurrentWeights0 + g], &p->recurrent_fc[g]));
  }
  // c's scale as a power of two, rounded as TFLM's CheckedLog2 does (TFLM ignores whether it is exact).
  const float cell_scale = t.in(kCellStateTensor)->params.scale;
  int power = 0;
  CheckedLog2(cell_scale, &power);
  // tanh(c) shifts c by 12 + power (left) or -(12 + power) (right, with multiplier 3): both within int32.
  if (power > 2 || power < -43) {
    TF_LITE_KERNEL_LOG(context, "%s: cell_state scale %g is outside [2^-43, 2^2]", kOpName,
                       static_cast<double>(cell_scale));
    return kTfLiteError;
  }
  const int tanh_shift = 12 + power;
  p->cell_tanh = tanh_shift >= 0 ? SigmoidTanhInt16Params{0, tanh_shift} : SigmoidTanhInt16Params{3, -tanh_shift};
  constexpr double kQ015 = 1.0 / 32768.0;
  p->forget_cell_mul = MulParams(kQ015, cell_scale, cell_scale, kTfLiteInt16, 0);
  p->input_cell_mul = MulParams(kQ015, kQ015, cell_scale, kTfLiteInt16, 0);
  p->hidden_mul = MulParams(kQ015, kQ015, hidden->params.scale, hidden->type, hidden->params.zero_point);
  if (p->hidden_mul.output_shift > 30) {  // the product's left shift would leave int32
    TF_LITE_KERNEL_LOG(context, "%s: output_state scale %g is too small (below 2^-60)", kOpName,
                       static_cast<double>(hidden->params.scale));
    return kTfLiteError;
  }
  const double clip = static_cast<double>(cell_clip) / static_cast<double>(cell_scale);
  p->quantized_cell_clip = static_cast<int16_t>(std::min(std::max(clip, -32768.0), 32767.0));
  return kTfLiteOk;
}

// Hybrid weights (LiteRT's hybrid LSTM reads each weight tensor's one scale): per tensor, zero point 0, a
// finite scale > 0.
TfLiteStatus PrepareHybrid(TfLiteContext* context, TfLiteNode* node,
                           const TfLiteUnidirectionalSequenceLSTMParams& params, const reference::LstmSize& size,
                           OpData* data) {
  MicroContext* micro_context = GetMicroContext(context);
  HybridOpData hybrid{};
  hybrid.params.size = size;
  hybrid.params.cell_clip = params.cell_clip;
  hybrid.params.asymmetric = params.asymmetric_quantize_inputs;
  for (int i = kInputWeights0; i < kInputWeights0 + 8; ++i) {
    TfLiteTensor* w = micro_context->AllocateTempInputTensor(node, i);  // present: checked before
    const TfLiteAffineQuantization* q = GetAffineQuantization(w);
    HybridFilterScales scales{};
    TfLiteStatus status = kTfLiteOk;
    if (q != nullptr && q->scale != nullptr && q->scale->size > 1) {
      TF_LITE_KERNEL_LOG(context, "%s: hybrid %s (input %d) has %d scales; LiteRT's hybrid LSTM takes one per tensor",
                         kOpName, kInputNames[i], i, q->scale->size);
      status = kTfLiteError;
    } else {
      status = PrepareHybridFilter(context, kOpName, w, 0, 1, &scales);
    }
    micro_context->DeallocateTempTfLiteTensor(w);
    TF_LITE_ENSURE_STATUS(status);
    const int gate = (i - kInputWeights0) % 4;
    float* scale = i < kRecurrentWeights0 ? &hybrid.params.input_weight_scales[gate]
                                          : &hybrid.params.recurrent_weight_scales[gate];
    *scale = scales.scale;
  }
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(
      context, reference::HybridLstmScratchBytes(hybrid.params.size), &hybrid.quantized_scratch_index));
  data->hybrid = hybrid;
  return kTfLiteOk;
}

const char* VariantId(TfLiteType type, bool hybrid) {
  if (hybrid) return "unidirectional_sequence_lstm/hybrid/reference";
  switch (type) {
    case kTfLiteFloat32:
      return "unidirectional_sequence_lstm/float32/reference";
    case kTfLiteInt8:
      return "unidirectional_sequence_lstm/int8/reference";
    default:
      return "unidirectional_sequence_lstm/int16/reference";
  }
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node,
                            const TfLiteUnidirectionalSequenceLSTMParams& params, const LstmTensors& t, OpData* data) {
  reference::LstmParams& p = data->params;
  TF_LITE_ENSURE_STATUS(ComputeSize(context, t, params.time_major, &p.size));
  TF_LITE_ENSURE_STATUS(CheckShapes(context, t, p.size));
  p.cell_clip = params.cell_clip;
  const TfLiteType type = t.in(kInputTensor)->type;
  if (type != kTfLiteFloat32) TF_LITE_ENSURE_STATUS(PrepareInteger(context, node, t, params.cell_clip, &p));
  const bool hybrid = IsHybrid(t);
  const reference::LstmSize size = p.size;
  if (hybrid) TF_LITE_ENSURE_STATUS(PrepareHybrid(context, node, params, size, data));  // overwrites p
  const size_t cell_bytes = type == kTfLiteFloat32 ? sizeof(float) : sizeof(int16_t);
  const size_t buffer_bytes = static_cast<size_t>(size.batch) * static_cast<size_t>(size.state) * cell_bytes;
  for (int& index : data->scratch_index) {
    TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, buffer_bytes, &index));
  }
  ReportKernelVariant(context, VariantId(type, hybrid));
  return kTfLiteOk;
}

template <TypeSet kTypes>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != kNumInputs || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (24 inputs, -1 for absent ones; 1 output)", kOpName,
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  const auto& params = *static_cast<const TfLiteUnidirectionalSequenceLSTMParams*>(node->builtin_data);
  LstmTensors t(context, node);
  TF_LITE_ENSURE_STATUS(CheckNoVariantTensors(context, t));
  TF_LITE_ENSURE_STATUS(CheckRequiredTensors(context, t));
  TF_LITE_ENSURE_STATUS(CheckActivation(context, params));
  TF_LITE_ENSURE_STATUS(CheckTypes(context, t));
  TF_LITE_ENSURE_STATUS(CheckServedType<kTypes>(context, kOpName, schema::BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM,
                                                t.in(kInputTensor)->type));
  return PrepareTensors(context, node, params, t, static_cast<OpData*>(node->user_data));
}

template <typename ActT, typename WeightT, typename BiasT, typename CellT>
void Run(TfLiteContext* context, TfLiteNode* node, const OpData& data) {
  reference::LstmData<ActT, WeightT, BiasT, CellT> d;
  d.input = micro::GetTensorData<ActT>(micro::GetEvalInput(context, node, kInputTensor));
  for (int g = 0; g < 4; ++g) {
    d.input_weights[g] = micro::GetTensorData<WeightT>(micro::GetEvalInput(context, node, kInputWeights0 + g));
    d.recurrent_weights[g] = micro::GetTensorData<WeightT>(micro::GetEvalInput(context, node, kRecurrentWeights0 + g));
    d.bias[g] = micro::GetTensorData<BiasT>(micro::GetEvalInput(context, node, kBias0 + g));
  }
  d.hidden = micro::GetTensorData<ActT>(micro::GetMutableEvalInput(context, node, kOutputStateTensor));
  d.cell = micro::GetTensorData<CellT>(micro::GetMutableEvalInput(context, node, kCellStateTensor));
  d.output = micro::GetTensorData<ActT>(micro::GetEvalOutput(context, node, kOutputTensor));
  for (int i = 0; i < 4; ++i)
    d.scratch[i] = static_cast<CellT*>(context->GetScratchBuffer(context, data.scratch_index[i]));
  reference::UnidirectionalSequenceLstm(data.params, d);
}

void RunHybrid(TfLiteContext* context, TfLiteNode* node, const HybridOpData& data, const int* scratch_index) {
  reference::LstmHybridData d;
  d.input = micro::GetTensorData<float>(micro::GetEvalInput(context, node, kInputTensor));
  for (int g = 0; g < 4; ++g) {
    d.input_weights[g] = micro::GetTensorData<int8_t>(micro::GetEvalInput(context, node, kInputWeights0 + g));
    d.recurrent_weights[g] = micro::GetTensorData<int8_t>(micro::GetEvalInput(context, node, kRecurrentWeights0 + g));
    d.bias[g] = micro::GetTensorData<float>(micro::GetEvalInput(context, node, kBias0 + g));
    d.gates[g] = static_cast<float*>(context->GetScratchBuffer(context, scratch_index[g]));
  }
  d.hidden = micro::GetTensorData<float>(micro::GetMutableEvalInput(context, node, kOutputStateTensor));
  d.cell = micro::GetTensorData<float>(micro::GetMutableEvalInput(context, node, kCellStateTensor));
  d.output = micro::GetTensorData<float>(micro::GetEvalOutput(context, node, kOutputTensor));
  d.quantized = context->GetScratchBuffer(context, data.quantized_scratch_index);
  reference::UnidirectionalSequenceLstmHybrid(data.params, d);
}

template <TypeSet kTypes>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  switch (micro::GetEvalInput(context, node, kInputTensor)->type) {
    case kTfLiteFloat32:
      if constexpr (!Serves(kTypes, kTfLiteFloat32)) break;
      if (micro::GetEvalInput(context, node, kInputWeights0)->type == kTfLiteInt8) {
        RunHybrid(context, node, data.hybrid, data.scratch_index);
      } else {
        Run<float, float, float, float>(context, node, data);
      }
      return kTfLiteOk;
    case kTfLiteInt8:
      if constexpr (!Serves(kTypes, kTfLiteInt8)) break;
      Run<int8_t, int8_t, int32_t, int16_t>(context, node, data);
      return kTfLiteOk;
    case kTfLiteInt16:
      if constexpr (!Serves(kTypes, kTfLiteInt16)) break;
      Run<int16_t, int8_t, int64_t, int16_t>(context, node, data);
      return kTfLiteOk;
    default:
      break;
  }
  return kTfLiteError;  // prepare accepted only the types above
}

}  // namespace

#define MOTE_KERNEL_UNIDIRECTIONAL_SEQUENCE_LSTM \
  (TEMPLATED, "unidirectional_sequence_lstm/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseUnidirectionalSequenceLstm(const schema::Operator* op, BuiltinDataAllocator* allocator,
                                             void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteUnidirectionalSequenceLSTMParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  const schema::UnidirectionalSequenceLSTMOptions* options = op->builtin_options_as_UnidirectionalSequenceLSTMOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    params->cell_clip = options->cell_clip();
    params->proj_clip = options->proj_clip();
    params->time_major = options->time_major();
    params->asymmetric_quantize_inputs = options->asymmetric_quantize_inputs();
    params->diagonal_recurrent_tensors = options->diagonal_recurrent_tensors();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
