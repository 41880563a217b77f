// SignalFilterBankSpectralSubtraction glue (TFLM's custom op "SignalFilterBankSpectralSubtraction",
// MicroMutableOpResolver::AddFilterBankSpectralSubtraction()): noise reduction of uint32 filter-bank channels,
// outputs the reduced channels and a copy of the noise estimate. The estimate is state: persistent, zeroed by
// prepare and by MicroInterpreter::Reset() (TFLM's reset), carried between invokes. Options (FlexBuffers):
// num_channels, smoothing, one_minus_smoothing, alternate_smoothing, alternate_one_minus_smoothing,
// min_signal_remaining, smoothing_bits, spectral_subtraction_bits (int32; the coefficients are used as
// uint32, as TFLM's config holds them) and clamping (bool). TFLM shifts unchecked and sizes its state from
// num_channels alone; mote refuses smoothing_bits outside [0, 31], spectral_subtraction_bits outside [0, 63],
// num_channels < 1 and tensors whose length is not num_channels.
#include <cstdint>
#include <cstring>

#include "kernels/glue/option_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/tensor_specs.h"
#include "kernels/signal/filter_bank_spectral_subtraction/filter_bank_spectral_subtraction_reference.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalFilterBankSpectralSubtraction";
constexpr TensorSpec kInputs[] = {{"the input", kTfLiteUInt32, 1}};
constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteUInt32, 1}, {"the noise estimate", kTfLiteUInt32, 1}};

struct OpData {
  OptionStatus options;
  reference::SpectralSubtractionParams params;
  uint32_t* noise;  // the state, num_channels entries
};

void ReadCoefficient(CustomOptions* options, const char* key, uint32_t* out) {
  int32_t value = 0;
  options->Int(key, &value);
  *out = static_cast<uint32_t>(value);
}

void ReadOptions(CustomOptions* o, OpData* data) {
  reference::SpectralSubtractionParams& p = data->params;
  int32_t channels = 0, smoothing_bits = 0, subtraction_bits = 0;
  ReadCoefficient(o, "alternate_one_minus_smoothing", &p.alternate_one_minus_smoothing);
  ReadCoefficient(o, "alternate_smoothing", &p.alternate_smoothing);
  o->Bool("clamping", &p.clamping);
  ReadCoefficient(o, "min_signal_remaining", &p.min_signal_remaining);
  o->Int("num_channels", &channels);
  ReadCoefficient(o, "one_minus_smoothing", &p.one_minus_smoothing);
  ReadCoefficient(o, "smoothing", &p.smoothing);
  o->Int("smoothing_bits", &smoothing_bits);
  o->Int("spectral_subtraction_bits", &subtraction_bits);
  p.num_channels = channels;
  p.smoothing_bits = smoothing_bits;
  p.spectral_subtraction_bits = subtraction_bits;
}

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return InitWithCustomOptions<OpData>(context, buffer, length, ReadOptions);
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  if (data->noise != nullptr) std::memset(data->noise, 0, sizeof(uint32_t) * data->params.num_channels);
}

TfLiteStatus CheckOptions(TfLiteContext* context, const OpData& data) {
  const reference::SpectralSubtractionParams& p = data.params;
  TF_LITE_ENSURE_STATUS(data.options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(CheckValueRange(context, kOp, "option num_channels", p.num_channels, 1, INT32_MAX));
  TF_LITE_ENSURE_STATUS(CheckValueRange(context, kOp, "option smoothing_bits", p.smoothing_bits, 0, 31));
  return CheckValueRange(context, kOp, "option spectral_subtraction_bits", p.spectral_subtraction_bits, 0, 63);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, *data));
  SpecTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.Acquire(kOp, kInputs, 1, kOutputs, 2));
  const int channels = data->params.num_channels;
  TF_LITE_ENSURE_STATUS(CheckElementCount(context, kOp, "the input", t.input(0), channels, "num_channels is"));
  TF_LITE_ENSURE_STATUS(CheckElementCount(context, kOp, "the output", t.output(0), channels, "num_channels is"));
  TF_LITE_ENSURE_STATUS(
      CheckElementCount(context, kOp, "the noise estimate", t.output(1), channels, "num_channels is"));
  if (data->noise == nullptr) {
    data->noise = static_cast<uint32_t*>(context->AllocatePersistentBuffer(context, sizeof(uint32_t) * channels));
    if (data->noise == nullptr) return kTfLiteError;
  }
  Reset(context, data);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::SpectralSubtraction(data->params, micro::GetTensorData<uint32_t>(micro::GetEvalInput(context, node, 0)),
                                 micro::GetTensorData<uint32_t>(micro::GetEvalOutput(context, node, 0)), data->noise);
  std::memcpy(micro::GetTensorData<uint32_t>(micro::GetEvalOutput(context, node, 1)), data->noise,
              sizeof(uint32_t) * data->params.num_channels);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FILTER_BANK_SPECTRAL_SUBTRACTION \
  (PLAIN_RESET, "filter_bank_spectral_subtraction/uint32/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
