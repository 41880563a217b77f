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
    try:
        interp = Interpreter(model_content=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
        interp.allocate_tensors()
        for d, a in zip(interp.get_input_details(), inputs):
            interp.set_tensor(d["index"], a)
        interp.invoke()
        results.append([np.array(interp.get_tensor(d["index"]), copy=True) for d in interp.get_output_details()])
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
    proc = subprocess.run([_python(), "-c", _CHILD], input=pickle.dumps([(bytes(m), list(i)) for m, i in jobs]),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True,
                          env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    return pickle.loads(proc.stdout)
