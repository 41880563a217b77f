// SHAPE glue: the input's dimensions into a 1-D INT32 output of exactly rank elements (TFLM writes INT32
// only, refusing others in invoke, and writes past a shorter output: both refused in prepare here). On a
// KernelRunner's tensors (MicroContext::TensorsFromModel() false: the caller's buffers, whose declared shape TFLM
// does not check; TFLM's shape_test declares [1, 1] for a rank-2 input's shape) any output shape is taken and
// the first min(rank, output elements) dimensions are written, never past the declared output. The input may
// be of any type; its data is never read. The out_type option is parsed as TFLM does and not used (the output
// tensor's type decides, as in TFLM).
#include <cstdint>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/shape/shape_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

struct OpData {
  int count;  // dimensions written: the rank (a model's output), or fewer (a KernelRunner's shorter one)
  int dims[RuntimeShape::kMaxDims];
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "SHAPE: %d inputs and %d outputs given (1 and 1)", NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SHAPE: missing input or output tensor");
    return kTfLiteError;
  }
  if (output->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "SHAPE: output type %s is not supported (INT32, as TFLM)",
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  const int rank = input->dims->size;
  int count = rank;
  if (micro_context->TensorsFromModel()) {
    if (output->dims->size != 1 || output->dims->data[0] != rank) {
      TF_LITE_KERNEL_LOG(context, "SHAPE: the output must be 1-D with %d elements (the input's rank)", rank);
      return kTfLiteError;
    }
  } else if (ElementCount(*output->dims) < rank) {
    count = static_cast<int>(ElementCount(*output->dims));
  }
  if (rank > RuntimeShape::kMaxDims) {
    TF_LITE_KERNEL_LOG(context, "SHAPE: input has rank %d (at most %d)", rank, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  OpData* data = static_cast<OpData*>(node->user_data);
  data->count = count;
  for (int d = 0; d < rank; ++d) data->dims[d] = input->dims->data[d];
  ReportKernelVariant(context, "shape/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData* data = static_cast<const OpData*>(node->user_data);
  reference::Shape(data->dims, data->count, micro::GetTensorData<int32_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SHAPE (PLAIN, "shape/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseShape(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteShapeParams>(allocator, "SHAPE");
  if (params == nullptr) return kTfLiteError;
  const schema::ShapeOptions* options = op->builtin_options_as_ShapeOptions();
  if (options != nullptr) {
    params->out_type = TensorTypeToTfLiteType(options->out_type());
    if (params->out_type == kTfLiteNoType) {
      MicroPrintf("SHAPE: out_type %d is not a TensorType mote knows", static_cast<int>(options->out_type()));
      return kTfLiteError;
    }
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
