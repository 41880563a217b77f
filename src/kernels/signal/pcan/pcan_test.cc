// SignalPCAN: registration, TFLM's numbers (noise 0 and 2 read the table directly, 4e9 its last
// coefficients), every prepare refusal by its message (random data against TFLM: tools/oracle/gen_signal_b.py).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/tflite_names.h"
#include "support/custom_op.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildCustom;
using test::FlexOptions;
using test::kU32;
using test::Vec;

constexpr char kName[] = "SignalPCAN";

std::vector<int64_t> Ramp(int n) {
  std::vector<int64_t> lut;
  for (int i = 0; i < n; ++i) lut.push_back(50 * i);
  return lut;
}

std::vector<uint8_t> Model(int64_t shift = 6, int lut = 125, int noise = 4, int out = 4) {
  return BuildCustom(kName, {Vec(kU32, 4), Vec(kU32, noise), test::ConstI16(Ramp(lut))}, {Vec(kU32, out)},
                     FlexOptions({{"snr_shift", shift}}));
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

TEST(SignalPCAN, Registration) {
  test::ExpectCustomRegistration(kName, &kRegistration_PCAN, "AddPCAN",
                                 [](MicroMutableOpResolver<1>& r) { return r.AddPCAN(); });
  EXPECT_NE(tflite::Register_PCAN(), nullptr);
}

TEST(SignalPCAN, MatchesTflmOnAHandfulOfValues) {
  test::OpRun run(Model());
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "pcan/uint32/reference");
  const uint32_t in[4] = {100, 2000, 300000, 5};
  const uint32_t noise[4] = {0, 2, 1000, 4000000000u};
  std::memcpy(run.interpreter->input(0)->data.raw, in, sizeof(in));
  std::memcpy(run.interpreter->input(1)->data.raw, noise, sizeof(noise));
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const uint32_t want[4] = {0, 9, 366366, 1};  // TFLM's output
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.u32[i], want[i]) << i;
}

TEST(SignalPCAN, RefusesBadOptionsAndTables) {
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 4), Vec(kU32, 4), test::ConstI16(Ramp(125))}, {Vec(kU32, 4)},
                            FlexOptions({{"snr", 6}})),
                "option snr_shift is missing");
  ExpectRefused(Model(64), "option snr_shift is 64 (must be in [0, 63])");
  ExpectRefused(Model(6, 124), "the gain table has 124 entries, noise estimates up to 2^32 read 125");
  ExpectRefused(Model(6, 125, 3), "the noise estimate has 3 elements, the input 4");
  ExpectRefused(Model(6, 125, 4, 5), "the output has 5 elements, the input 4");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 0), Vec(kU32, 0), test::ConstI16(Ramp(125))}, {Vec(kU32, 0)},
                            FlexOptions({{"snr_shift", 6}})),
                "the input is empty");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 4), Vec(kU32, 4), Vec(test::kI32, 125)}, {Vec(kU32, 4)},
                            FlexOptions({{"snr_shift", 6}})),
                "the gain table must be an INT16 vector (got INT32 of rank 1)");
}

}  // namespace
}  // namespace mote
