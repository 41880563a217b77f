// SQUEEZE glue: drops size-1 dimensions (those listed in squeeze_dims, or every one when the list is empty);
// the data is the input's bytes (byte_copy_op.h). Any fixed-size type, as TFLM (which refuses strings only).
// The output shape is the model's: TFLM only asks each kept input dimension to fit the output dimension it
// lands on (and aborts when one does not) and the byte counts to match, so mote asks the same.
#include <cstdint>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/reshape/byte_copy_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kMaxSqueezeRank = TFLITE_SQUEEZE_PARAMS_MAX_DIMENSION_COUNT;  // TFLM's limit (8)

// Marks the dimensions the op removes.
TfLiteStatus MarkSqueezed(TfLiteContext* context, const TfLiteSqueezeParams& params, const TfLiteIntArray* dims,
                          bool* squeezed) {
  const int rank = dims->size;
  if (params.num_squeeze_dims == 0) {
    for (int d = 0; d < rank; ++d) squeezed[d] = dims->data[d] == 1;
    return kTfLiteOk;
  }
  for (int i = 0; i < params.num_squeeze_dims; ++i) {
    const int value = params.squeeze_dims[i];
    const int d = value < 0 ? value + rank : value;
    if (d < 0 || d >= rank || dims->data[d] != 1) {
      TF_LITE_KERNEL_LOG(context, "SQUEEZE: squeeze_dims[%d] = %d is not a size-1 dimension of the rank-%d input", i,
                         value, rank);
      return kTfLiteError;
    }
    squeezed[d] = true;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckOutputShape(TfLiteContext* context, const TfLiteIntArray* in, const bool* squeezed,
                              const TfLiteIntArray* out) {
  int o = 0;
  for (int d = 0; d < in->size; ++d) {
    if (squeezed[d]) continue;
    if (o >= out->size) {
      TF_LITE_KERNEL_LOG(context, "SQUEEZE: the output has rank %d, fewer than the input dimensions kept", out->size);
      return kTfLiteError;
    }
    if (out->data[o] < in->data[d]) {
      TF_LITE_KERNEL_LOG(context, "SQUEEZE: output dimension %d is %d, smaller than input dimension %d (%d)", o,
                         out->data[o], d, in->data[d]);
      return kTfLiteError;
    }
    ++o;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "SQUEEZE: %d inputs and %d outputs given (1 and 1)", NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SQUEEZE: missing input or output tensor");
    return kTfLiteError;
  }
  if (input->dims->size > kMaxSqueezeRank) {
    TF_LITE_KERNEL_LOG(context, "SQUEEZE: input has rank %d (at most %d)", input->dims->size, kMaxSqueezeRank);
    return kTfLiteError;
  }
  bool squeezed[kMaxSqueezeRank] = {};
  const auto* params = static_cast<const TfLiteSqueezeParams*>(node->builtin_data);
  TF_LITE_ENSURE_STATUS(MarkSqueezed(context, *params, input->dims, squeezed));
  TF_LITE_ENSURE_STATUS(CheckOutputShape(context, input->dims, squeezed, output->dims));
  TF_LITE_ENSURE_STATUS(PrepareByteCopy(context, "SQUEEZE", kAnyFixedSize, input.get(), output.get(),
                                        static_cast<ByteCopyOpData*>(node->user_data)));
  ReportKernelVariant(context, "squeeze/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SQUEEZE (PLAIN, "squeeze/any/reference", InitOpData<ByteCopyOpData>, Prepare, EvalByteCopy)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSqueeze(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSqueezeParams>(allocator, "SQUEEZE");
  if (params == nullptr) return kTfLiteError;
  const schema::SqueezeOptions* options = op->builtin_options_as_SqueezeOptions();
  if (options != nullptr && options->squeeze_dims() != nullptr) {
    const auto* dims = options->squeeze_dims();
    if (dims->size() > TFLITE_SQUEEZE_PARAMS_MAX_DIMENSION_COUNT) {
      MicroPrintf("SQUEEZE: squeeze_dims option has %u entries (at most %d)", static_cast<unsigned>(dims->size()),
                  TFLITE_SQUEEZE_PARAMS_MAX_DIMENSION_COUNT);
      return kTfLiteError;
    }
    for (flatbuffers::uoffset_t i = 0; i < dims->size(); ++i) params->squeeze_dims[i] = dims->Get(i);
    params->num_squeeze_dims = static_cast<int>(dims->size());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
