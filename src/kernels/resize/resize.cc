// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR glue (one prepare, two registrations, two parsers).
//
// Inputs: 0 the NHWC image, 1 size, a constant INT32 [2] tensor (new height, new width), as TFLM requires.
// Output: the input's type, [batch, size[0], size[1], depth] (mote never resizes tensors, so the model must
// carry that shape). Types as TFLM: RESIZE_BILINEAR float32 and int8 (TFLM refuses int16 in invoke, so mote
// refuses it in prepare), RESIZE_NEAREST_NEIGHBOR float32, int8 and int16. Quantized tensors are not
// requantized (TFLM never reads their quantization). Sizes TFLM would read past the input for (empty input,
// zero output size, extreme upsampling in bilinear arithmetic) are refused.
#include <cstdint>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/resize/resize_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kSizeTensor = 1;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::ResizeParams params;
};

enum class ResizeKind { kBilinear, kNearest };

TfLiteStatus CheckType(TfLiteContext* context, ResizeKind kind, const char* op_name, const TfLiteTensor* input,
                       const TfLiteTensor* output) {
  const TfLiteType type = input->type;
  const bool supported = type == kTfLiteFloat32 || type == kTfLiteInt8 ||
                         (kind == ResizeKind::kNearest && type == kTfLiteInt16);
  if (!supported) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (%s)", op_name, TfLiteTypeGetName(type),
                       kind == ResizeKind::kNearest ? "FLOAT32, INT8, INT16" : "FLOAT32, INT8");
    return kTfLiteError;
  }
  if (output->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from the input type %s", op_name,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The size tensor: constant INT32 with two positive values; *height and *width receive them.
TfLiteStatus ReadSize(TfLiteContext* context, const char* op_name, const TfLiteTensor* size, int32_t* height,
                      int32_t* width) {
  if (size->type != kTfLiteInt32 || size->dims->size != 1 || size->dims->data[0] != 2) {
    TF_LITE_KERNEL_LOG(context, "%s: size must be an INT32 tensor of shape [2] (new height, new width)", op_name);
    return kTfLiteError;
  }
  if (!IsConstantTensor(size) || size->data.raw == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: the size tensor must be constant", op_name);
    return kTfLiteError;
  }
  *height = GetTensorData<int32_t>(size)[0];
  *width = GetTensorData<int32_t>(size)[1];
  if (*height < 1 || *width < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: size %d x %d must be positive", op_name, static_cast<int>(*height),
                       static_cast<int>(*width));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus CheckShapes(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                         const TfLiteTensor* output, int32_t height, int32_t width) {
  if (input->dims->size != 4 || output->dims->size != 4) {
    TF_LITE_KERNEL_LOG(context, "%s: input and output must be 4-D NHWC (got %d-D and %d-D)", op_name,
                       input->dims->size, output->dims->size);
    return kTfLiteError;
  }
  const int* in = input->dims->data;
  const int* out = output->dims->data;
  if (in[1] < 1 || in[2] < 1) {
    TF_LITE_KERNEL_LOG(context, "%s: input height and width must be >= 1 (got %d x %d)", op_name, in[1], in[2]);
    return kTfLiteError;
  }
  if (out[0] != in[0] || out[1] != height || out[2] != width || out[3] != in[3]) {
    TF_LITE_KERNEL_LOG(context, "%s: output shape [%d, %d, %d, %d] does not match the computed [%d, %d, %d, %d]",
                       op_name, out[0], out[1], out[2], out[3], in[0], static_cast<int>(height),
                       static_cast<int>(width), in[3]);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Bilinear only: TFLM's own precondition, and every input neighbour inside the input (the 10-bit scale of the
// int8 path also keeps 1024 * input size in int32).
TfLiteStatus CheckBilinear(TfLiteContext* context, const reference::ResizeParams& params, const TfLiteTensor* input,
                           int32_t height, int32_t width) {
  if (params.align_corners && params.half_pixel_centers) {
    TF_LITE_KERNEL_LOG(context, "RESIZE_BILINEAR: half_pixel_centers and align_corners cannot both be true");
    return kTfLiteError;
  }
  const bool integer = input->type != kTfLiteFloat32;
  const int32_t in_h = input->dims->data[1];
  const int32_t in_w = input->dims->data[2];
  constexpr int32_t kMaxIntegerInput = (1 << 20) - 1;
  if (integer && (in_h > kMaxIntegerInput || in_w > kMaxIntegerInput)) {
    TF_LITE_KERNEL_LOG(context, "RESIZE_BILINEAR: a %d x %d input is too large for the int8 arithmetic",
                       static_cast<int>(in_h), static_cast<int>(in_w));
    return kTfLiteError;
  }
  if (reference::ResizeBilinearLastLowerBound(params, integer, in_h, height) > in_h - 1 ||
      reference::ResizeBilinearLastLowerBound(params, integer, in_w, width) > in_w - 1) {
    TF_LITE_KERNEL_LOG(context, "RESIZE_BILINEAR: resizing %d x %d to %d x %d samples outside the input",
                       static_cast<int>(in_h), static_cast<int>(in_w), static_cast<int>(height),
                       static_cast<int>(width));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

template <ResizeKind kKind>
TfLiteStatus PrepareTensors(TfLiteContext* context, const char* op_name, const TfLiteTensor* input,
                            const TfLiteTensor* size, const TfLiteTensor* output, OpData* data) {
  TF_LITE_ENSURE_STATUS(CheckType(context, kKind, op_name, input, output));
  int32_t height = 0;
  int32_t width = 0;
  TF_LITE_ENSURE_STATUS(ReadSize(context, op_name, size, &height, &width));
  TF_LITE_ENSURE_STATUS(CheckShapes(context, op_name, input, output, height, width));
  if constexpr (kKind == ResizeKind::kBilinear) {
    TF_LITE_ENSURE_STATUS(CheckBilinear(context, data->params, input, height, width));
  }
  return kTfLiteOk;
}

template <ResizeKind kKind, typename Params>
TfLiteStatus ResizePrepare(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                           const char* const variants[3]) {
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (2 and 1)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  const auto* params = static_cast<const Params*>(node->builtin_data);
  if (params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing options", op_name);
    return kTfLiteError;
  }
  auto* data = static_cast<OpData*>(node->user_data);
  data->params.align_corners = params->align_corners;
  data->params.half_pixel_centers = params->half_pixel_centers;
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, kInputTensor));
  ScopedTempTensor size(context, micro_context->AllocateTempInputTensor(node, kSizeTensor));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, kOutputTensor));
  if (input == nullptr || size == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input, size or output tensor", op_name);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareTensors<kKind>(context, op_name, input.get(), size.get(), output.get(), data));
  const TfLiteType type = input->type;
  ReportKernelVariant(context, variants[type == kTfLiteFloat32 ? 0 : (type == kTfLiteInt8 ? 1 : 2)]);
  return kTfLiteOk;
}

constexpr const char* kBilinearVariants[3] = {"resize_bilinear/float32/reference", "resize_bilinear/int8/reference",
                                              nullptr};
constexpr const char* kNearestVariants[3] = {"resize_nearest_neighbor/float32/reference",
                                             "resize_nearest_neighbor/int8/reference",
                                             "resize_nearest_neighbor/int16/reference"};

TfLiteStatus BilinearPrepare(TfLiteContext* context, TfLiteNode* node) {
  return ResizePrepare<ResizeKind::kBilinear, TfLiteResizeBilinearParams>(context, node, "RESIZE_BILINEAR",
                                                                          kBilinearVariants);
}

TfLiteStatus NearestPrepare(TfLiteContext* context, TfLiteNode* node) {
  return ResizePrepare<ResizeKind::kNearest, TfLiteResizeNearestNeighborParams>(
      context, node, "RESIZE_NEAREST_NEIGHBOR", kNearestVariants);
}

// Calls fn(params, input shape, input, output shape, output) on the node's tensors as T.
template <typename T, typename Fn>
void RunOnTensors(TfLiteContext* context, TfLiteNode* node, const Fn& fn) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  fn(data->params, micro::GetTensorShape(input), micro::GetTensorData<T>(input), micro::GetTensorShape(output),
     micro::GetTensorData<T>(output));
}

TfLiteStatus BilinearEval(TfLiteContext* context, TfLiteNode* node) {
  if (micro::GetEvalInput(context, node, kInputTensor)->type == kTfLiteInt8) {
    RunOnTensors<int8_t>(context, node, reference::ResizeBilinearInteger<int8_t>);
  } else {
    RunOnTensors<float>(context, node, reference::ResizeBilinearFloat);
  }
  return kTfLiteOk;
}

TfLiteStatus NearestEval(TfLiteContext* context, TfLiteNode* node) {
  switch (micro::GetEvalInput(context, node, kInputTensor)->type) {
    case kTfLiteInt8:
      RunOnTensors<int8_t>(context, node, reference::ResizeNearestNeighbor<int8_t>);
      break;
    case kTfLiteInt16:
      RunOnTensors<int16_t>(context, node, reference::ResizeNearestNeighbor<int16_t>);
      break;
    default:  // float32, copied as its bits (as TFLM does)
      RunOnTensors<int32_t>(context, node, reference::ResizeNearestNeighbor<int32_t>);
      break;
  }
  return kTfLiteOk;
}

// Both options tables hold align_corners and half_pixel_centers; a missing table keeps both false.
template <typename Params, typename Options>
TfLiteStatus ParseResizeOptions(const Options* options, BuiltinDataAllocator* allocator, const char* op_name,
                                void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<Params>(allocator, op_name);
  if (params == nullptr) return kTfLiteError;
  params->align_corners = options != nullptr && options->align_corners();
  params->half_pixel_centers = options != nullptr && options->half_pixel_centers();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_RESIZE_BILINEAR \
  (PLAIN, "resize_bilinear/any/reference", InitOpData<OpData>, BilinearPrepare, BilinearEval)
#define MOTE_KERNEL_RESIZE_NEAREST_NEIGHBOR \
  (PLAIN, "resize_nearest_neighbor/any/reference", InitOpData<OpData>, NearestPrepare, NearestEval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseResizeBilinear(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseResizeOptions<TfLiteResizeBilinearParams>(op->builtin_options_as_ResizeBilinearOptions(), allocator,
                                                        "RESIZE_BILINEAR", builtin_data);
}

TfLiteStatus ParseResizeNearestNeighbor(const schema::Operator* op, BuiltinDataAllocator* allocator,
                                        void** builtin_data) {
  return ParseResizeOptions<TfLiteResizeNearestNeighborParams>(
      op->builtin_options_as_ResizeNearestNeighborOptions(), allocator, "RESIZE_NEAREST_NEIGHBOR", builtin_data);
}

}  // namespace mote
