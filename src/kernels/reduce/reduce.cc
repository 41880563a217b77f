// Glue of the reductions over axes: MEAN, SUM, REDUCE_MAX, REDUCE_MIN, REDUCE_ALL (one folder: they share the
// whole prepare but for the types and the quantization, as in TFLM's reduce.cc). Inputs: 0 input, 1 axis
// (INT32, any length; negative and duplicate axes allowed; empty: every element is its own slot).
// Output: the input type; its element count must be the product of the non-reduced dimensions (keep_dims only
// changes the shape, which TFLM does not check either).
//   MEAN, SUM: FLOAT32, INT8, INT16 (the integer sum requantized to the output's scale and zero point).
//   REDUCE_MAX, REDUCE_MIN: FLOAT32, INT8 (raw values: the output's quantization must equal the input's).
//   REDUCE_ALL: BOOL.
// A constant axis is planned in prepare (loops, counts, MEAN's multiplier), so that Invoke needs no check. A
// non-constant axis (TFLM accepts one: its prepare reads only the axis count) is planned again at every Invoke
// from the values it then holds, on the stack: an out-of-range axis, or axes whose non-reduced dimensions do not
// give the output's element count, is an Invoke error (TFLM writes out of bounds on the latter). Prepare still
// checks types, dimensions and quantization, and requests the scratch for the output's element count.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/reduce/reduce_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kAxisTensor = 1;
constexpr int kOutputTensor = 0;

enum class Reduction { kMean, kSum, kMax, kMin, kAll };

// The op's name (messages) and its variant ids by input type.
struct ReductionInfo {
  const char* name;
  const char* float32_id;
  const char* int8_id;
  const char* int16_id;
  const char* bool_id;
};

constexpr ReductionInfo Info(Reduction r) {
  switch (r) {
    case Reduction::kMean:
      return {"MEAN", "mean/float32/reference", "mean/int8/reference", "mean/int16/reference", nullptr};
    case Reduction::kSum:
      return {"SUM", "sum/float32/reference", "sum/int8/reference", "sum/int16/reference", nullptr};
    case Reduction::kMax:
      return {"REDUCE_MAX", "reduce_max/float32/reference", "reduce_max/int8/reference", nullptr, nullptr};
    case Reduction::kMin:
      return {"REDUCE_MIN", "reduce_min/float32/reference", "reduce_min/int8/reference", nullptr, nullptr};
    default:
      return {"REDUCE_ALL", nullptr, nullptr, nullptr, "reduce_all/bool/reference"};
  }
}

struct OpData {
  reference::ReduceParams params;  // a non-constant axis: all but the loops and counts, which Invoke computes
  int scratch_index;               // integer MEAN/SUM: output_elements int32 sums
  bool axis_at_invoke;             // the axis tensor is not constant
};
static_assert(sizeof(OpData) <= sizeof(void*) + 40, "a reduction's op data: 48 bytes on a 64-bit host");

bool PositiveScale(const TfLiteTensor* t) { return t->params.scale > 0.0f && std::isfinite(t->params.scale); }

int FloorLog2(uint64_t n) {
  int bits = -1;
  while (n != 0) {
    n >>= 1;
    ++bits;
  }
  return bits;
}

const char* VariantId(const ReductionInfo& info, TfLiteType type) {
  switch (type) {
    case kTfLiteFloat32:
      return info.float32_id;
    case kTfLiteInt8:
      return info.int8_id;
    case kTfLiteInt16:
      return info.int16_id;
    case kTfLiteBool:
      return info.bool_id;
    default:
      return nullptr;
  }
}

// A supported input type, the output of that type, and an INT32 axis tensor.
TfLiteStatus CheckTypes(TfLiteContext* context, Reduction r, const TfLiteTensor* input, const TfLiteTensor* axis,
                        const TfLiteTensor* output) {
  const ReductionInfo info = Info(r);
  const TfLiteType type = input->type;
  if (VariantId(info, type) == nullptr) {
    const char* supported = r == Reduction::kAll                           ? "BOOL"
                            : r == Reduction::kMax || r == Reduction::kMin ? "FLOAT32, INT8"
                                                                           : "FLOAT32, INT8, INT16";
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (%s)", info.name, TfLiteTypeGetName(type),
                       supported);
    return kTfLiteError;
  }
  if (output->type != type) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s differs from the input type %s", info.name,
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  if (axis->type != kTfLiteInt32) {
    TF_LITE_KERNEL_LOG(context, "%s: axis type %s is not supported (INT32)", info.name, TfLiteTypeGetName(axis->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// reduced[d] for every dimension an axis names (negative axes count from the end; duplicates allowed).
TfLiteStatus ReadAxes(TfLiteContext* context, const char* op, const int32_t* axes, int64_t num_axis, int rank,
                      bool* reduced) {
  // TFLM ignores the axes of a scalar input.
  for (int64_t i = 0; i < num_axis && rank > 0; ++i) {
    const int32_t a = axes[i];
    const int32_t resolved = a < 0 ? a + rank : a;
    if (resolved < 0 || resolved >= rank) {
      TF_LITE_KERNEL_LOG(context, "%s: axis %d is out of range for rank %d", op, static_cast<int>(a), rank);
      return kTfLiteError;
    }
    reduced[resolved] = true;
  }
  return kTfLiteOk;
}

// The input's rank within RuntimeShape's, no dimension 0, and at most INT32_MAX elements (the plan's counts are
// int32).
TfLiteStatus CheckInputDims(TfLiteContext* context, const char* op, const TfLiteIntArray* dims) {
  const int rank = dims->size;
  if (rank > RuntimeShape::kMaxDims) {
    TF_LITE_KERNEL_LOG(context, "%s: input rank %d is above %d", op, rank, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  for (int d = rank - 1; d >= 0; --d) {
    if (dims->data[d] == 0) {
      TF_LITE_KERNEL_LOG(context, "%s: input dimension %d is 0 (empty inputs are not supported)", op, d);
      return kTfLiteError;
    }
  }
  if (ElementCount(*dims) > std::numeric_limits<int32_t>::max()) {
    TF_LITE_KERNEL_LOG(context, "%s: the input has %lld elements (at most %d)", op,
                       static_cast<long long>(ElementCount(*dims)), std::numeric_limits<int32_t>::max());
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The reduction's loops (into loops, RuntimeShape::kMaxDims of them) and element counts in p from the input
// dimensions (checked by CheckInputDims) and the reduced ones; p->loops is left to the caller.
void PlanLoops(const TfLiteIntArray* dims, const bool* reduced, reference::ReduceLoop* loops,
               reference::ReduceParams* p) {
  bool loop_reduced[RuntimeShape::kMaxDims];
  int count = 0;
  for (int d = 0; d < dims->size; ++d) {
    const int32_t dim = dims->data[d];
    if (dim == 1) continue;
    if (count > 0 && loop_reduced[count - 1] == reduced[d] &&
        static_cast<int64_t>(loops[count - 1].extent) * dim <= std::numeric_limits<int32_t>::max()) {
      loops[count - 1].extent *= dim;
      continue;
    }
    loops[count] = {0, dim};
    loop_reduced[count++] = reduced[d];
  }
  // In int32: CheckInputDims keeps the input within INT32_MAX elements, and every count here divides it.
  p->input_elements = 1;
  p->output_elements = 1;
  p->reduced_elements = 1;
  for (int l = count - 1; l >= 0; --l) {
    p->input_elements *= loops[l].extent;
    if (loop_reduced[l]) {
      p->reduced_elements *= loops[l].extent;
    } else {
      loops[l].output_stride = p->output_elements;
      p->output_elements *= loops[l].extent;
    }
  }
  p->rank = count;
}

TfLiteStatus CheckOutputElements(TfLiteContext* context, const char* op, const TfLiteIntArray* output_dims,
                                 const reference::ReduceParams& p) {
  if (ElementCount(*output_dims) != p.output_elements) {
    TF_LITE_KERNEL_LOG(context, "%s: output has %lld elements, expected %lld (the non-reduced dimensions)", op,
                       static_cast<long long>(ElementCount(*output_dims)), static_cast<long long>(p.output_elements));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// A constant axis: the loops (kept in persistent memory) and element counts in p, then the output's element
// count against the non-reduced dimensions.
TfLiteStatus ComputeShape(TfLiteContext* context, const char* op, const TfLiteTensor* input, const TfLiteTensor* axis,
                          const TfLiteTensor* output, reference::ReduceParams* p) {
  const int rank = input->dims->size;
  bool reduced[RuntimeShape::kMaxDims] = {};
  const int64_t num_axis = ElementCount(*axis->dims);
  TF_LITE_ENSURE_STATUS(
      ReadAxes(context, op, num_axis > 0 ? GetTensorData<int32_t>(axis) : nullptr, num_axis, rank, reduced));
  reference::ReduceLoop loops[RuntimeShape::kMaxDims];
  PlanLoops(input->dims, reduced, loops, p);
  TF_LITE_ENSURE_STATUS(CheckOutputElements(context, op, output->dims, *p));
  p->loops = StorePersistentArray(context, loops, p->rank);
  return p->loops != nullptr ? kTfLiteOk : kTfLiteError;
}

// TFLM folds 1/count into MEAN's multiplier: shift it up by floor(log2(count)) (at most 32, and keeping the final
// shift >= -31), then divide by count.
void FoldMeanCount(int64_t count, int32_t* multiplier, int* shift) {
  int extra = FloorLog2(static_cast<uint64_t>(count));
  extra = std::min(extra, 32);
  extra = std::min(extra, 31 + *shift);
  *multiplier = static_cast<int32_t>((static_cast<int64_t>(*multiplier) << extra) / count);
  *shift -= extra;
}

// Integer MEAN/SUM: positive scales, zero points in the type's range, and the multiplier (for MEAN with
// 1/reduced_elements folded in as TFLM does, unless fold_count is false: a non-constant axis, folded at Invoke).
TfLiteStatus PrepareQuantization(TfLiteContext* context, Reduction r, const TfLiteTensor* input,
                                 const TfLiteTensor* output, bool fold_count, reference::ReduceParams* p) {
  const char* op = Info(r).name;
  if (!PositiveScale(input) || !PositiveScale(output)) {
    TF_LITE_KERNEL_LOG(context, "%s: quantized input and output need a positive scale", op);
    return kTfLiteError;
  }
  p->input_zero_point = input->params.zero_point;
  p->output_zero_point = output->params.zero_point;
  // Zero points outside the type's range, or a scale ratio of 2^31 and more, would overflow the int32
  // requantization (hostile models only).
  const int32_t type_min = input->type == kTfLiteInt8 ? -128 : -32768;
  const int32_t type_max = input->type == kTfLiteInt8 ? 127 : 32767;
  if (p->input_zero_point < type_min || p->input_zero_point > type_max || p->output_zero_point < type_min ||
      p->output_zero_point > type_max) {
    TF_LITE_KERNEL_LOG(context, "%s: zero points %d (input) and %d (output) must be within the %s range", op,
                       static_cast<int>(p->input_zero_point), static_cast<int>(p->output_zero_point),
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  int32_t multiplier;
  int shift;
  QuantizeMultiplier(static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale), &multiplier,
                     &shift);
  if (r == Reduction::kMean && fold_count) FoldMeanCount(p->reduced_elements, &multiplier, &shift);
  p->multiplier = multiplier;
  p->shift = shift;
  // With a non-constant axis MEAN's shift is checked before the fold (which only lowers it): a scale ratio of
  // 2^30 and more is refused there even when the count would have brought it in range (hostile models only).
  if (p->shift > 30) {
    TF_LITE_KERNEL_LOG(context, "%s: input scale / output scale (%g) is too large", op,
                       static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// REDUCE_MAX/MIN on INT8 compare raw values, so the output must be quantized exactly as the input (TFLM refuses
// other quantizations in invoke).
TfLiteStatus CheckSameQuantization(TfLiteContext* context, const char* op, const TfLiteTensor* input,
                                   const TfLiteTensor* output) {
  if (input->params.scale != output->params.scale || input->params.zero_point != output->params.zero_point) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: output quantization (scale %g, zero point %d) differs from the input's (scale %g, zero "
                       "point %d)",
                       op, static_cast<double>(output->params.scale), static_cast<int>(output->params.zero_point),
                       static_cast<double>(input->params.scale), static_cast<int>(input->params.zero_point));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, Reduction r, const TfLiteTensor* input, const TfLiteTensor* axis,
                            const TfLiteTensor* output, OpData* data) {
  const char* op = Info(r).name;
  if (input == nullptr || axis == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: input, axis and output are required", op);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, r, input, axis, output));
  TF_LITE_ENSURE_STATUS(CheckInputDims(context, op, input->dims));
  reference::ReduceParams& p = data->params;
  // An empty axis list has no values to read: models store it without a buffer, so it is planned here.
  data->axis_at_invoke =
      ElementCount(*axis->dims) != 0 && (!IsConstantTensor(axis) || axis->data.raw == nullptr);
  if (data->axis_at_invoke) {
    // The axis's values come at invoke; whichever they are, the output holds at most the input's elements.
    if (ElementCount(*output->dims) > ElementCount(*input->dims)) {
      TF_LITE_KERNEL_LOG(context, "%s: the output has more elements than the input", op);
      return kTfLiteError;
    }
    p.output_elements = static_cast<int32_t>(ElementCount(*output->dims));
  } else {
    TF_LITE_ENSURE_STATUS(ComputeShape(context, op, input, axis, output, &p));
  }
  if (input->type == kTfLiteFloat32 || input->type == kTfLiteBool) return kTfLiteOk;
  if (r == Reduction::kMax || r == Reduction::kMin) return CheckSameQuantization(context, op, input, output);
  TF_LITE_ENSURE_STATUS(PrepareQuantization(context, r, input, output, !data->axis_at_invoke, &p));
  // The integer path sums into int32 per output element.
  return context->RequestScratchBufferInArena(context, static_cast<size_t>(p.output_elements) * sizeof(int32_t),
                                              &data->scratch_index);
}

template <Reduction kReduction>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const ReductionInfo info = Info(kReduction);
  if (NumInputs(node) != 2 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (input, axis; 1 output)", info.name,
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  TfLiteTensor* axis = micro_context->AllocateTempInputTensor(node, kAxisTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status =
      PrepareTensors(context, kReduction, input, axis, output, static_cast<OpData*>(node->user_data));
  if (status == kTfLiteOk) ReportKernelVariant(context, VariantId(info, input->type));
  TfLiteTensor* all[] = {input, axis, output};
  for (TfLiteTensor* t : all) {
    if (t != nullptr) micro_context->DeallocateTempTfLiteTensor(t);
  }
  return status;
}

template <typename T>
void EvalQuantizedMeanOrSum(TfLiteContext* context, const OpData& data, const TfLiteEvalTensor* input,
                            TfLiteEvalTensor* output) {
  reference::QuantizedMeanOrSum(data.params, micro::GetTensorData<T>(input),
                                static_cast<int32_t*>(context->GetScratchBuffer(context, data.scratch_index)),
                                micro::GetTensorData<T>(output));
}

// A non-constant axis: the plan of prepare's ComputeShape from the values the axis holds now, in params (its
// loops in the caller's loops), MEAN's count folded into the multiplier; an error for axes that do not fit.
TfLiteStatus PlanAtInvoke(TfLiteContext* context, Reduction r, const TfLiteEvalTensor* input,
                          const TfLiteEvalTensor* axis, const TfLiteEvalTensor* output, reference::ReduceLoop* loops,
                          reference::ReduceParams* params) {
  const char* op = Info(r).name;
  bool reduced[RuntimeShape::kMaxDims] = {};
  TF_LITE_ENSURE_STATUS(ReadAxes(context, op, micro::GetTensorData<int32_t>(axis), ElementCount(*axis->dims),
                                 input->dims->size, reduced));
  PlanLoops(input->dims, reduced, loops, params);
  TF_LITE_ENSURE_STATUS(CheckOutputElements(context, op, output->dims, *params));
  params->loops = loops;
  if (r == Reduction::kMean && input->type != kTfLiteFloat32) {
    FoldMeanCount(params->reduced_elements, &params->multiplier, &params->shift);
  }
  return kTfLiteOk;
}

template <Reduction kReduction>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& planned = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  OpData at_invoke;
  reference::ReduceLoop loops[RuntimeShape::kMaxDims];
  if (planned.axis_at_invoke) {
    at_invoke = planned;
    TF_LITE_ENSURE_STATUS(PlanAtInvoke(context, kReduction, input, micro::GetEvalInput(context, node, kAxisTensor),
                                       output, loops, &at_invoke.params));
  }
  const OpData& data = planned.axis_at_invoke ? at_invoke : planned;
  if constexpr (kReduction == Reduction::kAll) {
    reference::ReduceAll(data.params, micro::GetTensorData<bool>(input), micro::GetTensorData<bool>(output));
  } else if constexpr (kReduction == Reduction::kMax || kReduction == Reduction::kMin) {
    constexpr bool kIsMax = kReduction == Reduction::kMax;
    if (input->type == kTfLiteFloat32) {
      reference::ReduceMaxMin(data.params, kIsMax, micro::GetTensorData<float>(input),
                              micro::GetTensorData<float>(output));
    } else {
      reference::ReduceMaxMin(data.params, kIsMax, micro::GetTensorData<int8_t>(input),
                              micro::GetTensorData<int8_t>(output));
    }
  } else {
    switch (input->type) {
      case kTfLiteFloat32:
        if constexpr (kReduction == Reduction::kMean) {
          reference::MeanFloat(data.params, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
        } else {
          reference::SumFloat(data.params, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
        }
        break;
      case kTfLiteInt8:
        EvalQuantizedMeanOrSum<int8_t>(context, data, input, output);
        break;
      default:
        EvalQuantizedMeanOrSum<int16_t>(context, data, input, output);
        break;
    }
  }
  return kTfLiteOk;
}

// ReducerOptions holds keep_dims only; every reduction parses it the same way, each naming its own op.
TfLiteStatus ParseReducerOptions(const schema::Operator* op, const char* op_name, BuiltinDataAllocator* allocator,
                                 void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteReducerParams>(allocator, op_name);
  if (params == nullptr) return kTfLiteError;
  const schema::ReducerOptions* options = op->builtin_options_as_ReducerOptions();
  if (options != nullptr) params->keep_dims = options->keep_dims();
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_MEAN \
  (PLAIN, "mean/any/reference", InitOpData<OpData>, Prepare<Reduction::kMean>, Eval<Reduction::kMean>)
#define MOTE_KERNEL_SUM \
  (PLAIN, "sum/any/reference", InitOpData<OpData>, Prepare<Reduction::kSum>, Eval<Reduction::kSum>)
#define MOTE_KERNEL_REDUCE_MAX \
  (PLAIN, "reduce_max/any/reference", InitOpData<OpData>, Prepare<Reduction::kMax>, Eval<Reduction::kMax>)
#define MOTE_KERNEL_REDUCE_MIN \
  (PLAIN, "reduce_min/any/reference", InitOpData<OpData>, Prepare<Reduction::kMin>, Eval<Reduction::kMin>)
#define MOTE_KERNEL_REDUCE_ALL \
  (PLAIN, "reduce_all/any/reference", InitOpData<OpData>, Prepare<Reduction::kAll>, Eval<Reduction::kAll>)
MOTE_DEFINE_REGISTRATIONS();

// MEAN's parser (TFLM's name for the one parser of every reduction).
TfLiteStatus ParseReducer(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseReducerOptions(op, "MEAN", allocator, builtin_data);
}

// The other reductions' parsers: the same options, their own op name in the out-of-memory message.
TfLiteStatus ParseSum(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseReducerOptions(op, "SUM", allocator, builtin_data);
}

TfLiteStatus ParseReduceMax(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseReducerOptions(op, "REDUCE_MAX", allocator, builtin_data);
}

TfLiteStatus ParseReduceMin(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseReducerOptions(op, "REDUCE_MIN", allocator, builtin_data);
}

TfLiteStatus ParseReduceAll(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  return ParseReducerOptions(op, "REDUCE_ALL", allocator, builtin_data);
}

}  // namespace mote
