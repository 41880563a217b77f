// SignalWindow glue (TFLM's custom op "SignalWindow", MicroMutableOpResolver::AddWindow()): int16 samples times
// an int16 window (input 1, a tensor of the model), shifted by the "shift" option (int). TFLM applies the
// window to every run of weights.size() samples of the flattened input and checks neither that the size
// divides the input nor the shift; mote refuses both in prepare (TFLM would read past the input or shift by
// more than the int32 product has bits).
#include <cstdint>

#include "kernels/glue/custom_options.h"
#include "kernels/glue/registration.h"
#include "kernels/signal/signal_glue.h"
#include "kernels/signal/window/window_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalWindow";

struct OpData {
  OptionStatus options;
  int32_t shift;
  int count;
  int size;
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("shift", &data->shift);
  return data;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 2, 1));
  signal::SignalIo io(context, node, 2, 1);
  TF_LITE_ENSURE(context, io.ok());
  const TfLiteTensor* input = io.input(0);
  const TfLiteTensor* weights = io.input(1);
  const TfLiteTensor* output = io.output(0);
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", input, kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "weights", weights, kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", output, kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "weights", weights, 1));
  const int64_t count = ElementCount(*input->dims);
  TF_LITE_ENSURE_STATUS(signal::CheckElementCount(context, kOp, "output", output, count));
  const int size = weights->dims->data[0];
  if (size < 1 || count % size != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: %d weights do not divide the input's %lld samples", kOp, size,
                       static_cast<long long>(count));
    return kTfLiteError;
  }
  if (data->shift < 0 || data->shift > 31) {
    TF_LITE_KERNEL_LOG(context, "%s: shift is %d (must be 0 to 31)", kOp, static_cast<int>(data->shift));
    return kTfLiteError;
  }
  data->count = static_cast<int>(count);
  data->size = size;
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  reference::ApplyWindow(micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0)),
                         micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 1)), data->size,
                         static_cast<int>(data->shift), data->count,
                         micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_WINDOW (PLAIN, "signal_window/int16/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
