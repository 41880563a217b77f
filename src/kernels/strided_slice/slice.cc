// SLICE glue: the box input[begin[d] : begin[d] + size[d]] (size -1: to the end), at most 5 dimensions, types
// as TFLM: FLOAT32, INT8, INT16, INT32, BOOL. TFLM reads begin and size in invoke and fails there when they
// leave the input; mote computes the box once, so it requires them constant (1-D INT32 or INT64, one value
// per input dimension) and refuses in prepare what TFLM refuses in invoke. As in TFLM the output's shape is
// not compared with the sizes, only its element count: the box is written in row-major order.
#include <cstdint>

#include "kernels/glue/int_vector_input.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/strided_slice/strided_box_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kMaxSliceRank = 5;  // TFLM's kMaxDim

using OpData = StridedBoxOpData;

bool Supported(TfLiteType t) {
  return t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32 || t == kTfLiteBool;
}

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* begin,
                        const TfLiteTensor* size, const TfLiteTensor* output) {
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "SLICE: input type %s and output type %s differ", TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (!Supported(input->type)) {
    TF_LITE_KERNEL_LOG(context, "SLICE: type %s is not supported (FLOAT32, INT8, INT16, INT32, BOOL)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (begin->type != size->type) {
    TF_LITE_KERNEL_LOG(context, "SLICE: begin type %s and size type %s differ", TfLiteTypeGetName(begin->type),
                       TfLiteTypeGetName(size->type));
    return kTfLiteError;
  }
  if (input->dims->size > kMaxSliceRank) {
    TF_LITE_KERNEL_LOG(context, "SLICE: input has rank %d (at most %d)", input->dims->size, kMaxSliceRank);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The box of begin/size over the input shape, each dimension checked as TFLM's invoke checks it.
TfLiteStatus MakeBox(TfLiteContext* context, const TfLiteIntArray* in, const int64_t* begin, const int64_t* size,
                     reference::StridedBox* box) {
  box->rank = in->size;
  box->first = 0;
  box->output_elements = 1;
  int64_t stride = 1;
  for (int d = in->size - 1; d >= 0; --d) {
    const int64_t dim = in->data[d];
    // begin first: dim - begin cannot overflow once begin is in [0, dim].
    const bool begin_ok = begin[d] >= 0 && begin[d] <= dim;
    const int64_t count = !begin_ok ? -1 : size[d] == -1 ? dim - begin[d] : size[d];
    if (count < 0 || count > dim - begin[d]) {
      TF_LITE_KERNEL_LOG(context, "SLICE: begin %lld and size %lld leave dimension %d (of %lld)",
                         static_cast<long long>(begin[d]), static_cast<long long>(size[d]), d,
                         static_cast<long long>(dim));
      return kTfLiteError;
    }
    box->count[d] = static_cast<int32_t>(count);
    box->step[d] = stride;
    box->first += begin[d] * stride;
    box->output_elements *= count;
    stride *= dim;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareBox(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* begin_tensor,
                        const TfLiteTensor* size_tensor, const TfLiteTensor* output, OpData* data) {
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, begin_tensor, size_tensor, output));
  const int rank = input->dims->size;
  const IntVectorRules rules = {kInt32Or64, 1, kMaxSliceRank};
  int64_t begin[kMaxSliceRank];
  int64_t size[kMaxSliceRank];
  int n_begin = 0;
  int n_size = 0;
  TF_LITE_ENSURE_STATUS(ReadConstantIntVector(context, "SLICE", "begin input", begin_tensor, rules, begin, &n_begin));
  TF_LITE_ENSURE_STATUS(ReadConstantIntVector(context, "SLICE", "size input", size_tensor, rules, size, &n_size));
  if (n_begin != rank || n_size != rank) {
    TF_LITE_KERNEL_LOG(context, "SLICE: begin and size have %d and %d values, the input has rank %d", n_begin, n_size,
                       rank);
    return kTfLiteError;
  }
  reference::StridedBox box;
  TF_LITE_ENSURE_STATUS(MakeBox(context, input->dims, begin, size, &box));
  if (box.output_elements != ElementCount(*output->dims)) {
    TF_LITE_KERNEL_LOG(context, "SLICE: the slice has %lld elements but the output has %lld",
                       static_cast<long long>(box.output_elements), static_cast<long long>(ElementCount(*output->dims)));
    return kTfLiteError;
  }
  data->element_size = TfLiteTypeSizeOf(input->type);
  return StoreStridedBox(context, box, &data->box);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 3 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "SLICE: %d inputs and %d outputs given (3: input, begin, size; 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor begin(context, micro_context->AllocateTempInputTensor(node, 1));
  ScopedTempTensor size(context, micro_context->AllocateTempInputTensor(node, 2));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || begin == nullptr || size == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SLICE: missing input or output tensor");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(
      PrepareBox(context, input.get(), begin.get(), size.get(), output.get(), static_cast<OpData*>(node->user_data)));
  ReportKernelVariant(context, "slice/any/reference");
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_SLICE (PLAIN, "slice/any/reference", InitOpData<OpData>, Prepare, EvalStridedBox)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
