// mote's signal-library registrations (tflite::tflm_signal::Register_FILTER_BANK()...) driven by KernelRunner the
// way TFLM's signal/micro/kernels tests drive TFLM's: every tensor from CreateTensor (none is a model constant)
// and the options as a FlexBuffers map, as the converter writes them; expectations computed by hand. Only
// TFLM's headers are included (the signal ones at TFLM's paths), so FlexbufferWrapper must come with
// kernel_runner.h as it does in TFLM.
#include <cstdint>

#include "flatbuffers/flexbuffers.h"
#include "signal/micro/kernels/irfft.h"
#include "signal/micro/kernels/register_signal_ops.h"
#include "signal/micro/kernels/rfft.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test.h"

namespace {

using tflite::testing::CreateTensor;
using tflite::testing::IntArrayFromInts;

// A FlexBuffers map holding one int option: {key: value}.
struct OneIntOption {
  OneIntOption(const char* key, int64_t value) {
    builder.Map([&]() { builder.Int(key, value); });
    builder.Finish();
  }
  const char* data() const { return reinterpret_cast<const char*>(builder.GetBuffer().data()); }
  size_t size() const { return builder.GetBuffer().size(); }
  flexbuffers::Builder builder;
};

}  // namespace

TF_LITE_MICRO_TESTS_BEGIN

// The factories TFLM's signal headers declare, at their paths.
TF_LITE_MICRO_TEST(SignalHeadersDeclareTheFactories) {
  TF_LITE_MICRO_EXPECT(tflite::tflm_signal::Register_RFFT() != nullptr);
  TF_LITE_MICRO_EXPECT(tflite::tflm_signal::Register_RFFT_INT16() != nullptr);
  TF_LITE_MICRO_EXPECT(tflite::tflm_signal::Register_IRFFT() != nullptr);
  TF_LITE_MICRO_EXPECT(tflite::tflm_signal::Register_IRFFT_FLOAT() != nullptr);
  TF_LITE_MICRO_EXPECT(tflite::tflm_signal::Register_WINDOW() != nullptr);
}

// The wrapper TFLM's framer and overlap-add tests read their options back with (a map's values by index).
TF_LITE_MICRO_TEST(FlexbufferWrapperComesWithKernelRunner) {
  OneIntOption option("frame_step", 7);
  tflite::FlexbufferWrapper wrapper(reinterpret_cast<const uint8_t*>(option.data()), option.size());
  TF_LITE_MICRO_EXPECT_EQ(7, wrapper.ElementAsInt32(0));
}

// Two channels over a 4-bin spectrum, every table a plain (non-constant) tensor with its data set before
// prepare. Channel 0 is TFLM's scratch: unweight 3 * 10, then 2 * 20 + 3 * 30 = 130 and unweights 2 * 20 +
// 1 * 30 = 70 carried into channel 1, which adds 3 * 30 + 4 * 40 = 250: outputs {160, 320}.
TF_LITE_MICRO_TEST(FilterBankTablesNeedNotBeConstant) {
  int spectrum_dims[] = {1, 4};
  int weight_dims[] = {1, 4};
  int table_dims[] = {1, 3};
  int output_dims[] = {1, 2};
  const uint32_t spectrum[] = {10, 20, 30, 40};
  const int16_t weights[] = {1, 2, 3, 4};
  const int16_t unweights[] = {3, 2, 1, 0};
  const int16_t freq_starts[] = {0, 1, 2};
  const int16_t weight_starts[] = {0, 1, 2};
  const int16_t widths[] = {1, 2, 2};
  uint64_t output[2] = {};
  TfLiteTensor tensors[] = {CreateTensor(spectrum, IntArrayFromInts(spectrum_dims)),
                            CreateTensor(weights, IntArrayFromInts(weight_dims)),
                            CreateTensor(unweights, IntArrayFromInts(weight_dims)),
                            CreateTensor(freq_starts, IntArrayFromInts(table_dims)),
                            CreateTensor(weight_starts, IntArrayFromInts(table_dims)),
                            CreateTensor(widths, IntArrayFromInts(table_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  int inputs[] = {6, 0, 1, 2, 3, 4, 5};
  int outputs[] = {1, 6};
  OneIntOption num_channels("num_channels", 2);
  tflite::micro::KernelRunner runner(*tflite::tflm_signal::Register_FILTER_BANK(), tensors, 7,
                                     IntArrayFromInts(inputs), IntArrayFromInts(outputs), nullptr);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare(num_channels.data(), num_channels.size()));
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(160u, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(320u, output[1]);
}

TF_LITE_MICRO_TESTS_END
