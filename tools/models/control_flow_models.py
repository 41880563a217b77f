"""Whole models with state and control flow (issue 17 item 5), converted by TensorFlow's converter:

  streaming_variables.tflite  a streaming filter whose state lives in tf.Variables, converted with resource
                              variables enabled: CALL_ONCE (the variables' initialiser subgraph), VAR_HANDLE,
                              READ_VARIABLE, ASSIGN_VARIABLE around FULLY_CONNECTED, MUL, ADD, TANH
  cond.tflite                 tf.cond on the input's sum: IF with a branch subgraph each
  while_loop.tflite           tf.while_loop running a leaky integrator n times (n an input): WHILE

Run with the TensorFlow venv (python /work/main/.venv-tf/bin/python tools/models/control_flow_models.py); it
writes tests/oracle/models/control_flow/*.tflite (not tests/models/: those are single-invoke whole-model
tests with model.tflite and golden files). TFLM's outputs over several invokes (state carried, Reset() in the
middle) come from tools/oracle/gen_control_flow_models.py, which runs in the oracle venv.
"""

import os
import tempfile

import numpy as np
import tensorflow as tf

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "oracle", "models",
                       "control_flow")


class Streaming(tf.Module):
    """y = tanh(state * decay + x W); state <- that sum; a second variable counts the frames."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(17)
        self.w = tf.constant(rng.normal(0, 0.5, size=(6, 8)).astype(np.float32))
        self.decay = tf.constant(rng.uniform(0.3, 0.9, size=(1, 8)).astype(np.float32))
        self.state = tf.Variable(tf.fill([1, 8], 0.25), trainable=False, name="state")
        self.frames = tf.Variable(tf.zeros([1, 1]), trainable=False, name="frames")

    @tf.function(input_signature=[tf.TensorSpec([1, 6], tf.float32)])
    def __call__(self, x):
        total = self.state * self.decay + tf.matmul(x, self.w)
        self.state.assign(total)
        self.frames.assign(self.frames + 1.0)
        return tf.tanh(total), self.frames.read_value()


def convert_saved(module, fn):
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d, signatures=fn.get_concrete_function())
        conv = tf.lite.TFLiteConverter.from_saved_model(d)
        conv.experimental_enable_resource_variables = True
        return bytes(conv.convert())


def convert_fn(fn):
    conv = tf.lite.TFLiteConverter.from_concrete_functions([fn.get_concrete_function()])
    return bytes(conv.convert())


@tf.function(input_signature=[tf.TensorSpec([1, 5], tf.float32)])
def cond_model(x):
    return tf.cond(tf.reduce_sum(x) > 0.0, lambda: x * 2.0 + 1.0, lambda: tf.nn.relu(x + 0.5) - 3.0)


@tf.function(input_signature=[tf.TensorSpec([1, 4], tf.float32), tf.TensorSpec([1], tf.int32)])
def while_model(x, n):
    # n is [1], not a scalar: the tflite-micro Python runtime cannot set 0-d inputs.
    def body(i, v):
        return i + 1, v * 0.75 + 0.5

    _, out = tf.while_loop(lambda i, v: i < n[0], body, [tf.constant(0), x])
    return out


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    models = {}
    module = Streaming()
    models["streaming_variables"] = convert_saved(module, module.__call__)
    models["cond"] = convert_fn(cond_model)
    models["while_loop"] = convert_fn(while_model)
    for name, data in models.items():
        with open(os.path.join(OUT_DIR, name + ".tflite"), "wb") as f:
            f.write(data)
        print("wrote %s.tflite: %d bytes" % (name, len(data)))


if __name__ == "__main__":
    main()
