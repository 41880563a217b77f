// Runs the demo model with the resolver `mote gen-resolver` generated at build time (mote_generate_resolver in
// tests/CMakeLists.txt): the generated header must compile, register exactly the model's ops (the resolver
// is full, no slot wasted) and classify a sample correctly.
//
//   mote_gen_resolver_test MODEL SAMPLE EXPECTED_CLASS
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "digits_resolver.h"  // generated: RegisterDigitsOps, ModelOpResolver
#include "mote/host/file_io.h"
#include "mote/micro_interpreter.h"

namespace {
template <unsigned int N>
constexpr unsigned int Capacity(const mote::MicroMutableOpResolver<N>&) {
  return N;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s MODEL SAMPLE EXPECTED_CLASS\n", argv[0]);
    return 2;
  }
  mote::host::AlignedBuffer model, sample;
  std::string error;
  if (!mote::host::ReadFile(argv[1], &model, &error) || !mote::host::ReadFile(argv[2], &sample, &error)) {
    std::fprintf(stderr, "FAILED: %s\n", error.c_str());
    return 1;
  }
  static ModelOpResolver resolver;
  if (RegisterDigitsOps(resolver) != kTfLiteOk) {
    std::fprintf(stderr, "FAILED: RegisterDigitsOps refused an op\n");
    return 1;
  }
  // The demo model uses 6 distinct ops (README); the generated resolver has exactly that many slots, all used.
  if (Capacity(resolver) != 6 || resolver.NumRegistrations() != 6) {
    std::fprintf(stderr, "FAILED: resolver capacity %u, registrations %d (want 6 and 6)\n", Capacity(resolver),
                 resolver.NumRegistrations());
    return 1;
  }
  alignas(16) static uint8_t arena[16 * 1024];
  mote::MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, sizeof(arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    std::fprintf(stderr, "FAILED: AllocateTensors with the generated resolver\n");
    return 1;
  }
  TfLiteTensor* input = interpreter.input(0);
  if (input->bytes != sample.size()) {
    std::fprintf(stderr, "FAILED: sample has %zu bytes, input needs %zu\n", sample.size(), input->bytes);
    return 1;
  }
  std::memcpy(input->data.raw, sample.data(), sample.size());
  if (interpreter.Invoke() != kTfLiteOk) {
    std::fprintf(stderr, "FAILED: Invoke\n");
    return 1;
  }
  const TfLiteTensor* output = interpreter.output(0);
  int best = 0;
  for (int i = 1; i < static_cast<int>(output->bytes); ++i) {
    if (output->data.int8[i] > output->data.int8[best]) best = i;
  }
  const int expected = std::atoi(argv[3]);
  if (best != expected) {
    std::fprintf(stderr, "FAILED: class %d, expected %d\n", best, expected);
    return 1;
  }
  std::printf("generated resolver: %d ops registered, class %d as expected\n", resolver.NumRegistrations(), best);
  return 0;
}
