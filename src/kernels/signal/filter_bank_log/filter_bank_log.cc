// SignalFilterBankLog glue (TFLM's custom op "SignalFilterBankLog", MicroMutableOpResolver::AddFilterBankLog()):
// uint32 filter-bank energies to int16 log features, options input_correction_bits and output_scale (int32,
// FlexBuffers). TFLM shifts by input_correction_bits unchecked; mote refuses a shift outside [0, 31] (beyond
// uint32) and an output whose length differs from the input's (TFLM writes the input's count into it).
#include <cstdint>

#include "kernels/glue/option_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/tensor_specs.h"
#include "kernels/signal/filter_bank_log/filter_bank_log_reference.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalFilterBankLog";
constexpr TensorSpec kInputs[] = {{"the input", kTfLiteUInt32, 1}};
constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteInt16, 1}};

struct OpData {
  OptionStatus options;
  int32_t correction_bits;
  int32_t output_scale;
  int count;
};

void ReadOptions(CustomOptions* options, OpData* data) {
  options->Int("input_correction_bits", &data->correction_bits);
  options->Int("output_scale", &data->output_scale);
}

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return InitWithCustomOptions<OpData>(context, buffer, length, ReadOptions);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(CheckValueRange(context, kOp, "option input_correction_bits", data->correction_bits, 0, 31));
  SpecTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.Acquire(kOp, kInputs, 1, kOutputs, 1));
  data->count = SpecElementCount(t.input(0));
  return CheckElementCount(context, kOp, "the output", t.output(0), data->count, "the input");
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::FilterBankLog(micro::GetTensorData<uint32_t>(micro::GetEvalInput(context, node, 0)), data->count,
                           data->output_scale, data->correction_bits,
                           micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FILTER_BANK_LOG (PLAIN, "filter_bank_log/uint32/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
