// UNIDIRECTIONAL_SEQUENCE_LSTM: the variant each type reports, state carried across invokes and cleared by
// Reset(), the type-specialised registrations, and every prepare refusal by its message. Bit-exactness
// against TFLM is proven by the oracle cases (tools/oracle/gen_lstm.py, multi-invoke with Reset); the hybrid
// path's agreement with LiteRT by tools/oracle/gen_hybrid_lstm.py.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/kernel_util.h"
#include "mote/micro_interpreter.h"
#include "mote/op_registrations.h"
#include "mote/op_resolver.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::ExpectVariant;
using test::OpRun;

constexpr const char* kOp = "UNIDIRECTIONAL_SEQUENCE_LSTM: ";

// kHybrid: FLOAT32 input, biases, states and output with INT8 weights (dynamic-range quantization).
enum class Kind { kFloat, kInt8, kInt16, kHybrid };

struct LstmSpec {
  Kind kind = Kind::kInt8;
  int batch = 2, time = 3, input = 4, state = 3;
  bool time_major = false;
  schema::ActivationFunctionType activation = schema::ActivationFunctionType_TANH;
  float cell_clip = 0.0f;
  // Hostile / unsupported variations.
  std::vector<int> omit;  // these inputs written as -1
  int add_variant = -1;   // a peephole (9-11), projection (16-17) or layer-norm (20-23) tensor at this input
  bool states_variable = true;
  schema::TensorType weight_type_override = schema::TensorType_BOOL;  // BOOL: none
  schema::TensorType bias_type_override = schema::TensorType_BOOL;
  std::vector<int> input_shape;      // empty: from the sizes
  std::vector<int> recurrent_shape;  // empty: [state, state]
  std::vector<int> output_shape;     // empty: from the sizes
  float cell_scale = 1.0f / 2048;
  int weight_scales = 1;  // > 1: per-channel weights
  int num_inputs = 24;
  int64_t hidden_zero_point = -2;  // INT8 only
  float weight_scale = 0.004f;
  float hidden_scale = 0.0f;     // > 0: overrides the output state's scale
  std::vector<int> state_shape;  // empty: [batch, state]
  int64_t weight_zero_point = 0;
  bool asymmetric_quantize_inputs = false;
  bool dequantized_weights = false;  // FLOAT32 weights: the INT8 ones' real values (weight_scale * q)
};

std::vector<int> Seq(const LstmSpec& s, int width) {
  return s.time_major ? std::vector<int>{s.time, s.batch, width} : std::vector<int>{s.batch, s.time, width};
}

schema::TensorType ActType(Kind k) {
  return k == Kind::kFloat || k == Kind::kHybrid
             ? schema::TensorType_FLOAT32
             : (k == Kind::kInt8 ? schema::TensorType_INT8 : schema::TensorType_INT16);
}

std::vector<uint8_t> BuildLstm(const LstmSpec& s) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM, 1);
  const bool q = s.kind == Kind::kInt8 || s.kind == Kind::kInt16;
  const schema::TensorType act = ActType(s.kind);
  auto sc = [q](float v) { return q ? std::vector<float>{v} : std::vector<float>{}; };
  auto zp = [q](int64_t v) { return q ? std::vector<int64_t>{v} : std::vector<int64_t>{}; };
  const float in_scale = s.kind == Kind::kInt16 ? 1.0f / 16384 : 0.02f;
  const int64_t in_zp = s.kind == Kind::kInt8 ? 3 : 0;
  const float h_scale = s.hidden_scale > 0 ? s.hidden_scale : (s.kind == Kind::kInt16 ? 1.0f / 32768 : 1.0f / 128);
  const int64_t h_zp = s.kind == Kind::kInt8 ? s.hidden_zero_point : 0;

  auto weights = [&](std::vector<int> shape, int salt) {
    const int n = shape[0] * shape[1];
    const schema::TensorType wt =
        s.weight_type_override != schema::TensorType_BOOL
            ? s.weight_type_override
            : (q || s.kind == Kind::kHybrid ? schema::TensorType_INT8 : schema::TensorType_FLOAT32);
    auto int8_value = [salt](int i) { return static_cast<int8_t>((i * 37 + salt * 11) % 255 - 127); };
    if (wt == schema::TensorType_FLOAT32) {
      std::vector<float> v(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) {
        v[i] = s.dequantized_weights ? s.weight_scale * static_cast<float>(int8_value(i))
                                     : 0.05f * static_cast<float>((i * 7 + salt) % 11 - 5);
      }
      return b.AddConstTensor<float>(wt, shape, v);
    }
    std::vector<int8_t> v(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) v[i] = int8_value(i);
    std::vector<float> scales(static_cast<size_t>(s.weight_scales), s.weight_scale);
    return b.AddConstTensor<int8_t>(wt, shape, v, scales, std::vector<int64_t>(scales.size(), s.weight_zero_point));
  };
  auto bias = [&](int salt) {
    const schema::TensorType bt =
        s.bias_type_override != schema::TensorType_BOOL
            ? s.bias_type_override
            : (!q ? schema::TensorType_FLOAT32
                  : (s.kind == Kind::kInt8 ? schema::TensorType_INT32 : schema::TensorType_INT64));
    if (bt == schema::TensorType_FLOAT32) {
      return b.AddConstTensor<float>(bt, {s.state}, std::vector<float>(static_cast<size_t>(s.state), 0.1f * salt));
    }
    if (bt == schema::TensorType_INT64) {
      return b.AddConstTensor<int64_t>(bt, {s.state}, std::vector<int64_t>(static_cast<size_t>(s.state), 100 * salt),
                                       {in_scale * 0.004f}, {0});
    }
    return b.AddConstTensor<int32_t>(bt, {s.state}, std::vector<int32_t>(static_cast<size_t>(s.state), 100 * salt),
                                     {in_scale * 0.004f}, {0});
  };

  std::vector<int> in(24, -1);
  in[0] = b.AddTensor(act, s.input_shape.empty() ? Seq(s, s.input) : s.input_shape, "in", 0, sc(in_scale), zp(in_zp));
  for (int g = 0; g < 4; ++g) {
    in[1 + g] = weights({s.state, s.input}, g);
    in[5 + g] = weights(s.recurrent_shape.empty() ? std::vector<int>{s.state, s.state} : s.recurrent_shape, 4 + g);
    in[12 + g] = bias(g + 1);
  }
  const std::vector<int> state_shape = s.state_shape.empty() ? std::vector<int>{s.batch, s.state} : s.state_shape;
  in[18] = b.AddTensor(act, state_shape, "h", 0, sc(h_scale), zp(h_zp), 0, s.states_variable);
  in[19] = b.AddTensor(q ? schema::TensorType_INT16 : schema::TensorType_FLOAT32, {s.batch, s.state}, "c", 0,
                       sc(s.cell_scale), zp(0), 0, s.states_variable);
  if (s.add_variant >= 0) {
    in[s.add_variant] = s.add_variant == 16 ? weights({s.state, s.state}, 9) : bias(7);
  }
  for (int i : s.omit) in[static_cast<size_t>(i)] = -1;
  in.resize(static_cast<size_t>(s.num_inputs), -1);
  const int out =
      b.AddTensor(act, s.output_shape.empty() ? Seq(s, s.state) : s.output_shape, "out", 0, sc(h_scale), zp(h_zp));
  auto options = schema::CreateUnidirectionalSequenceLSTMOptions(b.fbb(), s.activation, s.cell_clip, 0.0f, s.time_major,
                                                                 s.asymmetric_quantize_inputs);
  b.AddOperator(code, in, {out}, schema::BuiltinOptions_UnidirectionalSequenceLSTMOptions, options.Union());
  // Non-variable states must come from somewhere to pass model verification: make them graph inputs.
  b.SetInputs(s.states_variable ? std::vector<int>{in[0]} : std::vector<int>{in[0], in[18], in[19]});
  b.SetOutputs({out});
  return b.Finish();
}

void FillInput(TfLiteTensor* t, int salt) {
  const int64_t n = ElementCount(*t->dims);
  for (int64_t i = 0; i < n; ++i) {
    const int v = static_cast<int>((i * 29 + salt * 13) % 61) - 30;
    if (t->type == kTfLiteFloat32) t->data.f[i] = 0.03f * static_cast<float>(v);
    if (t->type == kTfLiteInt8) t->data.int8[i] = static_cast<int8_t>(v * 4);
    if (t->type == kTfLiteInt16) t->data.i16[i] = static_cast<int16_t>(v * 500);
  }
}

std::vector<uint8_t> OutputBytes(MicroInterpreter& interpreter) {
  const TfLiteTensor* out = interpreter.output(0);
  return std::vector<uint8_t>(out->data.raw, out->data.raw + out->bytes);
}

TEST(UnidirectionalSequenceLstm, ReportsVariantPerType) {
  LstmSpec s;
  s.kind = Kind::kFloat;
  ExpectVariant(BuildLstm(s), "unidirectional_sequence_lstm/float32/reference");
  s.kind = Kind::kInt8;
  ExpectVariant(BuildLstm(s), "unidirectional_sequence_lstm/int8/reference");
  s.kind = Kind::kInt16;
  ExpectVariant(BuildLstm(s), "unidirectional_sequence_lstm/int16/reference");
  s.kind = Kind::kHybrid;
  ExpectVariant(BuildLstm(s), "unidirectional_sequence_lstm/hybrid/reference");
}

// The second invoke on the same input differs (state carried); after Reset() the first output comes back.
TEST(UnidirectionalSequenceLstm, StateCarriedAcrossInvokesAndClearedByReset) {
  for (Kind kind : {Kind::kFloat, Kind::kInt8, Kind::kInt16, Kind::kHybrid}) {
    for (bool time_major : {false, true}) {
      LstmSpec s;
      s.kind = kind;
      s.time_major = time_major;
      OpRun run(BuildLstm(s));
      ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
      FillInput(run.interpreter->input(0), 1);
      ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
      const std::vector<uint8_t> first = OutputBytes(*run.interpreter);
      ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
      EXPECT_NE(OutputBytes(*run.interpreter), first) << "state not carried, kind " << static_cast<int>(kind);
      ASSERT_EQ(run.interpreter->Reset(), kTfLiteOk);
      ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
      EXPECT_EQ(OutputBytes(*run.interpreter), first) << "Reset() did not clear the state";
    }
  }
}

TEST(UnidirectionalSequenceLstm, SpecialisedRegistrationsServeTheirType) {
  EXPECT_STREQ(Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8().variant, "unidirectional_sequence_lstm/any/reference");
  EXPECT_EQ(Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT16().builtin_code,
            schema::BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM);
}

TEST(UnidirectionalSequenceLstm, RefusesUnsupportedVariants) {
  LstmSpec s;
  s.add_variant = 10;
  ExpectRefused(BuildLstm(s), std::string(kOp) +
                                  "peephole connections (input 10, cell_to_forget_weights) are not supported "
                                  "(TFLM's LSTM has none)");
  s.add_variant = 16;
  ExpectRefused(BuildLstm(s), std::string(kOp) +
                                  "projection (input 16, projection_weights) are not supported (TFLM's LSTM has none)");
  s.add_variant = 22;
  ExpectRefused(BuildLstm(s), std::string(kOp) +
                                  "layer normalization (input 22, cell_layer_norm_coefficients) are not supported "
                                  "(TFLM's LSTM has none)");
}

TEST(UnidirectionalSequenceLstm, RefusesMissingTensors) {
  LstmSpec s;
  s.omit = {7};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input 7 (recurrent_to_cell_weights) is required");
  s.omit = {14};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input 14 (cell_gate_bias) is required");
  s.omit = {19};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input 19 (cell_state) is required");
  s.omit = {1};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input 1 (input_to_input_weights) is required");
  s.omit = {};
  s.num_inputs = 20;
  ExpectRefused(BuildLstm(s),
                std::string(kOp) + "20 inputs and 1 outputs given (24 inputs, -1 for absent ones; 1 output)");
}

// A CIFG model has no input gate: its weights (1, 5) and bias (12) are absent.
TEST(UnidirectionalSequenceLstm, RefusesCifg) {
  LstmSpec s;
  s.omit = {1, 5, 12};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "CIFG (no input gate: inputs 1, 5 or 12 absent) is not supported");
}

TEST(UnidirectionalSequenceLstm, RefusesNonVariableStates) {
  LstmSpec s;
  s.states_variable = false;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "output_state (input 18) must be a variable tensor");
}

TEST(UnidirectionalSequenceLstm, RefusesActivationsOtherThanTanh) {
  LstmSpec s;
  s.activation = schema::ActivationFunctionType_RELU;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "cell activation RELU is not supported (TANH only)");
  s.activation = schema::ActivationFunctionType_NONE;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "cell activation NONE is not supported (TANH only)");
}

TEST(UnidirectionalSequenceLstm, RefusesWrongTypes) {
  LstmSpec s;
  s.bias_type_override = schema::TensorType_INT64;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input_gate_bias (input 12) is INT64; a INT8 input needs INT32");
  s = LstmSpec();
  s.kind = Kind::kInt16;
  s.bias_type_override = schema::TensorType_INT32;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input_gate_bias (input 12) is INT32; a INT16 input needs INT64");
  s = LstmSpec();
  s.weight_type_override = schema::TensorType_FLOAT32;
  ExpectRefused(BuildLstm(s),
                std::string(kOp) + "input_to_input_weights (input 1) is FLOAT32; a INT8 input needs INT8");
}

TEST(UnidirectionalSequenceLstm, RefusesBadShapes) {
  LstmSpec s;
  s.input_shape = {2, 12};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input must be 3-D and output_state at least 2-D (have 2-D and 2-D)");
  s = LstmSpec();
  s.recurrent_shape = {3, 4};
  ExpectRefused(BuildLstm(s), std::string(kOp) +
                                  "input_to_input_weights must be [3, 4], recurrent_to_input_weights [3, 3] and "
                                  "input_gate_bias [3]");
  s = LstmSpec();
  s.output_shape = {2, 3, 4};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "output must be [2, 3, 3]");
  s = LstmSpec();
  s.input_shape = {2, 0, 4};
  s.output_shape = {2, 0, 3};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "time 0, batch 2, input 4 and state 3 must all be >= 1");
}

TEST(UnidirectionalSequenceLstm, RefusesBadQuantization) {
  LstmSpec s;
  s.weight_scales = 3;
  ExpectRefused(BuildLstm(s), std::string(kOp) +
                                  "input_to_input_weights has 3 scales; only per-tensor quantization (1 scale) is "
                                  "supported here");
  s = LstmSpec();
  s.cell_scale = 64.0f;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "cell_state scale 64 is outside [2^-43, 2^2]");
}

TEST(UnidirectionalSequenceLstm, RefusesHostileSizesAndQuantization) {
  LstmSpec s;
  s.input_shape = {2, 3, 4, 1};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input must be 3-D and output_state at least 2-D (have 4-D and 2-D)");
  s = LstmSpec();
  s.state_shape = {3};
  ExpectRefused(BuildLstm(s), std::string(kOp) + "input must be 3-D and output_state at least 2-D (have 3-D and 1-D)");
  s = LstmSpec();
  s.state_shape = {3, 3};  // state 3 as dim 1, but 9 elements for batch 2
  ExpectRefused(BuildLstm(s), std::string(kOp) + "output_state must have batch * state = 6 elements");
  s = LstmSpec();
  s.hidden_zero_point = 1000;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "output_state zero point 1000 is outside the INT8 range [-128, 127]");
  s = LstmSpec();
  s.weight_scale = 1e6f;
  ExpectRefused(BuildLstm(s), " of input_to_input_weights is too large (>= 2^14)");
  s = LstmSpec();
  s.hidden_scale = 1e-30f;
  ExpectRefused(BuildLstm(s), std::string(kOp) + "output_state scale 1e-30 is too small (below 2^-60)");
}

// Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8() / _INT16(): the generic kernel restricted to one input type.
struct SingleRegistrationRun {
  TfLiteStatus status = kTfLiteError;
  std::vector<uint8_t> output;
  std::string log;
};

SingleRegistrationRun RunWith(const std::vector<uint8_t>& bytes, const TfLiteRegistration& registration) {
  test::LogCapture log;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(64 * 1024);
  MicroMutableOpResolver<1> resolver;
  EXPECT_EQ(resolver.AddBuiltin(schema::BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM, registration), kTfLiteOk);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  SingleRegistrationRun r;
  r.status = interpreter.AllocateTensors();
  if (r.status == kTfLiteOk) {
    FillInput(interpreter.input(0), 3);
    r.status = interpreter.Invoke();
    if (r.status == kTfLiteOk) r.output = OutputBytes(interpreter);
  }
  r.log = log.text;
  return r;
}

TEST(UnidirectionalSequenceLstm, SpecialisedRegistrationsRefuseOtherTypes) {
  LstmSpec s;
  s.kind = Kind::kInt16;
  SingleRegistrationRun r = RunWith(BuildLstm(s), Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8());
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_NE(r.log.find("UNIDIRECTIONAL_SEQUENCE_LSTM: input type INT16 is not supported by "
                       "Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8() (the generic "
                       "AddUnidirectionalSequenceLSTM() registration accepts it)"),
            std::string::npos)
      << r.log;
  s.kind = Kind::kFloat;
  r = RunWith(BuildLstm(s), Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT16());
  EXPECT_NE(r.log.find("input type FLOAT32 is not supported by Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT16()"),
            std::string::npos)
      << r.log;
}

TEST(UnidirectionalSequenceLstm, SpecialisedRegistrationsRunLikeTheGenericOne) {
  for (Kind kind : {Kind::kInt8, Kind::kInt16}) {
    LstmSpec s;
    s.kind = kind;
    const TfLiteRegistration special = kind == Kind::kInt8 ? Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8()
                                                           : Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT16();
    const SingleRegistrationRun a = RunWith(BuildLstm(s), special);
    const SingleRegistrationRun b = RunWith(BuildLstm(s), Register_UNIDIRECTIONAL_SEQUENCE_LSTM());
    ASSERT_EQ(a.status, kTfLiteOk) << a.log;
    EXPECT_EQ(a.output, b.output);
  }
}

// The hybrid kernel quantizes x and h to int8 at run time: its outputs stay within that rounding of the float
// kernel's on the same (dequantized) weights, over several invokes, both layouts and both input schemes.
TEST(UnidirectionalSequenceLstm, HybridRunsCloseToFloatOnDequantizedWeights) {
  for (bool time_major : {false, true}) {
    for (bool asymmetric : {false, true}) {
      LstmSpec s;
      s.kind = Kind::kHybrid;
      s.time_major = time_major;
      s.asymmetric_quantize_inputs = asymmetric;
      s.cell_clip = 0.8f;
      OpRun hybrid(BuildLstm(s));
      s.kind = Kind::kFloat;
      s.dequantized_weights = true;
      OpRun reference(BuildLstm(s));
      ASSERT_EQ(hybrid.interpreter->AllocateTensors(), kTfLiteOk);
      ASSERT_EQ(reference.interpreter->AllocateTensors(), kTfLiteOk);
      for (int invoke = 0; invoke < 3; ++invoke) {
        FillInput(hybrid.interpreter->input(0), invoke);
        FillInput(reference.interpreter->input(0), invoke);
        ASSERT_EQ(hybrid.interpreter->Invoke(), kTfLiteOk);
        ASSERT_EQ(reference.interpreter->Invoke(), kTfLiteOk);
        const TfLiteTensor* got = hybrid.interpreter->output(0);
        const TfLiteTensor* want = reference.interpreter->output(0);
        ASSERT_EQ(got->bytes, want->bytes);
        float max_diff = 0.0f;
        for (int64_t i = 0; i < ElementCount(*got->dims); ++i) {
          max_diff = std::max(max_diff, std::fabs(got->data.f[i] - want->data.f[i]));
        }
        EXPECT_LT(max_diff, 0.02f) << "time_major " << time_major << " asymmetric " << asymmetric << " invoke "
                                   << invoke;
        EXPECT_GT(std::fabs(got->data.f[0]), 0.0f);
      }
    }
  }
}

TEST(UnidirectionalSequenceLstm, RefusesHybridModelsLiteRtDoesNotRun) {
  struct Refusal {
    void (*mutate)(LstmSpec*);  // applied to a hybrid spec
    const char* message;        // after kOp
  };
  const std::string kStandardCellOnly =
      " (mote's hybrid LSTM, FLOAT32 input with INT8 weights, runs the standard cell only)";
  const Refusal kRefusals[] = {
      {[](LstmSpec* s) { s->weight_type_override = schema::TensorType_UINT8; },
       "FLOAT32 input with UINT8 weights (a hybrid model) is not supported; convert the model with full-integer "
       "quantization (a representative dataset) or keep FLOAT32 weights"},
      {[](LstmSpec* s) { s->bias_type_override = schema::TensorType_INT32; },
       "input_gate_bias (input 12) is INT32; a FLOAT32 input with INT8 weights (hybrid) needs FLOAT32"},
      {[](LstmSpec* s) { s->weight_scales = 3; },
       "hybrid input_to_input_weights (input 1) has 3 scales; LiteRT's hybrid LSTM takes one per tensor"},
      {[](LstmSpec* s) { s->weight_zero_point = 5; }, "hybrid weights must be symmetric (zero point 0 is 5)"},
      {[](LstmSpec* s) { s->weight_scale = 0.0f; }, "hybrid weight scale 0 (0) is not a finite number > 0"},
  };
  for (const Refusal& r : kRefusals) {
    LstmSpec s;
    s.kind = Kind::kHybrid;
    r.mutate(&s);
    ExpectRefused(BuildLstm(s), std::string(kOp) + r.message);
  }
  const Refusal kCellVariants[] = {
      {[](LstmSpec* s) { s->add_variant = 16; }, "projection (input 16, projection_weights) are not supported"},
      {[](LstmSpec* s) { s->add_variant = 9; },
       "peephole connections (input 9, cell_to_input_weights) are not supported"},
      {[](LstmSpec* s) {
         s->omit = {1, 5, 12};
       },
       "CIFG (no input gate: inputs 1, 5 or 12 absent) is not supported"},
  };
  for (const Refusal& r : kCellVariants) {
    LstmSpec s;
    s.kind = Kind::kHybrid;
    r.mutate(&s);
    ExpectRefused(BuildLstm(s), std::string(kOp) + r.message + kStandardCellOnly);
  }
}

// A hybrid model's input is FLOAT32: the INT8 and INT16 registrations refuse it, the generic one runs it.
TEST(UnidirectionalSequenceLstm, SpecialisedRegistrationsRefuseHybridModels) {
  LstmSpec s;
  s.kind = Kind::kHybrid;
  const SingleRegistrationRun r = RunWith(BuildLstm(s), Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8());
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_NE(r.log.find("input type FLOAT32 is not supported by Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8()"),
            std::string::npos)
      << r.log;
  EXPECT_EQ(RunWith(BuildLstm(s), Register_UNIDIRECTIONAL_SEQUENCE_LSTM()).status, kTfLiteOk);
}

}  // namespace
}  // namespace mote
