// SignalRfft glue (TFLM's custom op "SignalRfft", MicroMutableOpResolver::AddRfft(); TFLM's Register_RFFT()
// and the type-specialised Register_RFFT_INT16() / _INT32() / _FLOAT()): the real FFT of each row (the last
// dimension) of an int16, int32 or float32 tensor, zero-padded to fft_length, as fft_length / 2 + 1 complex
// values (real and imaginary interleaved) per output row. The arithmetic is KISS FFT's (fft/real_fft.h).
// TFLM checks only the ranks and types; mote also requires what the transform reads and writes to fit:
// rows of at most fft_length samples, output rows of exactly 2 * (fft_length / 2 + 1) scalars, as many rows
// in the output as in the input, and a power-of-two fft_length.
#include <cstring>

#include "kernels/glue/registration.h"
#include "kernels/signal/fft/fft_op_glue.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

using signal::FftOpData;

constexpr char kOp[] = "SignalRfft";

template <TypeSet kServed>
void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return signal::InitFftOpData(context, buffer, length);
}

TfLiteStatus CheckShapes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                         FftOpData* data) {
  TF_LITE_ENSURE_STATUS(signal::CheckFftTensors(context, kOp, input, output, data));
  const int32_t samples = signal::InnerDim(input);
  const int32_t bins = data->fft_length / 2 + 1;
  if (samples > data->fft_length || signal::InnerDim(output) != 2 * bins) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: rows of %d samples and %d outputs do not fit fft_length %d (at most %d samples, %d "
                       "outputs: %d complex bins)",
                       kOp, static_cast<int>(samples), static_cast<int>(signal::InnerDim(output)),
                       static_cast<int>(data->fft_length), static_cast<int>(data->fft_length),
                       static_cast<int>(2 * bins), static_cast<int>(bins));
    return kTfLiteError;
  }
  data->input_stride = samples;
  data->output_stride = 2 * bins;
  return kTfLiteOk;
}

template <TypeSet kServed>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<FftOpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(signal::PrepareFft(context, kOp, /*inverse=*/false, kServed, data));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 1));
  signal::SignalIo io(context, node, 1, 1);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(CheckShapes(context, io.input(0), io.output(0), data));
  return context->RequestScratchBufferInArena(
      context, signal::FftScalarBytes(data->type) * static_cast<size_t>(data->fft_length), &data->scratch_index);
}

template <typename T>
void EvalType(TfLiteContext* context, TfLiteNode* node, const FftOpData& data) {
  const T* input = micro::GetTensorData<T>(micro::GetEvalInput(context, node, 0));
  auto* output = reinterpret_cast<signal::Complex<T>*>(micro::GetTensorData<T>(micro::GetEvalOutput(context, node, 0)));
  T* row = static_cast<T*>(context->GetScratchBuffer(context, data.scratch_index));
  const size_t copied = sizeof(T) * static_cast<size_t>(data.input_stride);
  std::memset(row, 0, sizeof(T) * static_cast<size_t>(data.fft_length));
  for (int r = 0; r < data.rows; ++r) {
    std::memcpy(row, input + static_cast<size_t>(r) * data.input_stride, copied);
    signal::RealFft(data.Plan<T>(), row, output + static_cast<size_t>(r) * (data.output_stride / 2));
  }
}

template <TypeSet kServed>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const FftOpData*>(node->user_data);
  signal::DispatchFftType<kServed>(data.type, [&](auto zero) { EvalType<decltype(zero)>(context, node, data); });
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_RFFT (TEMPLATED, "signal_rfft/any/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
