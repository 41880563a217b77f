// SignalFramer: the refusals by their exact messages (options TFLM divides by or underflows on, shapes) and
// the state across invokes and Reset(): frames overlap, prefill's zeros come back after Reset(); the
// oracle proves random sequences (with resets) against TFLM.
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

std::vector<uint8_t> Framer(int64_t size, int64_t step, bool prefill, std::vector<int> in, std::vector<int> out) {
  SignalOptions o{{{"frame_size", size}, {"frame_step", step}}, {{"prefill", prefill}}};
  return SignalModel("SignalFramer", {{kI16, in}}, {{kI16, out}, {kBool, {}}}, o);
}

TEST(SignalFramer, RefusesBadOptionsAndShapes) {
  ExpectRefused(Framer(4, 0, false, {4}, {1, 4}), "SignalFramer: frame_size 4 and frame_step 0 must be 1 to 1048576");
  ExpectRefused(Framer(2, 4, true, {4}, {1, 2}), "SignalFramer: prefill needs frame_step 4 <= frame_size 2");
  ExpectRefused(Framer(4, 3, false, {4}, {1, 4}),
                "SignalFramer: the input's last dimension 4 is not a multiple of frame_step 3");
  ExpectRefused(Framer(4, 2, false, {4}, {2, 3}), "SignalFramer: output has 6 elements (must be 8)");
  ExpectRefused(Framer(4, 2, false, {4}, {8}), "SignalFramer: output has rank 1 (must be 2)");
  SignalOptions int_prefill{{{"frame_size", 4}, {"frame_step", 2}}};
  int_prefill.floats = {{"prefill", 1.0}};
  ExpectRefused(SignalModel("SignalFramer", {{kI16, {4}}}, {{kI16, {2, 4}}, {kBool, {}}}, int_prefill),
                "SignalFramer: option prefill is not a boolean");
}

TEST(SignalFramer, OverlapsFramesAndResetsToThePrefill) {
  test::OpRun run(Framer(4, 2, true, {2}, {1, 4}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const auto out = test::InvokeSequence(run, {{1, 2}, {3, 4}, {5, 6}, {7, 8}}, 3);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0], (std::vector<int16_t>{0, 0, 1, 2}));
  EXPECT_EQ(out[1], (std::vector<int16_t>{1, 2, 3, 4}));
  EXPECT_EQ(out[2], (std::vector<int16_t>{3, 4, 5, 6}));
  EXPECT_EQ(out[3], (std::vector<int16_t>{0, 0, 7, 8})) << "Reset() refills the prefill zeros";
  EXPECT_TRUE(*run.interpreter->output(1)->data.b);
}

}  // namespace
}  // namespace mote
