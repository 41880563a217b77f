// RESHAPE glue: validation in prepare, a byte copy (or nothing, when the planner aliased input and output) in
// invoke. The output shape is the output tensor's shape from the model; the optional shape input (input 1)
// and the new_shape option are checked against it, not used to compute it (mote never resizes tensors). As
// TFLM's ReshapeOutput, an output declared with one -1 dimension (stretch) or, without a shape input, as [0] for
// a one-element input (legacy scalar) gets its shape computed in prepare, written into a persistent copy of its
// dims (the model's stay as they are) before the memory plan sizes it.
#include <cstdint>

#include "kernels/glue/data_movement.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/reshape/byte_copy_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kShapeTensor = 1;
constexpr int kOutputTensor = 0;

using OpData = ByteCopyOpData;

// Checks a requested shape (from the shape input or the new_shape option; -1 = inferred, at most once)
// against the output tensor's dims.
TfLiteStatus CheckRequestedShape(TfLiteContext* context, const char* what, const int64_t* values, int count,
                                 const TfLiteIntArray* out_dims) {
  if (count != out_dims->size) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: %s has %d dimensions but the output tensor has %d", what, count,
                       out_dims->size);
    return kTfLiteError;
  }
  int inferred = 0;
  for (int i = 0; i < count; ++i) {
    if (values[i] == -1) {
      if (++inferred > 1) {
        TF_LITE_KERNEL_LOG(context, "RESHAPE: %s has more than one -1 (inferred) dimension", what);
        return kTfLiteError;
      }
      continue;
    }
    if (values[i] != out_dims->data[i]) {
      TF_LITE_KERNEL_LOG(context, "RESHAPE: %s dimension %d is %lld but the output tensor's is %d", what, i,
                         static_cast<long long>(values[i]), out_dims->data[i]);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus CheckShapeInput(TfLiteContext* context, const TfLiteTensor* shape, const TfLiteIntArray* out_dims) {
  if (shape->type != kTfLiteInt32 && shape->type != kTfLiteInt64) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: shape input type %s is not supported (INT32, INT64)",
                       TfLiteTypeGetName(shape->type));
    return kTfLiteError;
  }
  if (shape->dims->size > 1) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: shape input must be 1-D, it has %d dimensions", shape->dims->size);
    return kTfLiteError;
  }
  // A runtime shape tensor cannot be checked before invoke; the element-count check still holds.
  if (!IsConstantTensor(shape) || shape->data.raw == nullptr) return kTfLiteOk;
  const int64_t count = ElementCount(*shape->dims);
  if (count > RuntimeShape::kMaxDims) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: shape input has %lld dimensions (at most %d)",
                       static_cast<long long>(count), RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  int64_t values[RuntimeShape::kMaxDims];
  for (int i = 0; i < count; ++i) {
    values[i] = shape->type == kTfLiteInt32 ? GetTensorData<int32_t>(shape)[i] : GetTensorData<int64_t>(shape)[i];
  }
  return CheckRequestedShape(context, "shape input", values, static_cast<int>(count), out_dims);
}

// The output shape TFLM computes over the declared one: [] for the legacy scalar [0], the -1 dimension filled
// in from the input's element count. Leaves a declared shape without -1 as it is.
TfLiteStatus ComputeOutputShape(TfLiteContext* context, TfLiteNode* node, int num_inputs, const TfLiteTensor* input,
                                TfLiteTensor* output) {
  const TfLiteIntArray* dims = output->dims;
  const int64_t input_count = ElementCount(*input->dims);
  if (num_inputs == 1 && dims->size == 1 && dims->data[0] == 0 && input_count == 1) {
    return WriteOutputShape(context, node, kOutputTensor, output, "RESHAPE", nullptr, 0);
  }
  int stretch = -1;
  int64_t known = 1;
  for (int i = 0; i < dims->size; ++i) {
    if (dims->data[i] != -1) {
      known *= dims->data[i];
      continue;
    }
    if (stretch >= 0) {
      TF_LITE_KERNEL_LOG(context, "RESHAPE: the output shape has more than one -1 (inferred) dimension");
      return kTfLiteError;
    }
    stretch = i;
  }
  if (stretch < 0) return kTfLiteOk;
  if (dims->size > RuntimeShape::kMaxDims || known <= 0 || input_count % known != 0) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: no size of the -1 output dimension gives the input's %lld elements",
                       static_cast<long long>(input_count));
    return kTfLiteError;
  }
  int32_t computed[RuntimeShape::kMaxDims];
  for (int i = 0; i < dims->size; ++i) computed[i] = i == stretch ? static_cast<int32_t>(input_count / known) : dims->data[i];
  return WriteOutputShape(context, node, kOutputTensor, output, "RESHAPE", computed, dims->size);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  MicroContext* micro_context = GetMicroContext(context);
  const int num_inputs = NumInputs(node);
  if (num_inputs != 1 && num_inputs != 2) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: %d inputs given (1 or 2: tensor, optional shape)", num_inputs);
    return kTfLiteError;
  }
  if (NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "RESHAPE: %d outputs given (1)", NumOutputs(node));
    return kTfLiteError;
  }
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  TfLiteTensor* shape = num_inputs == 2 ? micro_context->AllocateTempInputTensor(node, kShapeTensor) : nullptr;
  TfLiteStatus status = kTfLiteError;
  const auto* params = static_cast<const TfLiteReshapeParams*>(node->builtin_data);
  OpData* data = static_cast<OpData*>(node->user_data);

  do {
    if (input == nullptr || output == nullptr) {
      TF_LITE_KERNEL_LOG(context, "RESHAPE: missing input or output tensor");
      break;
    }
    if (ComputeOutputShape(context, node, num_inputs, input, output) != kTfLiteOk) break;
    if (PrepareByteCopy(context, "RESHAPE", kAnyFixedSize, input, output, data) != kTfLiteOk) break;
    if (shape != nullptr) {
      if (CheckShapeInput(context, shape, output->dims) != kTfLiteOk) break;
    } else if (params != nullptr && params->num_dimensions > 0) {
      int64_t values[TFLITE_RESHAPE_PARAMS_MAX_DIMENSION_COUNT];
      for (int i = 0; i < params->num_dimensions; ++i) values[i] = params->shape[i];
      if (CheckRequestedShape(context, "new_shape option", values, params->num_dimensions, output->dims) !=
          kTfLiteOk) {
        break;
      }
    }
    ReportKernelVariant(context, "reshape/any/reference");
    status = kTfLiteOk;
  } while (false);

  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  if (shape != nullptr) micro_context->DeallocateTempTfLiteTensor(shape);
  return status;
}

}  // namespace

#define MOTE_KERNEL_RESHAPE (PLAIN, "reshape/any/reference", InitOpData<OpData>, Prepare, EvalByteCopy)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseReshape(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteReshapeParams>(allocator, "RESHAPE");
  if (params == nullptr) return kTfLiteError;
  const schema::ReshapeOptions* options = op->builtin_options_as_ReshapeOptions();
  if (options != nullptr && options->new_shape() != nullptr) {
    const auto* new_shape = options->new_shape();
    if (new_shape->size() > TFLITE_RESHAPE_PARAMS_MAX_DIMENSION_COUNT) {
      MicroPrintf("RESHAPE: new_shape option has %u dimensions (at most %d)", static_cast<unsigned>(new_shape->size()),
                  TFLITE_RESHAPE_PARAMS_MAX_DIMENSION_COUNT);
      return kTfLiteError;
    }
    for (flatbuffers::uoffset_t i = 0; i < new_shape->size(); ++i) params->shape[i] = new_shape->Get(i);
    params->num_dimensions = static_cast<int>(new_shape->size());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
