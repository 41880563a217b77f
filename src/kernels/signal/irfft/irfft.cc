// SignalIrfft glue (TFLM's custom op "SignalIrfft", MicroMutableOpResolver::AddIrfft(); TFLM's Register_IRFFT()
// and the type-specialised Register_IRFFT_INT16() / _INT32() / _FLOAT()): the inverse real FFT of each row
// of fft_length / 2 + 1 complex values (real and imaginary interleaved) of an int16, int32 or float32 tensor,
// fft_length samples per output row, with KISS FFT's arithmetic (fft/real_fft.h): the integer transforms are
// not divided by fft_length, the float one is (TFLM's float wrapper divides).
// TFLM checks only the ranks and types; mote also requires input rows of exactly 2 * (fft_length / 2 + 1)
// scalars, output rows of exactly fft_length samples, as many rows in both, and a power-of-two fft_length.
#include <type_traits>

#include "kernels/glue/registration.h"
#include "kernels/signal/fft/fft_op_glue.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

using signal::FftOpData;

constexpr char kOp[] = "SignalIrfft";

template <TypeSet kServed>
void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  return signal::InitFftOpData(context, buffer, length);
}

TfLiteStatus CheckShapes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                         FftOpData* data) {
  TF_LITE_ENSURE_STATUS(signal::CheckFftTensors(context, kOp, input, output, data));
  const int32_t bins = data->fft_length / 2 + 1;
  if (signal::InnerDim(input) != 2 * bins || signal::InnerDim(output) != data->fft_length) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: rows of %d inputs and %d samples do not fit fft_length %d (%d inputs: %d complex "
                       "bins, %d samples)",
                       kOp, static_cast<int>(signal::InnerDim(input)), static_cast<int>(signal::InnerDim(output)),
                       static_cast<int>(data->fft_length), static_cast<int>(2 * bins), static_cast<int>(bins),
                       static_cast<int>(data->fft_length));
    return kTfLiteError;
  }
  data->input_stride = 2 * bins;
  data->output_stride = data->fft_length;
  return kTfLiteOk;
}

template <TypeSet kServed>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<FftOpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(signal::PrepareFft(context, kOp, /*inverse=*/true, kServed, data));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 1));
  signal::SignalIo io(context, node, 1, 1);
  TF_LITE_ENSURE(context, io.ok());
  return CheckShapes(context, io.input(0), io.output(0), data);
}

template <typename T>
void EvalType(TfLiteContext* context, TfLiteNode* node, const FftOpData& data) {
  const auto* input =
      reinterpret_cast<const signal::Complex<T>*>(micro::GetTensorData<T>(micro::GetEvalInput(context, node, 0)));
  T* output = micro::GetTensorData<T>(micro::GetEvalOutput(context, node, 0));
  for (int r = 0; r < data.rows; ++r) {
    T* row = output + static_cast<size_t>(r) * data.output_stride;
    signal::RealFftInverse(data.Plan<T>(), input + static_cast<size_t>(r) * (data.input_stride / 2), row);
    // TFLM's float wrapper (irfft_float.cc) divides KISS FFT's result by fft_length; its integer ones do not.
    if constexpr (std::is_same<T, float>::value) {
      for (int i = 0; i < data.fft_length; ++i) row[i] /= static_cast<float>(data.fft_length);
    }
  }
}

template <TypeSet kServed>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const FftOpData*>(node->user_data);
  signal::DispatchFftType<kServed>(data.type, [&](auto zero) { EvalType<decltype(zero)>(context, node, data); });
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_IRFFT (TEMPLATED, "signal_irfft/any/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
