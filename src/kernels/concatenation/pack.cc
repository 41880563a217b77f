// PACK glue: values_count inputs of one shape stacked along a new `axis` dimension of the output; types as
// TFLM's kernel: FLOAT32, INT8, INT16, INT32, INT64. It is CONCATENATION's interleaving of equal chunks
// (concatenation_reference.h). TFLM's kernel has no prepare and trusts values_count and the shapes; mote asks
// values_count to be the input count and every shape to fit.
#include <cstddef>
#include <cstdint>

#include "kernels/concatenation/concatenation_reference.h"
#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

struct OpData {
  int num_inputs;
  int outer_size;
  size_t* chunk_bytes;  // per input, all equal (the layout concatenation_reference.h takes)
};

bool Supported(TfLiteType t) {
  return t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32 || t == kTfLiteInt64;
}

// The output shape is input 0's with values_count inserted at axis.
bool IsStacked(const TfLiteIntArray* in, int axis, int count, const TfLiteIntArray* out) {
  if (out->size != in->size + 1 || out->data[axis] != count) return false;
  for (int d = 0; d < in->size; ++d) {
    if (out->data[d < axis ? d : d + 1] != in->data[d]) return false;
  }
  return true;
}

// Every input of the output's type and input 0's shape (`first` is input 0).
TfLiteStatus CheckInputs(TfLiteContext* context, TfLiteNode* node, const TfLiteTensor* first,
                         const TfLiteTensor* output) {
  MicroContext* micro_context = GetMicroContext(context);
  for (int i = 0; i < NumInputs(node); ++i) {
    ScopedTempTensor other(context, i == 0 ? nullptr : micro_context->AllocateTempInputTensor(node, i));
    const TfLiteTensor* input = i == 0 ? first : other.get();
    if (input == nullptr) {
      TF_LITE_KERNEL_LOG(context, "PACK: input %d is missing", i);
      return kTfLiteError;
    }
    if (input->type != output->type) {
      TF_LITE_KERNEL_LOG(context, "PACK: input %d type %s differs from the output type %s", i,
                         TfLiteTypeGetName(input->type), TfLiteTypeGetName(output->type));
      return kTfLiteError;
    }
    if (!TfLiteIntArrayEqual(input->dims, first->dims)) {
      TF_LITE_KERNEL_LOG(context, "PACK: input %d's shape differs from input 0's", i);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareLayout(TfLiteContext* context, TfLiteNode* node, const TfLiteTensor* output, OpData* data) {
  const auto* params = static_cast<const TfLitePackParams*>(node->builtin_data);
  const int n = NumInputs(node);
  if (params->values_count != n) {
    TF_LITE_KERNEL_LOG(context, "PACK: values_count is %d but %d inputs are given", params->values_count, n);
    return kTfLiteError;
  }
  ScopedTempTensor first(context, GetMicroContext(context)->AllocateTempInputTensor(node, 0));
  TF_LITE_ENSURE_STATUS(CheckInputs(context, node, first.get(), output));
  const TfLiteIntArray* in = first->dims;
  int axis = 0;
  TF_LITE_ENSURE_STATUS(ResolveAxis(context, "PACK", params->axis, in->size + 1, output->dims->size, &axis));
  if (!IsStacked(in, axis, n, output->dims)) {
    TF_LITE_KERNEL_LOG(context, "PACK: the output shape is not the input shape with %d inserted at %d", n, axis);
    return kTfLiteError;
  }
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d) outer *= in->data[d];
  const size_t chunk =
      static_cast<size_t>(ElementCount(*in) / (outer == 0 ? 1 : outer)) * TfLiteTypeSizeOf(output->type);
  data->chunk_bytes = static_cast<size_t*>(context->AllocatePersistentBuffer(context, sizeof(size_t) * n));
  if (data->chunk_bytes == nullptr) return kTfLiteError;
  for (int i = 0; i < n; ++i) data->chunk_bytes[i] = outer == 0 ? 0 : chunk;
  data->num_inputs = n;
  data->outer_size = static_cast<int>(outer);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) < 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "PACK: %d inputs and %d outputs given (at least 1; 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  ScopedTempTensor output(context, GetMicroContext(context)->AllocateTempOutputTensor(node, 0));
  if (output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "PACK: output tensor is missing");
    return kTfLiteError;
  }
  if (!Supported(output->type)) {
    TF_LITE_KERNEL_LOG(context, "PACK: type %s is not supported (FLOAT32, INT8, INT16, INT32, INT64)",
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareLayout(context, node, output.get(), static_cast<OpData*>(node->user_data)));
  ReportKernelVariant(context, "pack/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData* data = static_cast<const OpData*>(node->user_data);
  auto input_data = [context, node](int i) -> const void* {
    return micro::GetEvalInput(context, node, i)->data.raw_const;
  };
  reference::Concatenation(data->num_inputs, input_data, data->chunk_bytes, data->outer_size,
                           reinterpret_cast<uint8_t*>(micro::GetEvalOutput(context, node, 0)->data.raw));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_PACK (PLAIN, "pack/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParsePack(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLitePackParams>(allocator, "PACK");
  if (params == nullptr) return kTfLiteError;
  const schema::PackOptions* options = op->builtin_options_as_PackOptions();
  if (options != nullptr) {
    params->values_count = options->values_count();
    params->axis = options->axis();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
