// SignalDelay glue (TFLM's custom op "SignalDelay", MicroMutableOpResolver::AddDelay()): delays each int16
// stream (a row of the last dimension; every other dimension an independent stream) by delay_length samples
// (option, int) across invokes: the output row is the input row shifted later by delay_length samples, the
// first ones coming from the previous invokes (zeros after prepare and Reset(), as TFLM's reset refills them).
// TFLM does not check a negative delay (a huge FIFO) or an empty row (it divides by it); mote refuses both.
#include <cstdint>

#include "kernels/glue/custom_options.h"
#include "kernels/glue/registration.h"
#include "kernels/signal/circular_buffer/circular_buffer.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

using signal::CircularBuffer;

constexpr char kOp[] = "SignalDelay";
constexpr int32_t kMaxDelay = 1 << 20;

struct OpData {
  OptionStatus options;
  int32_t delay_length;
  int streams;
  int frame_size;
  CircularBuffer* buffers;
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("delay_length", &data->delay_length);
  return data;
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  for (int i = 0; i < data->streams; ++i) {
    data->buffers[i].Reset();
    data->buffers[i].WriteZeros(static_cast<size_t>(data->delay_length));
  }
}

TfLiteStatus CheckTensors(TfLiteContext* context, const signal::SignalIo& io, OpData* data) {
  const TfLiteTensor* input = io.input(0);
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", input, kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", io.output(0), kTfLiteInt16));
  if (NumDimensions(input) < 1) return signal::CheckRank(context, kOp, "input", input, 1);
  TF_LITE_ENSURE_STATUS(signal::CheckElementCount(context, kOp, "output", io.output(0), ElementCount(*input->dims)));
  data->frame_size = signal::InnerDim(input);
  if (data->frame_size < 1 || data->frame_size > kMaxDelay) {
    TF_LITE_KERNEL_LOG(context, "%s: the input's last dimension is %d (must be 1 to %d)", kOp, data->frame_size,
                       static_cast<int>(kMaxDelay));
    return kTfLiteError;
  }
  data->streams = static_cast<int>(signal::OuterCount(input));
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  if (data->delay_length < 0 || data->delay_length > kMaxDelay) {
    TF_LITE_KERNEL_LOG(context, "%s: delay_length is %d (must be 0 to %d)", kOp, static_cast<int>(data->delay_length),
                       static_cast<int>(kMaxDelay));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 1));
  signal::SignalIo io(context, node, 1, 1);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(CheckTensors(context, io, data));
  data->buffers = signal::AllocateFifos(context, data->streams, static_cast<size_t>(data->frame_size) + data->delay_length);
  if (data->buffers == nullptr) return kTfLiteError;
  Reset(context, data);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const int16_t* input = micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0));
  int16_t* output = micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0));
  const size_t n = static_cast<size_t>(data->frame_size);
  for (int i = 0; i < data->streams; ++i) {
    CircularBuffer& fifo = data->buffers[i];
    fifo.Write(input + i * n, n);
    fifo.Get(n, output + i * n);
    fifo.Discard(n);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_DELAY (PLAIN_RESET, "signal_delay/int16/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
