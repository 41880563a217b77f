// SVDF glue. Inputs: 0 input [batch, input_size], 1 weights_feature [num_filters, input_size],
// 2 weights_time [num_filters, memory_size], 3 bias [num_units] (optional, -1), 4 state (variable)
// [batch, memory_size * num_filters]. Output 0: [batch, num_units].
//
// Types (as TFLM): float32 throughout; or int8 input / weights_feature / output with int16 (or int8)
// weights_time and state of that same type, int32 bias. Beyond TFLM, as LiteRT: hybrid, float32 input, state,
// bias and output with int8 weights_feature and weights_time (per-tensor scales, zero point 0; the input
// quantized at runtime, asymmetric_quantize_inputs from the options). The state is a variable tensor the interpreter
// zero-fills (int8: with its zero point) at AllocateTensors and Reset; the kernel itself keeps no state.
#include <cmath>
#include <cstdint>

#include "kernels/glue/hybrid.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/svdf/svdf_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kWeightsFeatureTensor = 1;
constexpr int kWeightsTimeTensor = 2;
constexpr int kBiasTensor = 3;
constexpr int kStateTensor = 4;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::SvdfShape shape;
  union {  // one path per node: no bigger than TFLM's (the arena bound of the golden keyword models)
    reference::SvdfQuantParams quant;    // integer path
    reference::SvdfHybridParams hybrid;  // hybrid path
  };
  int scratch_index;         // batch * num_filters (int32 or float)
  int scratch_output_index;  // integer path: batch * num_units int32; hybrid path: the input_size int8 row
};

// Per-tensor affine quantization with a positive scale.
bool PerTensorQuantized(const TfLiteTensor* t) {
  if (t->quantization.type != kTfLiteAffineQuantization || t->quantization.params == nullptr) return false;
  const auto* q = static_cast<const TfLiteAffineQuantization*>(t->quantization.params);
  if (q->scale == nullptr || q->scale->size != 1) return false;
  return t->params.scale > 0.0f && std::isfinite(t->params.scale);
}

struct Tensors {
  TfLiteTensor* input = nullptr;
  TfLiteTensor* weights_feature = nullptr;
  TfLiteTensor* weights_time = nullptr;
  TfLiteTensor* bias = nullptr;
  TfLiteTensor* state = nullptr;
  TfLiteTensor* output = nullptr;
};

TfLiteStatus CheckDims(TfLiteContext* context, const char* what, const TfLiteTensor* t, int rank, int d0, int d1) {
  if (t->dims->size != rank || t->dims->data[0] != d0 || (rank == 2 && t->dims->data[1] != d1)) {
    if (rank == 1) {
      TF_LITE_KERNEL_LOG(context, "SVDF: %s must have shape [%d]", what, d0);
    } else {
      TF_LITE_KERNEL_LOG(context, "SVDF: %s must have shape [%d, %d]", what, d0, d1);
    }
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The sizes the input, weights_feature, weights_time and rank give (as TFLM derives them): all 2-D, num_filters
// a multiple of rank, every size >= 1. Fills *shape.
TfLiteStatus ComputeShape(TfLiteContext* context, const TfLiteSVDFParams& params, const Tensors& t,
                          reference::SvdfShape* shape) {
  if (params.rank < 1) {
    TF_LITE_KERNEL_LOG(context, "SVDF: rank %d must be >= 1", params.rank);
    return kTfLiteError;
  }
  if (t.input->dims->size != 2 || t.weights_feature->dims->size != 2 || t.weights_time->dims->size != 2) {
    TF_LITE_KERNEL_LOG(context, "SVDF: input, weights_feature and weights_time must be 2-D (have %d, %d, %d)",
                       t.input->dims->size, t.weights_feature->dims->size, t.weights_time->dims->size);
    return kTfLiteError;
  }
  shape->batch_size = t.input->dims->data[0];
  shape->input_size = t.input->dims->data[1];
  shape->num_filters = t.weights_feature->dims->data[0];
  shape->rank = params.rank;
  shape->memory_size = t.weights_time->dims->data[1];
  if (shape->num_filters % shape->rank != 0) {
    TF_LITE_KERNEL_LOG(context, "SVDF: num_filters %d is not a multiple of rank %d", shape->num_filters,
                       shape->rank);
    return kTfLiteError;
  }
  shape->num_units = shape->num_filters / shape->rank;
  if (shape->batch_size < 1 || shape->input_size < 1 || shape->num_filters < 1 || shape->memory_size < 1) {
    TF_LITE_KERNEL_LOG(context, "SVDF: batch, input_size, num_filters and memory_size must be >= 1");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Every tensor's shape against `shape`; the state a variable [batch, memory_size * num_filters] whose width fits
// in 32 bits.
TfLiteStatus CheckShapes(TfLiteContext* context, const reference::SvdfShape& shape, const Tensors& t) {
  TF_LITE_ENSURE_STATUS(
      CheckDims(context, "weights_feature", t.weights_feature, 2, shape.num_filters, shape.input_size));
  TF_LITE_ENSURE_STATUS(CheckDims(context, "weights_time", t.weights_time, 2, shape.num_filters, shape.memory_size));
  if (t.bias != nullptr) TF_LITE_ENSURE_STATUS(CheckDims(context, "bias", t.bias, 1, shape.num_units, 0));
  const int64_t state_width = static_cast<int64_t>(shape.memory_size) * shape.num_filters;
  if (state_width > INT32_MAX || t.state->dims->size != 2 || t.state->dims->data[0] != shape.batch_size ||
      t.state->dims->data[1] != state_width) {
    TF_LITE_KERNEL_LOG(context, "SVDF: state must have shape [%d, %lld] (batch, memory_size * num_filters)",
                       shape.batch_size, static_cast<long long>(state_width));
    return kTfLiteError;
  }
  if (!t.state->is_variable) {
    TF_LITE_KERNEL_LOG(context, "SVDF: state (input 4) must be a variable tensor");
    return kTfLiteError;
  }
  return CheckDims(context, "output", t.output, 2, shape.batch_size, shape.num_units);
}

// One INT8 hybrid weight tensor's scale: per tensor, finite and > 0, zero point 0.
TfLiteStatus HybridWeightScale(TfLiteContext* context, const char* what, const TfLiteTensor* w, float* scale) {
  const TfLiteAffineQuantization* q = GetAffineQuantization(w);
  if (q != nullptr && q->scale != nullptr && q->scale->size != 1) {
    TF_LITE_KERNEL_LOG(context, "SVDF: hybrid %s needs one (per-tensor) scale, has %d", what, q->scale->size);
    return kTfLiteError;
  }
  HybridFilterScales scales{};
  TF_LITE_ENSURE_STATUS(PrepareHybridFilter(context, "SVDF", w, 0, 1, &scales));
  *scale = scales.scale;
  return kTfLiteOk;
}

// FLOAT32 input with INT8 weights_feature (LiteRT's hybrid SVDF): INT8 weights_time, FLOAT32 state, bias and
// output; the float scratch, the quantized-row scratch and the variant.
TfLiteStatus PrepareHybrid(TfLiteContext* context, const TfLiteSVDFParams& params, const Tensors& t, OpData* data) {
  if (t.weights_time->type != kTfLiteInt8 || t.state->type != kTfLiteFloat32 || t.output->type != kTfLiteFloat32 ||
      (t.bias != nullptr && t.bias->type != kTfLiteFloat32)) {
    TF_LITE_KERNEL_LOG(context,
                       "SVDF: a hybrid SVDF (FLOAT32 input, INT8 weights_feature) needs INT8 weights_time and "
                       "FLOAT32 state, bias and output (have %s, state %s, %s, bias %s)",
                       TfLiteTypeGetName(t.weights_time->type), TfLiteTypeGetName(t.state->type),
                       TfLiteTypeGetName(t.output->type),
                       t.bias != nullptr ? TfLiteTypeGetName(t.bias->type) : "none");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(
      HybridWeightScale(context, "weights_feature", t.weights_feature, &data->hybrid.weights_feature_scale));
  TF_LITE_ENSURE_STATUS(HybridWeightScale(context, "weights_time", t.weights_time, &data->hybrid.weights_time_scale));
  data->hybrid.asymmetric = params.asymmetric_quantize_inputs;
  const reference::SvdfShape& shape = data->shape;
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(
      context, static_cast<size_t>(shape.batch_size) * shape.num_filters * sizeof(float), &data->scratch_index));
  TF_LITE_ENSURE_STATUS(
      context->RequestScratchBufferInArena(context, static_cast<size_t>(shape.input_size), &data->scratch_output_index));
  ReportKernelVariant(context, "svdf/hybrid/reference");
  return kTfLiteOk;
}

// FLOAT32 input: every other tensor FLOAT32, then the batch * num_filters float scratch and the variant.
TfLiteStatus PrepareFloat(TfLiteContext* context, const TfLiteSVDFParams& params, const Tensors& t, OpData* data) {
  if (t.weights_feature->type == kTfLiteInt8) return PrepareHybrid(context, params, t, data);
  if (t.weights_feature->type != kTfLiteFloat32 && t.output->type == kTfLiteFloat32) {
    return RefuseHybrid(context, "SVDF", kTfLiteFloat32, t.weights_feature->type);  // UINT8 and others
  }
  if (t.weights_feature->type != kTfLiteFloat32 || t.weights_time->type != kTfLiteFloat32 ||
      t.state->type != kTfLiteFloat32 || t.output->type != kTfLiteFloat32 ||
      (t.bias != nullptr && t.bias->type != kTfLiteFloat32)) {
    TF_LITE_KERNEL_LOG(context, "SVDF: a FLOAT32 input needs FLOAT32 weights, bias, state and output");
    return kTfLiteError;
  }
  const reference::SvdfShape& shape = data->shape;
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(
      context, static_cast<size_t>(shape.batch_size) * shape.num_filters * sizeof(float), &data->scratch_index));
  ReportKernelVariant(context, "svdf/float32/reference");
  return kTfLiteOk;
}

// The integer path's types: INT8 input, weights_feature and output; INT16 or INT8 weights_time with a state of
// that type; INT32 bias.
TfLiteStatus CheckIntegerTypes(TfLiteContext* context, const Tensors& t) {
  const TfLiteType input_type = t.input->type;
  if (input_type != kTfLiteInt8) {
    TF_LITE_KERNEL_LOG(context, "SVDF: input type %s is not supported (INT8, FLOAT32)", TfLiteTypeGetName(input_type));
    return kTfLiteError;
  }
  const TfLiteType time_type = t.weights_time->type;
  if (t.weights_feature->type != kTfLiteInt8 || (time_type != kTfLiteInt16 && time_type != kTfLiteInt8) ||
      t.state->type != time_type || t.output->type != kTfLiteInt8 ||
      (t.bias != nullptr && t.bias->type != kTfLiteInt32)) {
    TF_LITE_KERNEL_LOG(context,
                       "SVDF: an INT8 input needs INT8 weights_feature and output, INT16 or INT8 weights_time with a "
                       "state of the same type, INT32 bias (have %s, %s, state %s, %s, bias %s)",
                       TfLiteTypeGetName(t.weights_feature->type), TfLiteTypeGetName(time_type),
                       TfLiteTypeGetName(t.state->type), TfLiteTypeGetName(t.output->type),
                       t.bias != nullptr ? TfLiteTypeGetName(t.bias->type) : "none");
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Per-tensor quantization with a positive scale on every integer tensor, and a bias quantized with
// state scale * weights_time scale (the product formed in float, as TFLM).
TfLiteStatus CheckQuantization(TfLiteContext* context, const Tensors& t) {
  if (!PerTensorQuantized(t.input) || !PerTensorQuantized(t.weights_feature) ||
      !PerTensorQuantized(t.weights_time) || !PerTensorQuantized(t.state) || !PerTensorQuantized(t.output) ||
      (t.bias != nullptr && !PerTensorQuantized(t.bias))) {
    TF_LITE_KERNEL_LOG(context, "SVDF: integer tensors need per-tensor quantization with a positive scale");
    return kTfLiteError;
  }
  const float state_time_scale = t.state->params.scale * t.weights_time->params.scale;
  if (t.bias != nullptr &&
      !(std::abs(static_cast<double>(t.bias->params.scale) - static_cast<double>(state_time_scale)) < 1e-5)) {
    TF_LITE_KERNEL_LOG(context, "SVDF: bias scale %g must equal state scale * weights_time scale (%g)",
                       static_cast<double>(t.bias->params.scale), static_cast<double>(state_time_scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The kernel's int32 arithmetic assumes zero points inside their types' ranges (hostile models break it).
TfLiteStatus CheckZeroPoints(TfLiteContext* context, const Tensors& t) {
  const TfLiteTensor* zero_point_tensors[] = {t.input, t.state, t.output};
  const char* zero_point_names[] = {"input", "state", "output"};
  for (int i = 0; i < 3; ++i) {
    int32_t lo = 0, hi = 0;
    const TfLiteTensor* z = zero_point_tensors[i];
    if (QuantizedTypeRange(z->type, &lo, &hi) && (z->params.zero_point < lo || z->params.zero_point > hi)) {
      TF_LITE_KERNEL_LOG(context, "SVDF: %s zero point %d is outside the %s range [%d, %d]", zero_point_names[i],
                         static_cast<int>(z->params.zero_point), TfLiteTypeGetName(z->type), static_cast<int>(lo),
                         static_cast<int>(hi));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// The two requantization multipliers and the zero points; shifts MultiplyByQuantizedMultiplier can apply.
TfLiteStatus PrepareQuantParams(TfLiteContext* context, const Tensors& t, reference::SvdfQuantParams* q) {
  // Both products formed in double from the float scales, as the oracle's TFLM does: forming them in float
  // first (older TFLM sources) moves the multiplier by a few units and one int8x16 case of oracle seed 81051
  // (gen_svdf.py) by one; bias-only probes show scale_2 in double too.
  const double input_scale = t.input->params.scale;
  const double feature_scale = t.weights_feature->params.scale;
  const double time_scale = t.weights_time->params.scale;
  const double state_scale = t.state->params.scale;
  const double output_scale = t.output->params.scale;
  const double scale_1 = input_scale * feature_scale / state_scale;
  const double scale_2 = state_scale * time_scale / output_scale;
  QuantizeMultiplier(scale_1, &q->scale_1_multiplier, &q->scale_1_shift);
  QuantizeMultiplier(scale_2, &q->scale_2_multiplier, &q->scale_2_shift);
  q->input_zero_point = t.input->params.zero_point;
  q->state_zero_point = t.state->params.zero_point;
  q->output_zero_point = t.output->params.zero_point;
  if (q->scale_1_shift > 30 || q->scale_2_shift > 30) {
    TF_LITE_KERNEL_LOG(context, "SVDF: effective scales %g and %g must be below 2^30", scale_1, scale_2);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// INT8 input: types, quantization, the int32 scratch (batch * num_filters, then batch * num_units) and the
// variant, named by the weights_time type.
TfLiteStatus PrepareInteger(TfLiteContext* context, const Tensors& t, OpData* data) {
  TF_LITE_ENSURE_STATUS(CheckIntegerTypes(context, t));
  TF_LITE_ENSURE_STATUS(CheckQuantization(context, t));
  TF_LITE_ENSURE_STATUS(CheckZeroPoints(context, t));
  TF_LITE_ENSURE_STATUS(PrepareQuantParams(context, t, &data->quant));
  const reference::SvdfShape& shape = data->shape;
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(
      context, static_cast<size_t>(shape.batch_size) * shape.num_filters * sizeof(int32_t), &data->scratch_index));
  TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(
      context, static_cast<size_t>(shape.batch_size) * shape.num_units * sizeof(int32_t), &data->scratch_output_index));
  ReportKernelVariant(context,
                      t.weights_time->type == kTfLiteInt16 ? "svdf/int8_int16/reference" : "svdf/int8/reference");
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, TfLiteNode* node, const Tensors& t, OpData* data) {
  const auto* params = static_cast<const TfLiteSVDFParams*>(node->builtin_data);
  if (t.input == nullptr || t.weights_feature == nullptr || t.weights_time == nullptr || t.state == nullptr ||
      t.output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "SVDF: input, weights_feature, weights_time, state and output are required");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(ComputeShape(context, *params, t, &data->shape));
  TF_LITE_ENSURE_STATUS(CheckShapes(context, data->shape, t));
  if (t.input->type == kTfLiteFloat32) return PrepareFloat(context, *params, t, data);
  return PrepareInteger(context, t, data);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 5 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context,
                       "SVDF: %d inputs and %d outputs given (5: input, weights_feature, weights_time, bias or -1, "
                       "state; 1 output)",
                       NumInputs(node), NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  Tensors t;
  t.input = micro_context->AllocateTempInputTensor(node, kInputTensor);
  t.weights_feature = micro_context->AllocateTempInputTensor(node, kWeightsFeatureTensor);
  t.weights_time = micro_context->AllocateTempInputTensor(node, kWeightsTimeTensor);
  t.bias = micro_context->AllocateTempInputTensor(node, kBiasTensor);
  t.state = micro_context->AllocateTempInputTensor(node, kStateTensor);
  t.output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  const TfLiteStatus status = PrepareTensors(context, node, t, static_cast<OpData*>(node->user_data));
  TfLiteTensor* all[] = {t.input, t.weights_feature, t.weights_time, t.bias, t.state, t.output};
  for (TfLiteTensor* tensor : all) {
    if (tensor != nullptr) micro_context->DeallocateTempTfLiteTensor(tensor);
  }
  return status;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* params = static_cast<const TfLiteSVDFParams*>(node->builtin_data);
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  const TfLiteEvalTensor* weights_feature = micro::GetEvalInput(context, node, kWeightsFeatureTensor);
  const TfLiteEvalTensor* weights_time = micro::GetEvalInput(context, node, kWeightsTimeTensor);
  const TfLiteEvalTensor* bias = micro::GetEvalInput(context, node, kBiasTensor);
  TfLiteEvalTensor* state = micro::GetMutableEvalInput(context, node, kStateTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);

  if (input->type == kTfLiteFloat32 && weights_feature->type == kTfLiteInt8) {
    reference::SvdfHybrid(data.shape, data.hybrid, params->activation, micro::GetTensorData<float>(input),
                          micro::GetTensorData<int8_t>(weights_feature), micro::GetTensorData<int8_t>(weights_time),
                          micro::GetOptionalTensorData<float>(bias), micro::GetTensorData<float>(state),
                          static_cast<float*>(context->GetScratchBuffer(context, data.scratch_index)),
                          static_cast<int8_t*>(context->GetScratchBuffer(context, data.scratch_output_index)),
                          micro::GetTensorData<float>(output));
    return kTfLiteOk;
  }
  if (input->type == kTfLiteFloat32) {
    reference::SvdfFloat(data.shape, params->activation, micro::GetTensorData<float>(input),
                         micro::GetTensorData<float>(weights_feature), micro::GetTensorData<float>(weights_time),
                         micro::GetOptionalTensorData<float>(bias), micro::GetTensorData<float>(state),
                         static_cast<float*>(context->GetScratchBuffer(context, data.scratch_index)),
                         micro::GetTensorData<float>(output));
    return kTfLiteOk;
  }
  int32_t* scratch = static_cast<int32_t*>(context->GetScratchBuffer(context, data.scratch_index));
  int32_t* scratch_output = static_cast<int32_t*>(context->GetScratchBuffer(context, data.scratch_output_index));
  if (weights_time->type == kTfLiteInt16) {
    reference::SvdfInteger<int16_t>(data.shape, data.quant, micro::GetTensorData<int8_t>(input),
                                    micro::GetTensorData<int8_t>(weights_feature),
                                    micro::GetTensorData<int16_t>(weights_time),
                                    micro::GetOptionalTensorData<int32_t>(bias), micro::GetTensorData<int16_t>(state),
                                    scratch, scratch_output, micro::GetTensorData<int8_t>(output));
  } else {
    reference::SvdfInteger<int8_t>(data.shape, data.quant, micro::GetTensorData<int8_t>(input),
                                   micro::GetTensorData<int8_t>(weights_feature),
                                   micro::GetTensorData<int8_t>(weights_time),
                                   micro::GetOptionalTensorData<int32_t>(bias), micro::GetTensorData<int8_t>(state),
                                   scratch, scratch_output, micro::GetTensorData<int8_t>(output));
  }
  return kTfLiteOk;
}

}  // namespace

// SVDF_INT8 is not specialised yet (no benchmark model uses SVDF): the generic kernel, as TFLM's reference
// build does.
#define MOTE_KERNEL_SVDF (PLAIN, "svdf/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSvdf(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSVDFParams>(allocator, "SVDF");
  if (params == nullptr) return kTfLiteError;
  const schema::SVDFOptions* options = op->builtin_options_as_SVDFOptions();
  if (options != nullptr) {
    params->rank = options->rank();
    if (!ConvertFusedActivation(options->fused_activation_function(), &params->activation)) {
      MicroPrintf("SVDF: fused activation %d is not a valid ActivationFunctionType (0..5)",
                  static_cast<int>(options->fused_activation_function()));
      return kTfLiteError;
    }
    params->asymmetric_quantize_inputs = options->asymmetric_quantize_inputs();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
