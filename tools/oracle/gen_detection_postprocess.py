"""Oracle cases for TFLite_Detection_PostProcess, the custom op TFLM registers with AddDetectionPostprocess():
CUSTOM operators with FlexBuffers options, float32 box encodings [1, N, 4..6] (runtime), class predictions
[1, N, C (+1 background)] (runtime) and anchors [N, 4] (constant), regular and fast NMS, random boxes and
scores (some on a 1/8 grid, so that equal scores are common), duplicate anchors (IoU 1), thresholds from 0 up,
NaN and infinite encodings and scores, options left to TFLM's defaults; refusal cases for what TFLM fails on at
invoke: quantized (int8/uint8) box encodings or class predictions, inverted or empty decoded boxes (negative
anchor sizes, encodings whose exp underflows).

Ties and untouched rows. Equal scores are deterministic in TFLM: its NMS sorts kept scores with a stable merge
sort (equal scores keep anchor order), the regular NMS's running top-k orders ties by position, and the fast
NMS takes the first of an anchor's best classes. Fast NMS leaves the output rows past num_detections as the
arena had them (mote zeroes them): every fast case is drawn with max_detections equal to the number of boxes
TFLM selects (a second run with it lowered to that count selects the same boxes), so every row is compared.
Fast NMS is drawn with max_classes_per_detection 1 (or num_classes 1): TFLM writes the rows of more classes per
detection out of bounds, and mote refuses them (detection_postprocess_test.cc).

For graphs that end in this op (a small detector), detection_options() builds the custom options and
detection_op() the operator for oracle_lib.multi_op_model; detector_head_model() is one (int8 inputs,
DEQUANTIZE, LOGISTIC, the op), with a case per NMS kind.

Run: .venv/bin/python tools/oracle/gen_detection_postprocess.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/detection_postprocess.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np
from flatbuffers import flexbuffers

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, Op, T, multi_op_model, parse_args, run_tflm, single_op_model  # noqa: E402

DEFAULT_SEED = 1616
CUSTOM_NAME = "TFLite_Detection_PostProcess"
INT_KEYS = ("max_detections", "max_classes_per_detection", "detections_per_class", "num_classes")
BOOL_KEYS = ("use_regular_nms",)


def detection_options(**options):
    """FlexBuffers map of the op's options (the converter's keys: max_detections, max_classes_per_detection,
    detections_per_class, use_regular_nms, nms_score_threshold, nms_iou_threshold, num_classes, y_scale,
    x_scale, h_scale, w_scale). A key left out (or None) is absent, so TFLM takes its default."""
    fbb = flexbuffers.Builder()
    with fbb.Map():
        for key in sorted(options):
            value = options[key]
            if value is None:
                continue
            if key in BOOL_KEYS:
                fbb.Bool(key, bool(value))
            elif key in INT_KEYS:
                fbb.Int(key, int(value))
            else:
                fbb.Float(key, float(value))
    return bytes(fbb.Finish())


def detection_outputs(max_detections):
    """The four float32 outputs TFLM writes: boxes, classes, scores, num_detections."""
    return [T([1, max_detections, 4], "float32"), T([1, max_detections], "float32"),
            T([1, max_detections], "float32"), T([1], "float32")]


def detection_op(box_encodings, class_predictions, anchors, outputs, options):
    """The CUSTOM operator over tensor indices (oracle_lib.Op), options a dict for detection_options()."""
    return Op(None, [box_encodings, class_predictions, anchors], outputs, custom_code=CUSTOM_NAME,
              custom_options=detection_options(**options))


def single_model(boxes, scores, anchors, options):
    outs = detection_outputs(options["max_detections"])
    return single_op_model(None, [boxes, scores, anchors], outs, custom_code=CUSTOM_NAME,
                           custom_options=detection_options(**options))


def detector_head_model(n, columns, anchors, options):
    """The end of a quantized SSD-style detector as TFLM runs it: int8 box encodings and class logits
    (graph inputs), DEQUANTIZE both (TFLM's TFLite_Detection_PostProcess takes float32 only), LOGISTIC on the
    logits, then the op."""
    tensors = [T([1, n, 4], "int8", scale=0.02, zero_point=3), T([1, n, columns], "int8", scale=0.05, zero_point=-10),
               T([1, n, 4], "float32"), T([1, n, columns], "float32"), T([1, n, columns], "float32"),
               T([n, 4], "float32", data=anchors)] + detection_outputs(options["max_detections"])
    ops = [Op("DEQUANTIZE", [0], [2]), Op("DEQUANTIZE", [1], [3]), Op("LOGISTIC", [3], [4]),
           detection_op(2, 4, 5, [6, 7, 8, 9], options)]
    return multi_op_model(tensors, ops, inputs=[0, 1], outputs=[6, 7, 8, 9])


def detector_cases(writer, rng):
    for regular in (True, False):
        n, num_classes = 24, 3
        anchors = draw_anchors(rng, n)
        options = dict(draw_options(rng, n, num_classes, regular), nms_score_threshold=0.3)
        inputs = [rng.integers(-128, 128, size=(1, n, 4)).astype(np.int8),
                  rng.integers(-128, 128, size=(1, n, num_classes + 1)).astype(np.int8)]
        if not regular:  # full output rows (see the docstring)
            count = int(run_tflm(detector_head_model(n, num_classes + 1, anchors, options), inputs)[3][0])
            options["max_detections"] = max(count, 1)
            if count == 0:
                options["nms_score_threshold"] = 0.0
                count = int(run_tflm(detector_head_model(n, num_classes + 1, anchors, options), inputs)[3][0])
                options["max_detections"] = count
        writer.add_run("detector_head_%s" % ("regular" if regular else "fast"),
                       detector_head_model(n, num_classes + 1, anchors, options), inputs)


def draw_anchors(rng, n):
    """Anchors (y, x, h, w) with positive sizes; a few duplicated so that some boxes coincide."""
    a = np.stack([rng.uniform(0, 1, n), rng.uniform(0, 1, n), rng.uniform(0.05, 0.5, n),
                  rng.uniform(0.05, 0.5, n)], axis=1).astype(np.float32)
    for i in range(1, n):
        if rng.random() < 0.2:
            a[i] = a[rng.integers(0, i)]
    return a


def draw_scores(rng, n, columns):
    if rng.random() < 0.4:
        return (rng.integers(0, 9, size=(1, n, columns)) / 8.0).astype(np.float32)  # many ties
    return rng.uniform(0, 1, size=(1, n, columns)).astype(np.float32)


def draw_options(rng, n, num_classes, regular):
    return dict(
        max_detections=int(rng.integers(1, 13)),
        max_classes_per_detection=1,
        detections_per_class=int(rng.integers(1, min(n, 8) + 1)) if regular else None,
        use_regular_nms=regular,
        nms_score_threshold=float(rng.choice([0.0, 0.1, 0.3, 0.5, rng.uniform(0, 0.7)])),
        nms_iou_threshold=float(rng.choice([1.0, 0.5, rng.uniform(0.05, 1.0)])),
        num_classes=num_classes,
        y_scale=float(rng.choice([10.0, 1.0, 5.0])), x_scale=float(rng.choice([10.0, 1.0, 5.0])),
        h_scale=float(rng.choice([5.0, 1.0, 2.0])), w_scale=float(rng.choice([5.0, 1.0, 2.0])))


def add_drawn_case(writer, rng, name, boxes_data, scores_data, anchors_data, options):
    """Adds the case; a fast one with max_detections lowered to the count TFLM selects (see the docstring).
    False when TFLM selects nothing in fast mode (the caller draws again)."""
    n, code = boxes_data.shape[1], boxes_data.shape[2]
    columns = scores_data.shape[2]

    def model(opts):
        return single_model(T([1, n, code], "float32"), T([1, n, columns], "float32"),
                            T([n, 4], "float32", data=anchors_data), opts)

    inputs = [boxes_data, scores_data]
    if not options["use_regular_nms"]:
        count = int(run_tflm(model(options), inputs)[3][0])
        if count == 0:
            return False
        options = dict(options, max_detections=count)
    writer.add_run("%s_n%d_c%d_md%d" % (name, n, columns, options["max_detections"]), model(options), inputs)
    return True


def random_cases(writer, rng, count):
    for k in range(count):
        regular = k % 2 == 0
        n = int(rng.integers(1, 41))
        num_classes = int(rng.integers(1, 7))
        columns = num_classes + int(rng.integers(0, 2))
        code = int(rng.integers(4, 7))
        name = "%s_%d" % ("regular" if regular else "fast", k)
        for attempt in range(20):
            options = draw_options(rng, n, num_classes, regular)
            if attempt == 19:
                options["nms_score_threshold"] = 0.0  # every score passes: at least one detection
            boxes = rng.uniform(-2, 2, size=(1, n, code)).astype(np.float32)
            if add_drawn_case(writer, rng, name, boxes, draw_scores(rng, n, columns), draw_anchors(rng, n), options):
                break


def special_cases(writer, rng):
    n, num_classes = 12, 3
    anchors = draw_anchors(rng, n)
    boxes = rng.uniform(-1, 1, size=(1, n, 4)).astype(np.float32)
    scores = draw_scores(rng, n, num_classes + 1)
    for regular in (True, False):
        kind = "regular" if regular else "fast"
        base = draw_options(rng, n, num_classes, regular)
        base["nms_score_threshold"] = 0.0
        # NaN / infinite scores (NaN is never >= the threshold) and encodings: NaN corners pass TFLM's box check,
        # infinite sizes give infinite corners (an infinite centre would give an inverted box).
        nan_scores = scores.copy()
        nan_scores[0, ::3, 1] = np.nan
        nan_scores[0, 1::4, 0] = np.nan
        nan_scores[0, 2, 2] = np.inf
        add_drawn_case(writer, rng, kind + "_nan_scores", boxes, nan_scores, anchors, base)
        odd_boxes = boxes.copy()
        odd_boxes[0, 1, 0] = np.nan
        odd_boxes[0, 4, 2] = np.inf
        odd_boxes[0, 5, 3] = 1000.0  # exp overflows: an infinitely wide box
        add_drawn_case(writer, rng, kind + "_nan_inf_boxes", odd_boxes, scores, anchors, base)
        # Every anchor the same box: one detection per class survives an IoU threshold below 1.
        same = np.tile(anchors[:1], (n, 1))
        add_drawn_case(writer, rng, kind + "_identical_boxes", np.zeros_like(boxes), scores, same,
                       dict(base, nms_iou_threshold=0.5))
        # All scores equal: ties everywhere.
        add_drawn_case(writer, rng, kind + "_all_ties", boxes, np.full_like(scores, 0.5), anchors, base)
        # Nothing above the threshold (regular: zero rows).
        if regular:
            add_drawn_case(writer, rng, kind + "_none_kept", boxes, scores, anchors,
                           dict(base, nms_score_threshold=2.0))
            add_drawn_case(writer, rng, kind + "_more_rows_than_boxes", boxes, scores, anchors,
                           dict(base, max_detections=30, detections_per_class=n))
    # Many anchors on the tie grid: sorts well past TFLM's insertion-sort threshold (20), with equal scores.
    big = 200
    for regular in (True, False):
        opts = dict(draw_options(rng, big, 5, regular), max_detections=20, detections_per_class=15)
        grid = (rng.integers(0, 9, size=(1, big, 6)) / 8.0).astype(np.float32)
        add_drawn_case(writer, rng, "many_anchors_" + ("regular" if regular else "fast"),
                       rng.uniform(-2, 2, size=(1, big, 4)).astype(np.float32), grid, draw_anchors(rng, big), opts)
    # TFLM's defaults: detections_per_class and use_regular_nms absent (fast NMS, 100 per class).
    defaults = draw_options(rng, n, num_classes, False)
    defaults["use_regular_nms"] = None
    defaults["nms_score_threshold"] = 0.0
    add_drawn_case(writer, rng, "default_options", boxes, scores, anchors, defaults)
    # No background column; one class with several classes per detection (fast NMS takes min(.., classes)).
    add_drawn_case(writer, rng, "no_background", boxes, scores[:, :, 1:], anchors, dict(defaults, use_regular_nms=True,
                                                                                       detections_per_class=4))
    add_drawn_case(writer, rng, "one_class_many_per_detection", boxes, scores[:, :, :2], anchors,
                   dict(defaults, num_classes=1, max_classes_per_detection=3))


def refusal_cases(writer, rng):
    n, columns = 6, 3
    anchors = draw_anchors(rng, n)
    options = draw_options(rng, n, 2, False)
    boxes = rng.uniform(-1, 1, size=(1, n, 4)).astype(np.float32)
    scores = draw_scores(rng, n, columns)
    for dtype, zero_point in (("uint8", 128), ("int8", 0)):
        qboxes = T([1, n, 4], dtype, scale=0.05, zero_point=zero_point)
        qscores = T([1, n, columns], dtype, scale=1 / 256.0, zero_point=zero_point - 128 if dtype == "int8" else 0)
        raw = rng.integers(0, 100, size=(1, n, 4)).astype(dtype)
        raw_scores = rng.integers(0, 100, size=(1, n, columns)).astype(dtype)
        for what, b, s, inputs in (("boxes", qboxes, T([1, n, columns], "float32"), [raw, scores]),
                                   ("scores", T([1, n, 4], "float32"), qscores, [boxes, raw_scores])):
            model = single_model(b, s, T([n, 4], "float32", data=anchors), options)
            writer.add_run("refused_%s_%s" % (dtype, what), model, inputs, refusal="expected")
    inverted = anchors.copy()
    inverted[2, 2] = -0.1  # negative anchor height: ymin > ymax
    for regular in (False, True):
        opts = dict(options, use_regular_nms=regular, detections_per_class=3)
        model = single_model(T([1, n, 4], "float32"), T([1, n, columns], "float32"),
                             T([n, 4], "float32", data=inverted), opts)
        writer.add_run("refused_inverted_box_%s" % ("regular" if regular else "fast"), model, [boxes, scores],
                       refusal="expected")
    empty = boxes.copy()
    empty[0, 3, 3] = -1000.0  # exp underflows to 0: xmin == xmax
    model = single_model(T([1, n, 4], "float32"), T([1, n, columns], "float32"),
                         T([n, 4], "float32", data=anchors), options)
    writer.add_run("refused_empty_box", model, [empty, scores], refusal="expected")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=40, help="random cases (half regular, half fast NMS)")
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_detection_postprocess: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("detection_postprocess", seed=args.seed, generator=__file__)
    random_cases(writer, rng, args.count)
    special_cases(writer, rng)
    detector_cases(writer, rng)
    refusal_cases(writer, rng)
    writer.write()


if __name__ == "__main__":
    main()
