#include "support/test_ops.h"

#include <cstring>

#include "mote/kernel_util.h"

namespace mote {
namespace test {

OpEvents& Events() {
  static OpEvents events;
  return events;
}

namespace {
struct OpData {
  int tag;
  int scratch_index;
};

std::string Tagged(const char* what, int tag) { return std::string(what) + ":" + std::to_string(tag); }

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  if (length > 1) {
    Events().log.push_back("init:malformed");
    return nullptr;
  }
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  data->tag = length > 0 ? static_cast<unsigned char>(buffer[0]) : 0;
  data->scratch_index = -1;
  Events().log.push_back(Tagged("init", data->tag));
  if (Events().init_extra_tag == data->tag &&
      context->AllocatePersistentBuffer(context, Events().init_extra_bytes) == nullptr) {
    return nullptr;
  }
  return data;
}
void Free(TfLiteContext*, void* buffer) {
  Events().log.push_back(buffer == nullptr ? "free:null" : Tagged("free", static_cast<OpData*>(buffer)->tag));
}
void Reset(TfLiteContext*, void* buffer) {
  Events().log.push_back(Tagged("reset", static_cast<OpData*>(buffer)->tag));
}
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  if (data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "AddOne: malformed custom options (at most 1 byte, the tag)");
    return kTfLiteError;
  }
  Events().log.push_back(Tagged("prepare", data->tag));
  if (Events().fail_prepare_tag == data->tag) {
    TF_LITE_KERNEL_LOG(context, "AddOne: refusing to prepare (tag %d)", data->tag);
    return kTfLiteError;
  }
  MicroContext* mc = GetMicroContext(context);
  TfLiteTensor* in = mc->AllocateTempInputTensor(node, 0);
  TfLiteTensor* out = mc->AllocateTempOutputTensor(node, 0);
  TF_LITE_ENSURE(context, in != nullptr && out != nullptr);
  TF_LITE_ENSURE_TYPES_EQ(context, in->type, kTfLiteFloat32);
  TF_LITE_ENSURE_EQ(context, in->bytes, out->bytes);
  mc->DeallocateTempTfLiteTensor(in);
  mc->DeallocateTempTfLiteTensor(out);
  if (Events().scratch_bytes > 0)
    TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, Events().scratch_bytes, &data->scratch_index));
  ReportKernelVariant(context, "add_one/float32/test");
  return kTfLiteOk;
}
TfLiteStatus Invoke(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  Events().log.push_back(Tagged("invoke", data->tag));
  if (Events().fail_invoke_tag == data->tag) {
    TF_LITE_KERNEL_LOG(context, "AddOne: refusing to invoke (tag %d)", data->tag);
    return kTfLiteError;
  }
  const TfLiteEvalTensor* in = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* out = micro::GetEvalOutput(context, node, 0);
  const int n = static_cast<int>(ElementCount(*in->dims));
  for (int i = 0; i < n; ++i) out->data.f[i] = in->data.f[i] + 1.f;
  if (data->scratch_index >= 0) {
    void* scratch = context->GetScratchBuffer(context, data->scratch_index);
    Events().scratch_seen.push_back(scratch);
    if (scratch != nullptr) std::memset(scratch, data->tag, Events().scratch_bytes);
  }
  return kTfLiteOk;
}
}  // namespace

TfLiteRegistration AddOneRegistration() { return micro::RegisterOp(Init, Prepare, Invoke, Free, Reset); }

}  // namespace test
}  // namespace mote
