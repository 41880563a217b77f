// SignalFftAutoScale glue (TFLM's custom op "SignalFftAutoScale", MicroMutableOpResolver::AddFftAutoScale()):
// int16 vector in, the scaled int16 vector (output 0, as long as the input) and the scale as an int32 scalar
// (output 1). No options. TFLM scales output 0's length of samples; mote requires it to be the input's.
#include <cstdint>

#include "kernels/glue/registration.h"
#include "kernels/signal/fft_auto_scale/fft_auto_scale_reference.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalFftAutoScale";

struct OpData {
  int count;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 2));
  signal::SignalIo io(context, node, 1, 2);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", io.input(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", io.output(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "scale output", io.output(1), kTfLiteInt32));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "input", io.input(0), 1));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output", io.output(0), 1));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "scale output", io.output(1), 0));
  data->count = io.input(0)->dims->data[0];
  return signal::CheckElementCount(context, kOp, "output", io.output(0), data->count);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  *micro::GetTensorData<int32_t>(micro::GetEvalOutput(context, node, 1)) =
      reference::FftAutoScale(micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0)), data->count,
                              micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FFT_AUTO_SCALE (PLAIN, "signal_fft_auto_scale/int16/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
