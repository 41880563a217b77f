// A program written the TFLM way — TFLM include paths, tflite:: names, GetModel without a size,
// MicroMutableOpResolver, a static arena — compiled unchanged against mote. It classifies one digit with the
// bundled demo model: tflm_app MODEL SAMPLE.bin
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_log.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/micro/system_setup.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {
alignas(16) uint8_t g_model[64 * 1024];
alignas(16) uint8_t g_arena[32 * 1024];

size_t ReadInto(const char* path, uint8_t* dst, size_t capacity) {
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return 0;
  const size_t n = std::fread(dst, 1, capacity, f);
  std::fclose(f);
  return n;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    MicroPrintf("usage: tflm_app MODEL SAMPLE.bin");
    return 2;
  }
  tflite::InitializeTarget();
  if (ReadInto(argv[1], g_model, sizeof(g_model)) == 0) return 1;
  const tflite::Model* model = tflite::GetModel(g_model);
  if (model->version() != TFLITE_SCHEMA_VERSION) {
    MicroPrintf("Model provided is schema version %d not equal to supported version %d.",
                static_cast<int>(model->version()), TFLITE_SCHEMA_VERSION);
    return 1;
  }
  static tflite::MicroMutableOpResolver<6> resolver;
  if (resolver.AddConv2D() != kTfLiteOk || resolver.AddMaxPool2D() != kTfLiteOk ||
      resolver.AddAveragePool2D() != kTfLiteOk || resolver.AddReshape() != kTfLiteOk ||
      resolver.AddFullyConnected() != kTfLiteOk || resolver.AddSoftmax() != kTfLiteOk) {
    return 1;
  }
  tflite::MicroInterpreter interpreter(model, resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) return 1;
  TfLiteTensor* input = interpreter.input(0);
  if (ReadInto(argv[2], reinterpret_cast<uint8_t*>(input->data.int8), input->bytes) != input->bytes) return 1;
  if (interpreter.Invoke() != kTfLiteOk) return 1;
  const TfLiteTensor* output = interpreter.output(0);
  int best = 0;
  for (int i = 1; i < output->dims->data[1]; ++i)
    if (output->data.int8[i] > output->data.int8[best]) best = i;
  std::printf("digit %d (arena %zu bytes)\n", best, interpreter.arena_used_bytes());
  return 0;
}
