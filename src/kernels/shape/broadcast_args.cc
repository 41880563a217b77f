// BROADCAST_ARGS glue: the broadcast shape of two 1-D shape vectors (INT32 or INT64, both of the output's
// type), as TFLM. The inputs may be runtime tensors (TFLM reads them in invoke); the 1-D output's length is
// the model's. Constant inputs that do not broadcast are refused here (TFLM aborts on them); runtime ones are
// computed without a check, as shape_reference.h says.
#include <cstdint>

#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/shape/shape_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

struct OpData {
  int n1, n2, n_out;
};

// Element i of an INT32/INT64 vector.
int64_t At(const TfLiteTensor* t, int i) {
  return t->type == kTfLiteInt32 ? GetTensorData<int32_t>(t)[i] : GetTensorData<int64_t>(t)[i];
}

bool Readable(const TfLiteTensor* t) { return IsConstantTensor(t) && t->data.raw != nullptr; }

// Constant inputs: every aligned pair equal or with a 1 (compared as int, as the reference reads them).
TfLiteStatus CheckConstantPairs(TfLiteContext* context, const TfLiteTensor* s1, const TfLiteTensor* s2) {
  const int n1 = s1->dims->data[0];
  const int n2 = s2->dims->data[0];
  for (int back = 0; back < n1 && back < n2; ++back) {
    const int a = static_cast<int>(At(s1, n1 - 1 - back));
    const int b = static_cast<int>(At(s2, n2 - 1 - back));
    if (a != b && a != 1 && b != 1) {
      TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: shapes do not broadcast: %d and %d, %d elements from the end", a, b,
                         back + 1);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus CheckTensors(TfLiteContext* context, const TfLiteTensor* s1, const TfLiteTensor* s2,
                          const TfLiteTensor* out) {
  if (s1->type != kTfLiteInt32 && s1->type != kTfLiteInt64) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: type %s is not supported (INT32, INT64)", TfLiteTypeGetName(s1->type));
    return kTfLiteError;
  }
  if (s2->type != s1->type || out->type != s1->type) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: input types %s, %s and output type %s differ",
                       TfLiteTypeGetName(s1->type), TfLiteTypeGetName(s2->type), TfLiteTypeGetName(out->type));
    return kTfLiteError;
  }
  if (s1->dims->size != 1 || s2->dims->size != 1 || out->dims->size != 1) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: inputs and output must be 1-D (ranks %d, %d, %d)", s1->dims->size,
                       s2->dims->size, out->dims->size);
    return kTfLiteError;
  }
  if (Readable(s1) && Readable(s2)) return CheckConstantPairs(context, s1, s2);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: %d inputs and %d outputs given (2 and 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor s1(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor s2(context, micro_context->AllocateTempInputTensor(node, 1));
  ScopedTempTensor out(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (s1 == nullptr || s2 == nullptr || out == nullptr) {
    TF_LITE_KERNEL_LOG(context, "BROADCAST_ARGS: missing input or output tensor");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTensors(context, s1.get(), s2.get(), out.get()));
  OpData* data = static_cast<OpData*>(node->user_data);
  data->n1 = s1->dims->data[0];
  data->n2 = s2->dims->data[0];
  data->n_out = out->dims->data[0];
  ReportKernelVariant(context, "broadcast_args/any/reference");
  return kTfLiteOk;
}

template <typename T>
void Run(const OpData& d, const TfLiteEvalTensor* s1, const TfLiteEvalTensor* s2, TfLiteEvalTensor* out) {
  reference::BroadcastArgs(micro::GetTensorData<T>(s1), d.n1, micro::GetTensorData<T>(s2), d.n2,
                           micro::GetTensorData<T>(out), d.n_out);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& d = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* s1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* s2 = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* out = micro::GetEvalOutput(context, node, 0);
  if (out->type == kTfLiteInt32) {
    Run<int32_t>(d, s1, s2, out);
  } else {
    Run<int64_t>(d, s1, s2, out);
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_BROADCAST_ARGS (PLAIN, "broadcast_args/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
