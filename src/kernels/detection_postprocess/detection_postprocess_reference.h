// TFLite_Detection_PostProcess, pure compute (bit-exact with TFLM's kernels/detection_postprocess.cc, float32).
//
// Semantics. Each of the num_boxes anchors (y, x, h, w) decodes its box encoding (y, x, h, w, then ignored
// extra values) to corners in double, rounded to float as TFLM does:
//   ycenter = y / y_scale * anchor.h + anchor.y        half_h = 0.5 * exp(h / h_scale) * anchor.h
//   ymin = ycenter - half_h, ymax = ycenter + half_h (x likewise)
// Any decoded box with ymin >= ymax or xmin >= xmax (an inverted or empty box; NaN corners pass) makes the op
// fail, as TFLM's ValidateBoxes does (Run returns false); it is checked whenever a non-max suppression runs.
// Scores are class_predictions[anchor * classes_with_background + label_offset + class].
//   Single-class NMS: the scores >= score_threshold (NaN never is), sorted by score, descending, stable (equal
//   scores keep anchor order); greedily take the best remaining box and drop every later one whose IoU with it
//   is > iou_threshold, up to max_detections boxes.
//   Regular NMS: a single-class NMS per class (max detections_per_class), the running top max_detections of
//   all classes kept after each class, ordered by score descending and then by position in the running list
//   (earlier classes first, NMS order within a class). Outputs max_detections rows; rows past the detections
//   are zero.
//   Fast NMS (one class per detection, which prepare guarantees): each anchor's best class (the first of the
//   highest scores, as std::partial_sort with k = 1 finds it; a NaN first score stays the best), one NMS over
//   those best scores with max_detections. Rows past the detections are zero (TFLM leaves them untouched).
// Outputs: boxes (ymin, xmin, ymax, xmax) per row, class ids as floats, scores, and the detection count.
//
// Preconditions (prepare): box_code_size >= 4; max_detections >= 0; detections_per_class >= 1 (regular);
// num_classes >= 1 (fast); label_offset 0 or 1; the scratch carved by CarveDetectionScratch for these params.
#ifndef MOTE_KERNELS_DETECTION_POSTPROCESS_DETECTION_POSTPROCESS_REFERENCE_H_
#define MOTE_KERNELS_DETECTION_POSTPROCESS_DETECTION_POSTPROCESS_REFERENCE_H_

#include <cstddef>
#include <cstdint>

namespace mote {
namespace reference {

struct DetectionParams {
  int num_boxes;
  int box_code_size;  // values per box encoding (>= 4)
  int num_classes;    // without the background class
  int label_offset;   // 1 when class_predictions has a background column first, else 0
  int max_detections;
  int detections_per_class;  // regular NMS only
  bool use_regular_nms;
  float score_threshold;
  float iou_threshold;
  float y_scale, x_scale, h_scale, w_scale;
};

// The working memory, carved from one scratch buffer.
struct DetectionScratch {
  float* decoded_boxes;      // num_boxes * 4
  float* class_scores;       // num_boxes: one class's scores (regular) or each anchor's best score (fast)
  int32_t* best_class;       // num_boxes (fast)
  float* keep_scores;        // num_boxes
  int32_t* keep_indices;     // num_boxes
  int32_t* sorted;           // num_boxes
  int32_t* merge_tmp;        // num_boxes
  int32_t* selected;         // num_boxes
  int32_t* candidates;       // max_detections + num_boxes: box index * classes_with_background + column
  float* candidate_scores;   // max_detections + num_boxes
  int32_t* candidate_order;  // max_detections + num_boxes
  int32_t* gathered;         // max_detections + num_boxes: the kept candidates, reordered
  float* gathered_scores;    // max_detections + num_boxes
  uint8_t* active;           // num_boxes
};

// Bytes of scratch `p` needs; with base != nullptr also points *scratch into base (4-byte aligned).
size_t CarveDetectionScratch(const DetectionParams& p, uint8_t* base, DetectionScratch* scratch);

struct DetectionOutputs {
  float* boxes;    // max_detections * 4
  float* classes;  // max_detections
  float* scores;   // max_detections
  float* num_detections;
};

// False when a decoded box is invalid (see above); the outputs are then partly written, as TFLM's.
bool DetectionPostprocess(const DetectionParams& p, const float* box_encodings, const float* class_predictions,
                          const float* anchors, const DetectionScratch& scratch, const DetectionOutputs& out);

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DETECTION_POSTPROCESS_DETECTION_POSTPROCESS_REFERENCE_H_
