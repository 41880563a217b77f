#include "output_report.h"

#include <algorithm>
#include <cstdio>

#include "cli.h"
#include "mote/kernel_util.h"
#include "mote/model_verifier.h"

namespace mote {
namespace cli {
namespace {

double Dequantize(const TfLiteTensor* t, size_t i) {
  switch (t->type) {
    case kTfLiteFloat32:
      return t->data.f[i];
    case kTfLiteInt8:
      return (t->data.int8[i] - t->params.zero_point) * static_cast<double>(t->params.scale);
    case kTfLiteUInt8:
      return (t->data.uint8[i] - t->params.zero_point) * static_cast<double>(t->params.scale);
    case kTfLiteInt16:
      return (t->data.i16[i] - t->params.zero_point) * static_cast<double>(t->params.scale);
    case kTfLiteInt32: {
      const double scale = t->params.scale == 0.f ? 1.0 : t->params.scale;
      return (t->data.i32[i] - t->params.zero_point) * scale;
    }
    default:
      return 0.0;
  }
}

// The builtin code of the operator writing tensor `tensor` in subgraph 0, or -1 (a graph input, a constant).
int32_t ProducerCode(const schema::Model* model, int32_t tensor, int32_t* producer_input) {
  const schema::SubGraph* sg = model->subgraphs()->Get(0);
  if (sg->operators() == nullptr) return -1;
  for (const schema::Operator* op : *sg->operators()) {
    if (op->outputs() == nullptr) continue;
    for (int32_t out : *op->outputs()) {
      if (out != tensor) continue;
      *producer_input = op->inputs() != nullptr && op->inputs()->size() > 0 ? op->inputs()->Get(0) : -1;
      return GetBuiltinCode(model->operator_codes()->Get(op->opcode_index()));
    }
  }
  return -1;
}

bool ComesFromSoftmaxOrLogistic(const schema::Model* model, int32_t tensor) {
  for (int step = 0; step < 4 && tensor >= 0; ++step) {  // a few pass-through ops, never a cycle
    int32_t input = -1;
    const int32_t code = ProducerCode(model, tensor, &input);
    if (code == schema::BuiltinOperator_SOFTMAX || code == schema::BuiltinOperator_LOGISTIC) return true;
    if (code != schema::BuiltinOperator_RESHAPE && code != schema::BuiltinOperator_SQUEEZE &&
        code != schema::BuiltinOperator_QUANTIZE && code != schema::BuiltinOperator_DEQUANTIZE) {
      return false;
    }
    tensor = input;
  }
  return false;
}

size_t ElementCount(const TfLiteTensor* t) { return t->bytes / std::max<size_t>(TfLiteTypeSizeOf(t->type), 1); }

void PrintTopK(const TfLiteTensor* t, size_t top, const std::vector<std::string>& labels) {
  const size_t elements = ElementCount(t);
  std::vector<size_t> order(elements);
  for (size_t i = 0; i < elements; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return Dequantize(t, a) > Dequantize(t, b); });
  const size_t n = std::min(top, elements);
  std::printf("  top-%zu:\n", n);
  for (size_t r = 0; r < n; ++r) {
    const size_t c = order[r];
    std::printf("    %zu. class %zu%s%s%s  score %.6f\n", r + 1, c, c < labels.size() ? " '" : "",
                c < labels.size() ? labels[c].c_str() : "", c < labels.size() ? "'" : "", Dequantize(t, c));
  }
}

void PrintSummary(const TfLiteTensor* t) {
  const size_t elements = ElementCount(t);
  const bool quantized = t->type != kTfLiteFloat32 && t->params.scale != 0.f;
  if (elements == 0 || (t->type != kTfLiteFloat32 && t->type != kTfLiteInt8 && t->type != kTfLiteUInt8 &&
                        t->type != kTfLiteInt16 && t->type != kTfLiteInt32)) {
    std::printf("  %zu values (%s: no summary)\n", elements, TfLiteTypeGetName(t->type));
    return;
  }
  double lo = Dequantize(t, 0), hi = lo, sum = 0;
  for (size_t i = 0; i < elements; ++i) {
    const double v = Dequantize(t, i);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
  }
  std::printf("  %zu values%s: min %.6g, max %.6g, mean %.6g\n", elements, quantized ? " (dequantized)" : "", lo, hi,
              sum / static_cast<double>(elements));
  const size_t n = std::min<size_t>(elements, 8);
  std::printf("  first values:");
  for (size_t i = 0; i < n; ++i) std::printf(" %.6g", Dequantize(t, i));
  std::printf("%s\n", elements > n ? " ..." : "");
}

}  // namespace

bool LooksLikeClassScores(const schema::Model* model, size_t k, const TfLiteTensor* t, bool have_labels) {
  const int rank = t->dims == nullptr ? 0 : t->dims->size;
  const bool vector = rank == 1 || (rank == 2 && t->dims->data[0] == 1);
  if (!vector || ElementCount(t) < 2) return false;
  if (have_labels) return true;
  const auto* outputs = model->subgraphs()->Get(0)->outputs();
  if (outputs == nullptr || k >= outputs->size()) return false;
  return ComesFromSoftmaxOrLogistic(model, outputs->Get(static_cast<flatbuffers::uoffset_t>(k)));
}

void PrintOutput(size_t k, const TfLiteTensor* t, bool class_scores, size_t top,
                 const std::vector<std::string>& labels) {
  std::printf("output %zu '%s' %s\n", k, t->name, DescribeTensor(t).c_str());
  if (class_scores && top > 0) {
    PrintTopK(t, top, labels);
  } else {
    PrintSummary(t);
  }
}

}  // namespace cli
}  // namespace mote
