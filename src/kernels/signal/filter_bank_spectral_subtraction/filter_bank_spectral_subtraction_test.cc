// SignalFilterBankSpectralSubtraction: registration, TFLM's numbers over three invokes (the noise estimate
// carried, then Reset()), every prepare refusal by its message (random streams against TFLM:
// tools/oracle/gen_signal_b.py).
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/tflite_names.h"
#include "support/custom_op.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildCustom;
using test::kU32;
using test::Vec;

constexpr char kName[] = "SignalFilterBankSpectralSubtraction";

// The micro_speech preprocessor's options; `edit` changes one before the map is written.
std::vector<uint8_t> Options(const std::string& key = "", int64_t value = 0) {
  std::vector<std::pair<std::string, int64_t>> ints = {{"alternate_one_minus_smoothing", 15401},
                                                       {"alternate_smoothing", 983},
                                                       {"min_signal_remaining", 819},
                                                       {"num_channels", 3},
                                                       {"one_minus_smoothing", 15975},
                                                       {"smoothing", 409},
                                                       {"smoothing_bits", 10},
                                                       {"spectral_subtraction_bits", 14}};
  for (auto& kv : ints) {
    if (kv.first == key) kv.second = value;
  }
  return test::FlexOptions(ints, {{"clamping", false}});
}

std::vector<uint8_t> Model(std::vector<uint8_t> options, int in = 3, int out = 3, int noise = 3) {
  return BuildCustom(kName, {Vec(kU32, in)}, {Vec(kU32, out), Vec(kU32, noise)}, std::move(options));
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

void ExpectOutputs(MicroInterpreter* interpreter, const std::vector<uint32_t>& out,
                   const std::vector<uint32_t>& noise) {
  const uint32_t in[3] = {1000, 50000, 7};
  std::memcpy(interpreter->input(0)->data.raw, in, sizeof(in));
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(interpreter->output(0)->data.u32[i], out[i]) << i;
    EXPECT_EQ(interpreter->output(1)->data.u32[i], noise[i]) << i;
  }
}

TEST(SignalFilterBankSpectralSubtraction, Registration) {
  test::ExpectCustomRegistration(kName, &kRegistration_FILTER_BANK_SPECTRAL_SUBTRACTION,
                                 "AddFilterBankSpectralSubtraction",
                                 [](MicroMutableOpResolver<1>& r) { return r.AddFilterBankSpectralSubtraction(); });
  EXPECT_NE(tflite::Register_FILTER_BANK_SPECTRAL_SUBTRACTION(), nullptr);
  EXPECT_NE(kRegistration_FILTER_BANK_SPECTRAL_SUBTRACTION.reset, nullptr);
}

TEST(SignalFilterBankSpectralSubtraction, CarriesTheNoiseEstimateUntilReset) {
  test::OpRun run(Model(Options()));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "filter_bank_spectral_subtraction/uint32/reference");
  // TFLM's outputs for one input invoked twice, then after a reset.
  ExpectOutputs(run.interpreter.get(), {975, 47000, 6}, {25562, 3071875, 178});
  ExpectOutputs(run.interpreter.get(), {950, 44180, 6}, {50486, 5959444, 352});
  ASSERT_EQ(run.interpreter->Reset(), kTfLiteOk);
  ExpectOutputs(run.interpreter.get(), {975, 47000, 6}, {25562, 3071875, 178});
}

TEST(SignalFilterBankSpectralSubtraction, RefusesBadOptions) {
  ExpectRefused(Model({}), "the custom options are missing or not a FlexBuffers map");
  ExpectRefused(Model(test::FlexOptions({{"num_channels", 3}})), "option alternate_one_minus_smoothing is missing");
  ExpectRefused(Model(Options("smoothing_bits", 32)), "option smoothing_bits is 32 (must be in [0, 31])");
  ExpectRefused(Model(Options("spectral_subtraction_bits", 64)),
                "option spectral_subtraction_bits is 64 (must be in [0, 63])");
  ExpectRefused(Model(Options("num_channels", 0)), "option num_channels is 0 (must be in [1, 2147483647])");
  ExpectRefused(Model(Options("smoothing", int64_t{1} << 32)), "option smoothing is not an int32");
}

TEST(SignalFilterBankSpectralSubtraction, RefusesBadTensors) {
  ExpectRefused(Model(Options(), 4), "the input has 4 elements, num_channels is 3");
  ExpectRefused(Model(Options(), 3, 2), "the output has 2 elements, num_channels is 3");
  ExpectRefused(Model(Options(), 3, 3, 4), "the noise estimate has 4 elements, num_channels is 3");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 3)}, {Vec(kU32, 3)}, Options()),
                "1 inputs and 1 outputs given (1 input, 2 outputs)");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 3)}, {Vec(kU32, 3), Vec(test::kI32, 3)}, Options()),
                "the noise estimate must be a UINT32 vector (got INT32 of rank 1)");
}

}  // namespace
}  // namespace mote
