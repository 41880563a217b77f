// SignalFilterBank glue (TFLM's custom op "SignalFilterBank", MicroMutableOpResolver::AddFilterBank()): a
// uint32 power spectrum (input 0) to num_channels uint64 filter-bank channels, through five int16 tables
// (inputs 1..5: weights, unweights, channel frequency starts, channel weight starts, channel widths; the
// last three have num_channels + 1 entries, entry 0 being TFLM's scratch channel). Option num_channels
// (int32, FlexBuffers). TFLM indexes the spectrum and the weights with the tables unchecked; mote needs the
// tables' values at prepare (constants, or tensors that have data then: HasValuesAtPrepare) and checks there
// that every entry's bins and weights lie inside their tensors. The output has at most num_channels elements
// (TFLM copies that many from its num_channels-entry work area).
#include <cstdint>

#include "kernels/glue/option_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/tensor_specs.h"
#include "kernels/signal/filter_bank/filter_bank_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalFilterBank";
constexpr TensorSpec kInputs[] = {{"the input", kTfLiteUInt32, 1},
                                  {"the weights", kTfLiteInt16, 1},
                                  {"the unweights", kTfLiteInt16, 1},
                                  {"the channel frequency starts", kTfLiteInt16, 1},
                                  {"the channel weight starts", kTfLiteInt16, 1},
                                  {"the channel widths", kTfLiteInt16, 1}};
constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteUInt64, 1}};
constexpr int kFirstTable = 1;
constexpr int kTables = 5;
constexpr int kFirstChannelTable = 3;

struct OpData {
  OptionStatus options;
  reference::FilterBankTables tables;
  int output_count;
};

void ReadOptions(CustomOptions* options, OpData* data) {
  int32_t channels = 0;
  options->Int("num_channels", &channels);
  data->tables.num_channels = channels;
}

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return InitWithCustomOptions<OpData>(context, buffer, length, ReadOptions);
}

TfLiteStatus CheckTableShapes(TfLiteContext* context, const SpecTensors& t, int channels) {
  for (int i = kFirstTable; i < kFirstTable + kTables; ++i) {
    if (!HasValuesAtPrepare(t.input(i))) {
      TF_LITE_KERNEL_LOG(context, "%s: %s (input %d) must be constant", kOp, kInputs[i].role, i);
      return kTfLiteError;
    }
  }
  for (int i = kFirstChannelTable; i < kFirstTable + kTables; ++i) {
    if (SpecElementCount(t.input(i)) < channels + 1) {
      TF_LITE_KERNEL_LOG(context, "%s: %s has %d entries, num_channels %d needs %d", kOp, kInputs[i].role,
                         SpecElementCount(t.input(i)), channels, channels + 1);
      return kTfLiteError;
    }
  }
  const int outputs = SpecElementCount(t.output(0));
  if (outputs > channels) {
    TF_LITE_KERNEL_LOG(context, "%s: the output has %d elements, more than num_channels %d", kOp, outputs, channels);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Entry i reads bins [start, start + width) and weights [weight_start, weight_start + width) of both tables.
TfLiteStatus CheckEntries(TfLiteContext* context, const reference::FilterBankTables& tables, int bins, int weights) {
  for (int i = 0; i <= tables.num_channels; ++i) {
    const int start = tables.freq_starts[i], weight_start = tables.weight_starts[i], width = tables.widths[i];
    if (width <= 0) continue;  // reads nothing, as in TFLM
    if (start < 0 || start + width > bins) {
      TF_LITE_KERNEL_LOG(context, "%s: table entry %d reads spectrum bins %d..%d, the input has %d", kOp, i, start,
                         start + width - 1, bins);
      return kTfLiteError;
    }
    if (weight_start < 0 || weight_start + width > weights) {
      TF_LITE_KERNEL_LOG(context, "%s: table entry %d reads weights %d..%d, the weight tables have %d", kOp, i,
                         weight_start, weight_start + width - 1, weights);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  reference::FilterBankTables& tables = data->tables;
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(CheckValueRange(context, kOp, "option num_channels", tables.num_channels, 1, INT16_MAX));
  SpecTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.Acquire(kOp, kInputs, 6, kOutputs, 1));
  TF_LITE_ENSURE_STATUS(CheckTableShapes(context, t, tables.num_channels));
  tables.weights = GetTensorData<int16_t>(t.input(1));
  tables.unweights = GetTensorData<int16_t>(t.input(2));
  tables.freq_starts = GetTensorData<int16_t>(t.input(3));
  tables.weight_starts = GetTensorData<int16_t>(t.input(4));
  tables.widths = GetTensorData<int16_t>(t.input(5));
  data->output_count = SpecElementCount(t.output(0));
  const int weights = SpecElementCount(t.input(1)) < SpecElementCount(t.input(2)) ? SpecElementCount(t.input(1))
                                                                                  : SpecElementCount(t.input(2));
  return CheckEntries(context, tables, SpecElementCount(t.input(0)), weights);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::FilterBankAccumulate(data->tables, micro::GetTensorData<uint32_t>(micro::GetEvalInput(context, node, 0)),
                                  micro::GetTensorData<uint64_t>(micro::GetEvalOutput(context, node, 0)),
                                  data->output_count);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FILTER_BANK (PLAIN, "filter_bank/uint32/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
