// SignalWindow: its refusals by their exact messages (options, tensors, the window's size and the shift) and
// one computed window; the oracle (tests/oracle/data/signal_a.cases) proves the arithmetic against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/signal_test_util.h"
#include "kernels/signal/window/window_reference.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kF32;
using test::kI16;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> Window(const SignalOptions& o, std::vector<int> shape = {4}, int weights = 4,
                            schema::TensorType type = kI16) {
  return SignalModel("SignalWindow", {{type, shape}, {kI16, {weights}, std::vector<int16_t>(weights, 16384)}},
                     {{kI16, shape}}, o);
}

SignalOptions Shift(int64_t shift) { return SignalOptions{{{"shift", shift}}}; }

TEST(SignalWindow, RefusesBadOptions) {
  SignalOptions none;
  none.use_raw = true;
  ExpectRefused(Window(none), "SignalWindow: the custom options are missing or not a FlexBuffers map");
  ExpectRefused(Window(SignalOptions{{{"shifts", 1}}}), "SignalWindow: option shift is missing");
  SignalOptions real;
  real.floats = {{"shift", 2.0}};
  ExpectRefused(Window(real), "SignalWindow: option shift is not an int32");
  ExpectRefused(Window(Shift(int64_t{1} << 33)), "SignalWindow: option shift is not an int32");
  ExpectRefused(Window(Shift(32)), "SignalWindow: shift is 32 (must be 0 to 31)");
  ExpectRefused(Window(Shift(-1)), "SignalWindow: shift is -1 (must be 0 to 31)");
}

TEST(SignalWindow, RefusesBadTensors) {
  ExpectRefused(Window(Shift(1), {4}, 4, kF32), "SignalWindow: input has type FLOAT32 (must be INT16)");
  ExpectRefused(Window(Shift(1), {10}, 3), "SignalWindow: 3 weights do not divide the input's 10 samples");
  ExpectRefused(SignalModel("SignalWindow", {{kI16, {4}}}, {{kI16, {4}}}, Shift(1)),
                "SignalWindow: expects 2 inputs and 1 output (got 1 and 1)");
  ExpectRefused(SignalModel("SignalWindow", {{kI16, {4}}, {kI16, {2, 2}, {1, 2, 3, 4}}}, {{kI16, {4}}}, Shift(1)),
                "SignalWindow: weights has rank 2 (must be 1)");
  ExpectRefused(SignalModel("SignalWindow", {{kI16, {4}}, {kI16, {4}, {1, 2, 3, 4}}}, {{kI16, {5}}}, Shift(1)),
                "SignalWindow: output has 5 elements (must be 4)");
}

TEST(SignalWindow, SaturatesAndRepeatsTheWindow) {
  const int16_t input[] = {1000, -1000, 32767, -32768, 7, -7};
  const int16_t weights[] = {16384, 32767};
  int16_t out[6];
  reference::ApplyWindow(input, weights, 2, 14, 6, out);
  EXPECT_EQ(std::vector<int16_t>(out, out + 6), (std::vector<int16_t>{1000, -2000, 32767, -32768, 7, -14}));
  test::ExpectVariant(Window(Shift(3)), "signal_window/int16/reference");
}

}  // namespace
}  // namespace mote
