// SignalFramer glue (TFLM's custom op "SignalFramer", MicroMutableOpResolver::AddFramer()): cuts a stream of
// int16 samples into overlapping frames. Each invoke appends the input's rows (the last dimension, every
// other dimension an independent stream) to one FIFO per stream, frame_step samples at a time, and after each
// step emits the oldest frame_size samples when that many are buffered, then drops frame_step of them:
// output [..., n_frames, frame_size] with n_frames = last dimension / frame_step, and output 1 (a bool
// scalar) false when some frame was not ready (TFLM leaves that frame's output as it was: mote too, except
// that before the first frame is written it holds zeros, as the tflite-micro package's fresh arena does). With "prefill" the
// FIFOs start with frame_size - frame_step zeros, so the first step already emits a frame. Options:
// frame_size, frame_step (ints), prefill (bool). State: the FIFOs, refilled by Reset() as TFLM's reset does.
// TFLM does not check frame_step > 0 (it divides by it), prefill with frame_step > frame_size (a negative
// zero count) or the output's size; mote refuses them in prepare.
#include <cstdint>
#include <cstring>

#include "kernels/glue/custom_options.h"
#include "kernels/glue/registration.h"
#include "kernels/signal/circular_buffer/circular_buffer.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

using signal::CircularBuffer;

constexpr char kOp[] = "SignalFramer";
constexpr int32_t kMaxFrame = 1 << 20;

struct OpData {
  OptionStatus options;
  int32_t frame_size;
  int32_t frame_step;
  bool prefill;
  int streams;
  int frames;  // per stream and invoke
  CircularBuffer* buffers;
  bool output_fresh;  // no invoke since prepare: frames not ready read as a fresh arena's zeros
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("frame_size", &data->frame_size);
  options.Int("frame_step", &data->frame_step);
  options.Bool("prefill", &data->prefill);
  return data;
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  for (int i = 0; i < data->streams; ++i) {
    data->buffers[i].Reset();
    if (data->prefill) data->buffers[i].WriteZeros(static_cast<size_t>(data->frame_size - data->frame_step));
  }
}

TfLiteStatus CheckOptions(TfLiteContext* context, const OpData& data) {
  TF_LITE_ENSURE_STATUS(data.options.Report(context, kOp));
  if (data.frame_size < 1 || data.frame_size > kMaxFrame || data.frame_step < 1 || data.frame_step > kMaxFrame) {
    TF_LITE_KERNEL_LOG(context, "%s: frame_size %d and frame_step %d must be 1 to %d", kOp,
                       static_cast<int>(data.frame_size), static_cast<int>(data.frame_step),
                       static_cast<int>(kMaxFrame));
    return kTfLiteError;
  }
  if (data.prefill && data.frame_step > data.frame_size) {
    TF_LITE_KERNEL_LOG(context, "%s: prefill needs frame_step %d <= frame_size %d", kOp,
                       static_cast<int>(data.frame_step), static_cast<int>(data.frame_size));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckTensors(TfLiteContext* context, const signal::SignalIo& io, OpData* data) {
  const TfLiteTensor* input = io.input(0);
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", input, kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", io.output(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output 1", io.output(1), kTfLiteBool));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output 1", io.output(1), 0));
  if (NumDimensions(input) < 1) return signal::CheckRank(context, kOp, "input", input, 1);
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output", io.output(0), NumDimensions(input) + 1));
  const int32_t samples = signal::InnerDim(input);
  if (samples < data->frame_step || samples % data->frame_step != 0) {
    TF_LITE_KERNEL_LOG(context, "%s: the input's last dimension %d is not a multiple of frame_step %d", kOp,
                       static_cast<int>(samples), static_cast<int>(data->frame_step));
    return kTfLiteError;
  }
  data->streams = static_cast<int>(signal::OuterCount(input));
  data->frames = samples / data->frame_step;
  return signal::CheckElementCount(context, kOp, "output", io.output(0),
                                   static_cast<int64_t>(data->streams) * data->frames * data->frame_size);
}

TfLiteStatus AllocateState(TfLiteContext* context, OpData* data) {
  // TFLM's capacity: frame_size rounded up to a multiple of frame_step (enough for every step, see Eval).
  const size_t capacity =
      static_cast<size_t>((data->frame_size + data->frame_step - 1) / data->frame_step) * data->frame_step;
  data->buffers = signal::AllocateFifos(context, data->streams, capacity);
  if (data->buffers == nullptr) return kTfLiteError;
  data->output_fresh = true;
  Reset(context, data);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, *data));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 2));
  signal::SignalIo io(context, node, 1, 2);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(CheckTensors(context, io, data));
  return AllocateState(context, data);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const int16_t* input = micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0));
  int16_t* output = micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0));
  bool valid = true;
  const size_t size = static_cast<size_t>(data->frame_size);
  const size_t step = static_cast<size_t>(data->frame_step);
  for (int i = 0; i < data->streams; ++i) {
    CircularBuffer& fifo = data->buffers[i];
    for (int f = 0; f < data->frames; ++f) {
      const size_t frame = static_cast<size_t>(i) * data->frames + f;
      fifo.Write(input + frame * step, step);
      if (fifo.Available() >= size) {
        fifo.Get(size, output + frame * size);
        fifo.Discard(step);
      } else {
        valid = false;
        if (data->output_fresh) std::memset(output + frame * size, 0, size * sizeof(int16_t));
      }
    }
  }
  *micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 1)) = valid;
  data->output_fresh = false;
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FRAMER (PLAIN_RESET, "signal_framer/int16/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
