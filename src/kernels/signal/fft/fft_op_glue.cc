#include "kernels/signal/fft/fft_op_glue.h"

#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace signal {
namespace {

constexpr TypeSet kFftTypes = TypeBit(kTfLiteInt16) | TypeBit(kTfLiteInt32) | TypeBit(kTfLiteFloat32);

template <typename T>
TfLiteStatus MakePlan(TfLiteContext* context, bool inverse, FftOpData* data, RealFftPlan<T>* plan) {
  void* memory = context->AllocatePersistentBuffer(context, RealFftStateBytes<T>(data->fft_length));
  if (memory == nullptr) return kTfLiteError;
  *plan = InitRealFft<T>(data->fft_length, inverse, memory);
  return kTfLiteOk;
}

}  // namespace

void* InitFftOpData(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<FftOpData*>(context->AllocatePersistentBuffer(context, sizeof(FftOpData)));
  if (data == nullptr) return nullptr;
  *data = FftOpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("T", &data->type_option);
  options.Int("fft_length", &data->fft_length);
  return data;
}

TfLiteStatus CheckFftTensors(TfLiteContext* context, const char* op, const TfLiteTensor* input,
                             const TfLiteTensor* output, FftOpData* data) {
  TF_LITE_ENSURE_STATUS(CheckType(context, op, "input", input, data->type));
  TF_LITE_ENSURE_STATUS(CheckType(context, op, "output", output, data->type));
  if (NumDimensions(input) < 1 || NumDimensions(input) != NumDimensions(output)) {
    TF_LITE_KERNEL_LOG(context, "%s: input and output have ranks %d and %d (must be equal, at least 1)", op,
                       NumDimensions(input), NumDimensions(output));
    return kTfLiteError;
  }
  if (OuterCount(input) != OuterCount(output)) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %lld rows, output %lld (must be equal)", op,
                       static_cast<long long>(OuterCount(input)), static_cast<long long>(OuterCount(output)));
    return kTfLiteError;
  }
  data->rows = static_cast<int>(OuterCount(input));
  return kTfLiteOk;
}

size_t FftScalarBytes(TfLiteType type) { return type == kTfLiteInt16 ? sizeof(int16_t) : sizeof(int32_t); }

TfLiteStatus PrepareFft(TfLiteContext* context, const char* op, bool inverse, TypeSet served, FftOpData* data) {
  TF_LITE_ENSURE_STATUS(data->options.Report(context, op));
  TF_LITE_ENSURE_STATUS(ResolveTypeOption(context, op, served, data->type_option, kFftTypes, &data->type));
  if (!IsSupportedFftLength(data->fft_length)) {
    TF_LITE_KERNEL_LOG(context, "%s: fft_length is %d (must be a power of two from 4 to %d)", op,
                       static_cast<int>(data->fft_length), static_cast<int>(kMaxFftLength));
    return kTfLiteError;
  }
  switch (data->type) {
    case kTfLiteInt16:
      return MakePlan(context, inverse, data, &data->plan.int16);
    case kTfLiteInt32:
      return MakePlan(context, inverse, data, &data->plan.int32);
    default:
      return MakePlan(context, inverse, data, &data->plan.float32);
  }
}

}  // namespace signal
}  // namespace mote
