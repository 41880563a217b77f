// TFLite_Detection_PostProcess: registration (AllOpsResolver, AddDetectionPostprocess(), TFLM's factory), a
// hand-checked run, every prepare refusal by its message and the invoke failure on an inverted box (the data
// is proven against TFLM by tools/oracle/gen_detection_postprocess.py).
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/tflite_names.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::LogCapture;
using test::ModelBuilder;

constexpr char kName[] = "TFLite_Detection_PostProcess";

// Options as the converter writes them; `edit` changes or drops keys before the map is written.
struct Options {
  int max_detections = 3, max_classes_per_detection = 1, detections_per_class = 2, num_classes = 2;
  bool use_regular_nms = true;
  float score_threshold = 0.1f, iou_threshold = 0.5f;
  std::function<void(flexbuffers::Builder&)> extra;  // written after the standard keys
  bool write = true;
};

std::vector<uint8_t> OptionBytes(const Options& o) {
  if (!o.write) return {};
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    fbb.Int("max_detections", o.max_detections);
    fbb.Int("max_classes_per_detection", o.max_classes_per_detection);
    fbb.Int("detections_per_class", o.detections_per_class);
    fbb.Bool("use_regular_nms", o.use_regular_nms);
    fbb.Float("nms_score_threshold", o.score_threshold);
    fbb.Float("nms_iou_threshold", o.iou_threshold);
    fbb.Float("y_scale", 10.0f);
    fbb.Float("x_scale", 10.0f);
    fbb.Float("h_scale", 5.0f);
    fbb.Float("w_scale", 5.0f);
    if (o.extra) {
      o.extra(fbb);
    } else {
      fbb.Int("num_classes", o.num_classes);
    }
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

struct Shapes {
  int boxes = 2, code = 4, columns = 3, anchor_width = 4, outputs = 3, inputs = 3;
  schema::TensorType box_type = schema::TensorType_FLOAT32;
};

std::vector<uint8_t> Model(const Options& o, const Shapes& s = Shapes()) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, kName);
  const std::vector<float> scale =
      s.box_type == schema::TensorType_FLOAT32 ? std::vector<float>{} : std::vector<float>{0.1f};
  const std::vector<int64_t> zp = scale.empty() ? std::vector<int64_t>{} : std::vector<int64_t>{0};
  std::vector<int> ins = {b.AddTensor(s.box_type, {1, s.boxes, s.code}, "boxes", 0, scale, zp),
                          b.AddTensor(schema::TensorType_FLOAT32, {1, s.boxes, s.columns}, "scores"),
                          b.AddTensor(schema::TensorType_FLOAT32, {s.boxes, s.anchor_width}, "anchors")};
  ins.resize(static_cast<size_t>(s.inputs));
  const std::vector<int> outs = {b.AddTensor(schema::TensorType_FLOAT32, {1, s.outputs, 4}, "out_boxes"),
                                 b.AddTensor(schema::TensorType_FLOAT32, {1, s.outputs}, "classes"),
                                 b.AddTensor(schema::TensorType_FLOAT32, {1, s.outputs}, "out_scores"),
                                 b.AddTensor(schema::TensorType_FLOAT32, {1}, "count")};
  b.AddOperator(code, ins, outs, schema::BuiltinOptions_NONE, 0, OptionBytes(o));
  b.SetInputs(ins);
  b.SetOutputs(outs);
  return b.Finish();
}

void ExpectRefused(const std::vector<uint8_t>& model, const std::string& message) {
  test::ExpectRefused(model, std::string(kName) + ": " + message);
}

// Two anchors of one size at different centres, encodings zero: boxes centred on the anchors.
void SetInputs(MicroInterpreter* interpreter, float anchor1_y) {
  const float boxes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const float scores[6] = {0.0f, 0.9f, 0.2f, 0.0f, 0.8f, 0.7f};  // background, class 0, class 1 per anchor
  const float anchors[8] = {0.5f, 0.5f, 0.2f, 0.2f, anchor1_y, 0.5f, 0.2f, 0.2f};
  std::memcpy(interpreter->input(0)->data.f, boxes, sizeof(boxes));
  std::memcpy(interpreter->input(1)->data.f, scores, sizeof(scores));
  std::memcpy(interpreter->input(2)->data.f, anchors, sizeof(anchors));
}

TEST(DetectionPostprocess, RegularNmsPerClass) {
  test::OpRun run(Model(Options()));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "detection_postprocess/float32/reference");
  SetInputs(run.interpreter.get(), 0.55f);  // the boxes overlap with IoU 0.6 > 0.5
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  // Class 0 keeps anchor 0 (0.9, anchor 1's 0.8 suppressed); class 1 keeps anchor 1 (0.7).
  const float* classes = run.interpreter->output(1)->data.f;
  const float* scores = run.interpreter->output(2)->data.f;
  EXPECT_EQ(run.interpreter->output(3)->data.f[0], 2.0f);
  EXPECT_EQ(classes[0], 0.0f);
  EXPECT_EQ(scores[0], 0.9f);
  EXPECT_EQ(classes[1], 1.0f);
  EXPECT_EQ(scores[1], 0.7f);
  EXPECT_EQ(scores[2], 0.0f);
  EXPECT_FLOAT_EQ(run.interpreter->output(0)->data.f[4], 0.45f);  // anchor 1's ymin
}

TEST(DetectionPostprocess, FastNmsBestClassPerAnchor) {
  Options o;
  o.use_regular_nms = false;
  test::OpRun run(Model(o));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  SetInputs(run.interpreter.get(), 0.9f);  // apart: both anchors survive
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->output(3)->data.f[0], 2.0f);
  EXPECT_EQ(run.interpreter->output(2)->data.f[0], 0.9f);
  EXPECT_EQ(run.interpreter->output(2)->data.f[1], 0.8f);
  EXPECT_EQ(run.interpreter->output(1)->data.f[1], 0.0f);
  EXPECT_EQ(run.interpreter->output(2)->data.f[2], 0.0f) << "rows past the detections are zeroed";
}

TEST(DetectionPostprocess, InvertedBoxFailsInvokeAsTflm) {
  test::OpRun run(Model(Options()));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  SetInputs(run.interpreter.get(), 0.5f);
  run.interpreter->input(2)->data.f[2] = -0.2f;  // negative anchor height
  LogCapture log;
  EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(log.Has(std::string(kName) + ": a decoded box has ymin >= ymax or xmin >= xmax (TFLM fails on it too)"))
      << log.text;
}

TEST(DetectionPostprocess, Registrations) {
  AllOpsResolver all;
  EXPECT_EQ(all.FindOp(kName, 1), &kRegistration_DETECTION_POSTPROCESS);
  EXPECT_EQ(all.FindOp("tflite_detection_postprocess", 1), nullptr) << "names are case-sensitive";
  MicroMutableOpResolver<2> resolver;
  ASSERT_EQ(resolver.AddDetectionPostprocess(), kTfLiteOk);
  const TfLiteRegistration* r = resolver.FindOp(kName, 1);
  ASSERT_NE(r, nullptr);
  EXPECT_STREQ(r->custom_name, kName);
  EXPECT_EQ(r->builtin_code, schema::BuiltinOperator_CUSTOM);
  EXPECT_STREQ(CustomOpTableAddMethodName(kName), "AddDetectionPostprocess");
  MicroMutableOpResolver<1> tflm_style;  // TFLM: AddCustom(name, tflite::Register_DETECTION_POSTPROCESS())
  EXPECT_EQ(tflm_style.AddCustom(kName, tflite::Register_DETECTION_POSTPROCESS()), kTfLiteOk);
  EXPECT_NE(tflm_style.FindOp(kName, 1), nullptr);
}

TEST(DetectionPostprocess, RefusesMissingOrMalformedOptions) {
  Options none;
  none.write = false;
  ExpectRefused(Model(none), "the custom options are missing or not a FlexBuffers map");
  Options text;
  text.extra = [](flexbuffers::Builder& fbb) { fbb.String("num_classes", "two"); };
  ExpectRefused(Model(text), "option num_classes is not an int32");
  Options huge;
  huge.extra = [](flexbuffers::Builder& fbb) { fbb.Int("num_classes", int64_t{1} << 40); };
  ExpectRefused(Model(huge), "option num_classes is not an int32");
}

TEST(DetectionPostprocess, RefusesBadOptionValues) {
  Options o;
  o.iou_threshold = 0.0f;
  ExpectRefused(Model(o), "nms_iou_threshold is 0 (must be in (0, 1])");
  o = Options();
  o.max_detections = -1;
  ExpectRefused(Model(o), "max_detections is -1 (must be >= 0)");
  o = Options();
  o.detections_per_class = 0;
  ExpectRefused(Model(o), "regular NMS needs detections_per_class >= 1 and num_classes >= 0 (got 0, 2)");
  o = Options();
  o.use_regular_nms = false;
  o.max_classes_per_detection = 0;
  ExpectRefused(Model(o), "fast NMS needs num_classes >= 1 and max_classes_per_detection >= 1 (got 2, 0)");
  o.max_classes_per_detection = 2;
  ExpectRefused(Model(o),
                "fast NMS with max_classes_per_detection 2 is not supported (TFLM writes the rows of more than one "
                "class per detection out of bounds; use 1 or regular NMS)");
}

TEST(DetectionPostprocess, RefusesTypesAndShapes) {
  Shapes s;
  s.box_type = schema::TensorType_INT8;
  ExpectRefused(Model(Options(), s),
                "box encodings, class predictions and anchors must be FLOAT32 (TFLM's kernel decodes float32 only)");
  const char* shapes = "shapes must be box encodings [1, N, >= 4], class predictions [1, N, C], anchors [N, 4]";
  s = Shapes();
  s.anchor_width = 5;
  ExpectRefused(Model(Options(), s), shapes);
  s = Shapes();
  s.code = 3;
  ExpectRefused(Model(Options(), s), shapes);
  s = Shapes();
  s.columns = 4;
  ExpectRefused(Model(Options(), s), "class predictions have 4 columns for num_classes 2 (num_classes or one more)");
  s = Shapes();
  s.outputs = 2;
  ExpectRefused(Model(Options(), s), "output 0 must be FLOAT32 with at least 12 values (max_detections 3)");
  s = Shapes();
  s.inputs = 2;
  ExpectRefused(Model(Options(), s), "2 inputs and 4 outputs given (3 inputs, 4 outputs)");
}

}  // namespace
}  // namespace mote
