// SignalIrfft: the refusals by their exact messages (the options share SignalRfft's glue, fft_op_glue.h) and
// the type-specialised registrations; the oracle proves random spectra against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/signal_test_util.h"
#include "mote/tflite_names.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kI16;
using test::kI32;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> Irfft(int64_t fft_length, std::vector<int> in, std::vector<int> out,
                           schema::TensorType type = kI32) {
  return SignalModel("SignalIrfft", {{type, in}}, {{type, out}},
                     SignalOptions{{{"T", 2}, {"fft_length", fft_length}}});
}

TEST(SignalIrfft, RefusesBadShapes) {
  ExpectRefused(Irfft(6, {8}, {6}), "SignalIrfft: fft_length is 6 (must be a power of two from 4 to 65536)");
  ExpectRefused(Irfft(8, {8}, {8}),
                "SignalIrfft: rows of 8 inputs and 8 samples do not fit fft_length 8 (10 inputs: 5 complex bins, 8 "
                "samples)");
  ExpectRefused(Irfft(8, {10}, {7}),
                "SignalIrfft: rows of 10 inputs and 7 samples do not fit fft_length 8 (10 inputs: 5 complex bins, 8 "
                "samples)");
  ExpectRefused(Irfft(8, {2, 10}, {1, 8}), "SignalIrfft: input has 2 rows, output 1 (must be equal)");
  ExpectRefused(Irfft(8, {10}, {8}, kI16), "SignalIrfft: input has type INT16 (must be INT32)");
  SignalOptions none;
  none.use_raw = true;
  none.raw = {1, 2, 3};
  ExpectRefused(SignalModel("SignalIrfft", {{kI32, {10}}}, {{kI32, {8}}}, none),
                "SignalIrfft: the custom options are missing or not a FlexBuffers map");
}

TEST(SignalIrfft, Registrations) {
  test::ExpectVariant(Irfft(8, {3, 10}, {3, 8}), "signal_irfft/any/reference");
  EXPECT_STREQ(tflite::tflm_signal::Register_IRFFT_INT16()->custom_name, "SignalIrfft");
  EXPECT_NE(tflite::tflm_signal::Register_IRFFT_INT32(), nullptr);
  EXPECT_NE(tflite::tflm_signal::Register_IRFFT_FLOAT(), nullptr);
}

}  // namespace
}  // namespace mote
