// SignalDelay: the refusals by their exact messages and the delay line across invokes and Reset(); the
// oracle proves random sequences (with resets) against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/signal_test_util.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kI16;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> Delay(int64_t delay, std::vector<int> in, std::vector<int> out) {
  return SignalModel("SignalDelay", {{kI16, in}}, {{kI16, out}}, SignalOptions{{{"delay_length", delay}}});
}

TEST(SignalDelay, RefusesBadOptionsAndShapes) {
  ExpectRefused(Delay(-1, {4}, {4}), "SignalDelay: delay_length is -1 (must be 0 to 1048576)");
  ExpectRefused(Delay(2, {4}, {5}), "SignalDelay: output has 5 elements (must be 4)");
  ExpectRefused(Delay(2, {2, 0}, {2, 0}), "SignalDelay: the input's last dimension is 0 (must be 1 to 1048576)");
  ExpectRefused(SignalModel("SignalDelay", {{kI16, {4}}}, {{kI16, {4}}}, SignalOptions{{{"delay", 1}}}),
                "SignalDelay: option delay_length is missing");
}

TEST(SignalDelay, DelaysAcrossInvokesAndResets) {
  test::OpRun run(Delay(3, {2, 2}, {2, 2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const auto out = test::InvokeSequence(run, {{1, 2, 10, 20}, {3, 4, 30, 40}, {5, 6, 50, 60}}, 2);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], (std::vector<int16_t>{0, 0, 0, 0}));
  EXPECT_EQ(out[1], (std::vector<int16_t>{0, 1, 0, 10}));
  EXPECT_EQ(out[2], (std::vector<int16_t>{0, 0, 0, 0})) << "Reset() refills the delay with zeros";
}

}  // namespace
}  // namespace mote
