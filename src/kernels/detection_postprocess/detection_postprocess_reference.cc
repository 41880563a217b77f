// TFLite_Detection_PostProcess reference: decode, single-class NMS, and the regular and fast multi-class NMS.
#include "kernels/detection_postprocess/detection_postprocess_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace mote {
namespace reference {
namespace {

struct Box {
  float ymin, xmin, ymax, xmax;
};

const Box& BoxAt(const float* boxes, int i) { return reinterpret_cast<const Box*>(boxes)[i]; }

void DecodeBoxes(const DetectionParams& p, const float* encodings, const float* anchors, float* decoded) {
  for (int i = 0; i < p.num_boxes; ++i) {
    const float* e = encodings + static_cast<size_t>(i) * p.box_code_size;
    const float* a = anchors + static_cast<size_t>(i) * 4;  // y, x, h, w
    // TFLM computes in double and rounds each of the four terms to float.
    const float ycenter = static_cast<float>(static_cast<double>(e[0]) / p.y_scale * a[2] + a[0]);
    const float xcenter = static_cast<float>(static_cast<double>(e[1]) / p.x_scale * a[3] + a[1]);
    const float half_h = static_cast<float>(0.5 * std::exp(static_cast<double>(e[2]) / p.h_scale) * a[2]);
    const float half_w = static_cast<float>(0.5 * std::exp(static_cast<double>(e[3]) / p.w_scale) * a[3]);
    float* box = decoded + static_cast<size_t>(i) * 4;
    box[0] = ycenter - half_h;
    box[1] = xcenter - half_w;
    box[2] = ycenter + half_h;
    box[3] = xcenter + half_w;
  }
}

bool BoxesValid(const float* decoded, int num_boxes) {
  for (int i = 0; i < num_boxes; ++i) {
    const Box& b = BoxAt(decoded, i);
    if (b.ymin >= b.ymax || b.xmin >= b.xmax) return false;
  }
  return true;
}

// TFLM's expression order, including std::max/std::min's argument order (it decides which NaN survives).
float IntersectionOverUnion(const float* decoded, int i, int j) {
  const Box& a = BoxAt(decoded, i);
  const Box& b = BoxAt(decoded, j);
  const float area_a = (a.ymax - a.ymin) * (a.xmax - a.xmin);
  const float area_b = (b.ymax - b.ymin) * (b.xmax - b.xmin);
  if (area_a <= 0 || area_b <= 0) return 0.0f;
  const float ymin = std::max<float>(a.ymin, b.ymin);
  const float xmin = std::max<float>(a.xmin, b.xmin);
  const float ymax = std::min<float>(a.ymax, b.ymax);
  const float xmax = std::min<float>(a.xmax, b.xmax);
  const float intersection = std::max<float>(ymax - ymin, 0.0f) * std::max<float>(xmax - xmin, 0.0f);
  return intersection / (area_a + area_b - intersection);
}

// Stable sort of positions 0..n-1 by values descending (bottom-up merge through tmp). Every value is a kept
// score (>= the threshold, so never NaN): any stable sort gives TFLM's order.
void StableDecreasingArgSort(const float* values, int n, int32_t* order, int32_t* tmp) {
  for (int i = 0; i < n; ++i) order[i] = i;
  for (int width = 1; width < n; width *= 2) {
    for (int lo = 0; lo < n; lo += 2 * width) {
      const int mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      int l = lo, r = mid, k = lo;
      while (l < mid || r < hi) {
        // Take from the right only when strictly greater, so that equal values keep their order.
        const bool right = l >= mid || (r < hi && values[order[r]] > values[order[l]]);
        tmp[k++] = right ? order[r++] : order[l++];
      }
    }
    std::memcpy(order, tmp, sizeof(int32_t) * static_cast<size_t>(n));
  }
}

// Single-class NMS over scores[0..num_boxes): anchor indices into selected, returns how many.
int NonMaxSuppression(const DetectionParams& p, const float* scores, const float* decoded, int max_detections,
                      const DetectionScratch& s) {
  int kept = 0;
  for (int i = 0; i < p.num_boxes; ++i) {
    if (scores[i] >= p.score_threshold) {
      s.keep_scores[kept] = scores[i];
      s.keep_indices[kept++] = i;
    }
  }
  StableDecreasingArgSort(s.keep_scores, kept, s.sorted, s.merge_tmp);
  const int output_size = std::min(kept, max_detections);
  int selected = 0, active = kept;
  if (kept > 0) std::memset(s.active, 1, static_cast<size_t>(kept));
  for (int i = 0; i < kept && active > 0 && selected < output_size; ++i) {
    if (!s.active[i]) continue;
    const int box = s.keep_indices[s.sorted[i]];
    s.selected[selected++] = box;
    s.active[i] = 0;
    --active;
    for (int j = i + 1; j < kept; ++j) {
      if (s.active[j] && IntersectionOverUnion(decoded, box, s.keep_indices[s.sorted[j]]) > p.iou_threshold) {
        s.active[j] = 0;
        --active;
      }
    }
  }
  return selected;
}

void WriteRow(const DetectionOutputs& out, int row, const float* box, float class_id, float score) {
  std::memcpy(out.boxes + static_cast<size_t>(row) * 4, box, 4 * sizeof(float));
  out.classes[row] = class_id;
  out.scores[row] = score;
}

void ZeroRows(const DetectionOutputs& out, int from, int to) {
  static const float kZeroBox[4] = {0, 0, 0, 0};
  for (int row = from; row < to; ++row) WriteRow(out, row, kZeroBox, 0.0f, 0.0f);
}

// Keeps the top min(count, max_detections) candidates, by score descending, then position.
int KeepTopCandidates(const DetectionParams& p, int count, const DetectionScratch& s) {
  const int keep = std::min(count, p.max_detections);
  const float* scores = s.candidate_scores;
  for (int i = 0; i < count; ++i) s.candidate_order[i] = i;
  std::partial_sort(
      s.candidate_order, s.candidate_order + keep, s.candidate_order + count,
      [scores](int32_t a, int32_t b) { return scores[a] > scores[b] || (scores[a] == scores[b] && a < b); });
  for (int i = 0; i < keep; ++i) {
    s.gathered[i] = s.candidates[s.candidate_order[i]];
    s.gathered_scores[i] = scores[s.candidate_order[i]];
  }
  std::memcpy(s.candidates, s.gathered, sizeof(int32_t) * static_cast<size_t>(keep));
  std::memcpy(s.candidate_scores, s.gathered_scores, sizeof(float) * static_cast<size_t>(keep));
  return keep;
}

void RegularNms(const DetectionParams& p, const float* predictions, const float* decoded, const DetectionScratch& s,
                const DetectionOutputs& out) {
  const int columns = p.num_classes + p.label_offset;
  int count = 0;
  for (int c = 0; c < p.num_classes; ++c) {
    for (int i = 0; i < p.num_boxes; ++i)
      s.class_scores[i] = predictions[static_cast<size_t>(i) * columns + c + p.label_offset];
    const int selected = NonMaxSuppression(p, s.class_scores, decoded, p.detections_per_class, s);
    for (int k = 0; k < selected; ++k) {
      s.candidates[count] = s.selected[k] * columns + c + p.label_offset;
      s.candidate_scores[count++] = s.class_scores[s.selected[k]];
    }
    count = KeepTopCandidates(p, count, s);
  }
  for (int row = 0; row < count; ++row) {
    const int anchor = s.candidates[row] / columns;
    const int class_id = s.candidates[row] - anchor * columns - p.label_offset;
    WriteRow(out, row, decoded + static_cast<size_t>(anchor) * 4, static_cast<float>(class_id),
             s.candidate_scores[row]);
  }
  ZeroRows(out, count, p.max_detections);
  *out.num_detections = static_cast<float>(count);
}

void FastNms(const DetectionParams& p, const float* predictions, const float* decoded, const DetectionScratch& s,
             const DetectionOutputs& out) {
  const int columns = p.num_classes + p.label_offset;
  for (int i = 0; i < p.num_boxes; ++i) {
    const float* scores = predictions + static_cast<size_t>(i) * columns + p.label_offset;
    int best = 0;
    for (int c = 1; c < p.num_classes; ++c) {
      if (scores[best] < scores[c]) best = c;
    }
    s.best_class[i] = best;
    s.class_scores[i] = scores[best];
  }
  const int selected = NonMaxSuppression(p, s.class_scores, decoded, p.max_detections, s);
  for (int row = 0; row < selected; ++row) {
    const int anchor = s.selected[row];
    WriteRow(out, row, decoded + static_cast<size_t>(anchor) * 4, static_cast<float>(s.best_class[anchor]),
             s.class_scores[anchor]);
  }
  ZeroRows(out, selected, p.max_detections);
  *out.num_detections = static_cast<float>(selected);
}

template <typename T>
T* Carve(uint8_t* base, size_t* offset, size_t count) {
  T* p = base == nullptr ? nullptr : reinterpret_cast<T*>(base + *offset);
  *offset += (count * sizeof(T) + 3) & ~size_t{3};
  return p;
}

}  // namespace

size_t CarveDetectionScratch(const DetectionParams& p, uint8_t* base, DetectionScratch* s) {
  const size_t n = static_cast<size_t>(p.num_boxes);
  const size_t candidates = static_cast<size_t>(p.max_detections) + n;
  size_t offset = 0;
  DetectionScratch local;
  DetectionScratch* out = s == nullptr ? &local : s;
  out->decoded_boxes = Carve<float>(base, &offset, n * 4);
  out->class_scores = Carve<float>(base, &offset, n);
  out->best_class = Carve<int32_t>(base, &offset, n);
  out->keep_scores = Carve<float>(base, &offset, n);
  out->keep_indices = Carve<int32_t>(base, &offset, n);
  out->sorted = Carve<int32_t>(base, &offset, n);
  out->merge_tmp = Carve<int32_t>(base, &offset, n);
  out->selected = Carve<int32_t>(base, &offset, n);
  out->candidates = Carve<int32_t>(base, &offset, candidates);
  out->candidate_scores = Carve<float>(base, &offset, candidates);
  out->candidate_order = Carve<int32_t>(base, &offset, candidates);
  out->gathered = Carve<int32_t>(base, &offset, candidates);
  out->gathered_scores = Carve<float>(base, &offset, candidates);
  out->active = Carve<uint8_t>(base, &offset, n);
  return offset;
}

bool DetectionPostprocess(const DetectionParams& p, const float* box_encodings, const float* class_predictions,
                          const float* anchors, const DetectionScratch& scratch, const DetectionOutputs& out) {
  DecodeBoxes(p, box_encodings, anchors, scratch.decoded_boxes);
  // TFLM validates inside each single-class NMS, so a regular NMS without classes never does.
  const bool runs_nms = !p.use_regular_nms || p.num_classes > 0;
  if (runs_nms && !BoxesValid(scratch.decoded_boxes, p.num_boxes)) return false;
  if (p.use_regular_nms) {
    RegularNms(p, class_predictions, scratch.decoded_boxes, scratch, out);
  } else {
    FastNms(p, class_predictions, scratch.decoded_boxes, scratch, out);
  }
  return true;
}

}  // namespace reference
}  // namespace mote
