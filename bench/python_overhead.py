#!/usr/bin/env python3
"""Benchmark (not a test): the cost of one set_input + invoke + get_output from Python, mote vs tflite_micro.

    .venv/bin/python bench/python_overhead.py [--runs N] [MODEL...]

Needs the mote package (`pip install .`) and tflite-micro in the same environment (the project venv .venv/ has
both after tools/oracle/regenerate.sh or scripts/test.d/25-graph-fuzz.sh and scripts/test.d/40-python.sh). Default
models: the tiny sine model tflite_micro ships (almost pure call overhead) and tests/models' small CNNs. Prints the
microseconds per call of the fastest of seven batches for each runtime; smaller is better.
"""
import argparse
import pathlib
import time

import numpy as np

import mote

try:
    from tflite_micro.python.tflite_micro import runtime as tflm
except ImportError:  # the benchmark still reports mote's figures
    tflm = None

ROOT = pathlib.Path(__file__).resolve().parents[1]


def default_models():
    models = []
    if tflm is not None:
        models.append(pathlib.Path(tflm.__file__).with_name("sine_float.tflite"))
    models += [ROOT / "tests/models/small_cnn_int8/model.tflite", ROOT / "tests/models/small_cnn_float32/model.tflite"]
    return models


def inputs_for(details):
    rng = np.random.default_rng(0)
    out = []
    for d in details:
        shape = tuple(int(s) for s in d["shape"])
        if np.issubdtype(d["dtype"], np.floating):
            out.append(rng.uniform(-1, 1, shape).astype(d["dtype"]))
        else:
            info = np.iinfo(d["dtype"])
            out.append(rng.integers(info.min, info.max, shape, endpoint=True).astype(d["dtype"]))
    return out


def time_calls(interpreter, n_inputs, n_outputs, data, runs):
    samples = []
    for _ in range(7):  # seven batches; the fastest (a shared machine only ever adds time)
        start = time.perf_counter()
        for _ in range(runs):
            for k in range(n_inputs):
                interpreter.set_input(data[k], k)
            interpreter.invoke()
            for k in range(n_outputs):
                interpreter.get_output(k)
        samples.append((time.perf_counter() - start) / runs * 1e6)
    return min(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    print(f"{'model':32} {'mote us/call':>13} {'tflite_micro us/call':>21}")
    for model in args.models or default_models():
        m = mote.Interpreter(model_path=model)
        data = inputs_for(m.input_details())
        ours = time_calls(m, len(m.input_details()), len(m.output_details()), data, args.runs)
        theirs = float("nan")
        if tflm is not None:
            t = tflm.Interpreter.from_file(str(model))
            theirs = time_calls(t, len(data), len(m.output_details()), data, args.runs)
        name = model.parent.name if model.name == "model.tflite" else model.stem
        print(f"{name:32} {ours:13.2f} {theirs:21.2f}")


if __name__ == "__main__":
    main()
