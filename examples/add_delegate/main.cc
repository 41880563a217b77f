// The demo delegate of seed 003 end to end, written against the TFLite-style host API:
//
//   tflite::InterpreterBuilder(*model, resolver)(&interpreter);
//   interpreter->ModifyGraphWithDelegate(&delegate);
//   interpreter->Invoke();
//
// The model is built here (the article: "create a model with ADD"): out = ADD(RELU(ADD(ADD(x, y), y)), x),
// float32 [1, 8]. The delegate takes the three ADDs; the first two are connected and become one delegate
// kernel, RELU stays on mote's kernel, the last ADD is a second delegate kernel. The program prints the
// execution plan and what each kernel replaced, runs the model with and without the delegate, and exits 0 only
// if the outputs are identical and each delegate kernel ran once per Invoke.
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "demo_delegate.h"
#include "flatbuffers/flatbuffers.h"
#include "lite_resolver.h"
#include "tensorflow/lite/interpreter.h"
#include "tensorflow/lite/interpreter_builder.h"
#include "tensorflow/lite/model_builder.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {

constexpr int kWidth = 8;

// A .tflite model in memory, with the FlatBuffers builder and the schema's Create* functions.
std::vector<uint8_t> BuildModel() {
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<tflite::Buffer>> buffers = {tflite::CreateBuffer(b)};
  std::vector<flatbuffers::Offset<tflite::OperatorCode>> codes = {
      tflite::CreateOperatorCode(b, static_cast<int8_t>(tflite::BuiltinOperator_ADD), 0, 1, tflite::BuiltinOperator_ADD),
      tflite::CreateOperatorCode(b, static_cast<int8_t>(tflite::BuiltinOperator_RELU), 0, 1, tflite::BuiltinOperator_RELU)};
  const char* names[] = {"x", "y", "xy", "xyy", "relu", "out"};
  std::vector<flatbuffers::Offset<tflite::Tensor>> tensors;
  for (const char* name : names) {
    tensors.push_back(tflite::CreateTensor(b, b.CreateVector(std::vector<int32_t>{1, kWidth}),
                                           tflite::TensorType_FLOAT32, 0, b.CreateString(name)));
  }
  auto add = [&](int a, int c, int out) {
    return tflite::CreateOperator(b, 0, b.CreateVector(std::vector<int32_t>{a, c}),
                                  b.CreateVector(std::vector<int32_t>{out}), tflite::BuiltinOptions_AddOptions,
                                  tflite::CreateAddOptions(b).Union());
  };
  std::vector<flatbuffers::Offset<tflite::Operator>> ops = {
      add(0, 1, 2), add(2, 1, 3),
      tflite::CreateOperator(b, 1, b.CreateVector(std::vector<int32_t>{3}), b.CreateVector(std::vector<int32_t>{4})),
      add(4, 0, 5)};
  auto subgraph = tflite::CreateSubGraph(b, b.CreateVector(tensors), b.CreateVector(std::vector<int32_t>{0, 1}),
                                         b.CreateVector(std::vector<int32_t>{5}), b.CreateVector(ops),
                                         b.CreateString("main"));
  auto model = tflite::CreateModel(b, TFLITE_SCHEMA_VERSION, b.CreateVector(codes),
                                   b.CreateVector(std::vector<flatbuffers::Offset<tflite::SubGraph>>{subgraph}),
                                   b.CreateString("add_delegate demo"), b.CreateVector(buffers));
  b.Finish(model, "TFL3");
  return std::vector<uint8_t>(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
}

bool Run(tflite::Interpreter* interpreter, std::vector<float>* out) {
  float* x = interpreter->typed_input_tensor<float>(0);
  float* y = interpreter->typed_input_tensor<float>(1);
  if (x == nullptr || y == nullptr) return false;
  for (int i = 0; i < kWidth; ++i) {
    x[i] = 0.5f * i - 2.f;
    y[i] = 0.3f * i - 1.f;
  }
  if (interpreter->Invoke() != kTfLiteOk) return false;
  const float* result = interpreter->typed_output_tensor<float>(0);
  out->assign(result, result + kWidth);
  return true;
}

}  // namespace

int main() {
  const std::vector<uint8_t> bytes = BuildModel();
  std::unique_ptr<tflite::FlatBufferModel> model =
      tflite::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  if (model == nullptr) return 1;
  LiteResolver resolver;  // ADD, CONV_2D and RELU only

  // CPU only: the reference.
  std::unique_ptr<tflite::Interpreter> cpu;
  if (tflite::InterpreterBuilder(*model, resolver)(&cpu) != kTfLiteOk || cpu->AllocateTensors() != kTfLiteOk)
    return 1;
  std::vector<float> expected;
  if (!Run(cpu.get(), &expected)) return 1;

  // With the demo delegate.
  demo::DemoStats stats;
  stats.verbose = true;
  TfLiteDelegate delegate = demo::CreateDemoDelegate(&stats);
  std::unique_ptr<tflite::Interpreter> interpreter;
  if (tflite::InterpreterBuilder(*model, resolver)(&interpreter) != kTfLiteOk) return 1;
  if (interpreter->ModifyGraphWithDelegate(&delegate) != kTfLiteOk) {
    std::printf("ModifyGraphWithDelegate failed\n");
    return 1;
  }
  std::printf("execution plan:");
  for (int node : interpreter->execution_plan()) std::printf(" %d", node);
  std::printf("  (model nodes 0-3; %zu nodes now)\n", interpreter->nodes_size());
  std::vector<float> got;
  const int runs = 3;
  for (int r = 0; r < runs; ++r)
    if (!Run(interpreter.get(), &got)) return 1;
  std::printf("output:");
  for (float v : got) std::printf(" %g", v);
  std::printf("\n");
  const bool same = got.size() == expected.size() && std::memcmp(got.data(), expected.data(), got.size() * sizeof(float)) == 0;
  const int kernels = static_cast<int>(stats.kernels.size());
  std::printf("delegate kernels: %d, invokes: %d over %d Invoke() calls\n", kernels, stats.invokes, runs);
  std::printf("outputs equal the CPU-only run: %s\n", same ? "yes" : "NO");
  return same && kernels == 2 && stats.invokes == kernels * runs ? 0 : 1;
}
