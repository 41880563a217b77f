// SignalEnergy glue (TFLM's custom op "SignalEnergy", MicroMutableOpResolver::AddEnergy()): a spectrum of
// complex int16 (input: rank 1, real and imaginary interleaved) to uint32 energies (output: rank 1, one per
// bin), for the bins in [start_index, end_index) (options, ints). TFLM trusts the indices; mote requires
// 0 <= start_index <= end_index <= the bins of both tensors (TFLM would read and write out of bounds), and
// writes zeros to the bins outside the range (TFLM leaves them as the arena had them).
#include <cstdint>

#include "kernels/glue/custom_options.h"
#include "kernels/glue/registration.h"
#include "kernels/signal/energy/energy_reference.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalEnergy";

struct OpData {
  OptionStatus options;
  int32_t start_index;
  int32_t end_index;
  int bins;  // the output's length
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("end_index", &data->end_index);
  options.Int("start_index", &data->start_index);
  return data;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 1));
  signal::SignalIo io(context, node, 1, 1);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", io.input(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", io.output(0), kTfLiteUInt32));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "input", io.input(0), 1));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output", io.output(0), 1));
  const int32_t in_bins = io.input(0)->dims->data[0] / 2;
  const int32_t out_bins = io.output(0)->dims->data[0];
  const int32_t bins = in_bins < out_bins ? in_bins : out_bins;
  if (data->start_index < 0 || data->start_index > data->end_index || data->end_index > bins) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: bins [%d, %d) are not inside the spectrum (input %d complex bins, output %d)", kOp,
                       static_cast<int>(data->start_index), static_cast<int>(data->end_index),
                       static_cast<int>(in_bins), static_cast<int>(out_bins));
    return kTfLiteError;
  }
  data->bins = static_cast<int>(out_bins);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::SpectrumToEnergy(micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0)),
                              static_cast<int>(data->start_index), static_cast<int>(data->end_index), data->bins,
                              micro::GetTensorData<uint32_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_ENERGY (PLAIN, "signal_energy/int16/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
