// SignalFilterBankSquareRoot: registration, TFLM's numbers (the 32-bit shortcut, 2^64 - 1, a runtime shift
// taken modulo 32 as TFLM's shift is on x86), every prepare refusal by its message (random data against TFLM:
// tools/oracle/gen_signal_b.py).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/signal/filter_bank_square_root/filter_bank_square_root_reference.h"
#include "mote/tflite_names.h"
#include "support/custom_op.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::BuildCustom;
using test::kU32;
using test::kU64;
using test::Scalar;
using test::Vec;

constexpr char kName[] = "SignalFilterBankSquareRoot";

std::vector<uint8_t> Model(const test::CustomTensor& shift, int n = 4, int out = 4) {
  return BuildCustom(kName, {Vec(kU64, n), shift}, {Vec(kU32, out)}, {});
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

TEST(SignalFilterBankSquareRoot, Registration) {
  test::ExpectCustomRegistration(kName, &kRegistration_FILTER_BANK_SQUARE_ROOT, "AddFilterBankSquareRoot",
                                 [](MicroMutableOpResolver<1>& r) { return r.AddFilterBankSquareRoot(); });
  EXPECT_NE(tflite::Register_FILTER_BANK_SQUARE_ROOT(), nullptr);
}

TEST(SignalFilterBankSquareRoot, MatchesTflmWithARuntimeShiftBeyond31) {
  test::OpRun run(Model(Scalar(test::kI32)));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const uint64_t in[4] = {0, 15, uint64_t{1} << 40, ~uint64_t{0}};
  std::memcpy(run.interpreter->input(0)->data.raw, in, sizeof(in));
  run.interpreter->input(1)->data.i32[0] = 33;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const uint32_t want[4] = {0, 2, 524288, 2147483647};  // TFLM's output (33 shifts by 1 on x86)
  for (int i = 0; i < 4; ++i) EXPECT_EQ(run.interpreter->output(0)->data.u32[i], want[i]) << i;
}

TEST(SignalFilterBankSquareRoot, RootRoundsAsTflm) {
  EXPECT_EQ(reference::SignalSqrt64(0xFFFFFFFFu), 0xFFFFu) << "the 32-bit path never rounds past 0xFFFF";
  EXPECT_EQ(reference::SignalSqrt64(uint64_t{1} << 32), 65536u);
  EXPECT_EQ(reference::SignalSqrt64(8), 3u) << "2.83 rounds up";
  EXPECT_EQ(reference::SignalSqrt64(6), 2u);
}

TEST(SignalFilterBankSquareRoot, RefusesBadTensors) {
  ExpectRefused(Model(test::ConstScalarI32(32)), "the constant scale bits is 32 (must be in [0, 31])");
  ExpectRefused(Model(test::ConstScalarI32(-2)), "the constant scale bits is -2 (must be in [0, 31])");
  ExpectRefused(Model(Vec(test::kI32, 1)), "the scale bits must be an INT32 scalar (got INT32 of rank 1)");
  ExpectRefused(Model(Scalar(test::kI32), 4, 3), "the output has 3 elements, the input 4");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 4), Scalar(test::kI32)}, {Vec(kU32, 4)}, {}),
                "the input must be a UINT64 vector (got UINT32 of rank 1)");
  ExpectRefused(BuildCustom(kName, {Vec(kU64, 4)}, {Vec(kU32, 4)}, {}),
                "1 inputs and 1 outputs given (2 inputs, 1 output)");
}

}  // namespace
}  // namespace mote
