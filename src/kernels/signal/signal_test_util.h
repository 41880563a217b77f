// Test helpers for the Signal* kernels: one-operator models with a custom op, its FlexBuffers options and
// int16 constant inputs (SignalWindow's weights).
#ifndef MOTE_KERNELS_SIGNAL_SIGNAL_TEST_UTIL_H_
#define MOTE_KERNELS_SIGNAL_SIGNAL_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "mote/c/common.h"
#include "support/model_builder.h"

namespace mote {
namespace test {

// Options as the converter writes them (a map); `raw` replaces them with these bytes when set.
struct SignalOptions {
  std::vector<std::pair<std::string, int64_t>> ints;
  std::vector<std::pair<std::string, bool>> bools;
  std::vector<std::pair<std::string, double>> floats;
  bool use_raw = false;
  std::vector<uint8_t> raw;
};

inline std::vector<uint8_t> SignalOptionBytes(const SignalOptions& o) {
  if (o.use_raw) return o.raw;
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    for (const auto& kv : o.ints) fbb.Int(kv.first.c_str(), kv.second);
    for (const auto& kv : o.bools) fbb.Bool(kv.first.c_str(), kv.second);
    for (const auto& kv : o.floats) fbb.Double(kv.first.c_str(), kv.second);
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

struct SignalTensor {
  schema::TensorType type;
  std::vector<int> shape;
  std::vector<int16_t> const_data;  // an int16 constant when not empty
};

inline std::vector<uint8_t> SignalModel(const std::string& name, const std::vector<SignalTensor>& ins,
                                        const std::vector<SignalTensor>& outs, const SignalOptions& options) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, name);
  std::vector<int> in_idx, graph_inputs, out_idx;
  for (const SignalTensor& t : ins) {
    if (t.const_data.empty()) {
      in_idx.push_back(b.AddTensor(t.type, t.shape));
      graph_inputs.push_back(in_idx.back());
    } else {
      in_idx.push_back(b.AddConstTensor<int16_t>(t.type, t.shape, t.const_data));
    }
  }
  for (const SignalTensor& t : outs) out_idx.push_back(b.AddTensor(t.type, t.shape));
  b.AddOperator(code, in_idx, out_idx, schema::BuiltinOptions_NONE, 0, SignalOptionBytes(options));
  b.SetInputs(graph_inputs);
  b.SetOutputs(out_idx);
  return b.Finish();
}

// Invokes `run` once per input vector (int16 input 0), Reset() before invoke `reset_at` (-1: never); returns
// output 0's int16 values after each invoke.
template <typename Run>
std::vector<std::vector<int16_t>> InvokeSequence(Run& run, const std::vector<std::vector<int16_t>>& inputs,
                                                 int reset_at) {
  std::vector<std::vector<int16_t>> outputs;
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (static_cast<int>(k) == reset_at && run.interpreter->Reset() != kTfLiteOk) return {};
    TfLiteTensor* in = run.interpreter->input(0);
    for (size_t i = 0; i < inputs[k].size(); ++i) in->data.i16[i] = inputs[k][i];
    if (run.interpreter->Invoke() != kTfLiteOk) return {};
    const TfLiteTensor* out = run.interpreter->output(0);
    outputs.emplace_back(out->data.i16, out->data.i16 + out->bytes / sizeof(int16_t));
  }
  return outputs;
}

}  // namespace test
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_SIGNAL_TEST_UTIL_H_
