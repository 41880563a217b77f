// AArch64 instruction-count benchmark: one model, its TFLM golden input, one Invoke() per kernel level inside an
// insn_region_begin()/insn_region_end() pair, counted under qemu-aarch64 by the shared insncount TCG plugin
// (../shared/tools/qemu-cortex-m; bench/aarch64/run.sh links this program -static -no-pie so the markers have
// fixed addresses). Regions in order: 0 reference (every AArch64 variant masked), 1 NEON (dot product and
// I8MM masked), 2 dot product (nothing masked). Each level's outputs are compared with TFLM's golden outputs
// bit for bit; the exit status is 1 when any differ.
//
//   mote_bench_aarch64 MODEL.tflite GOLDEN_DIR [LEVEL]   (GOLDEN_DIR holds input0.bin, output0.bin)
// LEVEL (reference, neon or dotprod) runs that level only: the plugin's per-address profile sums every region.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "isa/cpu_features.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"

extern "C" {
__attribute__((noinline, used)) void insn_region_begin() { __asm__ volatile("" ::: "memory"); }
__attribute__((noinline, used)) void insn_region_end() { __asm__ volatile("" ::: "memory"); }
}

namespace {

alignas(16) uint8_t g_arena[4 << 20];

bool ReadFile(const char* path, std::vector<uint8_t>* out) {
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return false;
  uint8_t buffer[65536];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), f)) > 0) out->insert(out->end(), buffer, buffer + n);
  std::fclose(f);
  return true;
}

// The distinct variant ids the interpreter chose, in node order.
void PrintVariants(mote::MicroInterpreter& interpreter) {
  std::vector<const char*> seen;
  for (size_t i = 0; i < interpreter.operators_size(); ++i) {
    const char* v = interpreter.node_info(i).variant;
    bool known = v == nullptr;
    for (const char* s : seen) known = known || std::strcmp(s, v) == 0;
    if (known) continue;
    seen.push_back(v);
    std::printf("%s%s", seen.size() == 1 ? "" : ", ", v);
  }
  std::printf("\n");
}

// Prepares, fills the input, runs one counted Invoke() and compares the output. Returns 0 when it matches.
int RunCounted(const std::vector<uint8_t>& model, const std::vector<uint8_t>& input,
               const std::vector<uint8_t>& output, const char* label, uint32_t mask) {
  static const mote::AllOpsResolver resolver;
  mote::isa::SetFeatureMask(mask);
  mote::MicroInterpreter interpreter(model.data(), model.size(), resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    std::printf("bench: %s: AllocateTensors failed\n", label);
    return 1;
  }
  TfLiteTensor* in = interpreter.input(0);
  if (in->bytes != input.size()) {
    std::printf("bench: %s: input0.bin has %zu bytes, the model's input %zu\n", label, input.size(), in->bytes);
    return 1;
  }
  std::memcpy(in->data.raw, input.data(), input.size());
  insn_region_begin();
  const TfLiteStatus status = interpreter.Invoke();
  insn_region_end();
  const TfLiteTensor* out = interpreter.output(0);
  const bool match = status == kTfLiteOk && out->bytes == output.size() &&
                     std::memcmp(out->data.raw, output.data(), output.size()) == 0;
  std::printf("bench: %s: outputs %s TFLM's, kernels: ", label, match ? "match" : "DIFFER FROM");
  PrintVariants(interpreter);
  return match ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: %s MODEL.tflite GOLDEN_DIR [reference|neon|dotprod]\n", argv[0]);
    return 2;
  }
  std::vector<uint8_t> model, input, output;
  const std::string dir = argv[2];
  if (!ReadFile(argv[1], &model) || !ReadFile((dir + "/input0.bin").c_str(), &input) ||
      !ReadFile((dir + "/output0.bin").c_str(), &output)) {
    std::fprintf(stderr, "bench: cannot read %s or %s/{input0,output0}.bin\n", argv[1], argv[2]);
    return 2;
  }
  using mote::isa::kArmDotProd;
  using mote::isa::kArmI8mm;
  using mote::isa::kArmNeon;
  struct Level {
    const char* name;
    uint32_t mask;
  };
  const Level levels[] = {{"reference", kArmNeon | kArmDotProd | kArmI8mm}, {"neon", kArmDotProd | kArmI8mm},
                          {"dotprod", 0}};
  int failures = 0;
  for (const Level& level : levels) {
    if (argc == 4 && std::strcmp(argv[3], level.name) != 0) continue;
    failures += RunCounted(model, input, output, level.name, level.mask);
  }
  mote::isa::SetFeatureMask(0);
  return failures == 0 ? 0 : 1;
}
