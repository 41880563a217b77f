#!/usr/bin/env python3
"""Oracle cases for the converted control-flow models in tests/oracle/models/control_flow/ (made by
tools/models/control_flow_models.py with TensorFlow's converter): TFLM's outputs on every invoke of a sequence
on ONE interpreter, state carried, Reset() in the middle.

  streaming_variables  tf.Variable state (CALL_ONCE initialiser, VAR_HANDLE, READ/ASSIGN_VARIABLE): 8 frames
                       per case, Reset() before a random frame
  cond                 tf.cond (IF): inputs on both sides of the branch threshold
  while_loop           tf.while_loop (WHILE): loop counts 0..8 from the input

  tools/oracle/gen_control_flow_models.py [--seed N] [--out-dir DIR]   -> control_flow_models.cases
"""
import argparse
import os

import numpy as np

from oracle_lib import CaseWriter, parse_args

MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "oracle", "models",
                      "control_flow")


def load(name):
    with open(os.path.join(MODELS, name + ".tflite"), "rb") as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    args = parse_args(parser, default_seed=1718)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("control_flow_models", seed=args.seed, generator=__file__)
    streaming, cond, loop = load("streaming_variables"), load("cond"), load("while_loop")
    for i in range(6):
        frames = 8
        reset_at = int(rng.integers(1, frames + 1))
        steps = [([rng.uniform(-1.5, 1.5, size=(1, 6)).astype(np.float32)], s == reset_at) for s in range(frames)]
        w.add_sequence_run("streaming_variables_x%d_reset%d_%d" % (frames, reset_at, i), streaming, steps)
    for i in range(6):
        steps = [([(rng.uniform(-1.0, 1.0, size=(1, 5)) + rng.choice([-0.6, 0.6])).astype(np.float32)], False)
                 for _ in range(6)]
        w.add_sequence_run("cond_x6_%d" % i, cond, steps)
    for i in range(6):
        steps = [([rng.uniform(-3.0, 3.0, size=(1, 4)).astype(np.float32),
                   np.array([int(rng.integers(0, 9))], dtype=np.int32)], False) for _ in range(5)]
        w.add_sequence_run("while_loop_x5_%d" % i, loop, steps)
    w.write()


if __name__ == "__main__":
    main()
