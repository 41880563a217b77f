// TFLite_Detection_PostProcess glue: the custom op TFLM registers with AddDetectionPostprocess().
//
// Inputs: 0 box encodings FLOAT32 [1, num_boxes, >= 4] (y, x, h, w first), 1 class predictions FLOAT32
// [1, num_boxes, num_classes (+1 background column first)], 2 anchors FLOAT32 [num_boxes, 4] (y, x, h, w).
// Outputs, all FLOAT32: 0 boxes [.., max_detections, 4], 1 classes, 2 scores [.., max_detections], 3 the count.
// Options: the node's FlexBuffers custom options (TFLM's keys and defaults: detections_per_class 100 and
// use_regular_nms false when absent, every other absent key 0).
//
// Where TFLM refuses (at invoke) or goes wrong, prepare refuses: quantized inputs (TFLM's kernel decodes float32
// only and fails at invoke), anchors of another shape or type (TFLM reads them as float rows, out of bounds),
// outputs smaller than max_detections rows (TFLM writes past them), fast NMS with more than one class per
// detection (TFLM's row index grows twice per class and writes out of bounds), missing or malformed options
// (TFLM reads before the buffer). Decoded boxes that are inverted or empty depend on the data: invoke fails on
// them, as TFLM's does, after the decode (the only error invoke returns).
#include <cstdint>
#include <limits>

#include "kernels/detection_postprocess/detection_postprocess_reference.h"
#include "kernels/glue/flexbuffer_map.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "TFLite_Detection_PostProcess";
constexpr int kBoxEncodings = 0;
constexpr int kClassPredictions = 1;
constexpr int kAnchors = 2;
constexpr int kNumOutputs = 4;
constexpr int kDefaultDetectionsPerClass = 100;  // TFLM's kNumDetectionsPerClass

struct OpData {
  reference::DetectionParams params;
  int max_classes_per_detection;
  const char* option_error;  // set by Init: why the options are unusable (prepare reports it), or nullptr
  const char* option_key;
  int scratch_index;
};

// One option into *out; false (with the reason in data) when it is not a number of that kind.
// `out` is an int field of the params (int and int32_t differ on arm-none-eabi).
bool ReadInt(const FlexMap& map, const char* key, int* out, OpData* data) {
  int32_t value = 0;
  if (map.Find(key).ToInt32(&value)) {
    *out = static_cast<int>(value);
    return true;
  }
  data->option_error = "is not an int32";
  data->option_key = key;
  return false;
}
bool ReadFloat(const FlexMap& map, const char* key, float* out, OpData* data) {
  if (map.Find(key).ToFloat(out)) return true;
  data->option_error = "is not a number";
  data->option_key = key;
  return false;
}

void ParseOptions(const FlexMap& map, OpData* data) {
  reference::DetectionParams& p = data->params;
  int max_classes = 0;
  if (!ReadInt(map, "max_detections", &p.max_detections, data) ||
      !ReadInt(map, "max_classes_per_detection", &max_classes, data) ||
      !ReadInt(map, "num_classes", &p.num_classes, data) ||
      !ReadFloat(map, "nms_score_threshold", &p.score_threshold, data) ||
      !ReadFloat(map, "nms_iou_threshold", &p.iou_threshold, data) || !ReadFloat(map, "y_scale", &p.y_scale, data) ||
      !ReadFloat(map, "x_scale", &p.x_scale, data) || !ReadFloat(map, "h_scale", &p.h_scale, data) ||
      !ReadFloat(map, "w_scale", &p.w_scale, data)) {
    return;
  }
  data->max_classes_per_detection = max_classes;
  const FlexValue per_class = map.Find("detections_per_class");
  p.detections_per_class = kDefaultDetectionsPerClass;
  if (per_class.kind != FlexValue::Kind::kNull && !ReadInt(map, "detections_per_class", &p.detections_per_class, data))
    return;
  if (!map.Find("use_regular_nms").ToBool(&p.use_regular_nms)) {
    data->option_error = "is not a boolean";
    data->option_key = "use_regular_nms";
  }
}

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  *data = OpData();
  FlexMap map;
  if (!map.Init(reinterpret_cast<const uint8_t*>(buffer), length)) {
    data->option_error = "are missing or not a FlexBuffers map";
    return data;
  }
  ParseOptions(map, data);
  return data;
}

TfLiteStatus CheckOptions(TfLiteContext* context, const OpData& data) {
  const reference::DetectionParams& p = data.params;
  if (data.option_error != nullptr) {
    if (data.option_key == nullptr) {
      TF_LITE_KERNEL_LOG(context, "%s: the custom options %s", kOp, data.option_error);
    } else {
      TF_LITE_KERNEL_LOG(context, "%s: option %s %s", kOp, data.option_key, data.option_error);
    }
    return kTfLiteError;
  }
  if (p.max_detections < 0) {
    TF_LITE_KERNEL_LOG(context, "%s: max_detections is %d (must be >= 0)", kOp, p.max_detections);
    return kTfLiteError;
  }
  if (!(p.iou_threshold > 0.0f && p.iou_threshold <= 1.0f)) {
    TF_LITE_KERNEL_LOG(context, "%s: nms_iou_threshold is %g (must be in (0, 1])", kOp, p.iou_threshold);
    return kTfLiteError;
  }
  if (p.use_regular_nms && (p.detections_per_class < 1 || p.num_classes < 0)) {
    TF_LITE_KERNEL_LOG(context, "%s: regular NMS needs detections_per_class >= 1 and num_classes >= 0 (got %d, %d)",
                       kOp, p.detections_per_class, p.num_classes);
    return kTfLiteError;
  }
  if (!p.use_regular_nms && (p.num_classes < 1 || data.max_classes_per_detection < 1)) {
    TF_LITE_KERNEL_LOG(context, "%s: fast NMS needs num_classes >= 1 and max_classes_per_detection >= 1 (got %d, %d)",
                       kOp, p.num_classes, data.max_classes_per_detection);
    return kTfLiteError;
  }
  if (!p.use_regular_nms && data.max_classes_per_detection > 1 && p.num_classes > 1) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: fast NMS with max_classes_per_detection %d is not supported (TFLM writes the rows of "
                       "more than one class per detection out of bounds; use 1 or regular NMS)",
                       kOp, data.max_classes_per_detection);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

bool IsFloat32(const TfLiteTensor* t) { return t != nullptr && t->type == kTfLiteFloat32; }

// Inputs: float32, [1, N, >= 4], [1, N, num_classes + 0 or 1], [N, 4]; fills the shape parameters.
TfLiteStatus CheckInputs(TfLiteContext* context, const TfLiteTensor* boxes, const TfLiteTensor* scores,
                         const TfLiteTensor* anchors, reference::DetectionParams* p) {
  if (!IsFloat32(boxes) || !IsFloat32(scores) || !IsFloat32(anchors)) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: box encodings, class predictions and anchors must be FLOAT32 (TFLM's kernel "
                       "decodes float32 only)",
                       kOp);
    return kTfLiteError;
  }
  const TfLiteIntArray* b = boxes->dims;
  const TfLiteIntArray* s = scores->dims;
  const TfLiteIntArray* a = anchors->dims;
  if (b->size != 3 || b->data[0] != 1 || b->data[2] < 4 || a->size != 2 || a->data[0] != b->data[1] ||
      a->data[1] != 4 || s->size != 3 || s->data[0] != 1 || s->data[1] != b->data[1]) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: shapes must be box encodings [1, N, >= 4], class predictions [1, N, C], "
                       "anchors [N, 4]",
                       kOp);
    return kTfLiteError;
  }
  const int label_offset = s->data[2] - p->num_classes;
  if (label_offset != 0 && label_offset != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: class predictions have %d columns for num_classes %d (num_classes or one more)",
                       kOp, s->data[2], p->num_classes);
    return kTfLiteError;
  }
  p->num_boxes = b->data[1];
  p->box_code_size = b->data[2];
  p->label_offset = label_offset;
  return kTfLiteOk;
}

TfLiteStatus CheckOutputs(TfLiteContext* context, TfLiteNode* node, int max_detections) {
  MicroContext* micro_context = GetMicroContext(context);
  const int64_t needed[kNumOutputs] = {4 * static_cast<int64_t>(max_detections), max_detections, max_detections, 1};
  for (int i = 0; i < kNumOutputs; ++i) {
    ScopedTempTensor out(context, micro_context->AllocateTempOutputTensor(node, i));
    if (!IsFloat32(out.get()) || ElementCount(*out->dims) < needed[i]) {
      TF_LITE_KERNEL_LOG(context, "%s: output %d must be FLOAT32 with at least %lld values (max_detections %d)", kOp, i,
                         static_cast<long long>(needed[i]), max_detections);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus RequestScratch(TfLiteContext* context, OpData* data) {
  const reference::DetectionParams& p = data->params;
  // Keeps the box * column indices and the scratch size inside int32 (N * 4 words, 1 + C columns).
  const int64_t columns = static_cast<int64_t>(p.num_classes) + p.label_offset;
  if (static_cast<int64_t>(p.num_boxes) * (columns + 1) > (1 << 26) || p.max_detections > (1 << 24)) {
    TF_LITE_KERNEL_LOG(context, "%s: %d boxes of %lld columns and max_detections %d are too large", kOp, p.num_boxes,
                       static_cast<long long>(columns), p.max_detections);
    return kTfLiteError;
  }
  const size_t bytes = reference::CarveDetectionScratch(p, nullptr, nullptr);
  return context->RequestScratchBufferInArena(context, bytes, &data->scratch_index);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckOptions(context, *data));
  if (NumInputs(node) != 3 || NumOutputs(node) != kNumOutputs) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (3 inputs, 4 outputs)", kOp, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  {
    ScopedTempTensor boxes(context, micro_context->AllocateTempInputTensor(node, kBoxEncodings));
    ScopedTempTensor scores(context, micro_context->AllocateTempInputTensor(node, kClassPredictions));
    ScopedTempTensor anchors(context, micro_context->AllocateTempInputTensor(node, kAnchors));
    TF_LITE_ENSURE_STATUS(CheckInputs(context, boxes.get(), scores.get(), anchors.get(), &data->params));
  }
  TF_LITE_ENSURE_STATUS(CheckOutputs(context, node, data->params.max_detections));
  TF_LITE_ENSURE_STATUS(RequestScratch(context, data));
  ReportKernelVariant(context, "detection_postprocess/float32/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  reference::DetectionScratch scratch;
  reference::CarveDetectionScratch(
      data.params, static_cast<uint8_t*>(context->GetScratchBuffer(context, data.scratch_index)), &scratch);
  const reference::DetectionOutputs outputs = {micro::GetTensorData<float>(micro::GetEvalOutput(context, node, 0)),
                                               micro::GetTensorData<float>(micro::GetEvalOutput(context, node, 1)),
                                               micro::GetTensorData<float>(micro::GetEvalOutput(context, node, 2)),
                                               micro::GetTensorData<float>(micro::GetEvalOutput(context, node, 3))};
  if (!reference::DetectionPostprocess(
          data.params, micro::GetTensorData<float>(micro::GetEvalInput(context, node, kBoxEncodings)),
          micro::GetTensorData<float>(micro::GetEvalInput(context, node, kClassPredictions)),
          micro::GetTensorData<float>(micro::GetEvalInput(context, node, kAnchors)), scratch, outputs)) {
    TF_LITE_KERNEL_LOG(context, "%s: a decoded box has ymin >= ymax or xmin >= xmax (TFLM fails on it too)", kOp);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_DETECTION_POSTPROCESS (PLAIN, "detection_postprocess/float32/reference", Init, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
