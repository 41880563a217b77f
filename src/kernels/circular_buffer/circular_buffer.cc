// CIRCULAR_BUFFER glue (TFLM's custom op "CIRCULAR_BUFFER", MicroMutableOpResolver::AddCircularBuffer()): the
// strided streaming op. Input [batch, 1, height, depth] int8, output [batch, slots, height, depth]: every
// invoke appends the input's frame to the frames the output holds (circular_buffer_reference.h), so the
// output IS the op's state and must keep its bytes between invokes (a variable tensor, or a graph output).
// Then it counts down a period of cycles_max invokes, so that the layers after it run at the stride: on all
// but every cycles_max-th invoke it returns kTfLiteAbort (mote/micro_context.h), which ends Invoke() early
// without an error, or, when the node has the optional second output (a bool with one element), it returns
// kTfLiteOk and writes that output: true on the invokes that complete a period, false on the others. Reset()
// restarts the period (the frames, a variable, go back to the zero point). This is the TFLM the oracle runs.
//
// Custom options: a FlexBuffers map whose first value in key order is cycles_max (TFLM reads the slot by
// index). Without options, or with cycles_max <= 0, TFLM picks the period from the output's shape with a rule
// for the two streaming models it shipped (CyclesWithoutOptions).
//
// TFLM does not check ranks (it reads four dimensions of each tensor) and reads malformed options past their
// end; mote refuses both in prepare.
#include <cstddef>
#include <cstdint>

#include "kernels/circular_buffer/circular_buffer_reference.h"
#include "kernels/glue/flexbuffer_map.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

// What init found wrong with the custom options (init cannot report; prepare does).
enum class Options { kOk, kNotAMap, kEmptyMap, kNotAnInteger };

struct OpData {
  Options options;
  int cycles_max;
  int cycles_until_run;
  int slots;
  int depth;  // int8 values per frame
  bool signals_with_output;  // the node has the bool output: it says whether a period completed
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData{Options::kOk, 0, 0, 0, 0, false};
  if (buffer == nullptr || length == 0) return data;
  FlexMap map;
  int64_t value = 0;
  if (!map.Init(reinterpret_cast<const uint8_t*>(buffer), length)) {
    data->options = Options::kNotAMap;
  } else if (map.size() == 0) {
    data->options = Options::kEmptyMap;
  } else if (!map.SlotIntAt(0, &value)) {
    data->options = Options::kNotAnInteger;
  } else {
    data->cycles_max = static_cast<int32_t>(value);  // TFLM's ElementAsInt32 truncates the same way
  }
  return data;
}

TfLiteStatus CheckOptions(TfLiteContext* context, Options options) {
  switch (options) {
    case Options::kOk:
      return kTfLiteOk;
    case Options::kNotAMap:
      TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: custom options are not a FlexBuffers map ({\"cycles_max\": n})");
      break;
    case Options::kEmptyMap:
      TF_LITE_KERNEL_LOG(context,
                         "CIRCULAR_BUFFER: custom options are an empty map (TFLM reads cycles_max as its first value)");
      break;
    case Options::kNotAnInteger:
      TF_LITE_KERNEL_LOG(context,
                         "CIRCULAR_BUFFER: custom options: the first value (cycles_max) is not an integer stored in "
                         "its slot");
      break;
  }
  return kTfLiteError;
}

// TFLM's period for a node whose cycles_max is missing or <= 0, written for its two streaming models: 1 when the
// output holds 5, 13 or 25 slots, or when the output is [.., 2, 96] on the fifth such prepare since the count
// last restarted; 2 otherwise. The count is TFLM's: one for the whole program, across interpreters.
int CyclesWithoutOptions(const TfLiteIntArray* output_dims) {
  static int prepares_without_cycles = 0;
  ++prepares_without_cycles;
  const int slots = output_dims->data[1];
  if (slots == 5 || slots == 13 || slots == 25 ||
      (prepares_without_cycles == 5 && output_dims->data[2] == 2 && output_dims->data[3] == 96)) {
    prepares_without_cycles = 0;
    return 1;
  }
  return 2;
}

TfLiteStatus CheckShapes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output) {
  if (NumDimensions(input) != 4 || NumDimensions(output) != 4) {
    TF_LITE_KERNEL_LOG(context,
                       "CIRCULAR_BUFFER: input rank %d, output rank %d; both must be 4 ([batch, 1, height, depth] "
                       "and [batch, slots, height, depth])",
                       NumDimensions(input), NumDimensions(output));
    return kTfLiteError;
  }
  const int* in = input->dims->data;
  const int* out = output->dims->data;
  if (in[0] != out[0] || in[1] != 1 || in[2] != out[2] || in[3] != out[3]) {
    TF_LITE_KERNEL_LOG(context,
                       "CIRCULAR_BUFFER: input [%d, %d, %d, %d] does not fit output [%d, %d, %d, %d] (input "
                       "[batch, 1, height, depth], output [batch, slots, height, depth])",
                       in[0], in[1], in[2], in[3], out[0], out[1], out[2], out[3]);
    return kTfLiteError;
  }
  if (out[1] == 0 && out[2] * out[3] != 0) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: the output holds 0 slots (TFLM's kernel would move -%d bytes)",
                       out[2] * out[3]);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output) {
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: input type %s and output type %s differ",
                       TfLiteTypeGetName(input->type), TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (input->type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: type %s is not supported (int8 only, as TFLM)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The optional second output: whether the invoke completed a period.
TfLiteStatus CheckValidOutput(TfLiteContext* context, TfLiteNode* node) {
  if (NumOutputs(node) == 1) return kTfLiteOk;
  ScopedTempTensor valid(context, GetMicroContext(context)->AllocateTempOutputTensor(node, 1));
  if (valid == nullptr) return kTfLiteError;
  const int64_t count = ElementCount(*valid->dims);
  if (valid->type != kTfLiteBool || count != 1) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: output 1 must be a bool with one element (it is %s with %lld)",
                       TfLiteTypeGetName(valid->type), static_cast<long long>(count));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, data->options));
  if (NumInputs(node) != 1 || (NumOutputs(node) != 1 && NumOutputs(node) != 2)) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: %d inputs and %d outputs; expected 1 input and 1 or 2 outputs",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr) {
    TF_LITE_KERNEL_LOG(context, "CIRCULAR_BUFFER: the input is absent (-1)");
    return kTfLiteError;
  }
  if (output == nullptr) return kTfLiteError;
  TF_LITE_ENSURE_STATUS(CheckShapes(context, input.get(), output.get()));
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input.get(), output.get()));
  TF_LITE_ENSURE_STATUS(CheckValidOutput(context, node));
  if (data->cycles_max <= 0) data->cycles_max = CyclesWithoutOptions(output->dims);
  data->cycles_until_run = data->cycles_max;
  data->slots = output->dims->data[1];
  data->depth = output->dims->data[2] * output->dims->data[3];
  data->signals_with_output = NumOutputs(node) == 2;
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  reference::CircularBufferPush(micro::GetTensorData<int8_t>(micro::GetEvalInput(context, node, 0)), data->slots,
                                data->depth, micro::GetTensorData<int8_t>(micro::GetEvalOutput(context, node, 0)));
  const bool period_complete = --data->cycles_until_run == 0;
  if (period_complete) data->cycles_until_run = data->cycles_max;
  if (data->signals_with_output) {
    *micro::GetTensorData<bool>(micro::GetEvalOutput(context, node, 1)) = period_complete;
    return kTfLiteOk;
  }
  return period_complete ? kTfLiteOk : kTfLiteAbort;
}

void Reset(TfLiteContext* /*context*/, void* buffer) {
  auto* data = static_cast<OpData*>(buffer);
  data->cycles_until_run = data->cycles_max;
}

}  // namespace

#define MOTE_KERNEL_CIRCULAR_BUFFER (PLAIN_RESET, "circular_buffer/int8/reference", Init, Prepare, Eval, Reset)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
