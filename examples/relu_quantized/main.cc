// The "ReluQuantized" custom op of seed 002 in a TFLM-style program: a model whose one operator is the custom
// op "ReluQuantized" runs through tflite::MicroInterpreter with a MicroMutableOpResolver<1> and a static
// arena, and its output is compared with the same model using the builtin RELU. Exits 0 when identical.
//
// The models are built here with the FlatBuffers builder (int8 [1, 16], scale 0.5, zero point -3, so ReLU
// clamps at -3, the quantized 0.0).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "relu_quantized.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_log.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {

constexpr int kSize = 16;
alignas(16) uint8_t g_arena[4 * 1024];
alignas(16) uint8_t g_model[2][4 * 1024];

// in -> op -> out; op is the custom "ReluQuantized" or the builtin RELU.
size_t BuildModel(bool custom, uint8_t* dst, size_t capacity) {
  flatbuffers::FlatBufferBuilder b;
  auto quantization = [&] {
    return tflite::CreateQuantizationParameters(b, 0, 0, b.CreateVector(std::vector<float>{0.5f}),
                                                b.CreateVector(std::vector<int64_t>{-3}));
  };
  std::vector<flatbuffers::Offset<tflite::Tensor>> tensors;
  for (const char* name : {"in", "out"}) {
    tensors.push_back(tflite::CreateTensor(b, b.CreateVector(std::vector<int32_t>{1, kSize}), tflite::TensorType_INT8,
                                           0, b.CreateString(name), quantization()));
  }
  const auto code = custom ? tflite::CreateOperatorCode(b, static_cast<int8_t>(tflite::BuiltinOperator_CUSTOM),
                                                        b.CreateString("ReluQuantized"), 1,
                                                        tflite::BuiltinOperator_CUSTOM)
                           : tflite::CreateOperatorCode(b, static_cast<int8_t>(tflite::BuiltinOperator_RELU), 0, 1,
                                                        tflite::BuiltinOperator_RELU);
  const auto op = tflite::CreateOperator(b, 0, b.CreateVector(std::vector<int32_t>{0}),
                                         b.CreateVector(std::vector<int32_t>{1}));
  const auto subgraph = tflite::CreateSubGraph(
      b, b.CreateVector(tensors), b.CreateVector(std::vector<int32_t>{0}), b.CreateVector(std::vector<int32_t>{1}),
      b.CreateVector(std::vector<flatbuffers::Offset<tflite::Operator>>{op}));
  const auto model = tflite::CreateModel(
      b, TFLITE_SCHEMA_VERSION, b.CreateVector(std::vector<flatbuffers::Offset<tflite::OperatorCode>>{code}),
      b.CreateVector(std::vector<flatbuffers::Offset<tflite::SubGraph>>{subgraph}), b.CreateString("relu"),
      b.CreateVector(std::vector<flatbuffers::Offset<tflite::Buffer>>{tflite::CreateBuffer(b)}));
  b.Finish(model, "TFL3");
  if (b.GetSize() > capacity) return 0;
  std::memcpy(dst, b.GetBufferPointer(), b.GetSize());
  return b.GetSize();
}

// Runs one model on the fixed input; false if anything fails.
bool Run(const uint8_t* model_data, const tflite::MicroOpResolver& resolver, int8_t* output) {
  const tflite::Model* model = tflite::GetModel(model_data);
  tflite::MicroInterpreter interpreter(model, resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) return false;
  TfLiteTensor* input = interpreter.input(0);
  for (int i = 0; i < kSize; ++i) input->data.int8[i] = static_cast<int8_t>(i * 17 - 128);
  if (interpreter.Invoke() != kTfLiteOk) return false;
  std::memcpy(output, interpreter.output(0)->data.int8, kSize);
  return true;
}

}  // namespace

int main() {
  if (BuildModel(true, g_model[0], sizeof(g_model[0])) == 0 || BuildModel(false, g_model[1], sizeof(g_model[1])) == 0)
    return 1;

  static tflite::MicroMutableOpResolver<1> custom_resolver;
  if (custom_resolver.AddCustom("ReluQuantized", relu_quantized::Register_RELU_QUANTIZED()) != kTfLiteOk) return 1;
  static tflite::MicroMutableOpResolver<1> builtin_resolver;
  if (builtin_resolver.AddRelu() != kTfLiteOk) return 1;

  int8_t custom_out[kSize];
  int8_t builtin_out[kSize];
  if (!Run(g_model[0], custom_resolver, custom_out) || !Run(g_model[1], builtin_resolver, builtin_out)) {
    MicroPrintf("relu_quantized: a model failed to run (see above)");
    return 1;
  }
  std::printf("input:        ");
  for (int i = 0; i < kSize; ++i) std::printf(" %4d", i * 17 - 128);
  std::printf("\nReluQuantized:");
  for (int8_t v : custom_out) std::printf(" %4d", v);
  std::printf("\nbuiltin RELU: ");
  for (int8_t v : builtin_out) std::printf(" %4d", v);
  const bool same = std::memcmp(custom_out, builtin_out, kSize) == 0;
  std::printf("\nReluQuantized equals the builtin RELU: %s\n", same ? "yes" : "NO");
  return same ? 0 : 1;
}
