// SignalStacker: the refusals by their exact messages (options TFLM overruns its FIFO with) and the
// stacking, left padding and Reset(); the oracle proves random sequences (with resets) against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/signal_test_util.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kBool;
using test::kI16;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> Stacker(int64_t channels, int64_t left, int64_t right, int64_t step, int in, int out) {
  SignalOptions o{{{"num_channels", channels},
                   {"stacker_left_context", left},
                   {"stacker_right_context", right},
                   {"stacker_step", step}}};
  return SignalModel("SignalStacker", {{kI16, {in}}}, {{kI16, {out}}, {kBool, {}}}, o);
}

TEST(SignalStacker, RefusesBadOptionsAndShapes) {
  ExpectRefused(Stacker(2, 1, 1, 4, 2, 6),
                "SignalStacker: num_channels 2, contexts 1 and 1, step 4: need num_channels >= 1, contexts >= 0, 1 <= "
                "step <= left + right + 1 and a stack of at most 1048576 values");
  ExpectRefused(Stacker(2, 1, 1, 0, 2, 6),
                "SignalStacker: num_channels 2, contexts 1 and 1, step 0: need num_channels >= 1, contexts >= 0, 1 <= "
                "step <= left + right + 1 and a stack of at most 1048576 values");
  ExpectRefused(Stacker(2, -1, 1, 1, 2, 2), "SignalStacker: num_channels 2, contexts -1 and 1, step 1");
  ExpectRefused(Stacker(2, 1, 1, 1, 3, 6), "SignalStacker: input has 3 elements (must be 2)");
  ExpectRefused(Stacker(2, 1, 1, 1, 2, 4), "SignalStacker: output has 4 elements (must be 6)");
}

TEST(SignalStacker, PadsTheFirstFrameAndResets) {
  test::OpRun run(Stacker(1, 1, 1, 1, 1, 3));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const auto out = test::InvokeSequence(run, {{5}, {6}, {7}, {8}, {9}}, 3);
  ASSERT_EQ(out.size(), 5u);
  EXPECT_FALSE(out.empty());
  EXPECT_EQ(out[1], (std::vector<int16_t>{5, 5, 6})) << "the first frame repeated for the left context";
  EXPECT_EQ(out[2], (std::vector<int16_t>{5, 6, 7}));
  EXPECT_EQ(out[4], (std::vector<int16_t>{8, 8, 9})) << "Reset() starts over";
  EXPECT_TRUE(*run.interpreter->output(1)->data.b);
}

}  // namespace
}  // namespace mote
