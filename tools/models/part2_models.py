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
                    DEQUANTIZEs its int8 heads first (TFLM's post-processing takes float32 only)
  attention_tokens_* one self-attention block over token sequences: GATHER token embeddings, FULLY_CONNECTED
                    Q/K/V projections, TRANSPOSE to heads, BATCH_MATMUL (adj_y) scores, SOFTMAX, BATCH_MATMUL,
                    TRANSPOSE back, residual ADD, MEAN over tokens, FULLY_CONNECTED classifier
  upsample_seg_*    segmentation of noisy synthetic shapes: SPACE_TO_DEPTH front end, strided CONV_2D encoder,
                    TRANSPOSE_CONV decoder with a skip ADD, RESIZE_NEAREST_NEIGHBOR side branch (CONCATENATION),
                    DEPTH_TO_SPACE to full resolution, RESIZE_BILINEAR coarse logits, LOGISTIC mask

Quality (TensorFlow 2.21, TFLM 8f6596d; the figures of the last run are also in each meta.json's notes):
  QUALITY_TABLE

Run: .venv-tf/bin/python tools/models/make_models.py --only part2   (or this file, optionally with model names)
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
    """Raw input bytes (model input order = arrays order): float arrays are quantized for an INT8 input,
    integer arrays (token ids) are written in the input's own type."""
    _, in_infos, _ = mm.describe_model(model_bytes)
    out = []
    for t, a in zip(in_infos, arrays):
        if t["dtype"] == "INT8":
            a = mm.quantize_to(np.asarray(a, np.float32), t["scale"], t["zero_point"], np.int8)
        else:
            a = np.asarray(a).astype(mm.NP_DTYPES[t["dtype"]])
        out.append(a.tobytes())
    return out


def dequantized(info, a):
    if info["dtype"] == "INT8":
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
# Entry point
# ----------------------------------------------------------------------------------------------------------------

MAKERS = {"mnv2": make_mnv2_digits}


def make_all(only=None):
    made = {}
    for name, fn in MAKERS.items():
        if not only or name in only:
            made.update(fn())
    return made


if __name__ == "__main__":
    make_all(sys.argv[1:])
