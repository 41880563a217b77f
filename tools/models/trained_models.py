"""Trained whole-model tests for the elementwise, comparison, activation and reduction ops (issue 15).

Three small networks, each trained here for a few seconds on data that needs no download, then converted both
as float32 and full-integer int8 and written to tests/models/ by make_models.write_test_model:

  mnv3_block_*    MobileNetV3-style block on scikit-learn's bundled 8x8 digits: HARD_SWISH, a squeeze-excite
                  gate (MEAN, hard sigmoid), residual ADD, MEAN+REDUCE_MAX global pooling, LOG_SOFTMAX and ARG_MAX
  act_mlp_*       wine classifier (load_wine, bundled) with LEAKY_RELU, PRELU, ELU and an L2_NORMALIZATION
                  embedding in front of a cosine-style SOFTMAX head
  sensor_anomaly_* autoencoder anomaly detector on synthetic sensor windows with a time-of-day front end
                  (FLOOR_MOD, FLOOR_DIV, FLOOR, SIN, COS, comparisons, logical ops, SELECT_V2) and reductions
                  over the reconstruction error (SQUARED_DIFFERENCE, SUM, REDUCE_MAX/MIN, ARG_MAX/MIN, CUMSUM, ...)

The weights are trained with plain TensorFlow variables and written into the converted graph as constants, so
the converter sees no resource variables. The test inputs are real test-split samples (quantized with the
model's input parameters for int8), not random bytes, so the thresholds and comparisons take both branches.

What the converter emits that TFLM does not run, and how these models avoid it (TensorFlow 2.21, TFLM 8f6596d):
  - tf.where on equal shapes becomes SELECT, which TFLM does not register (only SELECT_V2): every tf.where here
    broadcasts its condition, which makes the converter emit SELECT_V2.
  - Full-integer conversion gives int8 EXP (TFLM refuses it in Prepare), int8 SQRT and LOG (TFLM passes Prepare,
    fails in Invoke: float32 only) and int32 SUM (fails in Invoke): the int8 sensor model leaves out EXP and LOG,
    takes var * rsqrt(var) for SQRT, and every count is a float sum.
  - An int8 comparison whose input scale is 1 or more aborts TFLM (its rescaling multiplier): the int8 sensor
    model compares its int8 input instead of ROUND(window * 100).
  - ELU, FLOOR, CEIL, SIN, COS, FLOOR_DIV, FLOOR_MOD, CUMSUM, ADD_N and SQUARE stay float32 in the
    "int8" models (the converter wraps them in DEQUANTIZE/QUANTIZE); meta.json's op_details shows the types.
"""

import numpy as np

import make_models as mm

# ----------------------------------------------------------------------------------------------------------------
# Training and evaluation helpers
# ----------------------------------------------------------------------------------------------------------------


def init_params(shapes, seed):
    """He-style normal weights (names starting with 'w'), zeros elsewhere, as tf.Variables."""
    import tensorflow as tf
    rng = np.random.default_rng(seed)
    params = {}
    for name, (shape, fan_in) in shapes.items():
        if name.startswith("w"):
            v = rng.normal(0.0, np.sqrt(2.0 / fan_in), size=shape)
        else:
            v = np.full(shape, 0.25 if name.startswith("alpha") else 0.0)
        params[name] = tf.Variable(v.astype(np.float32), name=name)
    return params


def train(params, loss_fn, data, epochs, batch, lr, seed):
    """Minibatch Adam on loss_fn(params, *batch_arrays). Returns the last epoch's mean loss."""
    import tensorflow as tf
    opt = tf.keras.optimizers.Adam(lr)
    variables = list(params.values())

    @tf.function
    def step(*arrays):
        with tf.GradientTape() as tape:
            loss = loss_fn(params, *arrays)
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    rng = np.random.default_rng(seed)
    n = len(data[0])
    for _ in range(epochs):
        order = rng.permutation(n)
        losses = [float(step(*[a[order[i:i + batch]] for a in data])) for i in range(0, n - batch + 1, batch)]
    return float(np.mean(losses))


def frozen(params):
    import tensorflow as tf
    return {k: tf.constant(v.numpy()) for k, v in params.items()}


def in_batches(arrays, batch):
    """Splits equally long arrays into full batches, padding the last one by repeating its first row."""
    n = len(arrays[0])
    for i in range(0, n, batch):
        chunk = [a[i:i + batch] for a in arrays]
        pad = batch - len(chunk[0])
        if pad:
            chunk = [np.concatenate([c, np.repeat(c[:1], pad, axis=0)]) for c in chunk]
        yield chunk, batch - pad


def input_order(model_bytes, names):
    """Positions, in the model's input order, of the serving signature's argument names."""
    _, in_infos, _ = mm.describe_model(model_bytes)
    return [names.index(next(n for n in names if t["name"] == f"serving_default_{n}:0")) for t in in_infos]


def to_model_inputs(model_bytes, names, arrays):
    """Raw input bytes in the model's input order; float arrays are quantized when the model input is int8."""
    _, in_infos, _ = mm.describe_model(model_bytes)
    out = []
    for t, pos in zip(in_infos, input_order(model_bytes, names)):
        a = arrays[pos].astype(np.float32)
        if t["dtype"] == "INT8":
            a = mm.quantize_to(a, t["scale"], t["zero_point"], np.int8)
        out.append(a.tobytes())
    return out


def output_for_key(model_bytes, outs, keys, key):
    """The output array of the serving dict's entry `key`: the converter names it PartitionedCall:<i>, i = the
    key's place in the sorted keys, and orders the outputs its own way."""
    _, _, out_infos = mm.describe_model(model_bytes)
    return outs[[t["name"] for t in out_infos].index(f"PartitionedCall:{sorted(keys).index(key)}")]


def tflm_eval(model_bytes, names, arrays, batch, pick):
    """Runs every batch through one TFLM interpreter; pick(outs) -> per-row predictions. Returns them all."""
    _, in_infos, out_infos = mm.describe_model(model_bytes)
    it = mm.tflm_interpreter(model_bytes)
    preds = []
    for chunk, valid in in_batches(arrays, batch):
        for k, (b, t) in enumerate(zip(to_model_inputs(model_bytes, names, chunk), in_infos)):
            it.set_input(np.frombuffer(b, mm.NP_DTYPES[t["dtype"]]).reshape(t["shape"]).copy(), k)
        it.invoke()
        outs = [np.array(it.get_output(k)).copy() for k in range(len(out_infos))]
        preds.append(np.asarray(pick(model_bytes, outs)).reshape(batch, -1)[:valid])
    return np.concatenate(preds)


def rep_batches(arrays, batch, count):
    """The first count full batches of the (float) arrays, for calibration."""
    head = [a[:count * batch] for a in arrays]
    return [[c.astype(np.float32) for c in chunk] for chunk, _ in in_batches(head, batch)]


def convert_both(fn_for, specs, names, rep):
    """(float32 bytes, int8 bytes); fn_for(int8) builds the tf.function for that variant; rep: rep_batches()."""
    import tensorflow as tf
    fb = mm.convert(fn_for(False).get_concrete_function(*specs), tf.Module())
    order = input_order(fb, names)  # Calibration feeds the inputs in the model's order, not the signature's.

    def rep_data():
        for chunk in rep:
            yield [chunk[pos] for pos in order]

    ib = mm.convert(fn_for(True).get_concrete_function(*specs), tf.Module(), "int8", rep_data, tf.int8)
    return fb, ib


def write_pair(prefix, fb, ib, names, sample_arrays, how, accuracy, notes):
    """Writes <prefix>_float32 and <prefix>_int8 with the given real samples as the test inputs."""
    made = {}
    for suffix, mb in (("float32", fb), ("int8", ib)):
        name = f"{prefix}_{suffix}"
        rule = (f"Test-split samples (see source.how), in the model's input order; the int8 model's inputs are "
                f"quantized with its input scale/zero point: q = clamp(round(x / scale) + zero_point, -128, 127).")
        meta_notes = list(notes) + [f"Accuracy: {accuracy}"]
        made[name] = mm.write_test_model(name, mb, how + f" Converted as {suffix}.", meta_notes,
                                         inputs=to_model_inputs(mb, names, sample_arrays), input_rule=rule)
    return made


# ----------------------------------------------------------------------------------------------------------------
# (a) MobileNetV3-style block on the digits
# ----------------------------------------------------------------------------------------------------------------

MNV3_BATCH = 4


def hard_sigmoid(x):
    import tensorflow as tf
    return tf.nn.relu6(x + 3.0) * (1.0 / 6.0)


def hard_swish(x):
    import tensorflow as tf
    return x * tf.nn.relu6(x + 3.0) * (1.0 / 6.0)  # The converter fuses exactly this into HARD_SWISH.


def mnv3_forward(p, x):
    """[B,8,8,1] -> logits [B,10]: stem 3x3 conv, depthwise 3x3 with squeeze-excite, 1x1 conv, residual."""
    import tensorflow as tf
    h = hard_swish(tf.nn.conv2d(x, p["w_stem"], 1, "SAME") + p["b_stem"])                 # [B,8,8,8]
    d = hard_swish(tf.nn.depthwise_conv2d(h, p["w_dw"], [1, 1, 1, 1], "SAME") + p["b_dw"])
    s = tf.reduce_mean(d, axis=[1, 2])                                                        # squeeze [B,8]
    s = tf.nn.relu(tf.matmul(s, p["w_se1"]) + p["b_se1"])
    s = hard_sigmoid(tf.matmul(s, p["w_se2"]) + p["b_se2"])                                 # excite [B,8]
    d = d * s[:, None, None, :]
    r = h + tf.nn.conv2d(d, p["w_pw"], 1, "SAME") + p["b_pw"]                               # residual
    g = tf.concat([tf.reduce_mean(r, axis=[1, 2]), tf.reduce_max(r, axis=[1, 2])], axis=1)  # [B,16]
    return tf.matmul(g, p["w_fc"]) + p["b_fc"]


MNV3_SHAPES = {
    "w_stem": ([3, 3, 1, 8], 9), "b_stem": ([8], 1), "w_dw": ([3, 3, 8, 1], 9), "b_dw": ([8], 1),
    "w_se1": ([8, 4], 8), "b_se1": ([4], 1), "w_se2": ([4, 8], 4), "b_se2": ([8], 1),
    "w_pw": ([1, 1, 8, 8], 8), "b_pw": ([8], 1), "w_fc": ([16, 10], 16), "b_fc": ([10], 1),
}


def digits_split():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    d = load_digits()
    x = (d.images.astype(np.float32) / 16.0)[..., None]
    return train_test_split(x, d.target.astype(np.int64), test_size=0.2, random_state=0, stratify=d.target)


def make_mnv3_block():
    import tensorflow as tf
    print("trained test models: MobileNetV3-style block (digits)")
    tf.random.set_seed(15)
    x_tr, x_te, y_tr, y_te = digits_split()
    p = init_params(MNV3_SHAPES, 15)

    def loss(p, x, y):
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, mnv3_forward(p, x)))

    final_loss = train(p, loss, [x_tr, y_tr], epochs=40, batch=32, lr=5e-3, seed=15)
    keras_acc = float(np.mean(np.argmax(mnv3_forward(p, x_te).numpy(), 1) == y_te))
    c = frozen(p)

    def fn_for(_int8):
        @tf.function
        def serve(image):
            logits = mnv3_forward(c, image)
            return {"log_probs": tf.nn.log_softmax(logits), "top_class": tf.argmax(logits, 1, output_type=tf.int32)}
        return serve

    spec = [tf.TensorSpec([MNV3_BATCH, 8, 8, 1], tf.float32, name="image")]
    fb, ib = convert_both(fn_for, spec, ["image"], rep_batches([x_tr], MNV3_BATCH, 100))
    pick = lambda mb, outs: output_for_key(mb, outs, ["log_probs", "top_class"], "top_class")
    accs = [float(np.mean(tflm_eval(mb, ["image"], [x_te], MNV3_BATCH, pick).reshape(-1) == y_te)) for mb in (fb, ib)]
    acc = (f"TensorFlow float {keras_acc:.4f}, TFLM float32 {accs[0]:.4f}, TFLM int8 {accs[1]:.4f} on the "
           f"{len(y_te)} test-split digits (ARG_MAX output vs label); final training loss {final_loss:.4f}.")
    print("  " + acc)
    how = ("tools/models/trained_models.py make_mnv3_block: MobileNetV3-style block (3x3 conv + HARD_SWISH, "
           "depthwise 3x3 + HARD_SWISH, squeeze-excite MEAN -> FC relu -> FC hard sigmoid -> MUL, 1x1 conv, "
           "residual ADD, MEAN and REDUCE_MAX global pooling, FC 10 -> LOG_SOFTMAX and ARG_MAX), trained 40 "
           "epochs (Adam 5e-3, batch 32, seed 15) on sklearn load_digits (80/20 split, random_state 0, "
           f"stratified), batch {MNV3_BATCH}. Test inputs: test-split images 0..{MNV3_BATCH - 1} (pixels / 16).")
    notes = ["Outputs: log_probs (LOG_SOFTMAX) [B,10] and top_class (ARG_MAX, int32) [B]; see outputs[].name "
             "(PartitionedCall:0 = log_probs, :1 = top_class)."]
    return write_pair("mnv3_block", fb, ib, ["image"], [x_te[:MNV3_BATCH]], how, acc, notes)


# ----------------------------------------------------------------------------------------------------------------
# (b) LEAKY_RELU / PRELU / ELU / L2_NORMALIZATION classifier on the wine data
# ----------------------------------------------------------------------------------------------------------------

ACT_BATCH = 8

ACT_SHAPES = {
    "w1": ([13, 16], 13), "b1": ([16], 1), "w2": ([16, 16], 16), "b2": ([16], 1), "alpha2": ([16], 1),
    "w3": ([16, 12], 16), "b3": ([12], 1), "w4": ([12, 3], 12), "b4": ([3], 1),
}


def act_forward(p, x):
    """[B,13] standardized features -> (unit-length embedding [B,12], logits [B,3])."""
    import tensorflow as tf
    h = tf.nn.leaky_relu(tf.matmul(x, p["w1"]) + p["b1"], alpha=0.2)
    z = tf.matmul(h, p["w2"]) + p["b2"]
    h = tf.nn.relu(z) + (-p["alpha2"]) * tf.nn.relu(-z)  # PReLU as the converter recognises it.
    h = tf.nn.elu(tf.matmul(h, p["w3"]) + p["b3"])
    e = tf.math.l2_normalize(h, axis=-1)
    return e, tf.matmul(e, p["w4"]) * 4.0 + p["b4"]


def wine_split():
    from sklearn.datasets import load_wine
    from sklearn.model_selection import train_test_split
    d = load_wine()
    x_tr, x_te, y_tr, y_te = train_test_split(d.data, d.target, test_size=0.3, random_state=0, stratify=d.target)
    mu, sd = x_tr.mean(0), x_tr.std(0)
    return [((a - mu) / sd).astype(np.float32) for a in (x_tr, x_te)] + [y_tr.astype(np.int64), y_te.astype(np.int64)]


def make_act_mlp():
    import tensorflow as tf
    print("trained test models: LEAKY_RELU/PRELU/ELU/L2_NORMALIZATION MLP (wine)")
    tf.random.set_seed(16)
    x_tr, x_te, y_tr, y_te = wine_split()
    p = init_params(ACT_SHAPES, 16)

    def loss(p, x, y):
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, act_forward(p, x)[1]))

    final_loss = train(p, loss, [x_tr, y_tr], epochs=60, batch=16, lr=3e-3, seed=16)
    tf_acc = float(np.mean(np.argmax(act_forward(p, x_te)[1].numpy(), 1) == y_te))
    c = frozen(p)

    def fn_for(_int8):
        @tf.function
        def serve(features):
            e, logits = act_forward(c, features)
            return {"embedding": e, "probs": tf.nn.softmax(logits)}
        return serve

    spec = [tf.TensorSpec([ACT_BATCH, 13], tf.float32, name="features")]
    fb, ib = convert_both(fn_for, spec, ["features"], rep_batches([x_tr], ACT_BATCH, 15))
    pick = lambda mb, outs: np.argmax(output_for_key(mb, outs, ["embedding", "probs"], "probs"), 1)
    accs = [float(np.mean(tflm_eval(mb, ["features"], [x_te], ACT_BATCH, pick).reshape(-1) == y_te)) for mb in (fb, ib)]
    acc = (f"TensorFlow float {tf_acc:.4f}, TFLM float32 {accs[0]:.4f}, TFLM int8 {accs[1]:.4f} on the {len(y_te)} "
           f"test-split wines (argmax of probs vs label); final training loss {final_loss:.4f}.")
    print("  " + acc)
    how = ("tools/models/trained_models.py make_act_mlp: FC 16 + LEAKY_RELU(0.2) -> FC 16 + PRELU (per-channel "
           "alpha, trained) -> FC 12 + ELU -> L2_NORMALIZATION embedding -> FC 3 -> SOFTMAX, trained 60 epochs "
           "(Adam 3e-3, batch 16, seed 16) on sklearn load_wine (70/30 split, random_state 0, stratified; features "
           f"standardized with the training split's mean/std), batch {ACT_BATCH}. Test inputs: test-split rows "
           f"0..{ACT_BATCH - 1}.")
    notes = ["Outputs: embedding (L2_NORMALIZATION) [B,12] = PartitionedCall:0, probs (SOFTMAX) [B,3] = :1."]
    return write_pair("act_mlp", fb, ib, ["features"], [x_te[:ACT_BATCH]], how, acc, notes)


# ----------------------------------------------------------------------------------------------------------------
# (c) Sensor-window anomaly detector with a time-of-day front end
# ----------------------------------------------------------------------------------------------------------------

SENSOR_BATCH = 8
SENSOR_T = 16
SENSOR_SHAPES = {"w_enc": ([SENSOR_T + 2, 6], SENSOR_T + 2), "b_enc": ([6], 1), "w_dec": ([6, SENSOR_T], 6),
                 "b_dec": ([SENSOR_T], 1)}
AMP_LIMITS = (1.3, 2.6)  # Peak-to-peak limit in quiet hours (nights, weekends) and in busy hours.


def quiet_hours(t):
    """t: hour of the week [B,1] (0 = Monday 00:00). Quiet = night (before 06:00 or from 22:00) or weekend."""
    h = np.mod(t, 24.0)
    return (h < 6.0) | (h >= 22.0) | (np.mod(np.floor_divide(t, 24.0), 7.0) >= 5.0)


def sensor_data(rng, n, anomalous):
    """Windows [n,16] of a noisy sine whose level drops in quiet hours; t [n,1]; label 1 where made anomalous.

    Anomalies (one of three, chosen at random): a spike of 1.2..2 times the level, a stuck stretch of 5..8
    samples (the ADC repeats its last value), or a busy-hours level in quiet hours."""
    t = rng.uniform(0.0, 168.0, size=(n, 1)).astype(np.float32)
    quiet = quiet_hours(t)
    level = np.where(quiet, 0.4, 1.0)
    k = np.arange(SENSOR_T)[None, :]
    f, phase = rng.uniform(1.0, 2.0, (n, 1)), rng.uniform(0, 2 * np.pi, (n, 1))
    offset = rng.uniform(-0.2, 0.2, (n, 1))
    kind = np.where(rng.uniform(size=n) < anomalous, rng.integers(0, 3, n), -1)
    level = np.where((kind[:, None] == 2) & quiet, 1.0, level)
    w = offset + level * np.sin(2 * np.pi * f * k / SENSOR_T + phase) + rng.normal(0, 0.03, (n, SENSOR_T))
    for i in np.nonzero(kind == 0)[0]:
        w[i, rng.integers(0, SENSOR_T)] += rng.choice([-1, 1]) * rng.uniform(1.2, 2.0) * level[i, 0]
    for i in np.nonzero(kind == 1)[0]:
        s, m = rng.integers(1, SENSOR_T - 8), rng.integers(5, 9)
        w[i, s:s + m] = w[i, s - 1]
    label = (kind >= 0) & ~((kind == 2) & ~quiet[:, 0])  # A busy-level window in busy hours is normal.
    return w.astype(np.float32), t, label


def sensor_time(t):
    """Time-of-day front end: (quiet [B,1] bool, sin/cos of the hour [B,2])."""
    import tensorflow as tf
    hour = tf.math.floormod(t, 24.0)
    weekend = tf.math.floormod(tf.math.floordiv(t, 24.0), 7.0) >= 5.0
    day_hours = tf.logical_and(tf.floor(hour * (1.0 / 6.0)) >= 1.0, hour < 22.0)
    quiet = tf.logical_not(tf.logical_and(day_hours, tf.logical_not(weekend)))
    ang = hour * (2.0 * np.pi / 24.0)
    return quiet, tf.concat([tf.sin(ang), tf.cos(ang)], axis=1)


def sensor_normalize(w, int8=False):
    """(clipped standardized window z, mean, standard deviation), all per window.

    TFLM has no int8 SQRT (an int8 SQRT passes Prepare and fails in Invoke), so the int8 model takes
    var * rsqrt(var)."""
    import tensorflow as tf
    mu = tf.reduce_mean(w, axis=1, keepdims=True)
    var = tf.reduce_mean(tf.square(w - mu), axis=1, keepdims=True)
    inv_sd = tf.math.rsqrt(var + 1e-4)
    z = (w - mu) * inv_sd
    return tf.minimum(tf.maximum(z, -4.0), 4.0), mu, var * inv_sd if int8 else tf.sqrt(var)


def sensor_autoencode(p, z, time_feat):
    import tensorflow as tf
    hid = tf.tanh(tf.matmul(tf.concat([z, time_feat], axis=1), p["w_enc"]) + p["b_enc"])
    return tf.matmul(hid, p["w_dec"]) + p["b_dec"]


def sensor_stuck(w, int8):
    """Stuck sensor: at least 3 repeated readings at the sensor's 0.01 resolution (ROUND, EQUAL on neighbours).

    The int8 model compares its int8 input itself: rounded to 0.01 its scale would pass 1, where TFLM's
    comparison rescaling aborts."""
    import tensorflow as tf
    r = w if int8 else tf.round(w * 100.0)
    same = tf.reduce_sum(tf.cast(tf.equal(r[:, 1:], r[:, :-1]), tf.float32), axis=1, keepdims=True)
    return same >= 2.5  # Counts are float (TFLM sums no int32); halfway between counts survives int8.


def sensor_detect(p, w, t, thresholds, int8=False):
    """All outputs of the detector (a dict). thresholds: (quiet, busy) limits of the combined score."""
    import tensorflow as tf
    quiet, time_feat = sensor_time(t)
    z, mu, sd = sensor_normalize(w, int8)
    rec = sensor_autoencode(p, z, time_feat)
    err = tf.math.squared_difference(rec, z)
    score = tf.reduce_sum(err, axis=1, keepdims=True)
    cusum = tf.reduce_max(tf.abs(tf.cumsum(z, axis=1)), axis=1, keepdims=True)
    total = tf.add_n([score * (1.0 / SENSOR_T), cusum * (1.0 / SENSOR_T), tf.reduce_max(err, axis=1, keepdims=True)])
    amp = tf.reduce_max(w, axis=1, keepdims=True) - tf.reduce_min(w, axis=1, keepdims=True)
    amp_ratio = amp / tf.where(quiet, AMP_LIMITS[0], AMP_LIMITS[1])
    crossings = tf.reduce_sum(tf.cast(tf.not_equal(z[:, 1:] > 0.0, z[:, :-1] > 0.0), tf.float32), axis=1)
    stuck = tf.logical_and(sensor_stuck(w, int8), (crossings <= 3.5)[:, None])
    limit = tf.where(quiet, thresholds[0], thresholds[1])
    alarm = tf.logical_or(tf.logical_or(total > limit, amp_ratio > 1.0), stuck)
    flags = err > 4.0
    return {"alarm": alarm, "healthy": tf.logical_not(alarm), "severity": tf.math.ceil(total / limit),
            "power": tf.reduce_mean(tf.square(w), axis=1), "amp_ratio": amp_ratio, "crossings": crossings,
            "total": total,
            "log_total": tf.math.log(total + 1e-3), "worst": tf.argmax(err, axis=1, output_type=tf.int32),
            "trough": tf.argmin(w, axis=1, output_type=tf.int32), "clean": tf.reduce_all(tf.logical_not(flags), 1),
            "n_flagged": tf.reduce_sum(tf.cast(flags, tf.float32), axis=1),
            "repaired": tf.where(alarm, rec * sd + mu, w), "normality": tf.exp(-total)}


def sensor_thresholds(p, w, t):
    """99th percentile of the combined score on normal training windows, for quiet and for busy hours."""
    import tensorflow as tf
    total = sensor_detect(p, tf.constant(w), tf.constant(t), (1e9, 1e9))["total"].numpy()[:, 0]
    quiet = quiet_hours(t)[:, 0]
    return tuple(float(np.percentile(total[m], 99.0)) for m in (quiet, ~quiet))


def make_sensor_anomaly():
    import tensorflow as tf
    print("trained test models: sensor-window anomaly detector (synthetic)")
    tf.random.set_seed(17)
    rng = np.random.default_rng(17)
    w_tr, t_tr, _ = sensor_data(rng, 2000, 0.0)
    w_te, t_te, y_te = sensor_data(rng, 400, 0.5)
    p = init_params(SENSOR_SHAPES, 17)

    def loss(p, w, t):
        z, _, _ = sensor_normalize(w)
        return tf.reduce_mean(tf.math.squared_difference(sensor_autoencode(p, z, sensor_time(t)[1]), z))

    final_loss = train(p, loss, [w_tr, t_tr], epochs=30, batch=32, lr=5e-3, seed=17)
    c = frozen(p)
    thr = sensor_thresholds(c, w_tr, t_tr)
    tf_acc = float(np.mean(sensor_detect(c, tf.constant(w_te), tf.constant(t_te), thr)["alarm"].numpy()[:, 0] == y_te))

    def fn_for(int8):
        @tf.function
        def serve(window, hour_of_week):
            out = sensor_detect(c, window, hour_of_week, thr, int8)
            if int8:  # TFLM's EXP and LOG are float32 only (int8: EXP refused in Prepare, LOG fails in Invoke).
                del out["normality"], out["log_total"]
            return out
        return serve

    specs = [tf.TensorSpec([SENSOR_BATCH, SENSOR_T], tf.float32, name="window"),
             tf.TensorSpec([SENSOR_BATCH, 1], tf.float32, name="hour_of_week")]
    rep_w, rep_t, _ = sensor_data(np.random.default_rng(18), 400, 0.5)
    names = ["window", "hour_of_week"]
    fb, ib = convert_both(fn_for, specs, names, rep_batches([rep_w, rep_t], SENSOR_BATCH, 50))
    accs = []
    for mb, keys in ((fb, SENSOR_KEYS), (ib, [k for k in SENSOR_KEYS if k not in ("normality", "log_total")])):
        pick = lambda mb, outs, keys=keys: output_for_key(mb, outs, keys, "alarm")
        accs.append(float(np.mean(tflm_eval(mb, names, [w_te, t_te], SENSOR_BATCH, pick).reshape(-1) == y_te)))
    acc = (f"alarm vs label on {len(y_te)} synthetic test windows (half anomalous): TensorFlow float {tf_acc:.4f}, "
           f"TFLM float32 {accs[0]:.4f}, TFLM int8 {accs[1]:.4f}; autoencoder final training loss {final_loss:.4f}; "
           f"score thresholds (quiet, busy) {thr[0]:.4f}, {thr[1]:.4f}.")
    print("  " + acc)
    return write_pair("sensor_anomaly", fb, ib, names, [w_te[:SENSOR_BATCH], t_te[:SENSOR_BATCH]],
                      SENSOR_HOW, acc, sensor_notes(y_te[:SENSOR_BATCH]))


SENSOR_KEYS = ["alarm", "amp_ratio", "clean", "crossings", "healthy", "log_total", "n_flagged", "normality", "power",
               "repaired", "severity", "total", "trough", "worst"]

SENSOR_HOW = (
    "tools/models/trained_models.py make_sensor_anomaly: anomaly detector for windows of 16 readings of a noisy "
    "sine sensor (numpy seed 17, synthetic) whose level drops in quiet hours. Front end on the hour of the week: "
    "FLOOR_MOD/FLOOR_DIV/FLOOR -> quiet hours (GREATER_EQUAL, LESS, LOGICAL_AND/NOT) and SIN/COS of the hour. "
    "Window standardized (MEAN, SQUARE, RSQRT, SQRT (float32 only), clipped with MAXIMUM/MINIMUM), an autoencoder "
    "(FC 18->6 tanh ->16, trained 30 epochs on 2000 normal windows, Adam 5e-3, batch 32) reconstructs it; score = "
    "ADD_N of the SUM and REDUCE_MAX of the SQUARED_DIFFERENCE error and a CUSUM (CUMSUM, ABS, REDUCE_MAX); alarm "
    "when the score passes a threshold picked by SELECT_V2 on quiet hours (99th percentile on the training "
    "windows), when the peak-to-peak range (REDUCE_MAX - REDUCE_MIN) DIVided by its quiet/busy limit passes 1, or "
    "when the reading is stuck (ROUND (float32 only), EQUAL of neighbours, CAST, SUM) without oscillating "
    "(NOT_EQUAL sign changes, LESS_EQUAL). Also outputs ARG_MAX/ARG_MIN positions, (float32 only) LOG and "
    "EXP(-score), REDUCE_ALL/LOGICAL_NOT of the per-sample flags (GREATER), the window repaired with SELECT_V2, "
    "healthy = LOGICAL_NOT(alarm), severity = CEIL(score / threshold) and the signal power MEAN(SQUARE(window)). "
    "Batch 8; test inputs: the first 8 synthetic test windows and their hours.")


def sensor_notes(labels):
    return [f"Outputs are named PartitionedCall:<i>, i = the place of the output's key in the sorted list "
            f"{SENSOR_KEYS} (int8: without 'log_total' and 'normality': TFLM has no int8 LOG or EXP).",
            f"Labels of the 8 test windows (1 = made anomalous): {[int(v) for v in labels]}."]


def make_all():
    made = {}
    for fn in (make_mnv3_block, make_act_mlp, make_sensor_anomaly):
        made.update(fn())
    return made
