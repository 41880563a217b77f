// SignalRfft: the refusals by their exact messages (options, type, lengths TFLM mis-handles), the
// type-specialised registrations TFLM names (tflm_signal::Register_RFFT_INT16()...), the FFT's scaling on
// a known signal, and the forward/inverse round trip; the oracle proves random rows against TFLM.
#include <cmath>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/fft/real_fft.h"
#include "kernels/signal/signal_test_util.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/tflite_names.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kF32;
using test::kI16;
using test::kI32;
using test::SignalModel;
using test::SignalOptions;

std::vector<uint8_t> Rfft(int64_t type_option, int64_t fft_length, std::vector<int> in, std::vector<int> out,
                          schema::TensorType type = kI16) {
  return SignalModel("SignalRfft", {{type, in}}, {{type, out}},
                     SignalOptions{{{"T", type_option}, {"fft_length", fft_length}}});
}

TEST(SignalRfft, RefusesBadOptions) {
  ExpectRefused(SignalModel("SignalRfft", {{kI16, {8}}}, {{kI16, {10}}}, SignalOptions{{{"fft_length", 8}}}),
                "SignalRfft: option T is missing");
  ExpectRefused(Rfft(9, 8, {8}, {10}), "SignalRfft: option T is 9 (INT8; must be one of FLOAT32, INT32, INT16)");
  ExpectRefused(Rfft(99, 8, {8}, {10}),
                "SignalRfft: option T is 99 (not a tensor type; must be one of FLOAT32, INT32, INT16)");
  ExpectRefused(Rfft(7, 12, {12}, {14}), "SignalRfft: fft_length is 12 (must be a power of two from 4 to 65536)");
  ExpectRefused(Rfft(7, 2, {2}, {4}), "SignalRfft: fft_length is 2 (must be a power of two from 4 to 65536)");
  ExpectRefused(Rfft(7, 1 << 17, {8}, {10}),
                "SignalRfft: fft_length is 131072 (must be a power of two from 4 to 65536)");
}

TEST(SignalRfft, RefusesBadTensors) {
  ExpectRefused(Rfft(7, 8, {8}, {10}, kF32), "SignalRfft: input has type FLOAT32 (must be INT16)");
  ExpectRefused(Rfft(7, 8, {9}, {10}),
                "SignalRfft: rows of 9 samples and 10 outputs do not fit fft_length 8 (at most 8 samples, 10 outputs: "
                "5 complex bins)");
  ExpectRefused(Rfft(7, 8, {8}, {8}),
                "SignalRfft: rows of 8 samples and 8 outputs do not fit fft_length 8 (at most 8 samples, 10 outputs: "
                "5 complex bins)");
  ExpectRefused(Rfft(7, 8, {2, 8}, {3, 10}), "SignalRfft: input has 2 rows, output 3 (must be equal)");
  ExpectRefused(Rfft(7, 8, {2, 8}, {20}),
                "SignalRfft: input and output have ranks 2 and 1 (must be equal, at least 1)");
}

TEST(SignalRfft, SpecialisedRegistrationsServeOneType) {
  const std::vector<uint8_t> float_model = Rfft(0, 8, {8}, {10}, kF32);
  MicroMutableOpResolver<1> int16_only;
  ASSERT_EQ(int16_only.AddCustom("SignalRfft", tflite::tflm_signal::Register_RFFT_INT16()), kTfLiteOk);
  test::AlignedModel model(float_model);
  test::AlignedBuffer arena(64 * 1024);
  {
    test::LogCapture log;
    MicroInterpreter interpreter(model.data(), model.size(), int16_only, arena.data(), arena.size());
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_TRUE(log.Has("SignalRfft: input has type FLOAT32 (must be INT16)")) << log.text;
  }
  MicroMutableOpResolver<1> float_only;
  ASSERT_EQ(float_only.AddCustom("SignalRfft", tflite::tflm_signal::Register_RFFT_FLOAT()), kTfLiteOk);
  MicroInterpreter interpreter(model.data(), model.size(), float_only, arena.data(), arena.size());
  EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_NE(tflite::tflm_signal::Register_RFFT_INT32(), nullptr);
  EXPECT_NE(tflite::tflm_signal::Register_RFFT(), nullptr);
}

// A cosine at bin 1 of a 16-point FFT: KISS FFT's fixed point divides the DFT by the length (the complex FFT's
// stages by 8, the real split by 2), so bin 1 holds 8 * 16000 / 16 instead of the DFT's 8 * 16000.
TEST(SignalRfft, Int16ScalesByTheLength) {
  constexpr int kN = 16;
  std::vector<uint8_t> memory(signal::RealFftStateBytes<int16_t>(kN));
  const auto plan = signal::InitRealFft<int16_t>(kN, false, memory.data());
  int16_t x[kN];
  for (int i = 0; i < kN; ++i) x[i] = static_cast<int16_t>(std::lround(16000 * std::cos(2 * M_PI * i / kN)));
  signal::Complex<int16_t> y[kN / 2 + 1];
  signal::RealFft(plan, x, y);
  EXPECT_NEAR(y[1].real, 16000 / 2, 4);  // the DFT's 8 * 16000, divided by 16
  EXPECT_NEAR(y[1].imag, 0, 4);
  for (int k = 2; k <= kN / 2; ++k) EXPECT_NEAR(std::abs(y[k].real) + std::abs(y[k].imag), 0, 4) << k;
}

TEST(SignalRfft, FloatRoundTripsThroughTheInverse) {
  constexpr int kN = 64;
  std::vector<uint8_t> forward_memory(signal::RealFftStateBytes<float>(kN));
  std::vector<uint8_t> inverse_memory(signal::RealFftStateBytes<float>(kN));
  const auto forward = signal::InitRealFft<float>(kN, false, forward_memory.data());
  const auto inverse = signal::InitRealFft<float>(kN, true, inverse_memory.data());
  float x[kN], back[kN];
  for (int i = 0; i < kN; ++i) x[i] = static_cast<float>(std::sin(0.3 * i) + 0.1 * i);
  signal::Complex<float> y[kN / 2 + 1];
  signal::RealFft(forward, x, y);
  signal::RealFftInverse(inverse, y, back);
  for (int i = 0; i < kN; ++i) EXPECT_NEAR(back[i] / kN, x[i], 1e-4) << i;  // the inverse is not divided by N
}

}  // namespace
}  // namespace mote
