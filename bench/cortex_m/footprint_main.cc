// Footprint image: what an application carries for one model. The model runs once on its golden input with
// either the resolver `mote gen-resolver` generated for it (MOTE_FOOTPRINT_GENERATED_RESOLVER: exactly the
// model's ops) or the all-ops resolver, through TFLM's API form (GetModel + MicroInterpreter), so the link map
// (bench/cortex_m/footprint.py) shows the cost of each resolver choice. Prints the arena actually used; exit
// status 0 when the outputs equal TFLM's bit for bit.
#include <cstring>

#include "board.h"
#include "embedded_data.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#if defined(MOTE_FOOTPRINT_GENERATED_RESOLVER)
#include MOTE_FOOTPRINT_GENERATED_RESOLVER
#endif

extern const mote_embed::ModelSet kFootprintModel;

namespace {
alignas(16) uint8_t g_arena[MOTE_FOOTPRINT_ARENA_BYTES] __attribute__((section(".bss.mote_arena")));
}

int main() {
  const mote_embed::Model& model = kFootprintModel.models[0];
#if defined(MOTE_FOOTPRINT_GENERATED_RESOLVER)
  static ModelOpResolver resolver;
  if (MOTE_FOOTPRINT_REGISTER(resolver) != kTfLiteOk) return 10;
#else
  static const mote::AllOpsResolver resolver;
#endif
  const mote::schema::Model* m = mote::schema::GetModel(model.model.data);
  mote::MicroInterpreter interpreter(m, resolver, g_arena, sizeof(g_arena));
  if (interpreter.AllocateTensors() != kTfLiteOk) return 11;
  const mote_embed::Case& c = model.cases[0];
  for (uint32_t i = 0; i < c.num_inputs; ++i) {
    std::memcpy(interpreter.input(i)->data.raw, c.inputs[i].data, c.inputs[i].size);
  }
  if (interpreter.Invoke() != kTfLiteOk) return 12;
  int differ = 0;
  for (uint32_t o = 0; o < c.num_outputs; ++o) {
    const TfLiteTensor* t = interpreter.output(o);
    differ |= t->bytes != c.outputs[o].size || std::memcmp(t->data.raw, c.outputs[o].data, t->bytes) != 0;
  }
  board_puts("footprint: arena_used_bytes ");
  char digits[12];
  int n = 0;
  for (size_t v = interpreter.arena_used_bytes(); n == 0 || v != 0; v /= 10) {
    digits[n++] = static_cast<char>('0' + v % 10);
  }
  while (n > 0) board_write(&digits[--n], 1);
  board_puts(differ ? " outputs DIFFER\n" : " outputs match\n");
  return differ;
}
