// SignalOverlapAdd glue (TFLM's custom op "SignalOverlapAdd", MicroMutableOpResolver::AddOverlapAdd(); TFLM's
// Register_OVERLAP_ADD() and the type-specialised Register_OVERLAP_ADD_INT16() / _FLOAT()): the inverse of
// the framer. Input [..., n_frames, frame_size] of int16 or float32 (option T, a TensorType, for the generic
// registration; frame_step, an int), output [..., n_frames * frame_step]: each frame is overlap-added into
// its stream's accumulator, which emits frame_step samples per frame (overlap_add_reference.h). State: one
// accumulator per stream, zeroed by prepare and by Reset() (TFLM's reset). TFLM checks the ranks only; mote
// requires 1 <= frame_step <= frame_size (TFLM's memmove would run backwards past the accumulator) and the
// output's size.
#include <cstdint>
#include <cstring>

#include "kernels/glue/custom_options.h"
#include "kernels/glue/registration.h"
#include "kernels/signal/overlap_add/overlap_add_reference.h"
#include "kernels/signal/signal_glue.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalOverlapAdd";
constexpr TypeSet kTypes = TypeBit(kTfLiteInt16) | TypeBit(kTfLiteFloat32);

struct OpData {
  OptionStatus options;
  int32_t type_option;
  int32_t frame_step;
  TfLiteType type;
  int frame_size;
  int frames;   // per stream and invoke
  int streams;
  size_t state_bytes;
  void* state;  // streams accumulators of frame_size samples
};

template <TypeSet kServed>
void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  CustomOptions options(buffer, length, &data->options);
  options.Int("T", &data->type_option);
  options.Int("frame_step", &data->frame_step);
  return data;
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  std::memset(data->state, 0, data->state_bytes);
}

TfLiteStatus CheckTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                          OpData* data) {
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "input", input, data->type));
  TF_LITE_ENSURE_STATUS(signal::CheckType(context, kOp, "output", output, data->type));
  const int rank = NumDimensions(input);
  if (rank < 2) return signal::CheckRank(context, kOp, "input", input, 2);
  TF_LITE_ENSURE_STATUS(signal::CheckRank(context, kOp, "output", output, rank - 1));
  data->frame_size = input->dims->data[rank - 1];
  data->frames = input->dims->data[rank - 2];
  if (data->frame_step < 1 || data->frame_step > data->frame_size) {
    TF_LITE_KERNEL_LOG(context, "%s: frame_step is %d (must be 1 to the frame size %d)", kOp,
                       static_cast<int>(data->frame_step), data->frame_size);
    return kTfLiteError;
  }
  const int64_t streams = signal::OuterCount(input) / data->frames;
  data->streams = static_cast<int>(streams);
  return signal::CheckElementCount(context, kOp, "output", output, streams * data->frames * data->frame_step);
}

template <TypeSet kServed>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(data->options.Report(context, kOp));
  TF_LITE_ENSURE_STATUS(signal::ResolveTypeOption(context, kOp, kServed, data->type_option, kTypes, &data->type));
  TF_LITE_ENSURE_STATUS(signal::CheckIoCounts(context, kOp, node, 1, 1));
  signal::SignalIo io(context, node, 1, 1);
  TF_LITE_ENSURE(context, io.ok());
  TF_LITE_ENSURE_STATUS(CheckTensors(context, io.input(0), io.output(0), data));
  data->state_bytes = TfLiteTypeSizeOf(data->type) * static_cast<size_t>(data->streams) * data->frame_size;
  data->state = context->AllocatePersistentBuffer(context, data->state_bytes > 0 ? data->state_bytes : 1);
  if (data->state == nullptr) return kTfLiteError;
  Reset(context, data);
  return kTfLiteOk;
}

template <typename T>
void EvalType(TfLiteContext* context, TfLiteNode* node, const OpData& data) {
  const T* input = micro::GetTensorData<T>(micro::GetEvalInput(context, node, 0));
  T* output = micro::GetTensorData<T>(micro::GetEvalOutput(context, node, 0));
  for (int s = 0; s < data.streams; ++s) {
    T* accumulator = static_cast<T*>(data.state) + static_cast<size_t>(s) * data.frame_size;
    for (int f = 0; f < data.frames; ++f) {
      const size_t frame = static_cast<size_t>(s) * data.frames + f;
      reference::OverlapAdd(input + frame * data.frame_size, accumulator, data.frame_size,
                            output + frame * data.frame_step, static_cast<int>(data.frame_step));
    }
  }
}

template <TypeSet kServed>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto& data = *static_cast<const OpData*>(node->user_data);
  if constexpr (Serves(kServed, kTfLiteInt16)) {
    if (data.type == kTfLiteInt16) EvalType<int16_t>(context, node, data);
  }
  if constexpr (Serves(kServed, kTfLiteFloat32)) {
    if (data.type == kTfLiteFloat32) EvalType<float>(context, node, data);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_OVERLAP_ADD (TEMPLATED_RESET, "signal_overlap_add/any/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
