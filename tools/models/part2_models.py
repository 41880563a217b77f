"""Trained whole-model tests for the part-2 ops (issue 16 item 4): layout, indexing, image and matrix ops.

Four small networks, each trained here for a few seconds on data that needs no download, converted as float32
and full-integer int8 and written to tests/models/ by make_models.write_test_model with TFLM's outputs:

  mnv2_digits_*     MobileNetV2-style classifier on scikit-learn's 8x8 digits upsampled to 16x16: MIRROR_PAD
                    stem, inverted residual blocks (1x1 expand CONV_2D, DEPTHWISE_CONV_2D, 1x1 project, residual
                    ADD), a channel shuffle (RESHAPE, TRANSPOSE), a SPLIT head (MEAN and MAX_POOL_2D branches,
                    CONCATENATION), FULLY_CONNECTED, SOFTMAX
  ssd_shapes_*      single-shot detector on synthetic 16x16 images of filled and hollow squares: conv backbone,
                    box and class heads over 32 anchors, LOGISTIC scores, then TFLite_Detection_PostProcess
                    (regular NMS) appended to the converted graph with the anchors as a constant; the int8 model
                    DEQUANTIZEs its int8 heads first (TFLM's post-processing takes float32 only);
                    ssd_shapes_fast_int8 is the int8 one with fast NMS (as SSD MobileNet exports have it)
  attention_tokens_* one self-attention block over token sequences: GATHER token embeddings, FULLY_CONNECTED
                    Q/K/V projections, TRANSPOSE to heads, BATCH_MATMUL (adj_y) scores, SOFTMAX, BATCH_MATMUL,
                    TRANSPOSE back, residual ADD, MEAN over tokens, FULLY_CONNECTED classifier
  attention_block_int16x8  the trained attention block from the embeddings on, int16 activations / int8 weights
  upsample_seg_*    segmentation of noisy synthetic shapes: SPACE_TO_DEPTH front end, strided CONV_2D encoder,
                    TRANSPOSE_CONV (bias, fused ReLU) decoder with a skip ADD, RESIZE_NEAREST_NEIGHBOR side branch
                    (CONCATENATION), DEPTH_TO_SPACE to full resolution, RESIZE_BILINEAR coarse logits, LOGISTIC

Quality through TFLM (TensorFlow 2.21, TFLM 8f6596d; each meta.json's notes have its run's figures):
  mnv2_digits       test accuracy on the 360 test-split digits: float32 0.9583, int8 0.9611 (TensorFlow 0.9583)
  ssd_shapes        200 test images, 295 squares, right class and IoU >= 0.5: float32 precision 0.993, recall
                    0.990, mean IoU 0.888; int8 precision 0.993, recall 0.986, mean IoU 0.889; int8 fast NMS
                    (2 detections at most) precision 1.000, recall 0.986, mean IoU 0.889
  attention_tokens  400 test sequences, 3 balanced classes: float32, int8 and int16x8 accuracy 1.0000
  upsample_seg      200 test images, mask > 0.5: float32 pixel accuracy 0.9940, IoU 0.9670; int8 0.9937, 0.9652
mote against TFLM on 24 Invoke()s of test samples per model (--check-with-mote): int8/int16 equal, float32 equal
too (largest difference 0).

What the converter cannot emit or TFLM refuses, and what these models do instead:
  - TFLite_Detection_PostProcess is not a TensorFlow op: the converted heads' graph gets it appended with the
    flatbuffer object API (append_detection), options by tools/oracle/gen_detection_postprocess.py. TFLM's
    post-processing takes float32 only, so the int8 detector DEQUANTIZEs its heads. TFLM's fast NMS leaves the
    rows past num_detections as the arena had them (mote zeroes them): the fast-NMS model's test input is one on
    which all max_detections rows are written, and --check-with-mote compares only the written rows.
  - The 16x8 converter refuses SPACE_TO_DEPTH and DEPTH_TO_SPACE ("Quantization to 16x8-bit not yet supported"):
    no upsample_seg_int16x8. TFLM's GATHER has no INT16 ("Type 'INT16' is not supported by gather.", mote
    refuses it the same way): the int16x8 attention model starts after the embedding.
  - tf.nn.embedding_lookup converts to GATHER, not EMBEDDING_LOOKUP. The token ids are clamped into the
    vocabulary inside the model (MINIMUM/MAXIMUM): the arena tests invoke every model on whatever the arena holds,
    where an out-of-range id fails GATHER's Invoke() (in TFLM and mote alike).
  - Nothing else needed changing: every op the converter emitted for these graphs runs in TFLM.

Run: .venv-tf/bin/python tools/models/make_models.py --only part2   (or this file, optionally with the names
     mnv2 ssd attention upsample). Cross-check against mote on 24 Invoke()s of test samples per model (int8
     equal, float32 within the golden tolerance): python tools/models/part2_models.py --check-with-mote
     build/release/mote
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
import make_models as mm  # noqa: E402
import trained_models as tm  # noqa: E402

# ----------------------------------------------------------------------------------------------------------------
# Helpers: inputs in the model's types, evaluation through one TFLM interpreter
# ----------------------------------------------------------------------------------------------------------------


def model_inputs(model_bytes, arrays):
    """Raw input bytes (model input order = arrays order): float arrays are quantized for an INT8/INT16 input,
    integer arrays (token ids) are written in the input's own type."""
    _, in_infos, _ = mm.describe_model(model_bytes)
    out = []
    for t, a in zip(in_infos, arrays):
        if t["dtype"] in ("INT8", "INT16") and np.asarray(a).dtype.kind == "f":
            a = mm.quantize_to(np.asarray(a, np.float32), t["scale"], t["zero_point"], mm.NP_DTYPES[t["dtype"]])
        else:
            a = np.asarray(a).astype(mm.NP_DTYPES[t["dtype"]])
        out.append(a.tobytes())
    return out


def dequantized(info, a):
    if info["dtype"] in ("INT8", "INT16"):
        return (a.astype(np.float32) - info["zero_point"]) * info["scale"]
    return a.astype(np.float32)


def tflm_outputs(model_bytes, arrays, batch):
    """Runs arrays (one per model input, first axis = samples) through one TFLM interpreter, batch samples per
    Invoke(); returns per output the concatenated float (dequantized) results of the real samples."""
    _, in_infos, out_infos = mm.describe_model(model_bytes)
    it = mm.tflm_interpreter(model_bytes)
    results = [[] for _ in out_infos]
    for chunk, valid in tm.in_batches(arrays, batch):
        for k, (b, t) in enumerate(zip(model_inputs(model_bytes, chunk), in_infos)):
            it.set_input(np.frombuffer(b, mm.NP_DTYPES[t["dtype"]]).reshape(t["shape"]).copy(), k)
        it.invoke()
        for k, t in enumerate(out_infos):
            o = dequantized(t, np.array(it.get_output(k)))
            results[k].append(o[:valid])
    return [np.concatenate(r) for r in results]


def out_index(model_bytes, keys, key):
    """Index among the model's outputs of the serving dict's entry `key` (see trained_models.output_for_key)."""
    _, _, out_infos = mm.describe_model(model_bytes)
    return [t["name"] for t in out_infos].index(f"PartitionedCall:{sorted(keys).index(key)}")


def convert_pair(serve, specs, rep):
    """(float32 bytes, int8 bytes) of one tf.function; rep: list of input lists for calibration."""
    import tensorflow as tf
    cf = serve.get_concrete_function(*specs)
    fb = mm.convert(cf, tf.Module())

    def rep_data():
        for r in rep:
            yield r

    ib = mm.convert(cf, tf.Module(), "int8", rep_data, tf.int8)
    return fb, ib


def write_both(prefix, models, sample_arrays, how, quality, notes, input_rule):
    made = {}
    for suffix, mb in zip(("float32", "int8"), models):
        name = f"{prefix}_{suffix}"
        made[name] = mm.write_test_model(name, mb, how + f" Converted as {suffix}.",
                                         list(notes) + [f"Quality: {quality}"],
                                         inputs=model_inputs(mb, sample_arrays), input_rule=input_rule)
    return made


QUANT_RULE = ("The int8 model's float inputs are quantized with its input scale/zero point: "
              "q = clamp(round(x / scale) + zero_point, -128, 127).")


def conv(x, w, b, stride=1, padding="SAME"):
    import tensorflow as tf
    return tf.nn.conv2d(x, w, stride, padding) + b


def relu6(x):
    import tensorflow as tf
    return tf.nn.relu6(x)


# ----------------------------------------------------------------------------------------------------------------
# (a) MobileNetV2-style digit classifier
# ----------------------------------------------------------------------------------------------------------------

MNV2_BATCH = 4

MNV2_SHAPES = {
    "w_stem": ([3, 3, 1, 8], 9), "b_stem": ([8], 1),
    "w_e1": ([1, 1, 8, 24], 8), "b_e1": ([24], 1), "w_d1": ([3, 3, 24, 1], 9), "b_d1": ([24], 1),
    "w_p1": ([1, 1, 24, 8], 24), "b_p1": ([8], 1),
    "w_e2": ([1, 1, 8, 24], 8), "b_e2": ([24], 1), "w_d2": ([3, 3, 24, 1], 9), "b_d2": ([24], 1),
    "w_p2": ([1, 1, 24, 16], 24), "b_p2": ([16], 1),
    "w_e3": ([1, 1, 16, 48], 16), "b_e3": ([48], 1), "w_d3": ([3, 3, 48, 1], 9), "b_d3": ([48], 1),
    "w_p3": ([1, 1, 48, 16], 48), "b_p3": ([16], 1),
    "w_fc": ([16, 10], 16), "b_fc": ([10], 1),
}


def inverted_residual(p, x, k, stride):
    """MobileNetV2 block k: 1x1 expand + ReLU6, 3x3 depthwise (stride) + ReLU6, linear 1x1 project."""
    import tensorflow as tf
    e = relu6(conv(x, p[f"w_e{k}"], p[f"b_e{k}"]))
    d = relu6(tf.nn.depthwise_conv2d(e, p[f"w_d{k}"], [1, stride, stride, 1], "SAME") + p[f"b_d{k}"])
    return conv(d, p[f"w_p{k}"], p[f"b_p{k}"])


def mnv2_forward(p, x):
    """[B,16,16,1] -> logits [B,10]."""
    import tensorflow as tf
    b = x.shape[0] if x.shape[0] is not None else -1
    h = tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")                 # MIRROR_PAD [B,18,18,1]
    h = relu6(conv(h, p["w_stem"], p["b_stem"], 2, "VALID"))                         # [B,8,8,8]
    h = h + inverted_residual(p, h, 1, 1)                                            # residual ADD
    h = inverted_residual(p, h, 2, 2)                                                # [B,4,4,16]
    # Channel shuffle of the two 8-channel groups (ShuffleNet style): RESHAPE, TRANSPOSE, RESHAPE.
    h = tf.reshape(tf.transpose(tf.reshape(h, [b, 16, 2, 8]), [0, 1, 3, 2]), [b, 4, 4, 16])
    h = h + inverted_residual(p, h, 3, 1)
    avg_half, max_half = tf.split(h, 2, axis=3)                                      # SPLIT
    g = tf.concat([tf.reduce_mean(avg_half, axis=[1, 2]),
                   tf.reshape(tf.nn.max_pool2d(max_half, 4, 4, "VALID"), [b, 8])], axis=1)
    return tf.matmul(g, p["w_fc"]) + p["b_fc"]


def digits16():
    """load_digits split as trained_models.digits_split, images bilinearly upsampled to 16x16."""
    import tensorflow as tf
    x_tr, x_te, y_tr, y_te = tm.digits_split()
    up = lambda a: tf.image.resize(a, [16, 16], method="bilinear").numpy().astype(np.float32)
    return up(x_tr), up(x_te), y_tr, y_te


def make_mnv2_digits():
    import tensorflow as tf
    print("part-2 models: MobileNetV2-style digits classifier")
    tf.random.set_seed(41)
    x_tr, x_te, y_tr, y_te = digits16()
    p = tm.init_params(MNV2_SHAPES, 41)

    def loss(p, x, y):
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, mnv2_forward(p, x)))

    final_loss = tm.train(p, loss, [x_tr, y_tr], epochs=30, batch=32, lr=4e-3, seed=41)
    tf_acc = float(np.mean(np.argmax(mnv2_forward(p, x_te).numpy(), 1) == y_te))
    c = tm.frozen(p)

    @tf.function
    def serve(image):
        return {"probs": tf.nn.softmax(mnv2_forward(c, image))}

    spec = [tf.TensorSpec([MNV2_BATCH, 16, 16, 1], tf.float32, name="image")]
    models = convert_pair(serve, spec, [[x_tr[i:i + MNV2_BATCH]] for i in range(0, 400, MNV2_BATCH)])
    accs = [float(np.mean(np.argmax(tflm_outputs(mb, [x_te], MNV2_BATCH)[0], 1) == y_te)) for mb in models]
    quality = (f"test accuracy on the {len(y_te)} test-split digits: TensorFlow float {tf_acc:.4f}, TFLM float32 "
               f"{accs[0]:.4f}, TFLM int8 {accs[1]:.4f}; final training loss {final_loss:.4f}.")
    print("  " + quality)
    how = ("tools/models/part2_models.py make_mnv2_digits: MobileNetV2-style classifier: MIRROR_PAD (reflect) + "
           "3x3 stride-2 CONV_2D stem (ReLU6), inverted residual blocks (1x1 expand CONV_2D ReLU6, 3x3 "
           "DEPTHWISE_CONV_2D ReLU6, linear 1x1 project; residual ADD on the stride-1 blocks), a channel shuffle "
           "(RESHAPE, TRANSPOSE, RESHAPE), SPLIT into a MEAN and a MAX_POOL_2D branch, CONCATENATION, FC 10, "
           "SOFTMAX; trained 30 epochs (Adam 4e-3, batch 32, seed 41) on sklearn load_digits (80/20 split, "
           "random_state 0, stratified) with the 8x8 images (pixels / 16) bilinearly resized to 16x16, batch "
           f"{MNV2_BATCH}. Test inputs: test-split images 0..{MNV2_BATCH - 1}.")
    rule = "Test-split digits (see source.how). " + QUANT_RULE
    return write_both("mnv2_digits", models, [x_te[:MNV2_BATCH]], how, quality,
                      [f"Labels of the test inputs: {[int(v) for v in y_te[:MNV2_BATCH]]}."], rule)


# ----------------------------------------------------------------------------------------------------------------
# (b) SSD-style detector ending in TFLite_Detection_PostProcess
# ----------------------------------------------------------------------------------------------------------------

DET_GRID = 4                   # 4x4 feature map (stride 4 on the 16x16 image)
DET_SIZES = (0.3, 0.5)         # anchor side lengths (image = 1), one anchor of each per cell
DET_N = DET_GRID * DET_GRID * len(DET_SIZES)
DET_CLASSES = ("filled square", "hollow square")
DET_OPTIONS = dict(max_detections=4, max_classes_per_detection=1, detections_per_class=4, use_regular_nms=True,
                   nms_score_threshold=0.3, nms_iou_threshold=0.5, num_classes=len(DET_CLASSES),
                   y_scale=10.0, x_scale=10.0, h_scale=5.0, w_scale=5.0)

DET_SHAPES = {
    "w1": ([3, 3, 1, 8], 9), "b1": ([8], 1), "w2": ([3, 3, 8, 16], 72), "b2": ([16], 1),
    "w3": ([3, 3, 16, 24], 144), "b3": ([24], 1),
    "w_box": ([3, 3, 24, 4 * len(DET_SIZES)], 216), "b_box": ([4 * len(DET_SIZES)], 1),
    "w_cls": ([3, 3, 24, 3 * len(DET_SIZES)], 216), "b_cls": ([3 * len(DET_SIZES)], 1),
}


def det_anchors():
    """[N, 4] (y_center, x_center, h, w), cell-major then size: the order of the heads' RESHAPE."""
    rows = []
    for i in range(DET_GRID):
        for j in range(DET_GRID):
            for s in DET_SIZES:
                rows.append(((i + 0.5) / DET_GRID, (j + 0.5) / DET_GRID, s, s))
    return np.array(rows, np.float32)


def corners(yxhw):
    y, x, h, w = np.moveaxis(yxhw, -1, 0)
    return np.stack([y - h / 2, x - w / 2, y + h / 2, x + w / 2], -1)


def iou(a, b):
    """IoU of corner boxes a [..., 4] and b [..., 4] (broadcast)."""
    y0, x0 = np.maximum(a[..., 0], b[..., 0]), np.maximum(a[..., 1], b[..., 1])
    y1, x1 = np.minimum(a[..., 2], b[..., 2]), np.minimum(a[..., 3], b[..., 3])
    inter = np.clip(y1 - y0, 0, None) * np.clip(x1 - x0, 0, None)
    area = lambda c: (c[..., 2] - c[..., 0]) * (c[..., 3] - c[..., 1])
    return inter / (area(a) + area(b) - inter)


def det_images(rng, n):
    """n noisy 16x16 images with 1 or 2 non-overlapping squares (side 4..8 px, filled or a 1-px outline).
    Returns images [n,16,16,1] and per image a list of (class, [ymin, xmin, ymax, xmax]) in image units."""
    images = rng.normal(0.0, 0.08, size=(n, 16, 16, 1)).astype(np.float32)
    truth = []
    for k in range(n):
        objs, taken = [], np.zeros((16, 16), bool)
        for _ in range(rng.integers(1, 3)):
            for _attempt in range(20):
                side = int(rng.integers(4, 9))
                y, x = rng.integers(0, 17 - side, size=2)
                if not taken[max(y - 1, 0):y + side + 1, max(x - 1, 0):x + side + 1].any():
                    break
            else:
                continue
            cls = int(rng.integers(0, 2))
            level = rng.uniform(0.7, 1.0)
            patch = np.full((side, side), level)
            if cls == 1:
                patch[1:-1, 1:-1] = 0.0
            images[k, y:y + side, x:x + side, 0] += patch
            taken[y:y + side, x:x + side] = True
            objs.append((cls, np.array([y, x, y + side, x + side], np.float32) / 16.0))
        truth.append(objs)
    return images, truth


def det_targets(truth, anchors):
    """SSD matching: an anchor is positive for the ground-truth box it overlaps most when IoU >= 0.45, and each
    box's best anchor is positive. Returns class targets [n,N,3] (column 0 background), encoded boxes [n,N,4]
    (TFLM's centre-size encoding with the op's scales) and the positive mask [n,N]."""
    n, a_c = len(truth), corners(anchors)
    cls_t = np.zeros((n, DET_N, 3), np.float32)
    box_t = np.zeros((n, DET_N, 4), np.float32)
    pos = np.zeros((n, DET_N), np.float32)
    for k, objs in enumerate(truth):
        cls_t[k, :, 0] = 1.0
        if not objs:
            continue
        g = np.stack([o[1] for o in objs])
        ious = iou(a_c[:, None, :], g[None, :, :])                      # [N, G]
        best = ious.argmax(1)
        match = ious.max(1) >= 0.45
        match[ious.argmax(0)] = True
        best[ious.argmax(0)] = np.arange(len(objs))
        for a in np.nonzero(match)[0]:
            c, box = objs[best[a]]
            gy, gx = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            gh, gw = box[2] - box[0], box[3] - box[1]
            ay, ax, ah, aw = anchors[a]
            box_t[k, a] = [(gy - ay) / ah * 10.0, (gx - ax) / aw * 10.0, np.log(gh / ah) * 5.0, np.log(gw / aw) * 5.0]
            cls_t[k, a] = [0.0, c == 0, c == 1]
            pos[k, a] = 1.0
    return cls_t, box_t, pos


def det_heads(p, x):
    """[B,16,16,1] -> (box encodings [B,N,4], class logits [B,N,3])."""
    import tensorflow as tf
    b = x.shape[0] if x.shape[0] is not None else -1
    h = tf.nn.relu(conv(x, p["w1"], p["b1"]))
    h = tf.nn.relu(conv(h, p["w2"], p["b2"], 2))
    h = tf.nn.relu(conv(h, p["w3"], p["b3"], 2))                                   # [B,4,4,24]
    box = tf.reshape(conv(h, p["w_box"], p["b_box"]), [b, DET_N, 4])
    cls = tf.reshape(conv(h, p["w_cls"], p["b_cls"]), [b, DET_N, 3])
    return box, cls


def det_loss(p, x, cls_t, box_t, pos):
    import tensorflow as tf
    box, cls = det_heads(p, x)
    npos = tf.maximum(tf.reduce_sum(pos), 1.0)
    ce = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(cls_t, cls)) / npos
    reg = tf.reduce_sum(tf.reduce_sum(tf.keras.losses.huber(box_t[..., None], box[..., None]), -1) * pos) / npos
    return ce + reg


def oracle_helpers():
    """(gen_detection_postprocess, oracle_lib) from tools/oracle. oracle_lib imports the `tflite` schema package,
    which the TensorFlow venv lacks; the tflite-micro package's generated schema module is the same flatc
    output (same functions and enums), so it stands in for it when needed."""
    try:
        import tflite  # noqa: F401
    except ImportError:
        from tflite_micro.tensorflow.lite.micro.python import schema_py_generated
        sys.modules["tflite"] = schema_py_generated
    import gen_detection_postprocess
    import oracle_lib
    return gen_detection_postprocess, oracle_lib


def append_detection(model_bytes, anchors, options, dequantize):
    """The converted heads' model with TFLite_Detection_PostProcess appended (anchors a constant tensor, options
    as FlexBuffers by gen_detection_postprocess.detection_options); dequantize: DEQUANTIZE both int8 heads
    first. Its four float32 outputs (boxes, classes, scores, num_detections) become the graph's outputs."""
    import flatbuffers
    gen_det, ol = oracle_helpers()
    _, schema = mm.tflm_modules()
    m = schema.ModelT.InitFromPackedBuf(bytearray(model_bytes), 0)
    sg = m.subgraphs[0]

    def add_tensor(shape, name, data=None):
        buf = schema.BufferT()
        if data is not None:
            buf.data = np.frombuffer(np.ascontiguousarray(data, np.float32).tobytes(), np.uint8)
        m.buffers.append(buf)
        t = schema.TensorT()
        t.shape, t.type, t.buffer, t.name = list(shape), schema.TensorType.FLOAT32, len(m.buffers) - 1, name
        sg.tensors.append(t)
        return len(sg.tensors) - 1

    def opcode(builtin, custom=None):
        for i, oc in enumerate(m.operatorCodes):
            code = max(oc.builtinCode, oc.deprecatedBuiltinCode)
            if code == builtin and (oc.customCode or None) == (custom.encode() if custom else None):
                return i
        oc = schema.OperatorCodeT()
        oc.builtinCode, oc.deprecatedBuiltinCode, oc.version = builtin, min(builtin, 127), 1
        oc.customCode = custom
        m.operatorCodes.append(oc)
        return len(m.operatorCodes) - 1

    def add_op(code, inputs, outputs, custom_options=None):
        op = schema.OperatorT()
        op.opcodeIndex, op.inputs, op.outputs = code, list(inputs), list(outputs)
        if custom_options is not None:
            op.customOptions = np.frombuffer(custom_options, np.uint8)
            op.customOptionsFormat = schema.CustomOptionsFormat.FLEXBUFFERS
        sg.operators.append(op)

    heads = sorted(sg.outputs, key=lambda i: sg.tensors[i].shape[-1] != 4)     # box encodings first
    if dequantize:
        floats = [add_tensor(sg.tensors[i].shape, sg.tensors[i].name.decode() + "_float") for i in heads]
        for i, f in zip(heads, floats):
            add_op(opcode(schema.BuiltinOperator.DEQUANTIZE), [i], [f])
        heads = floats
    anchor_t = add_tensor(anchors.shape, "anchors", anchors)
    md = options["max_detections"]
    outs = [add_tensor([1, md, 4], "detection_boxes"), add_tensor([1, md], "detection_classes"),
            add_tensor([1, md], "detection_scores"), add_tensor([1], "num_detections")]
    add_op(opcode(schema.BuiltinOperator.CUSTOM, gen_det.CUSTOM_NAME), heads + [anchor_t], outs,
           gen_det.detection_options(**options))
    sg.outputs = outs

    def pack_buffer(buf, builder):  # constants 16-byte aligned, as the converter writes them
        data = ol._aligned_bytes(builder, bytes(np.asarray(buf.data, np.uint8))) if buf.data is not None and len(
            buf.data) else None
        schema.BufferStart(builder)
        if data is not None:
            schema.BufferAddData(builder, data)
        return schema.BufferEnd(builder)

    saved = schema.BufferT.Pack
    schema.BufferT.Pack = pack_buffer
    try:
        b = flatbuffers.Builder(1 << 16)
        b.Finish(m.Pack(b), file_identifier=b"TFL3")
    finally:
        schema.BufferT.Pack = saved
    return bytes(b.Output())


def det_quality(model_bytes, images, truth):
    """(precision, recall, mean IoU of the true positives) over the images through TFLM: a detection is a true
    positive when its class is right and it overlaps a not yet matched ground-truth box with IoU >= 0.5."""
    boxes, classes, _, count = tflm_outputs(model_bytes, [images], 1)
    tp = fp = 0
    ious = []
    for k, objs in enumerate(truth):
        used = set()
        for d in range(int(count[k])):
            best, best_iou = None, 0.5
            for g, (c, box) in enumerate(objs):
                v = float(iou(boxes[k, d], box))
                if g not in used and c == int(classes[k, d]) and v >= best_iou:
                    best, best_iou = g, v
            if best is None:
                fp += 1
            else:
                tp += 1
                used.add(best)
                ious.append(best_iou)
    total = sum(len(o) for o in truth)
    return tp / max(tp + fp, 1), tp / max(total, 1), float(np.mean(ious)) if ious else 0.0


def make_ssd_shapes():
    import tensorflow as tf
    print("part-2 models: SSD-style detector with TFLite_Detection_PostProcess")
    tf.random.set_seed(42)
    rng = np.random.default_rng(42)
    anchors = det_anchors()
    x_tr, truth_tr = det_images(rng, 3000)
    x_te, truth_te = det_images(rng, 200)
    p = tm.init_params(DET_SHAPES, 42)
    final_loss = tm.train(p, det_loss, [x_tr, *det_targets(truth_tr, anchors)], epochs=40, batch=32, lr=3e-3,
                          seed=42)
    c = tm.frozen(p)

    @tf.function
    def serve(image):
        box, cls = det_heads(c, image)
        return {"box_encodings": box, "class_scores": tf.sigmoid(cls)}

    spec = [tf.TensorSpec([1, 16, 16, 1], tf.float32, name="image")]
    heads = convert_pair(serve, spec, [[x_tr[i:i + 1]] for i in range(300)])
    models = [append_detection(mb, anchors, DET_OPTIONS, dequantize=(k == 1)) for k, mb in enumerate(heads)]
    figures = [det_quality(mb, x_te, truth_te) for mb in models]
    quality = ("on 200 synthetic test images (%d squares), detections of the right class with IoU >= 0.5: "
               % sum(len(o) for o in truth_te) +
               ", ".join(f"TFLM {n} precision {pr:.3f} recall {rc:.3f} mean IoU {mi:.3f}"
                         for n, (pr, rc, mi) in zip(("float32", "int8"), figures)) +
               f"; final training loss {final_loss:.4f}.")
    print("  " + quality)
    how = ("tools/models/part2_models.py make_ssd_shapes: single-shot detector for filled and hollow squares on "
           "16x16 noisy synthetic images (numpy seed 42): 3x3 CONV_2D 8 (ReLU), 3x3 stride-2 CONV_2D 16 and 24 "
           "(ReLU), 3x3 CONV_2D box head (4 per anchor) and class head (background + 2 classes, LOGISTIC), "
           f"RESHAPEd to [1,{DET_N},4] and [1,{DET_N},3] over {DET_N} anchors (4x4 grid x sides {DET_SIZES}); "
           "trained 40 epochs (Adam 3e-3, batch 32) on 3000 images with SSD anchor matching (IoU >= 0.45 or best "
           "anchor), sigmoid cross-entropy and Huber box loss. TFLite_Detection_PostProcess (regular NMS, options "
           f"{DET_OPTIONS}) appended to the converted graph with the anchors as a constant; the int8 model "
           "DEQUANTIZEs the int8 heads first. Batch 1; test input: synthetic test image 0.")
    notes = [f"Outputs: detection_boxes [1,4,4] (ymin, xmin, ymax, xmax), detection_classes [1,4] (0 = "
             f"{DET_CLASSES[0]}, 1 = {DET_CLASSES[1]}), detection_scores [1,4], num_detections [1].",
             "Ground truth of the test input (class, ymin, xmin, ymax, xmax): " +
             str([(cl, [round(float(v), 4) for v in box]) for cl, box in truth_te[0]])]
    rule = "Synthetic test image 0 (see source.how). " + QUANT_RULE
    made = write_both("ssd_shapes", models, [x_te[:1]], how, quality, notes, rule)
    made.update(make_ssd_fast(heads[1], anchors, x_te, truth_te, how))
    return made


def make_ssd_fast(int8_heads, anchors, x_te, truth_te, how):
    """The int8 detector with fast NMS (use_regular_nms false, as SSD MobileNet exports have it) and
    max_detections 2 (an image holds at most two squares). TFLM's fast NMS leaves the rows past num_detections
    as the arena had them (mote zeroes them), so the test input is the first test image on which TFLM fills
    both rows: then every output byte is defined."""
    options = dict(DET_OPTIONS, use_regular_nms=False, max_detections=2)
    mb = append_detection(int8_heads, anchors, options, dequantize=True)
    counts = tflm_outputs(mb, [x_te], 1)[3]
    k = int(np.nonzero(counts == options["max_detections"])[0][0])
    pr, rc, mi = det_quality(mb, x_te, truth_te)
    quality = (f"on the same 200 test images: TFLM precision {pr:.3f} recall {rc:.3f} mean IoU {mi:.3f}.")
    print("  fast NMS: " + quality)
    name = "ssd_shapes_fast_int8"
    rule = f"Synthetic test image {k} (see source.how). " + QUANT_RULE
    return {name: mm.write_test_model(
        name, mb, how.replace("regular NMS", "fast NMS").replace(str(DET_OPTIONS), str(options)).replace(
            "test input: synthetic test image 0", f"test input: synthetic test image {k}") + " Converted as int8.",
        ["Fast NMS writes only num_detections rows (TFLM leaves the rest as the arena had them): the test input "
         f"is test image {k}, the first on which TFLM selects max_detections = 2 boxes.",
         f"Ground truth of the test input: {[(cl, [round(float(v), 4) for v in box]) for cl, box in truth_te[k]]}",
         f"Quality: {quality}"], inputs=model_inputs(mb, [x_te[k:k + 1]]), input_rule=rule)}


# ----------------------------------------------------------------------------------------------------------------
# (c) Self-attention block over token sequences
# ----------------------------------------------------------------------------------------------------------------

ATT_BATCH, ATT_T, ATT_V, ATT_D, ATT_HEADS = 4, 8, 12, 16, 2
ATT_DH = ATT_D // ATT_HEADS

ATT_SHAPES = {
    "w_emb": ([ATT_V, ATT_D], 1), "w_pos": ([ATT_T, ATT_D], 1),
    "wq": ([ATT_D, ATT_D], ATT_D), "bq": ([ATT_D], 1), "wk": ([ATT_D, ATT_D], ATT_D), "bk": ([ATT_D], 1),
    "wv": ([ATT_D, ATT_D], ATT_D), "bv": ([ATT_D], 1), "wo": ([ATT_D, ATT_D], ATT_D), "bo": ([ATT_D], 1),
    "w_ff1": ([ATT_D, 2 * ATT_D], ATT_D), "b_ff1": ([2 * ATT_D], 1),
    "w_ff2": ([2 * ATT_D, ATT_D], 2 * ATT_D), "b_ff2": ([ATT_D], 1),
    "w_cls": ([ATT_D, 3], ATT_D), "b_cls": ([3], 1),
}


def att_tokens(rng, n):
    """n sequences of ATT_T tokens; label = how often the first token comes back later (0, 1, 2 or more).
    Labels are drawn uniformly, then the sequence is made to have that many repeats (2 or 3 for label 2)."""
    labels = rng.integers(0, 3, size=n)
    seqs = np.zeros((n, ATT_T), np.int32)
    for k in range(n):
        first = rng.integers(0, ATT_V)
        others = [v for v in range(ATT_V) if v != first]
        seqs[k, 0] = first
        seqs[k, 1:] = rng.choice(others, size=ATT_T - 1)
        repeats = labels[k] if labels[k] < 2 else rng.integers(2, 4)
        seqs[k, 1 + rng.choice(ATT_T - 1, size=repeats, replace=False)] = first
    return seqs, labels.astype(np.int64)


def att_heads(x, b):
    """[B*T, D] -> [B, H, T, DH] (RESHAPE, TRANSPOSE)."""
    import tensorflow as tf
    return tf.transpose(tf.reshape(x, [b, ATT_T, ATT_HEADS, ATT_DH]), [0, 2, 1, 3])


def att_forward(p, tokens):
    """[B,T] int32 tokens -> (logits [B,3], attention weights [B,H,T,T]): embedding GATHER + positions, one
    2-head self-attention layer with a residual, a ReLU feed-forward layer with a residual, MEAN over the tokens,
    linear classifier."""
    return att_block(p, att_embed(p, tokens))


def att_embed(p, tokens):
    """[B,T] int32 tokens -> token embeddings + positions [B,T,D]."""
    import tensorflow as tf
    # Ids outside the vocabulary are clamped into it (MAXIMUM/MINIMUM on int32): the model runs on any input
    # (the arena tests invoke it on whatever the arena holds) instead of failing in GATHER.
    tokens = tf.clip_by_value(tokens, 0, ATT_V - 1)
    return tf.gather(p["w_emb"], tokens) + p["w_pos"]                                 # [B,T,D]


def att_block(p, e):
    """Embedded sequences [B,T,D] -> (logits [B,3], attention weights [B,H,T,T])."""
    import tensorflow as tf
    b = e.shape[0]
    x = tf.reshape(e, [b * ATT_T, ATT_D])
    q, k, v = (att_heads(tf.matmul(x, p[f"w{n}"]) + p[f"b{n}"], b) for n in "qkv")
    scores = tf.matmul(q, k, transpose_b=True) * (1.0 / np.sqrt(ATT_DH))              # BATCH_MATMUL adj_y
    attn = tf.nn.softmax(scores)
    o = tf.matmul(attn, v)                                                            # [B,H,T,DH]
    o = tf.reshape(tf.transpose(o, [0, 2, 1, 3]), [b * ATT_T, ATT_D])
    h = x + tf.matmul(o, p["wo"]) + p["bo"]
    h = h + tf.matmul(tf.nn.relu(tf.matmul(h, p["w_ff1"]) + p["b_ff1"]), p["w_ff2"]) + p["b_ff2"]
    pooled = tf.reduce_mean(tf.reshape(h, [b, ATT_T, ATT_D]), axis=1)
    return tf.matmul(pooled, p["w_cls"]) + p["b_cls"], attn


def make_attention_tokens():
    import tensorflow as tf
    print("part-2 models: self-attention block (token sequences)")
    tf.random.set_seed(43)
    rng = np.random.default_rng(43)
    x_tr, y_tr = att_tokens(rng, 4000)
    x_te, y_te = att_tokens(rng, 400)
    p = tm.init_params(ATT_SHAPES, 43)
    p["w_emb"].assign(p["w_emb"] * 0.5)
    p["w_pos"].assign(p["w_pos"] * 0.5)

    def loss(p, x, y):
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, att_forward(p, x)[0]))

    final_loss = tm.train(p, loss, [x_tr, y_tr], epochs=40, batch=ATT_BATCH * 8, lr=3e-3, seed=43)
    c = tm.frozen(p)
    tf_acc = float(np.mean(np.concatenate([np.argmax(att_forward(c, x_te[i:i + 40])[0].numpy(), 1)
                                           for i in range(0, len(x_te), 40)]) == y_te))

    @tf.function
    def serve(tokens):
        logits, attn = att_forward(c, tokens)
        return {"attention": attn, "probs": tf.nn.softmax(logits)}

    spec = [tf.TensorSpec([ATT_BATCH, ATT_T], tf.int32, name="tokens")]
    models = convert_pair(serve, spec, [[x_tr[i:i + ATT_BATCH]] for i in range(0, 800, ATT_BATCH)])
    probs = [tflm_outputs(mb, [x_te], ATT_BATCH)[out_index(mb, ["attention", "probs"], "probs")] for mb in models]
    accs = [float(np.mean(np.argmax(pr, 1) == y_te)) for pr in probs]
    quality = (f"test accuracy on {len(y_te)} synthetic sequences (3 balanced classes): TensorFlow float "
               f"{tf_acc:.4f}, TFLM float32 {accs[0]:.4f}, TFLM int8 {accs[1]:.4f}; final training loss "
               f"{final_loss:.4f}.")
    print("  " + quality)
    how = ("tools/models/part2_models.py make_attention_tokens: one transformer-style block over sequences of "
           f"{ATT_T} tokens (vocabulary {ATT_V}) that counts how often the first token comes back (0, 1, 2+): "
           "ids clamped into the vocabulary (MAXIMUM, MINIMUM), "
           f"GATHER token embeddings (dim {ATT_D}) + learned positions (ADD), FULLY_CONNECTED Q/K/V projections, "
           f"RESHAPE/TRANSPOSE to {ATT_HEADS} heads, BATCH_MATMUL(Q, K, adj_y) scaled (MUL), SOFTMAX, "
           "BATCH_MATMUL with V, TRANSPOSE/RESHAPE back, output projection with a residual ADD, ReLU feed-forward "
           "with a residual, MEAN over tokens, FC 3, SOFTMAX; outputs the class probabilities and the attention "
           "weights; trained 40 epochs (Adam 3e-3, batch 32, seed 43) "
           f"on 4000 synthetic sequences (numpy seed 43), batch {ATT_BATCH}. Test inputs: synthetic test "
           f"sequences 0..{ATT_BATCH - 1}.")
    notes = ["Outputs: attention weights (the first SOFTMAX) [B,2,8,8] = PartitionedCall:0, class probabilities "
             "[B,3] = PartitionedCall:1 (see outputs[].name).",
             f"Test inputs (int32 token ids): {x_te[:ATT_BATCH].tolist()}, labels "
             f"{[int(v) for v in y_te[:ATT_BATCH]]}."]
    rule = "Synthetic token sequences (see source.how), int32 token ids in both models."
    made = write_both("attention_tokens", models, [x_te[:ATT_BATCH]], how, quality, notes, rule)
    made.update(make_attention_int16x8(c, x_tr, x_te, y_te, how))
    return made


def make_attention_int16x8(c, x_tr, x_te, y_te, how):
    """The same trained block from the embeddings on, int16 activations / int8 weights: TFLM's GATHER has no
    INT16 (the whole model converted 16x8 fails in prepare: "Type 'INT16' is not supported by gather."), so the
    graph input is the embedded sequence. Exercises BATCH_MATMUL, TRANSPOSE, SOFTMAX and FULLY_CONNECTED 16x8."""
    import tensorflow as tf
    embed = lambda t: np.concatenate([att_embed(c, t[i:i + 40]).numpy() for i in range(0, len(t), 40)])
    e_tr, e_te = embed(x_tr[:800]), embed(x_te)

    @tf.function
    def serve(embedded):
        logits, attn = att_block(c, embedded)
        return {"attention": attn, "probs": tf.nn.softmax(logits)}

    cf = serve.get_concrete_function(tf.TensorSpec([ATT_BATCH, ATT_T, ATT_D], tf.float32, name="embedded"))

    def rep_data():
        for i in range(0, len(e_tr), ATT_BATCH):
            yield [e_tr[i:i + ATT_BATCH]]

    hb = mm.convert(cf, tf.Module(), "int16x8", rep_data, tf.int16)
    probs = tflm_outputs(hb, [e_te], ATT_BATCH)[out_index(hb, ["attention", "probs"], "probs")]
    quality = (f"test accuracy on the same {len(y_te)} sequences through TFLM: "
               f"{float(np.mean(np.argmax(probs, 1) == y_te)):.4f}.")
    print("  int16x8 block: " + quality)
    rule = ("The attention_tokens test sequences 0..3 embedded by the float model (token embedding + position), "
            "quantized with the input's scale/zero point: q = clamp(round(x / scale) + zero_point, -32768, 32767).")
    name = "attention_block_int16x8"
    return {name: mm.write_test_model(
        name, hb, how + " This variant starts after the embedding (graph input [B,8,16] = embedded tokens) and is "
        "converted with int16 activations / int8 weights (EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_"
        "INT8, int16 input/output, 200 calibration batches of embedded training sequences).",
        ["TFLM's GATHER has no INT16: the whole attention_tokens model converted 16x8 fails in TFLM's prepare "
         "(\"Type 'INT16' is not supported by gather.\"; mote refuses it the same way), hence the embedded input.",
         "Outputs: attention weights [B,2,8,8] = PartitionedCall:0, class probabilities [B,3] = PartitionedCall:1.",
         f"Quality: {quality}"], inputs=model_inputs(hb, [e_te[:ATT_BATCH]]), input_rule=rule)}


# ----------------------------------------------------------------------------------------------------------------
# (d) Upsampling segmentation model
# ----------------------------------------------------------------------------------------------------------------

SEG_BATCH = 2

SEG_SHAPES = {
    "w1": ([3, 3, 4, 12], 36), "b1": ([12], 1), "w2": ([3, 3, 12, 16], 108), "b2": ([16], 1),
    "w_up": ([3, 3, 12, 16], 144), "b_up": ([12], 1),           # conv2d_transpose filter: [h, w, out, in]
    "w_side": ([1, 1, 16, 2], 16), "b_side": ([2], 1),
    "w_fine": ([1, 1, 14, 4], 14), "b_fine": ([4], 1),
    "w_coarse": ([1, 1, 16, 1], 16), "b_coarse": ([1], 1),
}


def seg_images(rng, n):
    """n 16x16 images of 1..3 discs and rectangles (level 0.5..1) on a random gradient with noise (sd 0.15);
    masks [n,16,16,1] are 1 on the shapes."""
    yy, xx = np.mgrid[0:16, 0:16].astype(np.float32)
    images = np.zeros((n, 16, 16, 1), np.float32)
    masks = np.zeros((n, 16, 16, 1), np.float32)
    for k in range(n):
        m = np.zeros((16, 16), bool)
        for _ in range(rng.integers(1, 4)):
            cy, cx = rng.uniform(2, 14, size=2)
            if rng.uniform() < 0.5:
                m |= (yy - cy) ** 2 + (xx - cx) ** 2 <= rng.uniform(1.5, 4.0) ** 2
            else:
                hy, hx = rng.uniform(1.0, 4.0, size=2)
                m |= (np.abs(yy - cy) <= hy) & (np.abs(xx - cx) <= hx)
        gy, gx = rng.uniform(-0.02, 0.02, size=2)
        background = gy * (yy - 8) + gx * (xx - 8) + rng.uniform(-0.1, 0.1)
        images[k, :, :, 0] = background + m * rng.uniform(0.5, 1.0) + rng.normal(0, 0.15, (16, 16))
        masks[k, :, :, 0] = m
    return images, masks


def seg_logits(p, x):
    """[B,16,16,1] -> mask logits [B,16,16,1]."""
    import tensorflow as tf
    b = x.shape[0]
    s = tf.nn.space_to_depth(x, 2)                                                   # [B,8,8,4]
    c1 = tf.nn.relu(conv(s, p["w1"], p["b1"]))                                       # [B,8,8,12]
    c2 = tf.nn.relu(conv(c1, p["w2"], p["b2"], 2))                                   # [B,4,4,16]
    u = tf.nn.conv2d_transpose(c2, p["w_up"], [b, 8, 8, 12], 2, "SAME") + p["b_up"]   # TRANSPOSE_CONV
    m = tf.nn.relu(u) + c1                                                           # skip ADD
    side = tf.image.resize(conv(c2, p["w_side"], p["b_side"]), [8, 8], method="nearest")
    fine = conv(tf.concat([m, side], axis=3), p["w_fine"], p["b_fine"])              # [B,8,8,4]
    fine = tf.nn.depth_to_space(fine, 2)                                             # [B,16,16,1]
    coarse = tf.image.resize(conv(c2, p["w_coarse"], p["b_coarse"]), [16, 16], method="bilinear")
    return fine + coarse


def make_upsample_seg():
    import tensorflow as tf
    print("part-2 models: upsampling segmentation model")
    tf.random.set_seed(44)
    rng = np.random.default_rng(44)
    x_tr, m_tr = seg_images(rng, 2000)
    x_te, m_te = seg_images(rng, 200)
    p = tm.init_params(SEG_SHAPES, 44)

    def loss(p, x, m):
        return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(m, seg_logits(p, x)))

    final_loss = tm.train(p, loss, [x_tr, m_tr], epochs=25, batch=SEG_BATCH * 16, lr=4e-3, seed=44)
    c = tm.frozen(p)

    def scores(pred):
        hit, truth = pred > 0.5, m_te > 0.5
        return float(np.mean(hit == truth)), float(np.sum(hit & truth) / np.sum(hit | truth))

    tf_px, tf_iou = scores(np.concatenate([tf.sigmoid(seg_logits(c, x_te[i:i + SEG_BATCH])).numpy()
                                           for i in range(0, len(x_te), SEG_BATCH)]))

    @tf.function
    def serve(image):
        return {"mask": tf.sigmoid(seg_logits(c, image))}

    spec = [tf.TensorSpec([SEG_BATCH, 16, 16, 1], tf.float32, name="image")]
    models = convert_pair(serve, spec, [[x_tr[i:i + SEG_BATCH]] for i in range(0, 400, SEG_BATCH)])
    figures = [scores(tflm_outputs(mb, [x_te], SEG_BATCH)[0]) for mb in models]
    quality = (f"on 200 synthetic test images, mask > 0.5 vs the true mask: TensorFlow float pixel accuracy "
               f"{tf_px:.4f} IoU {tf_iou:.4f}, " +
               ", ".join(f"TFLM {n} pixel accuracy {px:.4f} IoU {io:.4f}"
                         for n, (px, io) in zip(("float32", "int8"), figures)) +
               f"; final training loss {final_loss:.4f}.")
    print("  " + quality)
    how = ("tools/models/part2_models.py make_upsample_seg: segmentation of discs and rectangles on noisy 16x16 "
           "synthetic images (numpy seed 44): SPACE_TO_DEPTH (2) -> 3x3 CONV_2D 12 (ReLU) -> 3x3 stride-2 CONV_2D "
           "16 (ReLU) -> TRANSPOSE_CONV 3x3 stride 2 to 12 channels (bias, ReLU) + skip ADD; a 1x1 side branch "
           "RESIZE_NEAREST_NEIGHBOR 4x4 -> 8x8 joined by CONCATENATION; 1x1 CONV_2D to 4 channels, DEPTH_TO_SPACE "
           "(2) to 16x16; plus a 1x1 coarse branch RESIZE_BILINEAR 4x4 -> 16x16 (half-pixel centres); LOGISTIC "
           "mask. Trained 25 epochs (Adam 4e-3, batch 32, seed 44) on 2000 images with per-pixel sigmoid "
           f"cross-entropy, batch {SEG_BATCH}. Test inputs: synthetic test images 0..{SEG_BATCH - 1}.")
    rule = "Synthetic test images (see source.how). " + QUANT_RULE
    return write_both("upsample_seg", models, [x_te[:SEG_BATCH]], how, quality,
                      ["Output: mask probabilities [B,16,16,1]."], rule)


# ----------------------------------------------------------------------------------------------------------------
# Cross-check: the committed models on many test samples, TFLM against a mote CLI
# ----------------------------------------------------------------------------------------------------------------


def test_samples(prefix):
    """(test samples, batch) of a model family, drawn exactly as its maker draws them (no training)."""
    if prefix == "mnv2_digits":
        return digits16()[1], MNV2_BATCH
    if prefix == "attention_block":  # embedded by the committed float32 model's constants: see embed_with()
        tokens, batch = test_samples("attention_tokens")
        return embed_with(mm.REPO / "tests/models/attention_tokens_float32/model.tflite", tokens), batch
    seed, draw, train_n, batch = {"ssd_shapes": (42, det_images, 3000, 1),
                                  "attention_tokens": (43, att_tokens, 4000, ATT_BATCH),
                                  "upsample_seg": (44, seg_images, 2000, SEG_BATCH)}[prefix]
    rng = np.random.default_rng(seed)
    draw(rng, train_n)
    return draw(rng, 400 if prefix == "attention_tokens" else 200)[0], batch


def embed_with(model_path, tokens):
    """token embedding + position of tokens [n,T] with the embedding table and positions of a committed float32
    attention_tokens model (its GATHER table and the constant ADDed to the gathered rows)."""
    _, schema = mm.tflm_modules()
    m = schema.ModelT.InitFromPackedBuf(bytearray(model_path.read_bytes()), 0)
    sg = m.subgraphs[0]
    const = lambda i: np.frombuffer(bytes(m.buffers[sg.tensors[i].buffer].data), np.float32).reshape(
        sg.tensors[i].shape)
    code = lambda op: max(m.operatorCodes[op.opcodeIndex].builtinCode,
                          m.operatorCodes[op.opcodeIndex].deprecatedBuiltinCode)
    gather = next(op for op in sg.operators if code(op) == schema.BuiltinOperator.GATHER)
    add = next(op for op in sg.operators if code(op) == schema.BuiltinOperator.ADD and gather.outputs[0] in op.inputs)
    positions = const(next(i for i in add.inputs if i != gather.outputs[0]))
    return (const(gather.inputs[0])[np.clip(tokens, 0, ATT_V - 1)] + positions).astype(np.float32)


def check_with_mote(mote_bin, runs=24):
    """Runs `runs` Invoke()s of test samples through TFLM and `mote run` for every committed part-2 model; int8
    outputs must be equal, float32 within the golden test's tolerance (1e-6 + 1e-5 * |TFLM|). Returns the number
    of mismatching runs."""
    import subprocess
    import tempfile
    bad = 0
    suffixes = {"attention_block": ("int16x8",), "ssd_shapes": ("float32", "int8", "fast_int8")}
    for prefix in ("mnv2_digits", "ssd_shapes", "attention_tokens", "upsample_seg", "attention_block"):
        samples, batch = test_samples(prefix)
        for suffix in suffixes.get(prefix, ("float32", "int8")):
            name = f"{prefix}_{suffix}"
            mb = (mm.REPO / "tests" / "models" / name / "model.tflite").read_bytes()
            _, in_infos, out_infos = mm.describe_model(mb)
            it = mm.tflm_interpreter(mb)
            worst, fails = 0.0, 0
            for r in range(runs):
                raw = model_inputs(mb, [samples[r * batch:(r + 1) * batch]])
                it.set_input(np.frombuffer(raw[0], mm.NP_DTYPES[in_infos[0]["dtype"]]).reshape(
                    in_infos[0]["shape"]).copy(), 0)
                it.invoke()
                want = [np.array(it.get_output(k)) for k in range(len(out_infos))]
                with tempfile.TemporaryDirectory() as d:
                    model_path, in_path = os.path.join(d, "m.tflite"), os.path.join(d, "in.bin")
                    open(model_path, "wb").write(mb)
                    open(in_path, "wb").write(raw[0])
                    subprocess.run([mote_bin, "run", model_path, "-i", in_path, "-o", d], check=True,
                                   stdout=subprocess.DEVNULL)
                    got = [np.fromfile(os.path.join(d, f"output{k}.bin"), w.dtype).reshape(w.shape)
                           for k, w in enumerate(want)]
                if "fast" in name:  # rows past num_detections: undefined in TFLM (see make_ssd_fast)
                    n = int(want[3][0])
                    got, want = [g[:, :n] for g in got[:3]] + got[3:], [w[:, :n] for w in want[:3]] + want[3:]
                ok = True
                for g, w in zip(got, want):
                    if w.dtype == np.float32:
                        diff = np.abs(g.astype(np.float64) - w)
                        worst = max(worst, float(diff.max(initial=0.0)))
                        ok &= bool(np.all(diff <= 1e-6 + 1e-5 * np.abs(w)))
                    else:
                        ok &= bool(np.array_equal(g, w))
                fails += not ok
            print(f"  {name}: {runs} runs, {fails} mismatching, max |mote - TFLM| on float outputs {worst:.3g}")
            bad += fails
    return bad


# ----------------------------------------------------------------------------------------------------------------
# Entry point
# ----------------------------------------------------------------------------------------------------------------

MAKERS = {"mnv2": make_mnv2_digits, "ssd": make_ssd_shapes, "attention": make_attention_tokens,
          "upsample": make_upsample_seg}


def make_all(only=None):
    made = {}
    for name, fn in MAKERS.items():
        if not only or name in only:
            made.update(fn())
    return made


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check-with-mote"]:  # e.g. --check-with-mote build/release/mote
        sys.exit(1 if check_with_mote(sys.argv[2]) else 0)
    make_all(sys.argv[1:])
