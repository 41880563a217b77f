// SignalFilterBankLog: registration, a run checked against TFLM's numbers, every prepare refusal by its
// message (random data against TFLM: tools/oracle/gen_signal_b.py).
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

constexpr char kName[] = "SignalFilterBankLog";

std::vector<uint8_t> Model(int32_t bits = 3, int n = 5, int out = 5, schema::TensorType in_type = kU32) {
  return BuildCustom(kName, {Vec(in_type, n)}, {Vec(test::kI16, out)},
                     FlexOptions({{"input_correction_bits", bits}, {"output_scale", 64}}));
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

TEST(SignalFilterBankLog, Registration) {
  test::ExpectCustomRegistration(kName, &kRegistration_FILTER_BANK_LOG, "AddFilterBankLog",
                                 [](MicroMutableOpResolver<1>& r) { return r.AddFilterBankLog(); });
  EXPECT_NE(tflite::Register_FILTER_BANK_LOG(), nullptr);
}

TEST(SignalFilterBankLog, MatchesTflmOnAHandfulOfValues) {
  test::OpRun run(Model());
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "filter_bank_log/uint32/reference");
  const uint32_t in[5] = {0, 1, 2, 1000, 4000000000u};  // 4e9 << 3 wraps, as in TFLM
  std::memcpy(run.interpreter->input(0)->data.raw, in, sizeof(in));
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int16_t want[5] = {0, 133, 177, 575, 1369};  // TFLM's output
  for (int i = 0; i < 5; ++i) EXPECT_EQ(run.interpreter->output(0)->data.i16[i], want[i]) << i;
}

TEST(SignalFilterBankLog, RefusesBadOptions) {
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 2)}, {Vec(test::kI16, 2)}, {}),
                "the custom options are missing or not a FlexBuffers map");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 2)}, {Vec(test::kI16, 2)}, FlexOptions({{"output_scale", 64}})),
                "option input_correction_bits is missing");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 2)}, {Vec(test::kI16, 2)},
                            FlexOptions({{"input_correction_bits", 1}, {"output_scale", int64_t{1} << 33}})),
                "option output_scale is not an int32");
  ExpectRefused(Model(32), "option input_correction_bits is 32 (must be in [0, 31])");
  ExpectRefused(Model(-1), "option input_correction_bits is -1 (must be in [0, 31])");
}

TEST(SignalFilterBankLog, RefusesBadTensors) {
  ExpectRefused(Model(3, 5, 5, test::kI32), "the input must be a UINT32 vector (got INT32 of rank 1)");
  ExpectRefused(Model(3, 5, 4), "the output has 4 elements, the input 5");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 2), Vec(kU32, 2)}, {Vec(test::kI16, 2)},
                            FlexOptions({{"input_correction_bits", 1}, {"output_scale", 64}})),
                "2 inputs and 1 outputs given (1 input, 1 output)");
  ExpectRefused(BuildCustom(kName, {test::CustomTensor{kU32, {1, 2}, {}, false}}, {Vec(test::kI16, 2)},
                            FlexOptions({{"input_correction_bits", 1}, {"output_scale", 64}})),
                "the input must be a UINT32 vector (got UINT32 of rank 2)");
}

}  // namespace
}  // namespace mote
