// SignalStacker glue (TFLM's custom op "SignalStacker", MicroMutableOpResolver::AddStacker()): stacks
// consecutive int16 feature vectors of num_channels values into one of num_channels * (left + right + 1)
// (options num_channels, stacker_left_context, stacker_right_context, stacker_step: ints). Each invoke
// appends its input to a FIFO (the first input after prepare or Reset() left more times, to pad the
// left context); when the FIFO holds a whole stack it is the output and stacker_step vectors are dropped,
// and output 1 (a bool scalar) says whether the output was written this invoke (when not, TFLM leaves it as it
// was: mote too, except that before the first stack it holds zeros, as the tflite-micro package's fresh arena). Reset() empties the FIFO, as
// TFLM's reset does. TFLM trusts the options; mote requires num_channels >= 1, contexts >= 0 and
// 1 <= stacker_step <= left + right + 1 (else TFLM overruns its FIFO or never drops), an input of
// num_channels values and an output of the stack's size.
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

constexpr char kOp[] = "SignalStacker";
constexpr int64_t kMaxStack = 1 << 20;

struct OpData {
  OptionStatus options;
  int32_t num_channels;
  int32_t left_context;
  int32_t right_context;
  int32_t step;
  size_t stack_size;
  bool has_first_frame;
  bool output_fresh;  // no stack written since prepare: the output reads as a fresh arena's zeros
  CircularBuffer* fifo;
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("num_channels", &data->num_channels);
  options.Int("stacker_left_context", &data->left_context);
  options.Int("stacker_right_context", &data->right_context);
  options.Int("stacker_step", &data->step);
  return data;
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  data->fifo->Reset();
  data->has_first_frame = false;
}

TfLiteStatus CheckOptions(TfLiteContext* context, OpData* data) {
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  const int64_t frames = static_cast<int64_t>(data->left_context) + data->right_context + 1;
  const int64_t stack = frames * data->num_channels;
  if (data->num_channels < 1 || data->left_context < 0 || data->right_context < 0 || stack > kMaxStack ||
      data->step < 1 || data->step > frames) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: num_channels %d, contexts %d and %d, step %d: need num_channels >= 1, contexts >= 0, "
                       "1 <= step <= left + right + 1 and a stack of at most %d values",
                       kOp, static_cast<int>(data->num_channels), static_cast<int>(data->left_context),
                       static_cast<int>(data->right_context), static_cast<int>(data->step),
                       static_cast<int>(kMaxStack));
    return kTfLiteError;
  }
  data->stack_size = static_cast<size_t>(stack);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, data));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 2));
  signal::SignalIo io(context, node, 1, 2);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", io.input(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", io.output(0), kTfLiteInt16));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output 1", io.output(1), kTfLiteBool));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "input", io.input(0), 1));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output", io.output(0), 1));
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output 1", io.output(1), 0));
  TF_LITE_ENSURE_STATUS(signal::CheckElementCount(context, kOp, "input", io.input(0), data->num_channels));
  TF_LITE_ENSURE_STATUS(
      signal::CheckElementCount(context, kOp, "output", io.output(0), static_cast<int64_t>(data->stack_size)));
  data->fifo = signal::AllocateFifos(context, 1, data->stack_size);
  if (data->fifo == nullptr) return kTfLiteError;
  data->output_fresh = true;
  Reset(context, data);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  CircularBuffer& fifo = *data->fifo;
  const size_t channels = static_cast<size_t>(data->num_channels);
  fifo.Write(micro::GetTensorData<int16_t>(micro::GetEvalInput(context, node, 0)), channels);
  if (!data->has_first_frame) {
    fifo.Extend(channels, static_cast<size_t>(data->left_context));
    data->has_first_frame = true;
  }
  const bool valid = fifo.Available() >= data->stack_size;
  int16_t* output = micro::GetTensorData<int16_t>(micro::GetEvalOutput(context, node, 0));
  if (valid) {
    fifo.Get(data->stack_size, output);
    fifo.Discard(channels * static_cast<size_t>(data->step));
  } else if (data->output_fresh) {
    std::memset(output, 0, data->stack_size * sizeof(int16_t));
  }
  data->output_fresh = false;
  *micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 1)) = valid;
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_STACKER (PLAIN_RESET, "signal_stacker/int16/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
