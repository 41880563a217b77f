#!/usr/bin/env python3
"""Builds mote's own models: the README demo and the whole-model test models, with TFLM's outputs.

What it makes (all paths relative to the repository root):
  models/demo/digits_int8.tflite        int8 digit classifier (8x8 grey images, 10 classes), trained here on
                                        scikit-learn's bundled handwritten digits (load_digits: no download)
  models/demo/labels.txt                class names, one per line ("0".."9")
  models/demo/samples/digit_<label>_<i>.bin
                                        raw int8 input tensors (64 bytes each): test-split image number <i>,
                                        quantized with the model's input scale/zero point; one per class
  models/demo/README.md                 provenance: script, versions, data set, accuracy, date, sha256
  tests/models/<name>/model.tflite      small test models (< 100 KB each), see make_tests() below
  tests/models/<name>/input<k>.bin      input k, generated like /work/shared/golden (xorshift32, see xorshift_input);
                                        the trained models' inputs are real test samples (meta.json says which)
  tests/models/<name>/output<k>.bin     output k of TFLM's FIRST Invoke() on a fresh interpreter
  tests/models/<name>/meta.json         dtypes, shapes, scale/zero point, ops, versions, how it was made

How to run (needs tensorflow-cpu, scikit-learn, numpy and tflite-micro, e.g. in a separate venv):
  python3 -m venv .venv-tf
  .venv-tf/bin/pip install tensorflow-cpu scikit-learn numpy tflite-micro
  .venv-tf/bin/python tools/models/make_models.py            # everything
  .venv-tf/bin/python tools/models/make_models.py --only demo  # or: --only tests, --only trained, --only part2

The expected outputs come from the tflite-micro Python package (TFLM's reference kernels), never from mote.
Training is seeded, but TensorFlow versions and CPUs may still change the trained weights, so a rerun can give
a different (equally valid) demo model; the model, its samples and its README are always written together.
The small_cnn and sub_mul test models use fixed pseudo-random weights (numpy, seeded) and are not trained; the
trained test models (mnv3_block_*, act_mlp_*, sensor_anomaly_*) come from tools/models/trained_models.py, the
part-2 op models (mnv2_digits_*, ssd_shapes_*, attention_*, upsample_seg_*) from tools/models/part2_models.py,
the LSTM models (lstm_classifier_*) from tools/models/lstm_models.py (run on its own: it needs tf_keras).
"""

import argparse
import datetime
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "tools/models/make_models.py"
ARENA_SIZE = 4 << 20  # Generous; the arena actually used is recorded in meta.json.

INPUT_RULE = (
    "For input tensor k (0-based, subgraph-0 input order): 32-bit xorshift state s = (0x9E3779B9 + k) mod 2^32; "
    "for each element in order: s ^= s << 13; s ^= s >> 17; s ^= s << 5 (all uint32), then the element takes "
    "the NEW state x = s. Non-float32 tensors: every BYTE of the tensor buffer i = 0..bytes-1 gets (x & 0xFF) "
    "(one PRNG step per byte, so multi-byte dtypes are little-endian byte patterns). float32 tensors: every "
    "element gets (float)((x / 4294967296.0) * 2.0 - 1.0), one step per element (computed in double, rounded "
    "to float). Same rule as /work/shared/golden/README.md.")


# ----------------------------------------------------------------------------------------------------------------
# TFLM helpers (tflite-micro Python package)
# ----------------------------------------------------------------------------------------------------------------

def tflm_modules():
    from tflite_micro.python.tflite_micro import runtime
    from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema_fb
    return runtime, schema_fb


def tflm_version():
    from tflite_micro.python.tflite_micro import _version
    return _version.__version__


def tflm_commit():
    # The package version ends in "-g<commit>"; the METADATA also names the commit.
    v = tflm_version()
    return v.rsplit("-g", 1)[1] if "-g" in v else "unknown"


_TYPE_NAMES = None


def type_name(t):
    global _TYPE_NAMES
    if _TYPE_NAMES is None:
        _, schema_fb = tflm_modules()
        _TYPE_NAMES = {v: k for k, v in vars(schema_fb.TensorType).items() if not k.startswith("_")}
    return _TYPE_NAMES[t]


NP_DTYPES = {"FLOAT32": np.float32, "INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16, "INT32": np.int32,
             "INT64": np.int64, "BOOL": np.bool_}


def describe_model(model_bytes):
    """Returns (ops in execution order, input tensor dicts, output tensor dicts) of subgraph 0."""
    runtime, schema_fb = tflm_modules()
    model = runtime.convert_bytearray_to_object(bytearray(model_bytes))
    op_names = {v: k for k, v in vars(schema_fb.BuiltinOperator).items() if not k.startswith("_")}
    sg = model.subgraphs[0]
    ops = []
    for op in sg.operators:
        code = runtime.get_builtin_code_from_operator_code(model.operatorCodes[op.opcodeIndex])
        ops.append(op_names[code])

    def tensor_info(index):
        t = sg.tensors[index]
        info = {
            "name": t.name.decode() if isinstance(t.name, bytes) else t.name,
            "dtype": type_name(t.type),
            "shape": [int(d) for d in t.shape],
        }
        q = t.quantization
        if q is not None and q.scale is not None and len(q.scale) > 0:
            info["scale"] = float(np.float32(q.scale[0])) if len(q.scale) == 1 else [float(s) for s in q.scale]
            info["zero_point"] = int(q.zeroPoint[0]) if len(q.zeroPoint) == 1 else [int(z) for z in q.zeroPoint]
        if t.shapeSignature is not None and len(t.shapeSignature) > 0:
            info["shape_signature"] = [int(d) for d in t.shapeSignature]
        info["bytes"] = int(np.prod(info["shape"])) * np.dtype(NP_DTYPES[info["dtype"]]).itemsize
        return info

    inputs = [tensor_info(i) for i in sg.inputs]
    outputs = [tensor_info(i) for i in sg.outputs]
    return ops, inputs, outputs


def op_details(model_bytes):
    """Per operator (execution order): name, input/output tensor types and fused activation, for meta.json."""
    runtime, schema_fb = tflm_modules()
    model = runtime.convert_bytearray_to_object(bytearray(model_bytes))
    op_names = {v: k for k, v in vars(schema_fb.BuiltinOperator).items() if not k.startswith("_")}
    act_names = {v: k for k, v in vars(schema_fb.ActivationFunctionType).items() if not k.startswith("_")}
    sg = model.subgraphs[0]
    rows = []
    for op in sg.operators:
        code = runtime.get_builtin_code_from_operator_code(model.operatorCodes[op.opcodeIndex])
        row = {"op": op_names[code],
               "inputs": [type_name(sg.tensors[i].type) if i >= 0 else "none" for i in op.inputs],
               "outputs": [type_name(sg.tensors[i].type) for i in op.outputs]}
        act = getattr(op.builtinOptions, "fusedActivationFunction", None)
        if act is not None:
            row["fused_activation"] = act_names[act]
        rows.append(row)
    return rows


def tensor_types_used(model_bytes):
    runtime, _ = tflm_modules()
    model = runtime.convert_bytearray_to_object(bytearray(model_bytes))
    return sorted({type_name(t.type) for t in model.subgraphs[0].tensors})


def xorshift_input(dtype, shape, k):
    """Input tensor k by the golden-data rule (see INPUT_RULE); returns raw little-endian bytes."""
    s = (0x9E3779B9 + k) & 0xFFFFFFFF
    count = int(np.prod(shape))
    if dtype == "FLOAT32":
        vals = np.empty(count, dtype=np.float32)
        for i in range(count):
            s ^= (s << 13) & 0xFFFFFFFF
            s ^= s >> 17
            s ^= (s << 5) & 0xFFFFFFFF
            vals[i] = np.float32((s / 4294967296.0) * 2.0 - 1.0)
        return vals.tobytes()
    nbytes = count * np.dtype(NP_DTYPES[dtype]).itemsize
    out = bytearray(nbytes)
    for i in range(nbytes):
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        out[i] = s & 0xFF
    return bytes(out)


def capture_stderr(fn):
    """Runs fn() and returns what the C++ side wrote to file descriptor 2."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as f:
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            fn()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        return f.read().decode(errors="replace")


def tflm_interpreter(model_bytes):
    runtime, _ = tflm_modules()
    return runtime.Interpreter.from_bytes(bytes(model_bytes), arena_size=ARENA_SIZE)


def tflm_run(model_bytes, input_bytes):
    """First Invoke() on a fresh TFLM interpreter. Returns (output arrays, details dict)."""
    _, in_infos, out_infos = describe_model(model_bytes)
    arrays = [np.frombuffer(b, dtype=NP_DTYPES[t["dtype"]]).reshape(t["shape"]) for b, t in zip(input_bytes, in_infos)]
    it = tflm_interpreter(model_bytes)
    for k, a in enumerate(arrays):
        it.set_input(a.copy(), k)
    it.invoke()
    outs = [np.array(it.get_output(k)).copy() for k in range(len(out_infos))]
    log = capture_stderr(it.print_allocations)
    used = None
    for line in log.splitlines():
        if "Arena allocation total" in line:
            used = int(line.split("total")[1].split()[0])
    # Second invoke with refilled inputs must give the same outputs (no state in these models).
    for k, a in enumerate(arrays):
        it.set_input(a.copy(), k)
    it.invoke()
    same = all(np.array_equal(np.array(it.get_output(k)), outs[k]) for k in range(len(out_infos)))
    details = {
        "in": [it.get_input_details(k) for k in range(len(in_infos))],
        "out": [it.get_output_details(k) for k in range(len(out_infos))],
        "arena_used": used,
        "second_same": same,
    }
    for k, t in enumerate(out_infos):
        assert outs[k].dtype == NP_DTYPES[t["dtype"]], (outs[k].dtype, t)
        assert list(outs[k].shape) == t["shape"], (outs[k].shape, t)
    return outs, details


def tflite_ref_diffs(model_bytes, input_bytes, tflm_outs):
    """Max |TFLite reference kernels - TFLM| per output (raw integer steps or float), as a cross-check only."""
    import tensorflow as tf
    _, in_infos, out_infos = describe_model(model_bytes)
    try:
        ti = tf.lite.Interpreter(model_content=model_bytes,
                                 experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)
    except ValueError as e:  # The reference resolver lacks some ops (ELU): the cross-check is then skipped.
        return f"not available: {str(e).splitlines()[0]}"
    try:
        ti.allocate_tensors()
    except RuntimeError as e:  # TFLite's LSTM refuses int16 activations without its intermediate tensors.
        return f"not available: {str(e).splitlines()[0]}"
    for k, (b, t) in enumerate(zip(input_bytes, in_infos)):
        ti.set_tensor(ti.get_input_details()[k]["index"], np.frombuffer(b, NP_DTYPES[t["dtype"]]).reshape(t["shape"]))
    try:
        ti.invoke()
    except RuntimeError as e:  # TFLite's int8 DIV, for one, checks the raw divisor bytes for 0.
        return f"not available: {str(e).splitlines()[0]}"
    by_name = {o["name"]: o["index"] for o in ti.get_output_details()}
    return [float(np.max(np.abs(ti.get_tensor(by_name[t["name"]]).astype(np.float64) - o.astype(np.float64))))
            for t, o in zip(out_infos, tflm_outs)]


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def versions():
    import tensorflow as tf
    v = {"tensorflow": tf.__version__, "numpy": np.__version__, "tflite_micro": tflm_version(),
         "python": sys.version.split()[0]}
    try:
        import sklearn
        v["scikit_learn"] = sklearn.__version__
    except ImportError:
        pass
    return v


def write_test_model(name, model_bytes, how_made, notes=(), inputs=None, input_rule=INPUT_RULE):
    """Writes tests/models/<name>/ (model, inputs, TFLM outputs, meta.json). Returns the meta dict.

    inputs: raw bytes per input (model order), made as input_rule says; by default the xorshift golden rule."""
    d = REPO / "tests" / "models" / name
    d.mkdir(parents=True, exist_ok=True)
    ops, in_infos, out_infos = describe_model(model_bytes)
    if inputs is None:
        inputs = [xorshift_input(t["dtype"], t["shape"], k) for k, t in enumerate(in_infos)]
    outs, det = tflm_run(model_bytes, inputs)
    (d / "model.tflite").write_bytes(model_bytes)
    for k, b in enumerate(inputs):
        (d / f"input{k}.bin").write_bytes(b)
        in_infos[k]["tflm_dims"] = [int(x) for x in det["in"][k]["shape"]]
        in_infos[k]["file"] = f"input{k}.bin"
    for k, o in enumerate(outs):
        (d / f"output{k}.bin").write_bytes(o.tobytes())
        out_infos[k]["tflm_dims"] = [int(x) for x in det["out"][k]["shape"]]
        out_infos[k]["file"] = f"output{k}.bin"
    meta = {
        "model": "model.tflite",
        "model_sha256": sha256(model_bytes),
        "model_bytes": len(model_bytes),
        "source": {"made_by": SCRIPT, "how": how_made},
        "status": "ok",
        "inputs": in_infos,
        "outputs": out_infos,
        "ops": ops,
        "op_set": sorted(set(ops)),
        "op_details": op_details(model_bytes),
        "tensor_types": tensor_types_used(model_bytes),
        "tflm_arena_used_bytes": det["arena_used"],
        "tflm_arena_size_given": ARENA_SIZE,
        "tflm_resource_variables": "none",
        "variable_tensors_in_model": 0,
        "second_invoke_same_inputs_gives_same_outputs": det["second_same"],
        "tflite_reference_kernels_max_abs_diff_per_output": tflite_ref_diffs(model_bytes, inputs, outs),
        "notes": list(notes),
        "generation": {
            "inputs": input_rule,
            "outputs": "raw bytes of each output tensor after the FIRST Invoke() following AllocateTensors() on a "
                       "fresh interpreter.",
            "runtime": f"tflite-micro Python package {tflm_version()} (TFLM commit {tflm_commit()}, reference "
                       "kernels), x86-64 Linux; tflm_arena_used_bytes is its RecordingMicroAllocator total.",
            "tflm_commit": tflm_commit(),
            "versions": versions(),
            "date": datetime.date.today().isoformat(),
        },
    }
    (d / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    assert len(model_bytes) < 100 * 1024, f"{name}: {len(model_bytes)} bytes"
    print(f"  {name}: {len(model_bytes)} bytes, ops {sorted(set(ops))}, types {meta['tensor_types']}")
    return meta


# ----------------------------------------------------------------------------------------------------------------
# Converter helpers
# ----------------------------------------------------------------------------------------------------------------

def convert(concrete_fn, trackable, quant=None, rep_data=None, io_type=None):
    """quant: None (float32), "int8" (full integer, per-channel) or "int16x8". io_type: tf dtype of model I/O."""
    import tensorflow as tf
    conv = tf.lite.TFLiteConverter.from_concrete_functions([concrete_fn], trackable)
    if quant is not None:
        conv.optimizations = [tf.lite.Optimize.DEFAULT]
        conv.representative_dataset = rep_data
        if quant == "int8":
            conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        elif quant == "int16x8":
            ops_set = tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8
            conv.target_spec.supported_ops = [ops_set]
        else:
            raise ValueError(quant)
        if io_type is not None:
            conv.inference_input_type = io_type
            conv.inference_output_type = io_type
    return bytes(conv.convert())


def quantize_to(x, scale, zero_point, dtype):
    info = np.iinfo(dtype)
    q = np.round(x / scale) + zero_point
    return np.clip(q, info.min, info.max).astype(dtype)


# ----------------------------------------------------------------------------------------------------------------
# Demo: int8 digit classifier
# ----------------------------------------------------------------------------------------------------------------

def make_demo():
    import keras
    import tensorflow as tf
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    print("demo: training digit classifier")
    keras.utils.set_random_seed(1234)
    tf.config.experimental.enable_op_determinism()
    digits = load_digits()
    x = (digits.images.astype(np.float32) / 16.0)[..., None]  # [N,8,8,1] in [0,1]
    y = digits.target.astype(np.int64)
    x_train, x_test, y_train, y_test, _, idx_test = train_test_split(
        x, y, np.arange(len(y)), test_size=0.2, random_state=0, stratify=y)

    def layers_on(inp):
        h = keras.layers.Conv2D(8, 3, padding="same", activation="relu", name="conv1")(inp)
        h = keras.layers.MaxPooling2D(2, name="pool1")(h)                                     # 4x4x8
        h = keras.layers.Conv2D(16, 3, padding="same", activation="relu", name="conv2")(h)   # 4x4x16
        h = keras.layers.AveragePooling2D(2, name="pool2")(h)                                 # 2x2x16
        h = keras.layers.Flatten(name="flatten")(h)                                           # 64
        h = keras.layers.Dense(10, name="logits")(h)
        return keras.layers.Softmax(name="probs")(h)

    inp = keras.Input(shape=(8, 8, 1), name="image")
    model = keras.Model(inp, layers_on(inp))
    model.compile(optimizer=keras.optimizers.Adam(3e-3), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    model.fit(x_train, y_train, epochs=60, batch_size=32, verbose=0, shuffle=True)
    float_acc = float(np.mean(np.argmax(model.predict(x_test, verbose=0), axis=1) == y_test))
    print(f"  keras float32 test accuracy {float_acc:.4f}")

    # Rebuild the trained network from plain TF ops with its weights as constants: the converter would otherwise
    # keep Keras 3 variables as resource variables (READ_VARIABLE), which full-integer calibration rejects.
    wts = {layer.name: [tf.constant(np.asarray(v)) for v in layer.get_weights()] for layer in model.layers}

    @tf.function(input_signature=[tf.TensorSpec([1, 8, 8, 1], tf.float32, name="image")])
    def serve(image):
        h = tf.nn.relu(tf.nn.conv2d(image, wts["conv1"][0], 1, "SAME") + wts["conv1"][1])
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        h = tf.nn.relu(tf.nn.conv2d(h, wts["conv2"][0], 1, "SAME") + wts["conv2"][1])
        h = tf.nn.avg_pool2d(h, 2, 2, "VALID")
        h = tf.reshape(h, [1, -1])  # NHWC row-major, the same order as keras Flatten.
        return {"probs": tf.nn.softmax(tf.matmul(h, wts["logits"][0]) + wts["logits"][1])}

    cf = serve.get_concrete_function()
    keras_probs = model.predict(x_test[:20], verbose=0)
    plain_probs = np.concatenate([serve(x_test[i:i + 1])["probs"].numpy() for i in range(20)])
    assert np.allclose(keras_probs, plain_probs, atol=1e-5), "plain-TF rebuild differs from the Keras model"
    rep = x_train[:300]

    def rep_data():
        for i in range(len(rep)):
            yield [rep[i:i + 1]]

    float_bytes = convert(cf, tf.Module())
    int8_bytes = convert(cf, tf.Module(), "int8", rep_data, tf.int8)

    # Accuracy through TFLM (float32 conversion and the int8 model).
    def tflm_predict(mb, quant_input):
        _, in_infos, out_infos = describe_model(mb)
        it = tflm_interpreter(mb)
        preds, raw = [], []
        for i in range(len(x_test)):
            xi = x_test[i:i + 1]
            if quant_input:
                xi = quantize_to(xi, in_infos[0]["scale"], in_infos[0]["zero_point"], np.int8)
            it.set_input(xi, 0)
            it.invoke()
            o = np.array(it.get_output(0)).copy()
            raw.append(o)
            preds.append(int(np.argmax(o)))
        return np.array(preds), raw

    fp, _ = tflm_predict(float_bytes, False)
    qp, qraw = tflm_predict(int8_bytes, True)
    tflm_float_acc = float(np.mean(fp == y_test))
    tflm_int8_acc = float(np.mean(qp == y_test))
    print(f"  TFLM float32 test accuracy {tflm_float_acc:.4f}, TFLM int8 test accuracy {tflm_int8_acc:.4f}")

    ops, in_infos, out_infos = describe_model(int8_bytes)
    in_scale, in_zp = in_infos[0]["scale"], in_infos[0]["zero_point"]
    out_scale, out_zp = out_infos[0]["scale"], out_infos[0]["zero_point"]

    d = REPO / "models" / "demo"
    sd = d / "samples"
    sd.mkdir(parents=True, exist_ok=True)
    for old in sd.glob("digit_*.bin"):
        old.unlink()
    (d / "digits_int8.tflite").write_bytes(int8_bytes)
    (d / "labels.txt").write_text("".join(f"{c}\n" for c in range(10)))

    # One sample per class: the first test-split image of that class that the int8 model classifies correctly.
    rows = []
    for label in range(10):
        i = next(j for j in range(len(y_test)) if y_test[j] == label and qp[j] == label)
        q = quantize_to(x_test[i:i + 1], in_scale, in_zp, np.int8)
        fname = f"digit_{label}_{i}.bin"
        (sd / fname).write_bytes(q.tobytes())
        fresh, _ = tflm_run(int8_bytes, [q.tobytes()])
        o = fresh[0].reshape(-1)
        assert np.array_equal(o, qraw[i].reshape(-1)), "stateless model: fresh and reused interpreter must agree"
        rows.append((fname, label, int(idx_test[i]), int(np.argmax(o)), float((int(o.max()) - out_zp) * out_scale),
                     " ".join(str(int(v)) for v in o)))

    mismatches = int(np.sum(fp != qp))
    today = datetime.date.today().isoformat()
    v = versions()
    sample_table = "\n".join(
        f"| `samples/{f}` | {lab} | {src} | {pred} | {p:.3f} | `{vec}` |" for f, lab, src, pred, p, vec in rows)
    readme = f"""# Demo model: int8 handwritten-digit classifier

`digits_int8.tflite` classifies 8x8 grey-scale images of handwritten digits into 10 classes (`labels.txt`:
`0`..`9`). It was trained and converted in this repository by `{SCRIPT}` (run it with
`.venv-tf/bin/python {SCRIPT} --only demo`; see the top of the script for the set-up).

## Model
- Input `{in_infos[0]['name']}`: int8 {in_infos[0]['shape']}, scale {in_scale:.9g}, zero point {in_zp}.
  A pixel value p in [0, 16] (the data set's range) is first scaled to p/16 in [0, 1], then quantized:
  q = clamp(round((p/16) / scale) + zero_point, -128, 127).
- Output `{out_infos[0]['name']}`: int8 {out_infos[0]['shape']} softmax probabilities, scale {out_scale:.9g},
  zero point {out_zp} (probability = (q - zero_point) * scale).
- Operators (execution order): {', '.join(ops)}.
- Layers: Conv2D 3x3 (8 channels, ReLU, same) -> MaxPool 2x2 -> Conv2D 3x3 (16 channels, ReLU, same) ->
  AveragePool 2x2 -> Flatten -> Dense 10 -> Softmax. Full-integer quantization (int8 input and output,
  per-channel weights) with `tf.lite.TFLiteConverter` and a representative data set of 300 training images.
- Size {len(int8_bytes)} bytes, sha256 `{sha256(int8_bytes)}`.

## Data and accuracy
Data: `sklearn.datasets.load_digits()` (1797 images bundled with scikit-learn, no download), split
80/20 with `train_test_split(test_size=0.2, random_state=0, stratify=labels)`: {len(y_train)} training and
{len(y_test)} test images. Trained 60 epochs (Adam, learning rate 3e-3, batch 32, seed 1234).

| model | test accuracy ({len(y_test)} images) |
|---|---|
| Keras float32 | {float_acc:.4f} |
| float32 .tflite through TFLM | {tflm_float_acc:.4f} |
| int8 `digits_int8.tflite` through TFLM | {tflm_int8_acc:.4f} |

The float32 and int8 models disagree on {mismatches} of the {len(y_test)} test images.

## Samples
`samples/digit_<label>_<i>.bin` are raw int8 input tensors (64 bytes, row-major 8x8), quantized as above from
test-split image number `<i>` (the first test image of each class that the int8 model classifies correctly;
the table also gives its index in `load_digits()`). TFLM's result for each (first Invoke() on a fresh
interpreter; the whole int8 output vector, classes 0..9):

| file | label | load_digits index | TFLM top class | probability | TFLM output (int8) |
|---|---|---|---|---|---|
{sample_table}

## Provenance
- Made by `{SCRIPT}` on {today}.
- TensorFlow {v['tensorflow']}, scikit-learn {v.get('scikit_learn', '?')}, numpy {v['numpy']}, Python {v['python']}.
- Accuracy and sample results computed with the tflite-micro Python package {v['tflite_micro']}
  (TFLM commit {tflm_commit()}, reference kernels).
"""
    (d / "README.md").write_text(readme)
    print(f"  wrote {d} ({len(int8_bytes)} bytes model)")
    return {"float_acc": float_acc, "tflm_float_acc": tflm_float_acc, "tflm_int8_acc": tflm_int8_acc}


# ----------------------------------------------------------------------------------------------------------------
# Test models
# ----------------------------------------------------------------------------------------------------------------

class SmallCnn:
    """A small untrained CNN touching many ops. Weights are fixed pseudo-random numbers (He-style scaling).

  [1,12,12,3] -> PAD -> CONV_2D 3x3 (8, relu) -> DEPTHWISE_CONV_2D 3x3 (relu6) -> CONV_2D 1x1 -> ADD (residual)
  -> {MAX_POOL_2D, AVERAGE_POOL_2D} -> CONCATENATION -> TANH -> CONV_2D 3x3 stride 2 -> STRIDED_SLICE
  -> head A: MEAN -> RELU6 -> FULLY_CONNECTED -> SOFTMAX            ([1,10])
  -> head B: RESHAPE -> FULLY_CONNECTED -> LOGISTIC                  ([1,4])
  The TANH result [1,6,6,16] is also a model output. The converter orders the outputs; meta.json records it.
  In the quantized versions the standalone RELU6 has different input and output quantization, where TFLM and
  TensorFlow Lite disagree (TFLM ignores the output's parameters); the expected outputs are TFLM's.
  """

    def __init__(self, seed=7):
        import tensorflow as tf
        rng = np.random.default_rng(seed)

        def w(shape, fan_in):
            return tf.constant(rng.normal(0.0, np.sqrt(2.0 / fan_in), size=shape).astype(np.float32))

        def b(n):
            return tf.constant(rng.uniform(-0.1, 0.1, size=n).astype(np.float32))

        self.w1, self.b1 = w([3, 3, 3, 8], 27), b(8)
        self.dw, self.db = w([3, 3, 8, 1], 9), b(8)
        self.w2, self.b2 = w([1, 1, 8, 8], 8), b(8)
        self.w3, self.b3 = w([3, 3, 16, 16], 144), b(16)
        self.fa, self.fab = w([12, 10], 12), b(10)
        self.fb, self.fbb = w([2 * 3 * 12, 4], 72), b(4)

    def __call__(self, x):
        import tensorflow as tf
        # Asymmetric padding, so the converter cannot fold the PAD into the convolution's SAME padding.
        p = tf.pad(x, [[0, 0], [2, 1], [1, 2], [0, 0]])                                       # [1,15,15,3]
        c1 = tf.nn.relu(tf.nn.conv2d(p, self.w1, 1, "VALID") + self.b1)                      # [1,13,13,8]
        d1 = tf.nn.relu6(tf.nn.depthwise_conv2d(c1, self.dw, [1, 1, 1, 1], "SAME") + self.db)
        c2 = tf.nn.conv2d(d1, self.w2, 1, "SAME") + self.b2
        r = c1 + c2
        mp = tf.nn.max_pool2d(r, 2, 2, "VALID")                                               # [1,6,6,8]
        ap = tf.nn.avg_pool2d(r, 2, 2, "VALID")
        t = tf.tanh(tf.concat([mp, ap], axis=3))                                              # [1,6,6,16]
        c3 = tf.nn.conv2d(t, self.w3, 2, "SAME") + self.b3                                    # [1,3,3,16]
        s = c3[:, 0:3:2, :, 2:14]                                                             # [1,2,3,12]
        g = tf.nn.relu6(tf.reduce_mean(s, axis=[1, 2]))                                       # [1,12]
        out_a = tf.nn.softmax(tf.matmul(g, self.fa) + self.fab)                               # [1,10]
        out_b = tf.sigmoid(tf.matmul(tf.reshape(s, [1, -1]), self.fb) + self.fbb)             # [1,4]
        return out_a, out_b, t


def make_small_cnn(names):
    import tensorflow as tf
    print("test models: small CNN")
    net = SmallCnn()
    rng = np.random.default_rng(11)
    rep = rng.uniform(-1.0, 1.0, size=(200, 1, 12, 12, 3)).astype(np.float32)

    @tf.function(input_signature=[tf.TensorSpec([1, 12, 12, 3], tf.float32, name="x")])
    def serve(x):
        a, b, t = net(x)
        # The TANH activations are an output too: 576 values test the arithmetic harder than two small heads.
        return {"a_softmax": a, "b_logistic": b, "c_tanh": t}

    cf = serve.get_concrete_function()

    def rep_data():
        for r in rep:
            yield [r]

    how = ("Untrained small CNN from tools/models/make_models.py (SmallCnn; fixed pseudo-random weights, numpy "
           "seed 7), converted with tf.lite.TFLiteConverter.from_concrete_functions")
    made = {}
    fb = convert(cf, tf.Module())
    order = ("Outputs in the converter's order, told apart by shape: [1,6,6,16] = TANH activations, [1,4] = head B "
             "(LOGISTIC), [1,10] = head A (SOFTMAX).")
    relu6 = ("TFLM's quantized RELU6 clamps to [0, 6] in the INPUT's quantization and copies the values, ignoring "
             "the output tensor's different scale/zero point (tensor 'Relu6_1' here); TensorFlow Lite's reference "
             "kernel requantizes. Checked when this was made: every other intermediate tensor equals TFLite's "
             "reference kernels bit for bit, so only the SOFTMAX head differs from TFLite (see "
             "tflite_reference_kernels_max_abs_diff_per_output). The outputs here are TFLM's, which mote must match.")
    made[names[0]] = write_test_model(names[0], fb, how + " as float32.", [order])
    ib = convert(cf, tf.Module(), "int8", rep_data, tf.int8)
    made[names[1]] = write_test_model(
        names[1], ib, how + ", full-integer int8 (per-channel weights, int8 input/output, 200 uniform [-1,1] "
        "representative inputs, numpy seed 11).", [order, relu6])
    try:
        hb = convert(cf, tf.Module(), "int16x8", rep_data, tf.int16)
        made[names[2]] = write_test_model(
            names[2], hb, how + ", int16 activations / int8 weights (EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_"
            "WEIGHTS_INT8, int16 input/output, same representative inputs).", [order, relu6])
    except Exception as e:  # Reported, not hidden: the caller prints what was made.
        print(f"  {names[2]}: NOT made: {e}")
    return made


def make_sub_mul_float_io(name):
    import tensorflow as tf
    print("test models: SUB/MUL with QUANTIZE/DEQUANTIZE")
    rng = np.random.default_rng(21)
    w = tf.constant(rng.normal(0, np.sqrt(1.0 / 16), size=(16, 16)).astype(np.float32))
    bias = tf.constant(rng.uniform(-0.2, 0.2, size=16).astype(np.float32))
    c = tf.constant(rng.uniform(-0.5, 0.5, size=16).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([1, 16], tf.float32, name="a"),
                                  tf.TensorSpec([1, 16], tf.float32, name="b")])
    def serve(a, b):
        h = tf.matmul(a, w) + bias     # FULLY_CONNECTED
        d = h - b                      # SUB (two activations)
        m = d * a                      # MUL (two activations)
        e = m - c                      # SUB with a broadcast constant
        f = e * b                      # MUL
        return {"out": f}

    rep = rng.uniform(-1.0, 1.0, size=(200, 2, 1, 16)).astype(np.float32)

    def rep_data():
        for r in rep:
            yield [r[0], r[1]]

    mb = convert(serve.get_concrete_function(), tf.Module(), "int8", rep_data, None)
    how = ("tools/models/make_models.py make_sub_mul_float_io: out = (((a @ W + bias) - b) * a - c) * b with fixed "
           "pseudo-random W, bias, c (numpy seed 21); full-integer int8 ops (TFLITE_BUILTINS_INT8) but float32 "
           "model input/output, so the converter adds QUANTIZE on the inputs and DEQUANTIZE on the output.")
    note = "The converter orders the inputs b, a (see inputs[].name): input0.bin is b, input1.bin is a."
    return {name: write_test_model(name, mb, how, [note])}


def make_tests():
    made = {}
    made.update(make_small_cnn(["small_cnn_float32", "small_cnn_int8", "small_cnn_int16x8"]))
    made.update(make_sub_mul_float_io("sub_mul_float_io_int8"))
    made.update(make_trained())
    made.update(make_part2())
    return made


def make_trained():
    import trained_models  # Beside this script: the trained models of the elementwise/reduction ops.
    return trained_models.make_all()


def make_part2():
    import part2_models  # Beside this script: the whole models of the part-2 ops (issue 16).
    return part2_models.make_all()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", choices=["demo", "tests", "trained", "part2"],
                    help="make only the demo, only the test models, only the trained test models, or only the "
                         "part-2 op models (tools/models/part2_models.py)")
    args = ap.parse_args()
    if args.only in (None, "demo"):
        make_demo()
    if args.only in (None, "tests"):
        make_tests()
    elif args.only == "trained":
        make_trained()
    elif args.only == "part2":
        make_part2()


if __name__ == "__main__":
    main()
