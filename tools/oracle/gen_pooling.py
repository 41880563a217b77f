"""Oracle cases for AVERAGE_POOL_2D and MAX_POOL_2D (int8, int16, float32) run on TFLM's reference kernels.

Covers SAME/VALID padding (including odd total padding, filters larger than the input with SAME, global
pools), strides 1..5, filter sizes 1..7, every fused activation TFLM applies (NONE, RELU, RELU_N1_TO_1,
RELU6), batches, odd channel counts, 1-element tensors, random quantization (scale, zero point) and inputs
at the extremes of the type (so the average's round-half-away-from-zero and the activation clamps are hit).

Run: .venv/bin/python tools/oracle/gen_pooling.py [--seed N] [--out-dir DIR]   -> tests/oracle/data/pooling.cases
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261129
OPS = {"avg": "AVERAGE_POOL_2D", "max": "MAX_POOL_2D"}
ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]


def out_size(padding, size, filt, stride):
    if padding == "SAME":
        return (size + stride - 1) // stride
    return (size + stride - filt) // stride


def quant(rng, dtype):
    """A random per-tensor quantization; int16 mostly symmetric (as converters write it), sometimes not."""
    if dtype == "int8":
        return float(rng.choice([rng.uniform(0.002, 0.2), rng.uniform(0.01, 0.05)])), int(rng.integers(-128, 128))
    if dtype == "int16":
        zp = 0 if rng.random() < 0.7 else int(rng.integers(-2000, 2000))
        return float(rng.uniform(1e-5, 1e-2)), zp
    return None, None


def make_input(rng, spec, mode):
    """mode: 'full' (whole type range), 'narrow' (around the zero point), 'extreme' (only min/max values)."""
    if spec.dtype == "float32":
        if mode == "narrow":
            return random_input(spec, rng, -0.5, 0.5)
        if mode == "extreme":
            return rng.choice(np.array([-8.0, -1.0, 0.0, 1.0, 6.0, 8.0], np.float32), size=spec.shape)
        return random_input(spec, rng, -8.0, 8.0)
    info = np.iinfo(spec.np_dtype)
    if mode == "extreme":
        return rng.choice(np.array([info.min, info.max], spec.np_dtype), size=spec.shape)
    if mode == "narrow":
        zp = spec.zero_point[0]
        lo, hi = max(info.min, zp - 20), min(info.max, zp + 20)
        return random_input(spec, rng, lo, hi)
    return random_input(spec, rng)


def add_case(writer, rng, kind, dtype, shape, filt, stride, padding, activation, mode="full", prefix=""):
    n, h, w, c = shape
    fh, fw = filt
    sh, sw = stride
    oh, ow = out_size(padding, h, fh, sh), out_size(padding, w, fw, sw)
    assert oh >= 1 and ow >= 1, (shape, filt, stride, padding)
    scale, zp = quant(rng, dtype)
    x = T(shape, dtype, scale=scale, zero_point=zp)
    y = T([n, oh, ow, c], dtype, scale=scale, zero_point=zp)
    options = {"padding": padding, "stride_w": sw, "stride_h": sh, "filter_width": fw, "filter_height": fh,
               "fused_activation_function": activation}
    model = single_op_model(OPS[kind], [x], [y], "Pool2DOptions", options)
    name = prefix + "%s_%s_%s_f%dx%d_s%dx%d_%s_%s_%s" % (kind, dtype, "x".join(map(str, shape)), fh, fw, sh, sw,
                                                          padding.lower(), activation.lower(), mode)
    writer.add_run(name, model, [make_input(rng, x, mode)])


def random_geometry(rng):
    """A random (shape, filter, stride, padding) with at least one output position."""
    while True:
        n = int(rng.choice([1, 1, 1, 2, 3]))
        h = int(rng.integers(1, 13))
        w = int(rng.integers(1, 13))
        c = int(rng.choice([1, 2, 3, 5, 7, 8, 13, 16]))
        fh = int(rng.integers(1, 8))
        fw = int(rng.integers(1, 8))
        sh = int(rng.integers(1, 6))
        sw = int(rng.integers(1, 6))
        padding = str(rng.choice(["SAME", "VALID"]))
        if out_size(padding, h, fh, sh) >= 1 and out_size(padding, w, fw, sw) >= 1:
            return [n, h, w, c], (fh, fw), (sh, sw), padding


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_pooling: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("pooling", seed=args.seed, generator=__file__)

    for kind in ("avg", "max"):
        for dtype in ("int8", "int16", "float32"):
            # Fixed edge geometries, every activation.
            fixed = [
                ([1, 1, 1, 1], (1, 1), (1, 1), "VALID"),   # 1 element
                ([1, 1, 1, 1], (3, 3), (2, 2), "SAME"),    # filter larger than the input
                ([1, 7, 7, 5], (7, 7), (1, 1), "VALID"),   # global pool (vww/person_detect style)
                ([1, 6, 6, 3], (2, 2), (2, 2), "VALID"),   # classic 2x2/2
                ([1, 5, 5, 3], (2, 2), (2, 2), "SAME"),    # odd input, padding after
                ([2, 8, 6, 7], (3, 3), (2, 2), "SAME"),    # odd total padding in W
                ([1, 9, 4, 2], (4, 2), (3, 1), "SAME"),    # asymmetric filter/stride, even filter
                ([1, 3, 11, 1], (3, 5), (1, 4), "VALID"),  # wide input
                ([1, 2, 2, 9], (5, 5), (1, 1), "SAME"),    # filter much larger than input
                ([3, 4, 4, 1], (2, 3), (5, 5), "SAME"),    # stride larger than input
            ]
            for shape, filt, stride, padding in fixed:
                for activation in ACTIVATIONS:
                    add_case(writer, rng, kind, dtype, shape, filt, stride, padding, activation)
            # Inputs at the type's extremes and around the zero point (rounding ties, clamps).
            for mode in ("extreme", "narrow"):
                for activation in ("NONE", "RELU6"):
                    add_case(writer, rng, kind, dtype, [1, 6, 5, 3], (3, 2), (2, 1), "SAME", activation, mode)
                    add_case(writer, rng, kind, dtype, [2, 4, 4, 4], (2, 2), (1, 1), "VALID", activation, mode)
            # Random geometries.
            for i in range(22):
                shape, filt, stride, padding = random_geometry(rng)
                activation = str(rng.choice(ACTIVATIONS))
                mode = str(rng.choice(["full", "full", "narrow", "extreme"]))
                add_case(writer, rng, kind, dtype, shape, filt, stride, padding, activation, mode, prefix="r%02d_" % i)
        # A larger int8 case (mobilenet-like average pool) and a 16-bit sum near its bound.
        add_case(writer, rng, kind, "int8", [1, 10, 10, 32], (10, 10), (1, 1), "VALID", "NONE", "extreme")
        add_case(writer, rng, kind, "int16", [1, 16, 16, 2], (16, 16), (16, 16), "VALID", "NONE", "extreme")
    writer.write()


if __name__ == "__main__":
    main()
