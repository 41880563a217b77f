// STRIDED_SLICE glue. Inputs: 0 input, 1 begin, 2 end, 3 strides (constant INT32 or INT64, 1-D, equal
// lengths). Types as TFLM: float32, int8, int16, int32, bool.
//
// Index resolution follows TFLite/TFLM (strided_slice_logic.h): negative indices count from the end, values
// are clamped to [0, dim] (stride > 0) or [-1, dim - 1] (stride < 0), begin_mask/end_mask select the full
// range, a shrunk axis takes the single element at its begin index. TFLM ignores ellipsis_mask,
// new_axis_mask and offset; mote implements them as TFLite does (an ellipsis expands to the dimensions the
// spec does not name, a new axis inserts a dimension of 1, offset makes end relative to begin), which is the
// same whenever those are 0. Spec lengths shorter than the rank leave the remaining dimensions whole.
#include <cstdint>
#include <limits>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/strided_slice/strided_slice_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kBeginTensor = 1;
constexpr int kEndTensor = 2;
constexpr int kStridesTensor = 3;
constexpr int kOutputTensor = 0;
constexpr int kMaxSpec = 32;  // the masks are 32-bit

struct OpData {
  reference::StridedSliceParams params;
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

// One dimension of the effective (dense) spec.
struct DenseDim {
  int32_t size;  // effective input dimension (1 for a new axis)
  int64_t begin, end, stride;
  bool begin_mask, end_mask, shrink;
};

int64_t ClampIndex(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

// TFLite's StridedSliceStartForAxis.
int64_t StartFor(const DenseDim& d) {
  int64_t start = d.begin;
  if (start < 0) start += d.size;
  start = d.stride > 0 ? ClampIndex(start, 0, d.size) : ClampIndex(start, -1, d.size - 1);
  if (d.begin_mask) start = d.stride > 0 ? 0 : d.size - 1;
  return start;
}

// TFLite's StridedSliceEndForAxis for a non-shrunk axis.
int64_t StopFor(const DenseDim& d, int64_t start, bool offset) {
  int64_t end = d.end;
  if (offset) end += start;
  if (end < 0) end += d.size;
  end = d.stride > 0 ? ClampIndex(end, 0, d.size) : ClampIndex(end, -1, d.size - 1);
  if (d.end_mask) end = d.stride > 0 ? d.size : -1;
  return end;
}

TfLiteStatus ReadSpec(TfLiteContext* context, const char* what, const TfLiteTensor* t, int n, int64_t* out) {
  if (t->type != kTfLiteInt32 && t->type != kTfLiteInt64) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: %s type %s is not supported (INT32, INT64)", what,
                       TfLiteTypeGetName(t->type));
    return kTfLiteError;
  }
  if (!IsConstantTensor(t) || (t->data.raw == nullptr && n > 0)) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: the %s tensor must be constant", what);
    return kTfLiteError;
  }
  if (t->dims->size != 1 || t->dims->data[0] != n) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: %s must be 1-D with %d values (as begin)", what, n);
    return kTfLiteError;
  }
  for (int i = 0; i < n; ++i) {
    out[i] = t->type == kTfLiteInt32 ? GetTensorData<int32_t>(t)[i] : GetTensorData<int64_t>(t)[i];
    // int32 values keep every bound, span and step computed from them inside int64.
    if (out[i] < INT32_MIN || out[i] > INT32_MAX) {
      TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: %s value %lld (index %d) is outside the int32 range", what,
                         static_cast<long long>(out[i]), i);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteStridedSliceParams& opts, const TfLiteTensor* input,
                            const TfLiteTensor* begin_t, const TfLiteTensor* end_t, const TfLiteTensor* strides_t,
                            const TfLiteTensor* output, reference::StridedSliceParams* p) {
  if (input == nullptr || begin_t == nullptr || end_t == nullptr || strides_t == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: input, begin, end, strides and output are required");
    return kTfLiteError;
  }
  const TfLiteType type = input->type;
  if (type != kTfLiteFloat32 && type != kTfLiteInt8 && type != kTfLiteInt16 && type != kTfLiteInt32 &&
      type != kTfLiteBool) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: type %s is not supported (FLOAT32, INT8, INT16, INT32, BOOL)",
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (output->type != type) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: output type %s differs from the input type %s",
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (begin_t->dims->size != 1 || begin_t->dims->data[0] > kMaxSpec) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: begin must be 1-D with at most %d values", kMaxSpec);
    return kTfLiteError;
  }
  const int n = begin_t->dims->data[0];
  int64_t begin[kMaxSpec], end[kMaxSpec], strides[kMaxSpec];
  TF_LITE_ENSURE_STATUS(ReadSpec(context, "begin", begin_t, n, begin));
  TF_LITE_ENSURE_STATUS(ReadSpec(context, "end", end_t, n, end));
  TF_LITE_ENSURE_STATUS(ReadSpec(context, "strides", strides_t, n, strides));

  const int rank = input->dims->size;
  const uint32_t spec_bits = n >= 32 ? 0xFFFFFFFFu : ((1u << n) - 1);
  const uint32_t ellipsis = static_cast<uint32_t>(opts.ellipsis_mask) & spec_bits;
  const uint32_t new_axis = static_cast<uint32_t>(opts.new_axis_mask) & spec_bits & ~ellipsis;
  if ((ellipsis & (ellipsis - 1)) != 0) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: more than one ellipsis in ellipsis_mask 0x%x", opts.ellipsis_mask);
    return kTfLiteError;
  }
  int num_new_axes = 0;
  for (int j = 0; j < n; ++j) num_new_axes += (new_axis >> j) & 1;
  // Dimensions named by the spec (not the ellipsis, not new axes) must fit the input.
  const int named = n - num_new_axes - (ellipsis != 0 ? 1 : 0);
  if (named > rank) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: the spec names %d dimensions but the input has rank %d", named, rank);
    return kTfLiteError;
  }
  const int dense_rank = rank + num_new_axes;
  if (dense_rank > RuntimeShape::kMaxDims) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: %d dimensions (input rank + new axes) exceed %d", dense_rank,
                       RuntimeShape::kMaxDims);
    return kTfLiteError;
  }

  DenseDim dims[RuntimeShape::kMaxDims];
  int count = 0;
  int input_dim = 0;
  auto full = [&](int32_t size) { dims[count++] = DenseDim{size, 0, 0, 1, true, true, false}; };
  for (int j = 0; j < n; ++j) {
    if ((ellipsis >> j) & 1) {
      for (int k = 0; k < rank - named; ++k) full(input->dims->data[input_dim++]);
    } else if ((new_axis >> j) & 1) {
      dims[count++] = DenseDim{1, 0, 1, 1, false, false, false};
    } else {
      if (strides[j] == 0) {
        TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: stride %d is 0", j);
        return kTfLiteError;
      }
      dims[count++] = DenseDim{input->dims->data[input_dim++], begin[j], end[j], strides[j],
                               ((opts.begin_mask >> j) & 1) != 0, ((opts.end_mask >> j) & 1) != 0,
                               ((opts.shrink_axis_mask >> j) & 1) != 0};
    }
  }
  while (input_dim < rank) full(input->dims->data[input_dim++]);

  // Effective input strides (a new axis has size 1, so its stride never moves the offset).
  int64_t in_stride[RuntimeShape::kMaxDims];
  int64_t stride_acc = 1;
  for (int d = count - 1; d >= 0; --d) {
    in_stride[d] = stride_acc;
    stride_acc *= dims[d].size;
  }
  p->rank = count;
  p->first = 0;
  p->output_elements = 1;
  int out_rank = 0;
  for (int d = 0; d < count; ++d) {
    const DenseDim& dd = dims[d];
    const int64_t start = StartFor(dd);
    int64_t elements;
    if (dd.shrink) {
      if (start < 0 || start >= dd.size) {
        TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: shrunk dimension %d index %lld is out of range [0, %d)", d,
                           static_cast<long long>(dd.begin), dd.size);
        return kTfLiteError;
      }
      elements = 1;
    } else {
      const int64_t stop = StopFor(dd, start, opts.offset);
      // ceil((stop - start) / stride), at least 0; exact in integers (TFLM uses float, equal for these sizes).
      const int64_t span = stop - start;
      elements = dd.stride > 0 ? (span > 0 ? (span + dd.stride - 1) / dd.stride : 0)
                               : (span < 0 ? (-span + (-dd.stride) - 1) / (-dd.stride) : 0);
      if (out_rank >= output->dims->size || output->dims->data[out_rank] != elements) {
        TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: output dimension %d should be %lld (output has rank %d)", out_rank,
                           static_cast<long long>(elements), output->dims->size);
        return kTfLiteError;
      }
      ++out_rank;
    }
    p->count[d] = static_cast<int32_t>(elements);
    p->step[d] = dd.stride * in_stride[d];
    p->first += (elements > 0 ? start : 0) * in_stride[d];
    p->output_elements *= elements;
  }
  if (out_rank != output->dims->size) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: output has rank %d, the slice has rank %d", output->dims->size,
                       out_rank);
    return kTfLiteError;
  }
  if (p->output_elements == 0) p->first = 0;
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 4 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: %d inputs and %d outputs given (input, begin, end, strides; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  const auto* opts = static_cast<const TfLiteStridedSliceParams*>(node->builtin_data);
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* begin = micro_context->AllocateTempInputTensor(node, kBeginTensor);
  TfLiteTensor* end = micro_context->AllocateTempInputTensor(node, kEndTensor);
  TfLiteTensor* strides = micro_context->AllocateTempInputTensor(node, kStridesTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status = PrepareTensors(context, *opts, input, begin, end, strides, output,
                                             &static_cast<OpData*>(node->user_data)->params);
  if (status == kTfLiteOk) ReportKernelVariant(context, "strided_slice/any/reference");
  TfLiteTensor* all[] = {input, begin, end, strides, output};
  for (TfLiteTensor* t : all) {
    if (t != nullptr) micro_context->DeallocateTempTfLiteTensor(t);
  }
  return status;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const reference::StridedSliceParams& p = static_cast<const OpData*>(node->user_data)->params;
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (TfLiteTypeSizeOf(input->type)) {
    case 1:
      reference::StridedSlice(p, micro::GetTensorData<uint8_t>(input), micro::GetTensorData<uint8_t>(output));
      break;
    case 2:
      reference::StridedSlice(p, micro::GetTensorData<uint16_t>(input), micro::GetTensorData<uint16_t>(output));
      break;
    default:
      reference::StridedSlice(p, micro::GetTensorData<uint32_t>(input), micro::GetTensorData<uint32_t>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_STRIDED_SLICE (PLAIN, "strided_slice/any/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseStridedSlice(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteStridedSliceParams>(allocator, "STRIDED_SLICE");
  if (params == nullptr) return kTfLiteError;
  const schema::StridedSliceOptions* options = op->builtin_options_as_StridedSliceOptions();
  if (options != nullptr) {
    params->begin_mask = options->begin_mask();
    params->end_mask = options->end_mask();
    params->ellipsis_mask = options->ellipsis_mask();
    params->new_axis_mask = options->new_axis_mask();
    params->shrink_axis_mask = options->shrink_axis_mask();
    params->offset = options->offset();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
