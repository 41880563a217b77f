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
#include "kernels/strided_slice/strided_box_op.h"
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

// The begin, end and strides values, as int64.
struct Spec {
  int n;  // values in each of begin, end and strides (<= kMaxSpec)
  int64_t begin[kMaxSpec], end[kMaxSpec], strides[kMaxSpec];
};

// The masks that reshape the spec, restricted to its n bits: at most one ellipsis, new axes not on it.
struct SpecMasks {
  uint32_t ellipsis, new_axis;
  int named;  // dimensions the spec names (not the ellipsis, not new axes)
};

// The effective spec, one entry per dimension of the sliced (dense) shape.
struct DenseSpec {
  DenseDim dims[RuntimeShape::kMaxDims];
  int count;
};

// A supported input type, and the output of that same type.
TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output) {
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
  return kTfLiteOk;
}

// begin, end and strides: constant, 1-D, as many values as begin (at most kMaxSpec), each in the int32 range.
TfLiteStatus ReadSpecs(TfLiteContext* context, const TfLiteTensor* begin_t, const TfLiteTensor* end_t,
                       const TfLiteTensor* strides_t, Spec* spec) {
  if (begin_t->dims->size != 1 || begin_t->dims->data[0] > kMaxSpec) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: begin must be 1-D with at most %d values", kMaxSpec);
    return kTfLiteError;
  }
  spec->n = begin_t->dims->data[0];
  TF_LITE_ENSURE_STATUS(ReadSpec(context, "begin", begin_t, spec->n, spec->begin));
  TF_LITE_ENSURE_STATUS(ReadSpec(context, "end", end_t, spec->n, spec->end));
  return ReadSpec(context, "strides", strides_t, spec->n, spec->strides);
}

// ellipsis_mask and new_axis_mask against the input rank: one ellipsis at most, the named dimensions within
// the rank, the rank with new axes within RuntimeShape::kMaxDims.
TfLiteStatus ResolveMasks(TfLiteContext* context, const TfLiteStridedSliceParams& opts, int n, int rank,
                          SpecMasks* masks) {
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
  *masks = SpecMasks{ellipsis, new_axis, named};
  return kTfLiteOk;
}

// The spec expanded to one entry per dense dimension: the ellipsis (and dimensions past the spec) whole, a new
// axis of size 1, the others from begin/end/strides and their mask bits; no stride 0.
TfLiteStatus ExpandSpec(TfLiteContext* context, const TfLiteStridedSliceParams& opts, const Spec& spec,
                        const SpecMasks& masks, const TfLiteIntArray* input_dims, DenseSpec* dense) {
  const int rank = input_dims->size;
  DenseDim* dims = dense->dims;
  int count = 0;
  int input_dim = 0;
  auto full = [&](int32_t size) { dims[count++] = DenseDim{size, 0, 0, 1, true, true, false}; };
  for (int j = 0; j < spec.n; ++j) {
    if ((masks.ellipsis >> j) & 1) {
      for (int k = 0; k < rank - masks.named; ++k) full(input_dims->data[input_dim++]);
    } else if ((masks.new_axis >> j) & 1) {
      dims[count++] = DenseDim{1, 0, 1, 1, false, false, false};
    } else {
      if (spec.strides[j] == 0) {
        TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: stride %d is 0", j);
        return kTfLiteError;
      }
      dims[count++] = DenseDim{input_dims->data[input_dim++], spec.begin[j], spec.end[j], spec.strides[j],
                               ((opts.begin_mask >> j) & 1) != 0, ((opts.end_mask >> j) & 1) != 0,
                               ((opts.shrink_axis_mask >> j) & 1) != 0};
    }
  }
  while (input_dim < rank) full(input_dims->data[input_dim++]);
  dense->count = count;
  return kTfLiteOk;
}

// Elements a non-shrunk dimension keeps: ceil((stop - start) / stride), at least 0; exact in integers (TFLM
// uses float, equal for these sizes).
int64_t SliceLength(const DenseDim& d, int64_t start, bool offset) {
  const int64_t stop = StopFor(d, start, offset);
  const int64_t span = stop - start;
  return d.stride > 0 ? (span > 0 ? (span + d.stride - 1) / d.stride : 0)
                      : (span < 0 ? (-span + (-d.stride) - 1) / (-d.stride) : 0);
}

// The reference's walk (first offset, count and step per dense dimension) after checking each shrunk index is
// in range and the output shape is the slice's (shrunk dimensions dropped).
TfLiteStatus ComputeWalk(TfLiteContext* context, const DenseSpec& dense, bool offset, const TfLiteIntArray* out_dims,
                         reference::StridedBox* p) {
  // Effective input strides (a new axis has size 1, so its stride never moves the offset).
  int64_t in_stride[RuntimeShape::kMaxDims];
  int64_t stride_acc = 1;
  for (int d = dense.count - 1; d >= 0; --d) {
    in_stride[d] = stride_acc;
    stride_acc *= dense.dims[d].size;
  }
  p->rank = dense.count;
  p->first = 0;
  p->output_elements = 1;
  int out_rank = 0;
  for (int d = 0; d < dense.count; ++d) {
    const DenseDim& dd = dense.dims[d];
    const int64_t start = StartFor(dd);
    int64_t elements = 1;
    if (dd.shrink && (start < 0 || start >= dd.size)) {
      // TFLM's StridedSliceEndForAxis makes a shrunk index past the dimension an empty range (its start clamps
      // to the size, or to -1 for a negative stride): the slice writes nothing and the output keeps what its
      // bytes held, as in TFLM (strided_slice_test's StrideOutOfBounds / OutOfBounds).
      elements = 0;
    } else if (!dd.shrink) {
      elements = SliceLength(dd, start, offset);
      if (out_rank >= out_dims->size || out_dims->data[out_rank] != elements) {
        TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: output dimension %d should be %lld (output has rank %d)", out_rank,
                           static_cast<long long>(elements), out_dims->size);
        return kTfLiteError;
      }
      ++out_rank;
    }
    p->count[d] = static_cast<int32_t>(elements);
    p->step[d] = dd.stride * in_stride[d];
    p->first += (elements > 0 ? start : 0) * in_stride[d];
    p->output_elements *= elements;
  }
  if (out_rank != out_dims->size) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: output has rank %d, the slice has rank %d", out_dims->size, out_rank);
    return kTfLiteError;
  }
  if (p->output_elements == 0) p->first = 0;
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteStridedSliceParams& opts, const TfLiteTensor* input,
                            const TfLiteTensor* begin_t, const TfLiteTensor* end_t, const TfLiteTensor* strides_t,
                            const TfLiteTensor* output, reference::StridedSliceParams* p) {
  if (input == nullptr || begin_t == nullptr || end_t == nullptr || strides_t == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "STRIDED_SLICE: input, begin, end, strides and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, output));
  Spec spec;
  TF_LITE_ENSURE_STATUS(ReadSpecs(context, begin_t, end_t, strides_t, &spec));
  SpecMasks masks;
  TF_LITE_ENSURE_STATUS(ResolveMasks(context, opts, spec.n, input->dims->size, &masks));
  DenseSpec dense;
  TF_LITE_ENSURE_STATUS(ExpandSpec(context, opts, spec, masks, input->dims, &dense));
  reference::StridedBox box;
  TF_LITE_ENSURE_STATUS(ComputeWalk(context, dense, opts.offset, output->dims, &box));
  return StoreStridedBox(context, box, p);
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
  reference::StridedSliceBytes(p, TfLiteTypeSizeOf(input->type), input->data.raw_const, output->data.raw);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_STRIDED_SLICE (PLAIN, "strided_slice/any/reference", InitOpData<OpData>, Prepare, Eval)
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
