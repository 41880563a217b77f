// SignalFftAutoScale: the refusals by their exact messages and TFLM's corner cases of the scale (zeros,
// -32768); the oracle proves random vectors against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/fft_auto_scale/fft_auto_scale_reference.h"
#include "kernels/signal/signal_test_util.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kI16;
using test::kI32;
using test::SignalModel;
using test::SignalOptions;

TEST(SignalFftAutoScale, RefusesBadTensors) {
  ExpectRefused(SignalModel("SignalFftAutoScale", {{kI16, {8}}}, {{kI16, {8}}}, SignalOptions()),
                "SignalFftAutoScale: expects 1 input and 2 outputs (got 1 and 1)");
  ExpectRefused(SignalModel("SignalFftAutoScale", {{kI16, {8}}}, {{kI16, {8}}, {kI16, {}}}, SignalOptions()),
                "SignalFftAutoScale: scale output has type INT16 (must be INT32)");
  ExpectRefused(SignalModel("SignalFftAutoScale", {{kI16, {2, 4}}}, {{kI16, {8}}, {kI32, {}}}, SignalOptions()),
                "SignalFftAutoScale: input has rank 2 (must be 1)");
  ExpectRefused(SignalModel("SignalFftAutoScale", {{kI16, {8}}}, {{kI16, {9}}, {kI32, {}}}, SignalOptions()),
                "SignalFftAutoScale: output has 9 elements (must be 8)");
  ExpectRefused(SignalModel("SignalFftAutoScale", {{kI16, {8}}}, {{kI16, {8}}, {kI32, {1}}}, SignalOptions()),
                "SignalFftAutoScale: scale output has rank 1 (must be 0)");
}

TEST(SignalFftAutoScale, ScalesAsTflm) {
  int16_t out[3];
  const int16_t zeros[] = {0, 0, 0};
  EXPECT_EQ(reference::FftAutoScale(zeros, 3, out), 0);
  const int16_t small[] = {3, -5, 1};
  EXPECT_EQ(reference::FftAutoScale(small, 3, out), 12);
  EXPECT_EQ(std::vector<int16_t>(out, out + 3), (std::vector<int16_t>{12288, -20480, 4096}));
  const int16_t min_last[] = {3, 1, -32768};  // |-32768| wraps: the maximum is negative, scale 0
  EXPECT_EQ(reference::FftAutoScale(min_last, 3, out), 0);
  const int16_t min_first[] = {-32768, 3, 1};  // then 3 replaces it
  EXPECT_EQ(reference::FftAutoScale(min_first, 3, out), 13);
}

}  // namespace
}  // namespace mote
