"""Smoke cases proving the oracle framework end to end: FULLY_CONNECTED int8/float32 and ADD int8 (with
broadcasting). The thorough per-op cases live in the gen_<op>.py generators.

Run: .venv/bin/python tools/oracle/gen_smoke.py [--seed N] [--out-dir DIR]   -> tests/oracle/data/smoke.cases
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20240611


def fc_int8(writer, rng, name, batch, in_dim, out_dim, bias, activation, keep_num_dims=False):
    x = T([batch, in_dim], "int8", scale=float(rng.uniform(0.01, 0.2)), zero_point=int(rng.integers(-20, 20)))
    w = T([out_dim, in_dim], "int8", data=rng.integers(-127, 128, (out_dim, in_dim)),
          scale=float(rng.uniform(0.002, 0.05)), zero_point=0)
    b = None
    if bias:
        b = T([out_dim], "int32", data=rng.integers(-2000, 2000, out_dim), scale=x.scale[0] * w.scale[0], zero_point=0)
    y = T([batch, out_dim], "int8", scale=float(rng.uniform(0.05, 0.5)), zero_point=int(rng.integers(-10, 10)))
    model = single_op_model("FULLY_CONNECTED", [x, w, b], [y], "FullyConnectedOptions",
                            {"fused_activation_function": activation, "keep_num_dims": keep_num_dims})
    writer.add_run(name, model, [random_input(x, rng)])


def fc_float(writer, rng, name, batch, in_dim, out_dim, bias, activation):
    x = T([batch, in_dim], "float32")
    w = T([out_dim, in_dim], "float32", data=rng.uniform(-1, 1, (out_dim, in_dim)))
    b = T([out_dim], "float32", data=rng.uniform(-1, 1, out_dim)) if bias else None
    y = T([batch, out_dim], "float32")
    model = single_op_model("FULLY_CONNECTED", [x, w, b], [y], "FullyConnectedOptions",
                            {"fused_activation_function": activation})
    writer.add_run(name, model, [random_input(x, rng)])


def add_int8(writer, rng, name, shape1, shape2, activation):
    out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
    a = T(shape1, "int8", scale=float(rng.uniform(0.01, 0.2)), zero_point=int(rng.integers(-30, 30)))
    c = T(shape2, "int8", scale=float(rng.uniform(0.01, 0.2)), zero_point=int(rng.integers(-30, 30)))
    y = T(out_shape, "int8", scale=float(rng.uniform(0.02, 0.3)), zero_point=int(rng.integers(-30, 30)))
    model = single_op_model("ADD", [a, c], [y], "AddOptions", {"fused_activation_function": activation})
    writer.add_run(name, model, [random_input(a, rng), random_input(c, rng)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_smoke: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("smoke", seed=args.seed, generator=__file__)

    fc_int8(w, rng, "fc_int8_1x16x8_bias_none", 1, 16, 8, True, "NONE")
    fc_int8(w, rng, "fc_int8_3x7x5_nobias_relu", 3, 7, 5, False, "RELU")
    fc_int8(w, rng, "fc_int8_2x33x1_bias_relu6", 2, 33, 1, True, "RELU6")
    fc_int8(w, rng, "fc_int8_1x1x1_bias_none", 1, 1, 1, True, "NONE")
    fc_float(w, rng, "fc_f32_1x16x8_bias_none", 1, 16, 8, True, "NONE")
    fc_float(w, rng, "fc_f32_4x9x3_nobias_relu", 4, 9, 3, False, "RELU")
    add_int8(w, rng, "add_int8_same_1x4x4x3", [1, 4, 4, 3], [1, 4, 4, 3], "NONE")
    add_int8(w, rng, "add_int8_same_17_relu", [17], [17], "RELU")
    add_int8(w, rng, "add_int8_bcast_1x4x4x3_3", [1, 4, 4, 3], [3], "NONE")
    add_int8(w, rng, "add_int8_bcast_2x1x3_1x4x1_relu6", [2, 1, 3], [1, 4, 1], "RELU6")
    add_int8(w, rng, "add_int8_bcast_scalar", [2, 5], [1], "NONE")
    w.write()


if __name__ == "__main__":
    main()
