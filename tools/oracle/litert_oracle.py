"""LiteRT as an oracle for the models TFLM refuses (hybrid / float16-weight models): runs a batch of models on
LiteRT's reference kernels (OpResolverType.BUILTIN_REF, no XNNPACK) and returns their outputs.

LiteRT comes from ai-edge-litert in this Python, or else from the Python named by $MOTE_LITERT_PYTHON (one
with ai-edge-litert or tensorflow, whose tf.lite.Interpreter is LiteRT's kernels), run once per batch in a
child process. available() says whether either exists; generators skip cleanly when it is False.
"""

import os
import pickle
import subprocess
import sys

_CHILD = r"""
import pickle, sys
import numpy as np
try:
    from ai_edge_litert.interpreter import Interpreter, OpResolverType
    origin = "ai-edge-litert"
except ImportError:
    import tensorflow as tf
    Interpreter, OpResolverType = tf.lite.Interpreter, tf.lite.experimental.OpResolverType
    origin = "tensorflow " + tf.__version__ + " tf.lite.Interpreter"
import importlib.metadata
if origin == "ai-edge-litert":
    origin += " " + importlib.metadata.version("ai-edge-litert")
jobs = pickle.load(sys.stdin.buffer)
results = []
for model, inputs in jobs:
    # inputs: [arrays] for one invoke, or ("steps", [([arrays], reset_before)]) for several on one interpreter
    steps = inputs[1] if isinstance(inputs, tuple) else [(inputs, False)]
    try:
        interp = Interpreter(model_content=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
        interp.allocate_tensors()
        outs = []
        for arrays, reset in steps:
            if reset:
                interp.reset_all_variables()
            for d, a in zip(interp.get_input_details(), arrays):
                interp.set_tensor(d["index"], a)
            interp.invoke()
            outs.append([np.array(interp.get_tensor(d["index"]), copy=True) for d in interp.get_output_details()])
        results.append(outs if isinstance(inputs, tuple) else outs[0])
    except Exception as e:  # LiteRT refused the model
        results.append(str(e).splitlines()[0] if str(e) else type(e).__name__)
sys.stdout.buffer.write(pickle.dumps((origin, results)))
"""


def _python():
    try:
        import ai_edge_litert  # noqa: F401
        return sys.executable
    except ImportError:
        return os.environ.get("MOTE_LITERT_PYTHON") or None


def available():
    return _python() is not None


def run_batch(jobs):
    """jobs: [(model bytes, [input arrays])]. Returns (origin string, [outputs list, or refusal text])."""
    return _run([(bytes(m), list(i)) for m, i in jobs])


def run_sequence_batch(jobs):
    """jobs: [(model bytes, steps)], steps [([input arrays], reset_before)] invoked in order on one interpreter
    (reset_before: reset_all_variables() first). Returns (origin string, [per-step outputs lists, or refusal
    text])."""
    return _run([(bytes(m), ("steps", [(list(i), bool(r)) for i, r in steps])) for m, steps in jobs])


def _run(payload):
    proc = subprocess.run([_python(), "-c", _CHILD], input=pickle.dumps(payload),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True,
                          env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    return pickle.loads(proc.stdout)
