#!/usr/bin/env python3
"""Builds the test models TFLM refuses but mote runs, with LiteRT's outputs (TFLite's reference kernels):

  tests/models/small_cnn_dynamic_range/  make_models.py's SmallCnn converted with dynamic-range quantization
                                         (optimizations = [DEFAULT], no representative data): INT8 weights,
                                         FLOAT32 activations; the converter leaves weights under 1024 elements
                                         FLOAT32, so the model mixes hybrid and float layers
  tests/models/mlp_dynamic_range/        a 64 -> 48 -> 32 -> 10 MLP (fixed pseudo-random weights), dynamic range:
                                         hybrid FULLY_CONNECTED layers
  tests/models/small_cnn_float16/        SmallCnn with float16 weights (target_spec.supported_types =
                                         [tf.float16]): FLOAT16 constants, DEQUANTIZE, FLOAT32 layers

Each directory holds model.tflite, input<k>.bin (the golden xorshift rule, make_models.INPUT_RULE),
output<k>.bin (LiteRT's first Invoke() with OpResolverType.BUILTIN_REF) and meta.json ("oracle": "litert").
tests/unit/golden_models_test.cc runs them like the TFLM-checked ones, with the same float tolerance.

Run with a Python that has tensorflow-cpu and numpy (no tflite-micro needed):
    python tools/models/hybrid_models.py
"""

import datetime
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_models  # noqa: E402  (SmallCnn, xorshift_input, INPUT_RULE)

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "tools/models/hybrid_models.py"
DTYPE_NAMES = {np.float32: "FLOAT32", np.int8: "INT8", np.int32: "INT32", np.float16: "FLOAT16"}


def convert(concrete_fn, float16=False):
    import tensorflow as tf
    conv = tf.lite.TFLiteConverter.from_concrete_functions([concrete_fn], tf.Module())
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    if float16:
        conv.target_spec.supported_types = [tf.float16]
    return bytes(conv.convert())


def litert(model_bytes):
    import tensorflow as tf
    return tf.lite.Interpreter(model_content=model_bytes,
                               experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)


def tensor_info(d):
    return {"name": d["name"], "dtype": DTYPE_NAMES[d["dtype"]], "shape": [int(x) for x in d["shape"]],
            "bytes": int(np.prod(d["shape"])) * np.dtype(d["dtype"]).itemsize}


def write_model(name, model_bytes, how, notes=()):
    import tensorflow as tf
    d = REPO / "tests" / "models" / name
    d.mkdir(parents=True, exist_ok=True)
    it = litert(model_bytes)
    it.allocate_tensors()
    inputs = [tensor_info(x) for x in it.get_input_details()]
    raw = [make_models.xorshift_input(t["dtype"], t["shape"], k) for k, t in enumerate(inputs)]
    for k, (det, b) in enumerate(zip(it.get_input_details(), raw)):
        it.set_tensor(det["index"], np.frombuffer(b, det["dtype"]).reshape(det["shape"]))
        (d / f"input{k}.bin").write_bytes(b)
        inputs[k]["file"] = f"input{k}.bin"
    it.invoke()
    outputs = []
    for k, det in enumerate(it.get_output_details()):
        (d / f"output{k}.bin").write_bytes(np.ascontiguousarray(it.get_tensor(det["index"])).tobytes())
        outputs.append(dict(tensor_info(det), file=f"output{k}.bin"))
    ops = [o["op_name"] for o in it._get_ops_details()]
    types = sorted({DTYPE_NAMES.get(t["dtype"], str(t["dtype"])) for t in it.get_tensor_details()})
    (d / "model.tflite").write_bytes(model_bytes)
    meta = {
        "model": "model.tflite",
        "model_sha256": hashlib.sha256(model_bytes).hexdigest(),
        "model_bytes": len(model_bytes),
        "source": {"made_by": SCRIPT, "how": how},
        "status": "ok",
        "oracle": "litert",
        "inputs": inputs,
        "outputs": outputs,
        "ops": ops,
        "op_set": sorted(set(ops)),
        "tensor_types": types,
        "notes": ["TFLM refuses this model (\"Hybrid models are not supported on TFLite Micro\" / no FLOAT16 "
                  "DEQUANTIZE); the expected outputs are LiteRT's reference kernels', which mote matches."] +
                 list(notes),
        "generation": {
            "inputs": make_models.INPUT_RULE,
            "outputs": "raw bytes of each output tensor after the FIRST Invoke() of tf.lite.Interpreter with "
                       "OpResolverType.BUILTIN_REF (LiteRT's reference kernels, no XNNPACK).",
            "versions": {"tensorflow": tf.__version__, "numpy": np.__version__, "python": sys.version.split()[0]},
            "date": datetime.date.today().isoformat(),
        },
    }
    (d / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    assert len(model_bytes) < 100 * 1024, f"{name}: {len(model_bytes)} bytes"
    print(f"  {name}: {len(model_bytes)} bytes, ops {sorted(set(ops))}, types {types}")


def small_cnn_fn():
    import tensorflow as tf
    net = make_models.SmallCnn()

    @tf.function(input_signature=[tf.TensorSpec([1, 12, 12, 3], tf.float32, name="x")])
    def serve(x):
        a, b, t = net(x)
        return {"a_softmax": a, "b_logistic": b, "c_tanh": t}
    return serve.get_concrete_function()


def mlp_fn():
    import tensorflow as tf
    rng = np.random.default_rng(31)
    sizes = [64, 48, 32, 10]
    ws = [tf.constant(rng.normal(0, np.sqrt(2.0 / a), size=(a, b)).astype(np.float32)) for a, b in
          zip(sizes, sizes[1:])]
    bs = [tf.constant(rng.uniform(-0.1, 0.1, size=b).astype(np.float32)) for b in sizes[1:]]

    @tf.function(input_signature=[tf.TensorSpec([2, 64], tf.float32, name="x")])
    def serve(x):
        h = tf.nn.relu(tf.matmul(x, ws[0]) + bs[0])
        h = tf.nn.relu6(tf.matmul(h, ws[1]) + bs[1])
        return {"logits": tf.matmul(h, ws[2]) + bs[2]}
    return serve.get_concrete_function()


def main():
    cnn = ("Untrained SmallCnn of tools/models/make_models.py (fixed pseudo-random weights, numpy seed 7), "
           "tf.lite.TFLiteConverter.from_concrete_functions")
    write_model("small_cnn_dynamic_range", convert(small_cnn_fn()),
                cnn + " with optimizations = [DEFAULT] and no representative data (dynamic-range quantization).")
    write_model("small_cnn_float16", convert(small_cnn_fn(), float16=True),
                cnn + " with optimizations = [DEFAULT], target_spec.supported_types = [tf.float16].")
    write_model("mlp_dynamic_range", convert(mlp_fn()),
                "64 -> 48 (RELU) -> 32 (RELU6) -> 10 MLP, batch 2, fixed pseudo-random weights (numpy seed 31), "
                "dynamic-range quantization (optimizations = [DEFAULT], no representative data).")


if __name__ == "__main__":
    main()
