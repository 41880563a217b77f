// Instruction-count benchmark image: one model, its golden input, one Invoke() per kernel set inside an
// insn_region_begin()/insn_region_end() pair, counted by the QEMU insncount plugin (../shared/tools/
// qemu-cortex-m, run by bench/cortex_m/run.sh). Region 0 is the reference kernels (every Arm DSP/MVE variant
// masked off with isa::SetFeatureMask); region 1, present only when this build selects other variants, is the
// optimized kernels (the only region with -DMOTE_BENCH_OPTIMIZED_ONLY, for profiles). Each run's outputs are
// compared with TFLM's golden outputs bit for bit (exit status 1 when they differ), and the arena used is
// printed.
#include <cstring>

#include "board.h"
#include "embedded_data.h"
#include "isa/cpu_features.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"

extern const mote_embed::ModelSet kBenchModel;

namespace {
alignas(16) uint8_t g_arena[MOTE_BENCH_ARENA_BYTES] __attribute__((section(".bss.mote_arena")));

// The distinct kernel variants an interpreter chose, as "a, b, c" (for the log).
void VariantList(mote::MicroInterpreter& interpreter, char* out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < interpreter.operators_size(); ++i) {
    const char* v = interpreter.node_info(i).variant;
    if (v == nullptr) continue;
    bool seen = false;  // whole entries only: "conv_2d/..." is a suffix of "depthwise_conv_2d/..."
    for (size_t j = 0; j < i && !seen; ++j) {
      const char* w = interpreter.node_info(j).variant;
      seen = w != nullptr && std::strcmp(w, v) == 0;
    }
    if (seen) continue;
    const int n = std::snprintf(out + used, size - used, "%s%s", used == 0 ? "" : ", ", v);
    if (n < 0 || used + static_cast<size_t>(n) >= size) break;
    used += static_cast<size_t>(n);
  }
}

// Prepares, fills the inputs, runs one counted Invoke() and checks the outputs. Returns 0 when they match.
int RunCounted(const mote_embed::Model& model, const char* label, uint32_t mask, const char* skip_if_variants) {
  static const mote::AllOpsResolver resolver;
  mote::isa::SetFeatureMask(mask);
  mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    board_printf("bench: %s: AllocateTensors failed\n", model.name);
    return 1;
  }
  static char variants[2][1024];
  char* list = variants[skip_if_variants == nullptr ? 0 : 1];
  VariantList(interpreter, list, sizeof(variants[0]));
  if (skip_if_variants != nullptr && std::strcmp(list, skip_if_variants) == 0) {
    board_printf("bench: %s %s: same kernels as reference, not run\n", model.name, label);
    return 0;
  }
  const mote_embed::Case& c = model.cases[0];
  for (uint32_t i = 0; i < c.num_inputs; ++i) {
    std::memcpy(interpreter.input(i)->data.raw, c.inputs[i].data, c.inputs[i].size);
  }
  insn_region_begin();
  const TfLiteStatus status = interpreter.Invoke();
  insn_region_end();
  int differ = status == kTfLiteOk ? 0 : 1;
  for (uint32_t o = 0; o < c.num_outputs && differ == 0; ++o) {
    const TfLiteTensor* t = interpreter.output(o);
    if (t->bytes != c.outputs[o].size || std::memcmp(t->data.raw, c.outputs[o].data, t->bytes) != 0) differ = 1;
  }
  const mote::ArenaReport arena = interpreter.arena_report();
  board_printf("bench: %s %s: arena %lu bytes (planned %lu, persistent %lu), outputs %s TFLM's, kernels: %s\n",
               model.name, label, static_cast<unsigned long>(arena.total), static_cast<unsigned long>(arena.planned),
               static_cast<unsigned long>(arena.persistent), differ ? "DIFFER FROM" : "match", list);
  return differ;
}
}  // namespace

int main() {
  board_install_log_sink();
  const mote_embed::Model& model = kBenchModel.models[0];
  board_printf("bench: %s on %s (%s)\n", model.name, board_core(), board_name());
#if defined(MOTE_BENCH_OPTIMIZED_ONLY)
  // Profile builds (run.sh --profile): the instrument's per-address profile sums every region, so only the
  // optimized kernels are counted.
  int failures = 0;
#else
  int failures = RunCounted(model, "reference", mote::isa::kAllFeatures, nullptr);
#endif
  static char reference[1024];
  {
    // The reference list is needed to tell whether "optimized" would run anything different.
    static const mote::AllOpsResolver resolver;
    mote::isa::SetFeatureMask(mote::isa::kAllFeatures);
    mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, g_arena, sizeof(g_arena));
    if (interpreter.AllocateTensors() == kTfLiteOk) VariantList(interpreter, reference, sizeof(reference));
  }
  failures += RunCounted(model, "optimized", 0, reference);
  mote::isa::SetFeatureMask(0);
  return failures;
}
