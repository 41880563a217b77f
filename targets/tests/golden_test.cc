// Whole-model tests on the target: each embedded model (../shared/golden when present, tests/models/, the demo
// model's samples) runs on its golden inputs through MicroInterpreter + AllOpsResolver and must reproduce
// TFLM's outputs bit for bit (float32 within 1e-5 relative). The same test proves arena_used_bytes() exact on
// this core: an arena of exactly that size works and gives the same outputs, 16 bytes less fails.
#include "board.h"
#include "mote_test.h"
#include "target_test_support.h"

extern const mote_embed::ModelSet kGoldenModels;

namespace {

using mote_target::Arena;
using mote_target::ArenaBytes;

TEST(Golden, MatchesTflmBitExact) {
  static const mote::AllOpsResolver resolver;
  board_puts("  ");
  board_puts(kGoldenModels.source);
  board_puts("\n");
  ASSERT_GT(kGoldenModels.count, 0u);
  for (uint32_t m = 0; m < kGoldenModels.count; ++m) {
    const mote_embed::Model& model = kGoldenModels.models[m];
    for (uint32_t c = 0; c < model.num_cases; ++c) {
      mote_test::Message why;
      size_t used = 0;
      const bool ok = mote_target::RunAndCompare(model, model.cases[c], resolver, Arena(), ArenaBytes(), &why, &used);
      EXPECT_TRUE(ok) << model.name << " / " << model.cases[c].name << ": " << why;
      if (c == 0) {
        board_printf("[ arena    ] %s: mote %lu bytes on %s (TFLM on x86-64: %ld)\n", model.name,
                     static_cast<unsigned long>(used), board_core(), static_cast<long>(model.tflm_arena_bytes));
      }
    }
  }
}

TEST(Golden, ArenaUsedBytesIsExact) {
  static const mote::AllOpsResolver resolver;
  for (uint32_t m = 0; m < kGoldenModels.count; ++m) {
    const mote_embed::Model& model = kGoldenModels.models[m];
    size_t used = 0;
    {
      mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, Arena(), ArenaBytes());
      ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << model.name;
      used = interpreter.arena_used_bytes();
    }
    ASSERT_EQ(used % 16, 0u) << model.name;
    // Exactly `used` bytes, placed at the end of the image's arena so nothing beyond it can be touched unseen.
    uint8_t* exact = Arena() + ArenaBytes() - used;
    mote_test::Message why;
    EXPECT_TRUE(mote_target::RunAndCompare(model, model.cases[0], resolver, exact, used, &why))
        << model.name << " with an arena of exactly arena_used_bytes() = " << used << ": " << why;
    mote_target::LogCapture log;
    mote::MicroInterpreter small(model.model.data, model.model.size, resolver, exact + 16, used - 16);
    EXPECT_NE(small.AllocateTensors(), kTfLiteOk) << model.name << ": 16 bytes less than arena_used_bytes() must fail";
    if (!mote_target::kErrorStringsStripped) {
      EXPECT_TRUE(log.Has("Tensor arena too small")) << model.name << ": " << log.text();
    }
  }
}

}  // namespace
