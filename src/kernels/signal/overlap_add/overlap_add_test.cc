// SignalOverlapAdd: the refusals by their exact messages (a frame_step TFLM's memmove runs backwards with,
// types, shapes), saturation, the specialised registrations and Reset(); the oracle proves random sequences
// (with resets) against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/overlap_add/overlap_add_reference.h"
#include "kernels/signal/signal_test_util.h"
#include "mote/tflite_names.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kF32;
using test::kI16;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> OverlapAdd(int64_t type_option, int64_t step, std::vector<int> in, std::vector<int> out,
                                schema::TensorType type = kI16) {
  return SignalModel("SignalOverlapAdd", {{type, in}}, {{type, out}},
                     SignalOptions{{{"T", type_option}, {"frame_step", step}}});
}

TEST(SignalOverlapAdd, RefusesBadOptionsAndShapes) {
  ExpectRefused(OverlapAdd(7, 5, {2, 4}, {10}), "SignalOverlapAdd: frame_step is 5 (must be 1 to the frame size 4)");
  ExpectRefused(OverlapAdd(7, 0, {2, 4}, {0}), "SignalOverlapAdd: frame_step is 0 (must be 1 to the frame size 4)");
  ExpectRefused(OverlapAdd(7, 2, {2, 4}, {5}), "SignalOverlapAdd: output has 5 elements (must be 4)");
  ExpectRefused(OverlapAdd(7, 2, {8}, {4}), "SignalOverlapAdd: input has rank 1 (must be 2)");
  ExpectRefused(OverlapAdd(2, 2, {2, 4}, {4}),
                "SignalOverlapAdd: option T is 2 (INT32; must be one of FLOAT32, INT16)");
  ExpectRefused(OverlapAdd(0, 2, {2, 4}, {4}), "SignalOverlapAdd: input has type INT16 (must be FLOAT32)");
}

TEST(SignalOverlapAdd, SaturatesAndResets) {
  int16_t accumulator[4] = {30000, 1, 2, 3};
  const int16_t frame[4] = {30000, 1, 1, 1};
  int16_t out[2];
  reference::OverlapAdd(frame, accumulator, 4, out, 2);
  EXPECT_EQ(std::vector<int16_t>(out, out + 2), (std::vector<int16_t>{32767, 2}));
  EXPECT_EQ(std::vector<int16_t>(accumulator, accumulator + 4), (std::vector<int16_t>{3, 4, 0, 0}));

  test::OpRun run(OverlapAdd(7, 2, {1, 4}, {2}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const auto seq = test::InvokeSequence(run, {{1, 2, 3, 4}, {1, 1, 1, 1}, {1, 1, 1, 1}}, 2);
  ASSERT_EQ(seq.size(), 3u);
  EXPECT_EQ(seq[1], (std::vector<int16_t>{4, 5}));
  EXPECT_EQ(seq[2], (std::vector<int16_t>{1, 1})) << "Reset() zeroes the accumulator";
  EXPECT_STREQ(tflite::tflm_signal::Register_OVERLAP_ADD_FLOAT()->custom_name, "SignalOverlapAdd");
  EXPECT_NE(tflite::tflm_signal::Register_OVERLAP_ADD_INT16(), nullptr);
}

}  // namespace
}  // namespace mote
