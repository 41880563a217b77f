// `ethos-u` glue (TFLM's custom op "ethos-u", MicroMutableOpResolver::AddEthosU()): the operator Vela puts in
// a model for each part an Arm Ethos-U NPU runs. It hands the command stream and the base address table to
// the driver the platform set with SetEthosUDriver() (mote/ethos_u.h, which describes the tensors). TFLM's
// kernel checks its custom options only at invoke and trusts the tensors; mote checks everything in prepare
// and refuses, before any invoke, a model compiled for an NPU on a build that has no driver for it.
#include <cstddef>
#include <cstdint>

#include "kernels/ethosu/ethosu_reference.h"
#include "kernels/glue/flexbuffer_map.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/ethos_u.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

// Vela's custom options: the FlexBuffers integer CO_TYPE_ETHOSU.
constexpr int32_t kCustomOptionsEthosU = 1;

struct DriverSetting {
  EthosUDriver driver;
  void* user_data;
};
DriverSetting driver_setting = {nullptr, nullptr};

struct OpData {
  DriverSetting driver;  // the one prepare saw
  const uint8_t* command_stream;
  size_t command_stream_bytes;
  int count;  // entries of the base address table
  uint64_t addresses[kEthosUMaxBaseAddresses];
  size_t sizes[kEthosUMaxBaseAddresses];
};

// The base address table's tensor for entry i: input i + 1, then the outputs.
const TfLiteEvalTensor* EntryTensor(const TfLiteContext* context, const TfLiteNode* node, int entry) {
  const int inputs = NumInputs(node);
  return entry + 1 < inputs ? micro::GetEvalInput(context, node, entry + 1)
                            : micro::GetEvalOutput(context, node, entry + 1 - inputs);
}

TfLiteStatus CheckOptions(TfLiteContext* context, const TfLiteNode* node) {
  int32_t co_type = 0;
  const FlexValue root =
      FlexMap::RootScalar(static_cast<const uint8_t*>(node->custom_initial_data), node->custom_initial_data_size);
  if (node->custom_initial_data_size == 0 || !root.ToInt32(&co_type) || co_type != kCustomOptionsEthosU) {
    TF_LITE_KERNEL_LOG(context,
                       "ethos-u: custom options must be the FlexBuffers integer 1 (Vela's CO_TYPE_ETHOSU); the "
                       "operator was not written by Vela");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Every input and output a tensor (the driver gets each one's address), input 0 the command stream.
TfLiteStatus CheckTensors(TfLiteContext* context, TfLiteNode* node, OpData* data) {
  if (NumInputs(node) < 1) {
    TF_LITE_KERNEL_LOG(context, "ethos-u: needs the command stream as input 0 (the node has no inputs)");
    return kTfLiteError;
  }
  for (int i = 0; i < NumInputs(node) + NumOutputs(node); ++i) {
    const bool input = i < NumInputs(node);
    const int tensor = input ? node->inputs->data[i] : node->outputs->data[i - NumInputs(node)];
    if (tensor >= 0) continue;
    TF_LITE_KERNEL_LOG(context, "ethos-u: %s %d is absent (-1); the driver needs a buffer for each",
                       input ? "input" : "output", input ? i : i - NumInputs(node));
    return kTfLiteError;
  }
  ScopedTempTensor stream(context, GetMicroContext(context)->AllocateTempInputTensor(node, 0));
  if (stream == nullptr) return kTfLiteError;
  if (!IsConstantTensor(stream.get()) || stream->bytes == 0) {
    TF_LITE_KERNEL_LOG(context, "ethos-u: input 0 (the command stream) must be a non-empty constant of the model");
    return kTfLiteError;
  }
  data->command_stream = static_cast<const uint8_t*>(stream->data.data);
  data->command_stream_bytes = stream->bytes;
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, node));
  TF_LITE_ENSURE_STATUS(CheckTensors(context, node, data));
  if (driver_setting.driver == nullptr) {
    TF_LITE_KERNEL_LOG(context,
                       "ethos-u: this model was compiled by Vela for an Arm Ethos-U NPU and no NPU driver is "
                       "linked: provide one with mote::SetEthosUDriver() (mote/ethos_u.h) before "
                       "AllocateTensors()");
    return kTfLiteError;
  }
  data->driver = driver_setting;
  data->count = reference::BaseAddressCount(NumInputs(node), NumOutputs(node));
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  for (int i = 0; i < data->count; ++i) {
    const TfLiteEvalTensor* t = EntryTensor(context, node, i);
    const size_t bytes = static_cast<size_t>(ElementCount(*t->dims)) * TfLiteTypeSizeOf(t->type);
    reference::SetBaseAddress(i, t->data.data, bytes, data->addresses, data->sizes);
  }
  const EthosUInvocation run = {data->command_stream, data->command_stream_bytes, data->addresses, data->sizes,
                                data->count};
  const int result = data->driver.driver(run, data->driver.user_data);
  if (result < 0) {
    TF_LITE_KERNEL_LOG(context, "ethos-u: the NPU driver failed (returned %d)", result);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace

void SetEthosUDriver(EthosUDriver driver, void* user_data) { driver_setting = DriverSetting{driver, user_data}; }

#define MOTE_KERNEL_ETHOSU (PLAIN, "ethosu/any/driver", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
