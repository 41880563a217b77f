// Which nodes XNNPACK takes, and how each becomes XNNPACK nodes: ONE function per op serves both, so the claim
// and the definition cannot drift (TFLite's XNNPACK delegate is built the same way). In check mode
// (NodeVisit::subgraph == nullptr) a function only validates; in define mode it also calls xnn_define_*.
#include "delegates/xnnpack/node_support.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "mote/op_resolver.h"

namespace mote {
namespace xnnpack {
namespace {

constexpr float kInf = INFINITY;

bool Reject(NodeVisit& v, const char* format, ...) {
  if (v.why != nullptr) {
    char buffer[256];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof(buffer), format, args);
    va_end(args);
    *v.why = buffer;
  }
  return false;
}

// The status of one xnn_define_* call (or a test's pretended failure); false, with the message, on failure.
bool Defined(NodeVisit& v, const char* call, xnn_status status) {
  if (v.shared->FailsForTesting(call)) status = xnn_status_invalid_parameter;
  if (status == xnn_status_success) return true;
  if (v.error != nullptr) *v.error = std::string(call) + " failed: " + StatusName(status);
  return false;
}

int Input(const NodeVisit& v, int i) { return i < v.node->inputs->size ? v.node->inputs->data[i] : -1; }
int Output(const NodeVisit& v, int i) { return i < v.node->outputs->size ? v.node->outputs->data[i] : -1; }
const TfLiteEvalTensor* Tensor(const NodeVisit& v, int index) {
  return index < 0 ? nullptr : v.context->GetEvalTensor(v.context, index);
}
int Rank(const TfLiteEvalTensor* t) { return t->dims->size; }
int Dim(const TfLiteEvalTensor* t, int i) { return t->dims->data[i]; }

bool IsConstant(const NodeVisit& v, int index) {
  const TfLiteTensor* t = index < 0 ? nullptr : v.context->GetTensor(v.context, index);
  return t != nullptr && t->allocation_type == kTfLiteMmapRo && t->data.raw != nullptr;
}

const TfLiteTensor* FullTensor(const NodeVisit& v, int index) {
  return index < 0 ? nullptr : v.context->GetTensor(v.context, index);
}

// The tensor's affine quantization: scales and zero points (count 1 for per-tensor), nullptr if it has none.
const TfLiteAffineQuantization* Affine(const NodeVisit& v, int index) {
  const TfLiteTensor* t = FullTensor(v, index);
  if (t == nullptr || t->quantization.type != kTfLiteAffineQuantization || t->quantization.params == nullptr)
    return nullptr;
  const auto* q = static_cast<const TfLiteAffineQuantization*>(t->quantization.params);
  if (q->scale == nullptr || q->zero_point == nullptr || q->scale->size < 1) return nullptr;
  return q;
}

// An int8 tensor quantized per tensor (XNNPACK's qint8 activations): one positive scale, one zero point.
bool IsPerTensorInt8(NodeVisit& v, int index, const char* role) {
  const TfLiteAffineQuantization* q = Affine(v, index);
  if (q == nullptr || q->scale->size != 1 || q->zero_point->size != 1 || !(q->scale->data[0] > 0.0f))
    return Reject(v, "%s is not quantized per tensor", role);
  return true;
}

// A tensor of the node's type (FLOAT32, or INT8 quantized per tensor) of at most XNN_MAX_TENSOR_DIMS
// dimensions, none of them empty.
bool IsDataTensor(NodeVisit& v, int index, const char* role) {
  const TfLiteEvalTensor* t = Tensor(v, index);
  if (t == nullptr) return Reject(v, "%s is missing", role);
  if (t->type != v.type)
    return Reject(v, "%s is %s, not %s", role, TfLiteTypeGetName(t->type), TfLiteTypeGetName(v.type));
  if (Rank(t) > XNN_MAX_TENSOR_DIMS) return Reject(v, "%s has %d dimensions (XNNPACK: at most %d)", role, Rank(t),
                                                   XNN_MAX_TENSOR_DIMS);
  for (int i = 0; i < Rank(t); ++i)
    if (Dim(t, i) <= 0) return Reject(v, "%s has an empty dimension", role);
  return v.type != kTfLiteInt8 || IsPerTensorInt8(v, index, role);
}

// A float32 constant (weights, bias, slope), or a DEQUANTIZE of a float16 constant.
bool IsStaticFloat(NodeVisit& v, int index, const char* role) {
  if (!IsDataTensor(v, index, role)) return false;
  if (IsConstant(v, index) || v.facts->fp16_source.count(index) > 0) return true;
  return Reject(v, "%s is not a constant", role);
}

// Constant weights of the node's type. INT8 weights are symmetric (zero points 0), quantized per tensor or,
// where XNNPACK has a channel-wise form (channel_dim >= 0), per channel along channel_dim.
bool IsStaticWeights(NodeVisit& v, int index, const char* role, int channel_dim) {
  if (v.type != kTfLiteInt8) return IsStaticFloat(v, index, role);
  const TfLiteEvalTensor* t = Tensor(v, index);
  if (t == nullptr) return Reject(v, "%s is missing", role);
  if (t->type != kTfLiteInt8) return Reject(v, "%s is %s, not INT8", role, TfLiteTypeGetName(t->type));
  if (!IsConstant(v, index)) return Reject(v, "%s is not a constant", role);
  const TfLiteAffineQuantization* q = Affine(v, index);
  if (q == nullptr) return Reject(v, "%s is not quantized", role);
  for (int i = 0; i < q->zero_point->size; ++i)
    if (q->zero_point->data[i] != 0) return Reject(v, "%s has a zero point other than 0", role);
  for (int i = 0; i < q->scale->size; ++i)
    if (!(q->scale->data[i] > 0.0f)) return Reject(v, "%s has a scale that is not positive", role);
  if (q->scale->size == 1) return true;
  if (channel_dim < 0) return Reject(v, "%s: per-channel int8 scales (this XNNPACK takes per-tensor ones here)", role);
  if (q->quantized_dimension != channel_dim || channel_dim >= Rank(t) || q->scale->size != Dim(t, channel_dim))
    return Reject(v, "%s is not quantized per channel along dimension %d", role, channel_dim);
  return true;
}

// A constant bias: float32 for float nodes, INT32 for int8 nodes.
bool IsStaticBias(NodeVisit& v, int index) {
  if (v.type != kTfLiteInt8) return IsStaticFloat(v, index, "the bias");
  const TfLiteEvalTensor* t = Tensor(v, index);
  if (t == nullptr || t->type != kTfLiteInt32) return Reject(v, "the bias is not INT32");
  if (!IsConstant(v, index)) return Reject(v, "the bias is not a constant");
  return true;
}

// int8 nodes that only move or select values (pools, pads, reshapes, clamps): XNNPACK keeps the input's
// quantization, so the output must have the same.
bool SameQuantization(NodeVisit& v) {
  if (v.type != kTfLiteInt8) return true;
  const TfLiteTensor* in = FullTensor(v, Input(v, 0));
  const TfLiteTensor* out = FullTensor(v, Output(v, 0));
  if (in->params.scale == out->params.scale && in->params.zero_point == out->params.zero_point) return true;
  return Reject(v, "the output's quantization is not the input's (XNNPACK keeps it for this op)");
}

bool IsRank(NodeVisit& v, int index, int rank, const char* role) {
  const TfLiteEvalTensor* t = Tensor(v, index);
  if (Rank(t) != rank) return Reject(v, "%s has %d dimensions, not %d", role, Rank(t), rank);
  return true;
}

// Every input and output of the node a tensor of the node's type.
bool AllData(NodeVisit& v, int inputs, int outputs = 1) {
  if (v.node->inputs->size != inputs) return Reject(v, "has %d inputs, expected %d", v.node->inputs->size, inputs);
  if (v.node->outputs->size != outputs) return Reject(v, "has %d outputs", v.node->outputs->size);
  for (int i = 0; i < inputs; ++i)
    if (!IsDataTensor(v, Input(v, i), "an input")) return false;
  for (int i = 0; i < outputs; ++i)
    if (!IsDataTensor(v, Output(v, i), "the output")) return false;
  return true;
}

// mote's kernels check their output shapes in prepare; delegated nodes never run it, and XNNPACK writes the
// shape it computes, so each visit checks the model's output shape is exactly that one (no write past a tensor).
int64_t Elements(const TfLiteEvalTensor* t) {
  int64_t n = 1;
  for (int i = 0; i < Rank(t); ++i) n *= Dim(t, i);
  return n;
}

bool SameShape(const TfLiteEvalTensor* a, const TfLiteEvalTensor* b) {
  if (Rank(a) != Rank(b)) return false;
  for (int i = 0; i < Rank(a); ++i)
    if (Dim(a, i) != Dim(b, i)) return false;
  return true;
}

bool OutputIs(NodeVisit& v, const std::vector<int>& shape) {
  const TfLiteEvalTensor* out = Tensor(v, Output(v, 0));
  bool same = Rank(out) == static_cast<int>(shape.size());
  for (int i = 0; same && i < Rank(out); ++i) same = Dim(out, i) == shape[i];
  if (same) return true;
  std::string want;
  for (size_t i = 0; i < shape.size(); ++i) want += (i ? ", " : "") + std::to_string(shape[i]);
  return Reject(v, "the output shape is not [%s]", want.c_str());
}

int ConvOut(int in, int filter, int stride, int dilation, TfLitePadding padding) {
  const int effective = (filter - 1) * dilation + 1;
  return padding == kTfLitePaddingSame ? (in + stride - 1) / stride : (in - effective + stride) / stride;
}

bool Activation(NodeVisit& v, TfLiteFusedActivation activation, float* min, float* max) {
  if (ActivationRange(activation, min, max)) return true;
  return Reject(v, "fused activation %d has no XNNPACK form", static_cast<int>(activation));
}

template <typename Params>
const Params* ParamsOf(const NodeVisit& v) {
  return static_cast<const Params*>(v.node->builtin_data);
}

bool Positive(NodeVisit& v, int value, const char* what) {
  if (value >= 1) return true;
  return Reject(v, "%s %d is not positive", what, value);
}

// Explicit implicit-zero padding, top/right/bottom/left, as TFLite computes it. Not XNNPACK's
// XNN_FLAG_TENSORFLOW_SAME_PADDING: this version's formula underflows when the window is smaller than the
// stride (a 1x1 window with stride 2 gets a huge padding), where TFLite's total padding is 0.
struct Pad {
  uint32_t top = 0, right = 0, bottom = 0, left = 0;
};

uint32_t SameTotal(int in, int filter, int stride, int dilation) {
  const int out = (in + stride - 1) / stride;
  const int effective = (filter - 1) * dilation + 1;
  return static_cast<uint32_t>(std::max((out - 1) * stride + effective - in, 0));
}

bool Padding(NodeVisit& v, TfLitePadding padding, const TfLiteEvalTensor* input, int kh, int kw, int sh, int sw,
             int dh, int dw, Pad* pad) {
  *pad = Pad();
  if (padding == kTfLitePaddingValid) return true;
  if (padding != kTfLitePaddingSame) return Reject(v, "padding %d is neither SAME nor VALID", static_cast<int>(padding));
  const uint32_t h = SameTotal(Dim(input, 1), kh, sh, dh), w = SameTotal(Dim(input, 2), kw, sw, dw);
  pad->top = h / 2, pad->bottom = h - h / 2, pad->left = w / 2, pad->right = w - w / 2;
  return true;
}

// ---- per-op visits -----------------------------------------------------------------------------------------

bool VisitFullyConnected(NodeVisit& v) {
  const auto* p = ParamsOf<TfLiteFullyConnectedParams>(v);
  const int in = Input(v, 0), filter = Input(v, 1), bias = Input(v, 2), out = Output(v, 0);
  if (p == nullptr || v.node->inputs->size < 2 || v.node->inputs->size > 3 || v.node->outputs->size != 1)
    return Reject(v, "unexpected inputs or outputs");
  // This XNNPACK's int8 fully connected has per-tensor weights only (no channel-wise form).
  if (!IsDataTensor(v, in, "the input") || !IsStaticWeights(v, filter, "the weights", -1) ||
      !IsDataTensor(v, out, "the output") || !IsRank(v, filter, 2, "the weights"))
    return false;
  if (bias >= 0 && (!IsStaticBias(v, bias) || !IsRank(v, bias, 1, "the bias"))) return false;
  if (p->weights_format != kTfLiteFullyConnectedWeightsFormatDefault) return Reject(v, "shuffled weights");
  float min = -kInf, max = kInf;
  if (!Activation(v, p->activation, &min, &max)) return false;
  const TfLiteEvalTensor* input = Tensor(v, in);
  const TfLiteEvalTensor* weights = Tensor(v, filter);
  const TfLiteEvalTensor* output = Tensor(v, out);
  const int units = Dim(weights, 0), depth = Dim(weights, 1);
  if (bias >= 0 && Dim(Tensor(v, bias), 0) != units) return Reject(v, "the bias does not have %d values", units);
  int64_t input_size = 1;
  for (int i = 0; i < Rank(input); ++i) input_size *= Dim(input, i);
  if (input_size % depth != 0) return Reject(v, "the input size is not a multiple of %d", depth);
  uint32_t flags = 0;
  if (p->keep_num_dims) {
    // TFLite keeps every dimension but the last; XNNPACK's default form is exactly that.
    if (Dim(input, Rank(input) - 1) != depth || Rank(output) != Rank(input) || Dim(output, Rank(output) - 1) != units)
      return Reject(v, "keep_num_dims with an input whose last dimension is not %d", depth);
  } else {
    if (Rank(output) != 2 || Dim(output, 0) != input_size / depth || Dim(output, 1) != units)
      return Reject(v, "the output is not [%lld, %d]", static_cast<long long>(input_size / depth), units);
    flags = XNN_FLAG_TENSORFLOW_RESHAPE_2D;
  }
  if (v.subgraph == nullptr) return true;
  return Defined(v, "xnn_define_fully_connected",
                 xnn_define_fully_connected(v.subgraph, min, max, v.value(in), v.value(filter),
                                            bias >= 0 ? v.bias_value(bias, in, filter) : XNN_INVALID_VALUE_ID,
                                            v.value(out), flags));
}

bool VisitConv2D(NodeVisit& v, bool depthwise) {
  const int in = Input(v, 0), filter = Input(v, 1), bias = Input(v, 2), out = Output(v, 0);
  if (v.node->inputs->size < 2 || v.node->inputs->size > 3 || v.node->outputs->size != 1)
    return Reject(v, "unexpected inputs or outputs");
  // int8 filters per channel along the output channels: dimension 0 ([O, H, W, I]), or 3 for depthwise.
  if (!IsDataTensor(v, in, "the input") || !IsRank(v, in, 4, "the input") ||
      !IsStaticWeights(v, filter, "the filter", depthwise ? 3 : 0) || !IsRank(v, filter, 4, "the filter") ||
      !IsDataTensor(v, out, "the output") || !IsRank(v, out, 4, "the output"))
    return false;
  if (bias >= 0 && (!IsStaticBias(v, bias) || !IsRank(v, bias, 1, "the bias"))) return false;
  const TfLiteEvalTensor* input = Tensor(v, in);
  const TfLiteEvalTensor* weights = Tensor(v, filter);
  const int input_channels = Dim(input, 3);
  const int kernel_height = Dim(weights, 1), kernel_width = Dim(weights, 2);
  TfLitePadding padding;
  int stride_h, stride_w, dilation_h, dilation_w;
  TfLiteFusedActivation activation;
  if (depthwise) {
    const auto* p = ParamsOf<TfLiteDepthwiseConvParams>(v);
    if (p == nullptr) return Reject(v, "no parameters");
    padding = p->padding, stride_h = p->stride_height, stride_w = p->stride_width;
    dilation_h = p->dilation_height_factor, dilation_w = p->dilation_width_factor, activation = p->activation;
  } else {
    const auto* p = ParamsOf<TfLiteConvParams>(v);
    if (p == nullptr) return Reject(v, "no parameters");
    padding = p->padding, stride_h = p->stride_height, stride_w = p->stride_width;
    dilation_h = p->dilation_height_factor, dilation_w = p->dilation_width_factor, activation = p->activation;
  }
  const uint32_t flags = 0;
  Pad pad;
  float min = -kInf, max = kInf;
  if (!Positive(v, stride_h, "stride") || !Positive(v, stride_w, "stride") || !Positive(v, dilation_h, "dilation") ||
      !Positive(v, dilation_w, "dilation") ||
      !Padding(v, padding, input, kernel_height, kernel_width, stride_h, stride_w, dilation_h, dilation_w, &pad) ||
      !Activation(v, activation, &min, &max))
    return false;
  const int output_channels = depthwise ? Dim(weights, 3) : Dim(weights, 0);
  if (!OutputIs(v, {Dim(input, 0), ConvOut(Dim(input, 1), kernel_height, stride_h, dilation_h, padding),
                    ConvOut(Dim(input, 2), kernel_width, stride_w, dilation_w, padding), output_channels}))
    return false;
  if (bias >= 0 && Dim(Tensor(v, bias), 0) != output_channels)
    return Reject(v, "the bias does not have %d values", output_channels);
  if (depthwise) {
    if (Dim(weights, 0) != 1) return Reject(v, "the filter's first dimension is not 1");
    if (output_channels % input_channels != 0)
      return Reject(v, "%d output channels are not a multiple of %d input channels", output_channels, input_channels);
    if (v.subgraph == nullptr) return true;
    return Defined(v, "xnn_define_depthwise_convolution_2d",
                   xnn_define_depthwise_convolution_2d(
                       v.subgraph, pad.top, pad.right, pad.bottom, pad.left, kernel_height, kernel_width, stride_h, stride_w, dilation_h,
                       dilation_w, output_channels / input_channels, input_channels, min, max, v.value(in),
                       v.value(filter), bias >= 0 ? v.bias_value(bias, in, filter) : XNN_INVALID_VALUE_ID, v.value(out), flags));
  }
  const int group_input_channels = Dim(weights, 3);
  if (input_channels % group_input_channels != 0)
    return Reject(v, "%d input channels are not a multiple of the filter's %d", input_channels, group_input_channels);
  const int groups = input_channels / group_input_channels;
  if (output_channels % groups != 0) return Reject(v, "%d output channels in %d groups", output_channels, groups);
  if (v.subgraph == nullptr) return true;
  return Defined(v, "xnn_define_convolution_2d",
                 xnn_define_convolution_2d(v.subgraph, pad.top, pad.right, pad.bottom, pad.left, kernel_height, kernel_width, stride_h, stride_w,
                                           dilation_h, dilation_w, groups, group_input_channels,
                                           output_channels / groups, min, max, v.value(in), v.value(filter),
                                           bias >= 0 ? v.bias_value(bias, in, filter) : XNN_INVALID_VALUE_ID,
                                           v.value(out), flags));
}

// TRANSPOSE_CONV: inputs output_shape (constant), weights [O, KH, KW, I], input [N, H, W, I], bias [O]. TFLite's
// padding is the forward convolution's from the output back to the input; XNNPACK's deconvolution takes the
// same top/left padding, and the rows/columns its formula leaves short of the output shape as "adjustment".
bool VisitTransposeConv(NodeVisit& v) {
  const auto* p = ParamsOf<TfLiteTransposeConvParams>(v);
  const int filter = Input(v, 1), in = Input(v, 2), bias = Input(v, 3), out = Output(v, 0);
  if (p == nullptr || v.node->inputs->size < 3 || v.node->inputs->size > 4 || v.node->outputs->size != 1)
    return Reject(v, "unexpected inputs or outputs");
  if (!IsDataTensor(v, in, "the input") || !IsRank(v, in, 4, "the input") ||
      !IsStaticFloat(v, filter, "the filter") || !IsRank(v, filter, 4, "the filter") ||
      !IsDataTensor(v, out, "the output") || !IsRank(v, out, 4, "the output"))
    return false;
  if (!IsConstant(v, Input(v, 0))) return Reject(v, "the output shape is not a constant");
  if (bias >= 0 && (!IsStaticFloat(v, bias, "the bias") || !IsRank(v, bias, 1, "the bias"))) return false;
  float min = -kInf, max = kInf;
  if (!Positive(v, p->stride_height, "stride") || !Positive(v, p->stride_width, "stride") ||
      !Activation(v, p->activation, &min, &max))
    return false;
  const TfLiteEvalTensor* input = Tensor(v, in);
  const TfLiteEvalTensor* weights = Tensor(v, filter);
  const TfLiteEvalTensor* output = Tensor(v, out);
  const int kh = Dim(weights, 1), kw = Dim(weights, 2), oc = Dim(weights, 0), ic = Dim(weights, 3);
  if (Dim(input, 3) != ic || Dim(output, 3) != oc) return Reject(v, "the channels do not match the filter");
  if (Dim(input, 0) != Dim(output, 0)) return Reject(v, "the output batch is not the input's");
  if (bias >= 0 && Dim(Tensor(v, bias), 0) != oc) return Reject(v, "the bias does not have %d values", oc);
  uint32_t pad[2] = {0, 0}, adjustment[2] = {0, 0};
  const int stride[2] = {p->stride_height, p->stride_width}, kernel[2] = {kh, kw};
  for (int d = 0; d < 2; ++d) {
    const int in_size = Dim(input, 1 + d), out_size = Dim(output, 1 + d);
    int total = 0;
    if (p->padding == kTfLitePaddingSame) {
      total = std::max((in_size - 1) * stride[d] + kernel[d] - out_size, 0);
    } else if (p->padding != kTfLitePaddingValid) {
      return Reject(v, "padding %d is neither SAME nor VALID", static_cast<int>(p->padding));
    }
    pad[d] = static_cast<uint32_t>(total);
    const int produced = stride[d] * (in_size - 1) + kernel[d] - total;
    const int adjust = out_size - produced;
    if (adjust < 0 || adjust >= stride[d]) return Reject(v, "the output size is not one XNNPACK's deconvolution makes");
    adjustment[d] = static_cast<uint32_t>(adjust);
  }
  if (v.subgraph == nullptr) return true;
  const uint32_t top = pad[0] / 2, bottom = pad[0] - pad[0] / 2, left = pad[1] / 2, right = pad[1] - pad[1] / 2;
  return Defined(v, "xnn_define_deconvolution_2d",
                 xnn_define_deconvolution_2d(v.subgraph, top, right, bottom, left, adjustment[0], adjustment[1], kh,
                                             kw, p->stride_height, p->stride_width, 1, 1, 1, ic, oc, min, max,
                                             v.value(in), v.value(filter),
                                             bias >= 0 ? v.value(bias) : XNN_INVALID_VALUE_ID, v.value(out), 0));
}

bool VisitBinary(NodeVisit& v, int32_t code) {
  if (!AllData(v, 2)) return false;
  float min = -kInf, max = kInf;
  switch (code) {
    case kTfLiteBuiltinAdd: {
      const auto* p = ParamsOf<TfLiteAddParams>(v);
      if (p != nullptr && !Activation(v, p->activation, &min, &max)) return false;
      break;
    }
    case kTfLiteBuiltinSub: {
      const auto* p = ParamsOf<TfLiteSubParams>(v);
      if (p != nullptr && !Activation(v, p->activation, &min, &max)) return false;
      break;
    }
    case kTfLiteBuiltinMul: {
      const auto* p = ParamsOf<TfLiteMulParams>(v);
      if (p != nullptr && !Activation(v, p->activation, &min, &max)) return false;
      break;
    }
    case kTfLiteBuiltinDiv: {
      const auto* p = ParamsOf<TfLiteDivParams>(v);
      if (p != nullptr && !Activation(v, p->activation, &min, &max)) return false;
      break;
    }
    default:
      break;
  }
  // Broadcasting as TFLite (numpy rules): each dimension equal or 1, aligned from the last.
  const TfLiteEvalTensor* a = Tensor(v, Input(v, 0));
  const TfLiteEvalTensor* b = Tensor(v, Input(v, 1));
  for (int i = 1; i <= std::max(Rank(a), Rank(b)); ++i) {
    const int da = i <= Rank(a) ? Dim(a, Rank(a) - i) : 1;
    const int db = i <= Rank(b) ? Dim(b, Rank(b) - i) : 1;
    if (da != db && da != 1 && db != 1) return Reject(v, "the shapes do not broadcast");
  }
  std::vector<int> broadcast(static_cast<size_t>(std::max(Rank(a), Rank(b))));
  for (int i = 1; i <= static_cast<int>(broadcast.size()); ++i) {
    const int da = i <= Rank(a) ? Dim(a, Rank(a) - i) : 1;
    const int db = i <= Rank(b) ? Dim(b, Rank(b) - i) : 1;
    broadcast[broadcast.size() - i] = std::max(da, db);
  }
  if (!OutputIs(v, broadcast)) return false;
  if (v.subgraph == nullptr) return true;
  const uint32_t x = v.value(Input(v, 0)), y = v.value(Input(v, 1)), z = v.value(Output(v, 0));
  switch (code) {
    case kTfLiteBuiltinAdd: return Defined(v, "xnn_define_add2", xnn_define_add2(v.subgraph, min, max, x, y, z, 0));
    case kTfLiteBuiltinSub:
      return Defined(v, "xnn_define_subtract", xnn_define_subtract(v.subgraph, min, max, x, y, z, 0));
    case kTfLiteBuiltinMul:
      return Defined(v, "xnn_define_multiply2", xnn_define_multiply2(v.subgraph, min, max, x, y, z, 0));
    case kTfLiteBuiltinDiv:
      return Defined(v, "xnn_define_divide", xnn_define_divide(v.subgraph, min, max, x, y, z, 0));
    case kTfLiteBuiltinMaximum:
      return Defined(v, "xnn_define_maximum2", xnn_define_maximum2(v.subgraph, x, y, z, 0));
    case kTfLiteBuiltinMinimum:
      return Defined(v, "xnn_define_minimum2", xnn_define_minimum2(v.subgraph, x, y, z, 0));
    default:
      return Defined(v, "xnn_define_squared_difference", xnn_define_squared_difference(v.subgraph, x, y, z, 0));
  }
}

bool DefineClamp(NodeVisit& v, float min, float max) {
  return Defined(v, "xnn_define_clamp",
                 xnn_define_clamp(v.subgraph, min, max, v.value(Input(v, 0)), v.value(Output(v, 0)), 0));
}

bool VisitPool(NodeVisit& v, bool max_pool) {
  const auto* p = ParamsOf<TfLitePoolParams>(v);
  if (p == nullptr || !AllData(v, 1) || !IsRank(v, Input(v, 0), 4, "the input") ||
      !IsRank(v, Output(v, 0), 4, "the output") || !SameQuantization(v))
    return p == nullptr ? Reject(v, "no parameters") : false;
  const uint32_t flags = 0;
  Pad pad;
  float min = -kInf, max = kInf;
  if (!Positive(v, p->stride_height, "stride") || !Positive(v, p->stride_width, "stride") ||
      !Positive(v, p->filter_height, "filter size") || !Positive(v, p->filter_width, "filter size") ||
      !Padding(v, p->padding, Tensor(v, Input(v, 0)), p->filter_height, p->filter_width, p->stride_height,
               p->stride_width, 1, 1, &pad) ||
      !Activation(v, p->activation, &min, &max))
    return false;
  const TfLiteEvalTensor* input = Tensor(v, Input(v, 0));
  if (!OutputIs(v, {Dim(input, 0), ConvOut(Dim(input, 1), p->filter_height, p->stride_height, 1, p->padding),
                    ConvOut(Dim(input, 2), p->filter_width, p->stride_width, 1, p->padding), Dim(input, 3)}))
    return false;
  if (v.type == kTfLiteInt8 && !max_pool) {
    // This XNNPACK has no int8 average pooling, but a window over the whole (unpadded) input is its global
    // average pooling, which it has: the classifier heads of vww, kws and ResNet.
    if (Dim(input, 1) != p->filter_height || Dim(input, 2) != p->filter_width || pad.top + pad.bottom + pad.left + pad.right != 0)
      return Reject(v, "int8 average pooling whose window is not the whole input (this XNNPACK: float only)");
    if (v.subgraph == nullptr) return true;
    return Defined(v, "xnn_define_global_average_pooling_2d",
                   xnn_define_global_average_pooling_2d(v.subgraph, min, max, v.value(Input(v, 0)),
                                                        v.value(Output(v, 0)), 0));
  }
  if (p->filter_height == 1 && p->filter_width == 1) {
    // A 1x1 window is the identity (XNNPACK's pooling needs at least 2 elements): only without subsampling.
    if (p->stride_height != 1 || p->stride_width != 1) return Reject(v, "1x1 pooling with a stride");
    return v.subgraph == nullptr || DefineClamp(v, min, max);
  }
  if (v.subgraph == nullptr) return true;
  const uint32_t x = v.value(Input(v, 0)), y = v.value(Output(v, 0));
  if (max_pool)
    return Defined(v, "xnn_define_max_pooling_2d",
                   xnn_define_max_pooling_2d(v.subgraph, pad.top, pad.right, pad.bottom, pad.left, p->filter_height, p->filter_width,
                                             p->stride_height, p->stride_width, 1, 1, min, max, x, y, flags));
  return Defined(v, "xnn_define_average_pooling_2d",
                 xnn_define_average_pooling_2d(v.subgraph, pad.top, pad.right, pad.bottom, pad.left, p->filter_height, p->filter_width,
                                               p->stride_height, p->stride_width, min, max, x, y, flags));
}

// Reads an INT32 constant's values (small parameter tensors).
bool ConstantInts(NodeVisit& v, int index, std::vector<int64_t>* values, const char* role) {
  const TfLiteTensor* t = index < 0 ? nullptr : v.context->GetTensor(v.context, index);
  if (t == nullptr || !IsConstant(v, index)) return Reject(v, "%s is not a constant", role);
  int64_t count = 1;
  for (int i = 0; i < t->dims->size; ++i) count *= t->dims->data[i];
  values->clear();
  if (t->type == kTfLiteInt32) {
    for (int64_t i = 0; i < count; ++i) values->push_back(t->data.i32[i]);
  } else if (t->type == kTfLiteInt64) {
    for (int64_t i = 0; i < count; ++i) values->push_back(t->data.i64[i]);
  } else {
    return Reject(v, "%s is %s", role, TfLiteTypeGetName(t->type));
  }
  return true;
}

bool VisitMean(NodeVisit& v) {
  const auto* p = ParamsOf<TfLiteReducerParams>(v);
  if (p == nullptr || v.node->inputs->size != 2 || v.node->outputs->size != 1) return Reject(v, "unexpected inputs");
  if (!IsDataTensor(v, Input(v, 0), "the input") || !IsRank(v, Input(v, 0), 4, "the input") ||
      !IsDataTensor(v, Output(v, 0), "the output"))
    return false;
  std::vector<int64_t> axes;
  if (!ConstantInts(v, Input(v, 1), &axes, "the axes")) return false;
  bool h = false, w = false;
  for (int64_t a : axes) {
    const int64_t axis = a < 0 ? a + 4 : a;
    if (axis == 1) h = true;
    else if (axis == 2) w = true;
    else return Reject(v, "reduces axis %lld (XNNPACK: only H and W together)", static_cast<long long>(a));
  }
  if (!h || !w) return Reject(v, "does not reduce both H and W");
  const TfLiteEvalTensor* input = Tensor(v, Input(v, 0));
  const TfLiteEvalTensor* output = Tensor(v, Output(v, 0));
  const int n = Dim(input, 0), c = Dim(input, 3);
  const bool keep_shape = Rank(output) == 4 && Dim(output, 0) == n && Dim(output, 1) == 1 && Dim(output, 2) == 1 &&
                          Dim(output, 3) == c;
  const bool flat_shape = Rank(output) == 2 && Dim(output, 0) == n && Dim(output, 1) == c;
  if (p->keep_dims ? !keep_shape : !flat_shape) return Reject(v, "the output shape is not the reduced input's");
  if (v.subgraph == nullptr) return true;
  if (p->keep_dims) {
    return Defined(v, "xnn_define_global_average_pooling_2d",
                   xnn_define_global_average_pooling_2d(v.subgraph, -kInf, kInf, v.value(Input(v, 0)),
                                                        v.value(Output(v, 0)), 0));
  }
  // XNNPACK's global pooling keeps H and W (as 1): pool into a value of its own, then drop them.
  const size_t pooled_dims[4] = {static_cast<size_t>(n), 1, 1, static_cast<size_t>(c)};
  const uint32_t pooled = v.internal_value(Output(v, 0), 4, pooled_dims);
  const size_t flat_dims[2] = {static_cast<size_t>(n), static_cast<size_t>(c)};
  return Defined(v, "xnn_define_global_average_pooling_2d",
                 xnn_define_global_average_pooling_2d(v.subgraph, -kInf, kInf, v.value(Input(v, 0)), pooled, 0)) &&
         Defined(v, "xnn_define_static_reshape",
                 xnn_define_static_reshape(v.subgraph, 2, flat_dims, pooled, v.value(Output(v, 0)), 0));
}

bool VisitPad(NodeVisit& v, bool v2) {
  const int expected = v2 ? 3 : 2;
  if (v.node->inputs->size < 2 || v.node->inputs->size > expected || v.node->outputs->size != 1)
    return Reject(v, "unexpected inputs");
  if (!IsDataTensor(v, Input(v, 0), "the input") || !IsDataTensor(v, Output(v, 0), "the output") ||
      !SameQuantization(v))
    return false;
  const int rank = Rank(Tensor(v, Input(v, 0)));
  std::vector<int64_t> paddings;
  if (!ConstantInts(v, Input(v, 1), &paddings, "the paddings")) return false;
  if (static_cast<int>(paddings.size()) != 2 * rank) return Reject(v, "the paddings are not [%d, 2]", rank);
  for (int64_t p : paddings)
    if (p < 0) return Reject(v, "a negative padding");
  std::vector<int> padded(static_cast<size_t>(rank));
  for (int i = 0; i < rank; ++i)
    padded[i] = Dim(Tensor(v, Input(v, 0)), i) + static_cast<int>(paddings[2 * i] + paddings[2 * i + 1]);
  if (!OutputIs(v, padded)) return false;
  float value = 0.0f;
  if (v2 && v.node->inputs->size == 3 && Input(v, 2) >= 0) {
    if (!IsDataTensor(v, Input(v, 2), "the padding value") || !IsConstant(v, Input(v, 2)))
      return Reject(v, "the padding value is not a constant of the input's type");
    const TfLiteEvalTensor* pad_value = v.context->GetEvalTensor(v.context, Input(v, 2));
    if (v.type == kTfLiteInt8) {
      // XNNPACK quantizes the float value with the output's parameters: give it the value the int8 one stands
      // for (the padding value shares the output's quantization, as TFLM requires).
      const TfLiteTensor* out = FullTensor(v, Output(v, 0));
      const TfLiteTensor* given = FullTensor(v, Input(v, 2));
      if (given->params.scale != out->params.scale || given->params.zero_point != out->params.zero_point)
        return Reject(v, "the padding value's quantization is not the output's");
      value = static_cast<float>(pad_value->data.int8[0] - out->params.zero_point) * out->params.scale;
    } else {
      value = pad_value->data.f[0];
    }
  }
  if (v.subgraph == nullptr) return true;
  size_t pre[XNN_MAX_TENSOR_DIMS], post[XNN_MAX_TENSOR_DIMS];
  for (int i = 0; i < rank; ++i) {
    pre[i] = static_cast<size_t>(paddings[2 * i]);
    post[i] = static_cast<size_t>(paddings[2 * i + 1]);
  }
  return Defined(v, "xnn_define_static_constant_pad",
                 xnn_define_static_constant_pad(v.subgraph, pre, post, value, v.value(Input(v, 0)),
                                                v.value(Output(v, 0)), 0));
}

bool VisitReshape(NodeVisit& v) {
  // The new shape is the output tensor's (static in mote); the optional shape input is not read.
  if (v.node->inputs->size < 1 || v.node->inputs->size > 2 || v.node->outputs->size != 1)
    return Reject(v, "unexpected inputs");
  if (!IsDataTensor(v, Input(v, 0), "the input") || !IsDataTensor(v, Output(v, 0), "the output") ||
      !SameQuantization(v))
    return false;
  if (Elements(Tensor(v, Input(v, 0))) != Elements(Tensor(v, Output(v, 0))))
    return Reject(v, "the output does not have the input's element count");
  if (v.subgraph == nullptr) return true;
  const TfLiteEvalTensor* out = Tensor(v, Output(v, 0));
  size_t shape[XNN_MAX_TENSOR_DIMS];
  for (int i = 0; i < Rank(out); ++i) shape[i] = static_cast<size_t>(Dim(out, i));
  return Defined(v, "xnn_define_static_reshape",
                 xnn_define_static_reshape(v.subgraph, Rank(out), shape, v.value(Input(v, 0)), v.value(Output(v, 0)),
                                           0));
}

bool VisitResizeBilinear(NodeVisit& v) {
  const auto* p = ParamsOf<TfLiteResizeBilinearParams>(v);
  if (p == nullptr || v.node->inputs->size != 2 || v.node->outputs->size != 1) return Reject(v, "unexpected inputs");
  if (!IsDataTensor(v, Input(v, 0), "the input") || !IsRank(v, Input(v, 0), 4, "the input") ||
      !IsDataTensor(v, Output(v, 0), "the output") || !IsRank(v, Output(v, 0), 4, "the output") ||
      !SameQuantization(v))
    return false;
  // TFLite's three sampling rules map to XNNPACK's: half-pixel centres (default), align_corners, legacy.
  uint32_t flags = 0;
  if (p->align_corners && p->half_pixel_centers) return Reject(v, "align_corners with half_pixel_centers");
  if (p->align_corners) flags = XNN_FLAG_ALIGN_CORNERS;
  else if (!p->half_pixel_centers) flags = XNN_FLAG_TENSORFLOW_LEGACY_MODE;
  const TfLiteEvalTensor* in = Tensor(v, Input(v, 0));
  const TfLiteEvalTensor* resized = Tensor(v, Output(v, 0));
  if (!OutputIs(v, {Dim(in, 0), Dim(resized, 1), Dim(resized, 2), Dim(in, 3)})) return false;
  if (v.subgraph == nullptr) return true;
  const TfLiteEvalTensor* out = Tensor(v, Output(v, 0));
  return Defined(v, "xnn_define_static_resize_bilinear_2d",
                 xnn_define_static_resize_bilinear_2d(v.subgraph, Dim(out, 1), Dim(out, 2), v.value(Input(v, 0)),
                                                      v.value(Output(v, 0)), flags));
}

bool VisitDepthToSpace(NodeVisit& v) {
  const auto* p = ParamsOf<TfLiteDepthToSpaceParams>(v);
  if (p == nullptr || !AllData(v, 1) || !IsRank(v, Input(v, 0), 4, "the input"))
    return p == nullptr ? Reject(v, "no parameters") : false;
  if (p->block_size < 2) return Reject(v, "block size %d", p->block_size);
  const TfLiteEvalTensor* in = Tensor(v, Input(v, 0));
  const int b = p->block_size;
  if (Dim(in, 3) % (b * b) != 0) return Reject(v, "the channels are not a multiple of %d", b * b);
  if (!OutputIs(v, {Dim(in, 0), Dim(in, 1) * b, Dim(in, 2) * b, Dim(in, 3) / (b * b)})) return false;
  if (v.subgraph == nullptr) return true;
  return Defined(v, "xnn_define_depth_to_space",
                 xnn_define_depth_to_space(v.subgraph, v.value(Input(v, 0)), v.value(Output(v, 0)), p->block_size, 0));
}

bool VisitPrelu(NodeVisit& v) {
  if (v.node->inputs->size != 2 || v.node->outputs->size != 1) return Reject(v, "unexpected inputs");
  const int in = Input(v, 0), slope = Input(v, 1), out = Output(v, 0);
  if (!IsDataTensor(v, in, "the input") || !IsStaticFloat(v, slope, "the slope") || !IsDataTensor(v, out, "the output"))
    return false;
  const TfLiteEvalTensor* input = Tensor(v, in);
  const TfLiteEvalTensor* alpha = Tensor(v, slope);
  const int channels = Dim(input, Rank(input) - 1);
  // XNNPACK's slope is one value per channel: every slope dimension but the last must be 1.
  for (int i = 0; i + 1 < Rank(alpha); ++i)
    if (Dim(alpha, i) != 1) return Reject(v, "the slope varies along more than the channels");
  if (Rank(alpha) == 0 || Dim(alpha, Rank(alpha) - 1) != channels)
    return Reject(v, "the slope does not have one value per channel (%d)", channels);
  if (Rank(alpha) > Rank(input)) return Reject(v, "the slope has more dimensions than the input");
  if (!SameShape(input, Tensor(v, out))) return Reject(v, "the output shape is not the input's");
  if (v.subgraph == nullptr) return true;
  const size_t dims[1] = {static_cast<size_t>(channels)};
  return Defined(v, "xnn_define_prelu",
                 xnn_define_prelu(v.subgraph, v.value(in), v.static_value(slope, 1, dims), v.value(out), 0));
}

bool VisitUnary(NodeVisit& v, int32_t code) {
  if (!AllData(v, 1)) return false;
  if (!SameShape(Tensor(v, Input(v, 0)), Tensor(v, Output(v, 0)))) return Reject(v, "the output shape is not the input's");
  float alpha = 0.0f;
  const bool clamp = code == kTfLiteBuiltinRelu || code == kTfLiteBuiltinRelu6 || code == kTfLiteBuiltinReluN1To1;
  if (clamp && !SameQuantization(v)) return false;
  if (code == kTfLiteBuiltinSoftmax) {
    const auto* p = ParamsOf<TfLiteSoftmaxParams>(v);
    if (p == nullptr || p->beta != 1.0f) return Reject(v, "beta is not 1 (XNNPACK's softmax has no beta)");
    if (Rank(Tensor(v, Input(v, 0))) < 1) return Reject(v, "a scalar input");
  }
  if (code == kTfLiteBuiltinLeakyRelu) {
    const auto* p = ParamsOf<TfLiteLeakyReluParams>(v);
    if (p == nullptr) return Reject(v, "no parameters");
    alpha = p->alpha;
  }
  if (v.subgraph == nullptr) return true;
  const uint32_t x = v.value(Input(v, 0)), y = v.value(Output(v, 0));
  xnn_subgraph_t s = v.subgraph;
  switch (code) {
    case kTfLiteBuiltinRelu: return DefineClamp(v, 0.0f, kInf);
    case kTfLiteBuiltinRelu6: return DefineClamp(v, 0.0f, 6.0f);
    case kTfLiteBuiltinReluN1To1: return DefineClamp(v, -1.0f, 1.0f);
    case kTfLiteBuiltinSoftmax: return Defined(v, "xnn_define_softmax", xnn_define_softmax(s, x, y, 0));
    case kTfLiteBuiltinLogistic: return Defined(v, "xnn_define_sigmoid", xnn_define_sigmoid(s, x, y, 0));
    case kTfLiteBuiltinHardSwish: return Defined(v, "xnn_define_hardswish", xnn_define_hardswish(s, x, y, 0));
    case kTfLiteBuiltinElu: return Defined(v, "xnn_define_elu", xnn_define_elu(s, 1.0f, x, y, 0));
    case kTfLiteBuiltinLeakyRelu:
      return Defined(v, "xnn_define_leaky_relu", xnn_define_leaky_relu(s, alpha, x, y, 0));
    case kTfLiteBuiltinAbs: return Defined(v, "xnn_define_abs", xnn_define_abs(s, x, y, 0));
    case kTfLiteBuiltinNeg: return Defined(v, "xnn_define_negate", xnn_define_negate(s, x, y, 0));
    case kTfLiteBuiltinSquare: return Defined(v, "xnn_define_square", xnn_define_square(s, x, y, 0));
    case kTfLiteBuiltinSqrt: return Defined(v, "xnn_define_square_root", xnn_define_square_root(s, x, y, 0));
    case kTfLiteBuiltinFloor: return Defined(v, "xnn_define_floor", xnn_define_floor(s, x, y, 0));
    case kTfLiteBuiltinCeil: return Defined(v, "xnn_define_ceiling", xnn_define_ceiling(s, x, y, 0));
    default: return Defined(v, "xnn_define_bankers_rounding", xnn_define_bankers_rounding(s, x, y, 0));
  }
}

// DEQUANTIZE of a float16 constant: no XNNPACK node; its output is defined as static float32 data where read.
bool VisitDequantize(NodeVisit& v) {
  if (v.node->inputs->size != 1 || v.node->outputs->size != 1) return Reject(v, "unexpected inputs");
  if (v.facts->fp16_source.count(Output(v, 0)) == 0) return Reject(v, "");  // integer dequantize: not float work
  if (!IsDataTensor(v, Output(v, 0), "the output")) return false;
  if (Elements(Tensor(v, Input(v, 0))) != Elements(Tensor(v, Output(v, 0))))
    return Reject(v, "the output does not have the input's element count");
  return true;
}

// The ops whose int8 (QS8) form this XNNPACK's subgraph API defines and the delegate maps exactly: tried one
// by one (xnn_define_* and xnn_create_runtime_v2 with qint8 values) against Debian's 2022 XNNPACK. Average pooling
// (but for global), SOFTMAX, HARD_SWISH, LEAKY_RELU, DEPTH_TO_SPACE, MAXIMUM/MINIMUM are float-only there.
bool Int8Capable(int32_t code) {
  switch (code) {
    case kTfLiteBuiltinFullyConnected:
    case kTfLiteBuiltinConv2d:
    case kTfLiteBuiltinDepthwiseConv2d:
    case kTfLiteBuiltinAdd:
    case kTfLiteBuiltinSub:
    case kTfLiteBuiltinMul:
    case kTfLiteBuiltinMaxPool2d:
    case kTfLiteBuiltinAveragePool2d:  // over the whole input only (global average pooling)
    case kTfLiteBuiltinMean:
    case kTfLiteBuiltinPad:
    case kTfLiteBuiltinPadv2:
    case kTfLiteBuiltinReshape:
    case kTfLiteBuiltinResizeBilinear:
    case kTfLiteBuiltinLogistic:
    case kTfLiteBuiltinElu:
    case kTfLiteBuiltinRelu:
    case kTfLiteBuiltinRelu6:
    case kTfLiteBuiltinReluN1To1: return true;
    default: return false;
  }
}

}  // namespace

bool ActivationRange(TfLiteFusedActivation activation, float* min, float* max) {
  switch (activation) {
    case kTfLiteActNone: *min = -kInf, *max = kInf; return true;
    case kTfLiteActRelu: *min = 0.0f, *max = kInf; return true;
    case kTfLiteActReluN1To1: *min = -1.0f, *max = 1.0f; return true;
    case kTfLiteActRelu6: *min = 0.0f, *max = 6.0f; return true;
    default: return false;
  }
}

const char* OpName(const TfLiteRegistration& registration) {
  if (registration.custom_name != nullptr) return registration.custom_name;
  return BuiltinOperatorName(registration.builtin_code);
}

bool VisitNode(NodeVisit& v) {
  const int32_t code = v.registration->builtin_code;
  for (int excluded : v.shared->options.excluded_ops)
    if (excluded == code) return Reject(v, "left out by the delegate's options");
  if (v.registration->custom_name != nullptr) return Reject(v, "");
  const TfLiteEvalTensor* first_output = Tensor(v, Output(v, 0));
  v.type = kTfLiteFloat32;
  if (first_output != nullptr && first_output->type == kTfLiteInt8 && v.shared->options.quantized) {
    v.type = kTfLiteInt8;
    if (!Int8Capable(code)) return Reject(v, "this XNNPACK has no int8 form of the op");
  }
  switch (code) {
    case kTfLiteBuiltinFullyConnected: return VisitFullyConnected(v);
    case kTfLiteBuiltinConv2d: return VisitConv2D(v, false);
    case kTfLiteBuiltinDepthwiseConv2d: return VisitConv2D(v, true);
    case kTfLiteBuiltinTransposeConv: return VisitTransposeConv(v);
    case kTfLiteBuiltinAdd:
    case kTfLiteBuiltinSub:
    case kTfLiteBuiltinMul:
    case kTfLiteBuiltinDiv:
    case kTfLiteBuiltinMaximum:
    case kTfLiteBuiltinMinimum:
    case kTfLiteBuiltinSquaredDifference: return VisitBinary(v, code);
    case kTfLiteBuiltinMaxPool2d: return VisitPool(v, true);
    case kTfLiteBuiltinAveragePool2d: return VisitPool(v, false);
    case kTfLiteBuiltinMean: return VisitMean(v);
    case kTfLiteBuiltinPad: return VisitPad(v, false);
    case kTfLiteBuiltinPadv2: return VisitPad(v, true);
    case kTfLiteBuiltinReshape: return VisitReshape(v);
    case kTfLiteBuiltinResizeBilinear: return VisitResizeBilinear(v);
    case kTfLiteBuiltinDepthToSpace: return VisitDepthToSpace(v);
    case kTfLiteBuiltinPrelu: return VisitPrelu(v);
    case kTfLiteBuiltinDequantize: return VisitDequantize(v);
    case kTfLiteBuiltinSoftmax:
    case kTfLiteBuiltinLogistic:
    case kTfLiteBuiltinHardSwish:
    case kTfLiteBuiltinElu:
    case kTfLiteBuiltinLeakyRelu:
    case kTfLiteBuiltinRelu:
    case kTfLiteBuiltinRelu6:
    case kTfLiteBuiltinReluN1To1:
    case kTfLiteBuiltinAbs:
    case kTfLiteBuiltinNeg:
    case kTfLiteBuiltinSquare:
    case kTfLiteBuiltinSqrt:
    case kTfLiteBuiltinFloor:
    case kTfLiteBuiltinCeil:
    case kTfLiteBuiltinRound: return VisitUnary(v, code);
    default: return Reject(v, "no XNNPACK node for this op in the delegate (this XNNPACK has no CONCATENATION, TANH, SLICE, TRANSPOSE...)");
  }
}

bool CanClaim(TfLiteContext* context, const GraphFacts& facts, const XnnpackDelegate::Shared& shared,
              const TfLiteNode& node, const TfLiteRegistration& registration, std::string* why) {
  NodeVisit v;
  v.context = context;
  v.facts = &facts;
  v.shared = &shared;
  v.node = &node;
  v.registration = &registration;
  v.why = why;
  return VisitNode(v);
}

GraphFacts GraphFacts::Collect(TfLiteContext* context) {
  GraphFacts facts;
  TfLiteIntArray* plan = nullptr;
  if (context->GetExecutionPlan(context, &plan) != kTfLiteOk) return facts;
  auto visit = [&](int index) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    if (context->GetNodeAndRegistration(context, index, &node, &registration) != kTfLiteOk) return;
    if (registration->builtin_code == kTfLiteBuiltinDelegate && node->builtin_data != nullptr) return;
    if (registration->builtin_code != kTfLiteBuiltinDequantize || node->inputs->size != 1 ||
        node->outputs->size != 1)
      return;
    const int in = node->inputs->data[0];
    const TfLiteTensor* t = in < 0 ? nullptr : context->GetTensor(context, in);
    if (t != nullptr && t->type == kTfLiteFloat16 && t->allocation_type == kTfLiteMmapRo && t->data.raw != nullptr)
      facts.fp16_source[node->outputs->data[0]] = in;
  };
  for (int i = 0; i < plan->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    if (context->GetNodeAndRegistration(context, plan->data[i], &node, &registration) != kTfLiteOk) continue;
    // A node an earlier delegate replaced still writes its tensors: look inside delegate kernels too.
    if (registration->builtin_code == kTfLiteBuiltinDelegate && node->builtin_data != nullptr) {
      const auto* params = static_cast<const TfLiteDelegateParams*>(node->builtin_data);
      for (int k = 0; k < params->nodes_to_replace->size; ++k) visit(params->nodes_to_replace->data[k]);
    } else {
      visit(plan->data[i]);
    }
  }
  return facts;
}

}  // namespace xnnpack
}  // namespace mote
