// SignalPCAN glue (TFLM's custom op "SignalPCAN", MicroMutableOpResolver::AddPCAN()): per-channel automatic
// gain control of uint32 filter-bank channels by their uint32 noise estimate (input 1) through an int16 gain
// table (input 2), option snr_shift (int32, FlexBuffers). As TFLM, the input, noise estimate and output have
// one non-zero length. TFLM reads the table at up to entry 124 for large noise estimates without checking its
// length and shifts unchecked; mote refuses a table of fewer than 125 entries and snr_shift outside [0, 63].
#include <cstdint>

#include "kernels/glue/option_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/tensor_specs.h"
#include "kernels/signal/pcan/pcan_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalPCAN";
constexpr TensorSpec kInputs[] = {
    {"the input", kTfLiteUInt32, 1}, {"the noise estimate", kTfLiteUInt32, 1}, {"the gain table", kTfLiteInt16, 1}};
constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteUInt32, 1}};

struct OpData {
  OptionStatus options;
  int32_t snr_shift;
  int count;
};

void ReadOptions(CustomOptions* options, OpData* data) { options->Int("snr_shift", &data->snr_shift); }

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return InitWithCustomOptions<OpData>(context, buffer, length, ReadOptions);
}

TfLiteStatus CheckTensors(TfLiteContext* context, const SpecTensors& t, int count) {
  if (count < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: the input is empty", kOp);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckElementCount(context, kOp, "the noise estimate", t.input(1), count, "the input"));
  TF_LITE_ENSURE_STATUS(CheckElementCount(context, kOp, "the output", t.output(0), count, "the input"));
  const int table = SpecElementCount(t.input(2));
  if (table < reference::kPcanLutSize) {
    TF_LITE_KERNEL_LOG(context, "%s: the gain table has %d entries, noise estimates up to 2^32 read %d", kOp, table,
                       reference::kPcanLutSize);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(CheckValueRange(context, kOp, "option snr_shift", data->snr_shift, 0, 63));
  SpecTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.Acquire(kOp, kInputs, 3, kOutputs, 1));
  data->count = SpecElementCount(t.input(0));
  return CheckTensors(context, t, data->count);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::Pcan(micro::GetTensorData<uint32_t>(micro::GetEvalInput(context, node, 0)),
                  micro::GetTensorData<uint32_t>(micro::GetEvalInput(context, node, 1)),
                  micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 2)), data->snr_shift, data->count,
                  micro::GetTensorData<uint32_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_PCAN (PLAIN, "pcan/uint32/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
