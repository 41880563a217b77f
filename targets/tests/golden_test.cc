// Whole-model tests on the target: each embedded model (../shared/golden when present, tests/models/, the demo
// model's samples) runs on its golden inputs through MicroInterpreter + AllOpsResolver and must reproduce
// TFLM's outputs bit for bit (float32 within 1e-5 relative). The same test proves arena_used_bytes() exact on
// this core: an arena of exactly that size works and gives the same outputs, and smaller ones fail saying the
// arena is too small.
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
    // Smaller arenas fail saying so, whichever allocation runs out first (on this core's 32-bit layout a
    // kernel's prepare-time tensor views can be what no longer fits): every size below 4 KiB, else the 16
    // sizes just below `used` and 16 spread over the range.
    int unexplained = 0;
    const size_t count = used <= 4096 ? used / 16 - 1 : 32;
    for (size_t k = 0; k < count && unexplained < 3; ++k) {
      const bool just_below = used <= 4096 || k < 16;
      const size_t bytes = just_below ? used - 16 * (k + 1) : used * (k - 15) / 17 / 16 * 16;
      if (bytes == 0) continue;
      mote_target::LogCapture log;
      mote::MicroInterpreter small(model.model.data, model.model.size, resolver, exact + used - bytes, bytes);
      EXPECT_NE(small.AllocateTensors(), kTfLiteOk)
          << model.name << ": an arena of " << bytes << " bytes, less than arena_used_bytes() = " << used << ", must fail";
      if (!mote_target::kErrorStringsStripped) {
        const bool said = log.Has("Tensor arena too small");
        EXPECT_TRUE(said) << model.name << " with an arena of " << bytes << " bytes: " << log.text();
        unexplained += said ? 0 : 1;
      }
    }
  }
}

}  // namespace
