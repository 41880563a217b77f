// SignalFilterBank: registration, a run checked by hand and against TFLM, every prepare refusal by its message,
// tables out of range included (random tables against TFLM: tools/oracle/gen_signal_b.py).
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
using test::ConstI16;
using test::CustomTensor;
using test::kU32;
using test::kU64;
using test::Vec;

constexpr char kName[] = "SignalFilterBank";

// Two channels over a 4-bin spectrum; each field may be changed before Model() builds it.
struct Tables {
  std::vector<int64_t> weights = {1, 2, 3, 4}, unweights = {3, 2, 1, 0};
  std::vector<int64_t> freq_starts = {0, 1, 2}, weight_starts = {0, 1, 2}, widths = {1, 2, 2};
  int channels = 2, bins = 4, outputs = 2;
};

std::vector<uint8_t> Model(const Tables& t) {
  return BuildCustom(kName,
                     {Vec(kU32, t.bins), ConstI16(t.weights), ConstI16(t.unweights), ConstI16(t.freq_starts),
                      ConstI16(t.weight_starts), ConstI16(t.widths)},
                     {Vec(kU64, t.outputs)}, test::FlexOptions({{"num_channels", t.channels}}));
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

TEST(SignalFilterBank, Registration) {
  test::ExpectCustomRegistration(kName, &kRegistration_FILTER_BANK, "AddFilterBank",
                                 [](MicroMutableOpResolver<1>& r) { return r.AddFilterBank(); });
  EXPECT_NE(tflite::Register_FILTER_BANK(), nullptr);
}

TEST(SignalFilterBank, AccumulatesWeightsAndCarriesUnweights) {
  test::OpRun run(Model(Tables()));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "filter_bank/uint32/reference");
  const uint32_t in[4] = {10, 20, 30, 40};
  std::memcpy(run.interpreter->input(0)->data.raw, in, sizeof(in));
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  // Channel 0: scratch's unweight 3*10, plus 2*20 + 3*30; channel 1: 2*20 + 1*30, plus 3*30 + 4*40 (TFLM: same).
  EXPECT_EQ(run.interpreter->output(0)->data.i64[0], 160);
  EXPECT_EQ(run.interpreter->output(0)->data.i64[1], 320);
}

TEST(SignalFilterBank, RefusesBadOptionsAndShapes) {
  Tables t;
  t.channels = 0;
  ExpectRefused(Model(t), "option num_channels is 0 (must be in [1, 32767])");
  t = Tables();
  t.channels = 3;
  ExpectRefused(Model(t), "the channel frequency starts has 3 entries, num_channels 3 needs 4");
  t = Tables();
  t.outputs = 3;
  ExpectRefused(Model(t), "the output has 3 elements, more than num_channels 2");
  ExpectRefused(BuildCustom(kName,
                            {Vec(kU32, 4), ConstI16({1}), ConstI16({1}), ConstI16({0, 0, 0}), ConstI16({0, 0, 0}),
                             Vec(test::kI16, 3)},
                            {Vec(kU64, 2)}, test::FlexOptions({{"num_channels", 2}})),
                "the channel widths (input 5) must be constant");
  ExpectRefused(BuildCustom(kName, {Vec(kU32, 4)}, {Vec(kU64, 2)}, test::FlexOptions({{"num_channels", 2}})),
                "1 inputs and 1 outputs given (6 inputs, 1 output)");
  ExpectRefused(BuildCustom(kName,
                            {Vec(kU32, 4), ConstI16({1}), ConstI16({1}), ConstI16({0, 0, 0}), ConstI16({0, 0, 0}),
                             ConstI16({0, 0, 0})},
                            {Vec(kU32, 2)}, test::FlexOptions({{"num_channels", 2}})),
                "the output must be a UINT64 vector (got UINT32 of rank 1)");
}

TEST(SignalFilterBank, RefusesTablesOutOfRange) {
  Tables t;
  t.freq_starts = {0, 1, 3};  // entry 2 reads bins 3..4
  ExpectRefused(Model(t), "table entry 2 reads spectrum bins 3..4, the input has 4");
  t = Tables();
  t.freq_starts = {-1, 1, 2};
  ExpectRefused(Model(t), "table entry 0 reads spectrum bins -1..-1, the input has 4");
  t = Tables();
  t.weight_starts = {0, 3, 2};
  ExpectRefused(Model(t), "table entry 1 reads weights 3..4, the weight tables have 4");
  t = Tables();
  t.unweights = {3, 2, 1};
  ExpectRefused(Model(t), "table entry 2 reads weights 2..3, the weight tables have 3");
  t = Tables();
  t.freq_starts = {-5, 1, 2};
  t.widths = {0, 2, -3};  // entries that read nothing may point anywhere, as in TFLM
  EXPECT_EQ(test::OpRun(Model(t)).interpreter->AllocateTensors(), kTfLiteOk);
}

}  // namespace
}  // namespace mote
