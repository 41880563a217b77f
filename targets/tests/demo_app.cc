// A complete application image as a user would write it: the demo digit classifier (models/demo) with a
// resolver holding exactly its six ops, run on the ten sample digits. Exit status 0 when every sample is
// classified as TFLM classifies it (README table), bit for bit. It uses no test framework, so its link map is
// what an application carries; targets/tools/check_no_heap.sh proves it contains no allocator.
#include <cstring>

#include "board.h"
#include "embedded_data.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"

extern const mote_embed::ModelSet kDemoModel;

namespace {
alignas(16) uint8_t g_arena[16 * 1024];
}

int main() {
  board_install_log_sink();
  const mote_embed::Model& demo = kDemoModel.models[0];
  static mote::MicroMutableOpResolver<6> resolver;
  resolver.AddConv2D();
  resolver.AddMaxPool2D();
  resolver.AddAveragePool2D();
  resolver.AddReshape();
  resolver.AddFullyConnected();
  resolver.AddSoftmax();
  mote::MicroInterpreter interpreter(demo.model.data, demo.model.size, resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) return 1;
  board_printf("demo: %lu bytes of arena used\n", static_cast<unsigned long>(interpreter.arena_used_bytes()));
  int mismatches = 0;
  for (uint32_t c = 0; c < demo.num_cases; ++c) {
    const mote_embed::Case& sample = demo.cases[c];
    TfLiteTensor* in = interpreter.input(0);
    if (in->bytes != sample.inputs[0].size) return 2;
    std::memcpy(in->data.raw, sample.inputs[0].data, in->bytes);
    if (interpreter.Invoke() != kTfLiteOk) return 3;
    const TfLiteTensor* out = interpreter.output(0);
    int best = 0;
    for (int i = 1; i < 10; ++i) best = out->data.int8[i] > out->data.int8[best] ? i : best;
    const bool same = out->bytes == sample.outputs[0].size &&
                      std::memcmp(out->data.raw, sample.outputs[0].data, out->bytes) == 0;
    mismatches += same ? 0 : 1;
    board_printf("%s -> %d (p = %d/256)%s\n", sample.name, best, out->data.int8[best] + 128,
                 same ? "" : "  DIFFERS FROM TFLM");
  }
  return mismatches;
}
