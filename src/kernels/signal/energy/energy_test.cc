// SignalEnergy: the refusals by their exact messages (indices outside the spectrum TFLM would read and write
// past) and the int32 wrap of the largest bin; the oracle proves random spectra against TFLM.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/energy/energy_reference.h"
#include "kernels/signal/signal_test_util.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::kI16;
using test::SignalModel;
using test::SignalOptions;

constexpr schema::TensorType kU32 = schema::TensorType_UINT32;

std::vector<uint8_t> Energy(int64_t start, int64_t end, int in = 10, int out = 5,
                            schema::TensorType out_type = kU32) {
  return SignalModel("SignalEnergy", {{kI16, {in}}}, {{out_type, {out}}},
                     SignalOptions{{{"end_index", end}, {"start_index", start}}});
}

TEST(SignalEnergy, RefusesBadOptionsAndTensors) {
  ExpectRefused(SignalModel("SignalEnergy", {{kI16, {10}}}, {{kU32, {5}}}, SignalOptions{{{"end_index", 2}}}),
                "SignalEnergy: option start_index is missing");
  ExpectRefused(Energy(0, 6), "SignalEnergy: bins [0, 6) are not inside the spectrum (input 5 complex bins, output 5)");
  ExpectRefused(Energy(-1, 2), "SignalEnergy: bins [-1, 2) are not inside the spectrum (input 5 complex bins, output 5)");
  ExpectRefused(Energy(3, 2), "SignalEnergy: bins [3, 2) are not inside the spectrum (input 5 complex bins, output 5)");
  ExpectRefused(Energy(0, 5, 10, 4), "SignalEnergy: bins [0, 5) are not inside the spectrum (input 5 complex bins, output 4)");
  ExpectRefused(Energy(0, 5, 10, 5, test::kI32), "SignalEnergy: output has type INT32 (must be UINT32)");
}

TEST(SignalEnergy, SquaresTheBinsInRange) {
  const int16_t spectrum[] = {3, 4, -32768, -32768, 1, 1};
  uint32_t out[3] = {7, 7, 7};
  reference::SpectrumToEnergy(spectrum, 0, 2, 3, out);
  EXPECT_EQ(std::vector<uint32_t>(out, out + 3), (std::vector<uint32_t>{25, 2147483648u, 0}));
  reference::SpectrumToEnergy(spectrum, 1, 2, 3, out);
  EXPECT_EQ(std::vector<uint32_t>(out, out + 3), (std::vector<uint32_t>{0, 2147483648u, 0}));
  test::ExpectVariant(Energy(1, 4), "signal_energy/int16/reference");
}

}  // namespace
}  // namespace mote
