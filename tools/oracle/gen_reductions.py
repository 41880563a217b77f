"""Oracle cases for the reductions and index reductions: ARG_MAX, ARG_MIN (group arg_min_max).

Writes tests/oracle/data/<group>.cases (+ .provenance.txt). Every case is a random model run once on TFLM's
reference kernels. Draws only what TFLM accepts and computes in bounds:
  ARG_MAX / ARG_MIN: FLOAT32 or INT8 input (TFLM refuses INT16, INT32, UINT8, BOOL...), a constant INT32 axis of
    one element (negative allowed), an INT32 output (TFLM refuses INT64 outputs and INT64 axes). Inputs are drawn
    from a few values so that ties (the first index wins) are common.

Run: .venv/bin/python tools/oracle/gen_reductions.py [--seed N] [--out-dir DIR] [--only arg_min_max,...]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261201
GROUPS = ["arg_min_max"]


def rand_shape(rng, rank, lo=1, hi=6):
    return [int(rng.integers(lo, hi + 1)) for _ in range(rank)]


def shape_name(shape):
    return "x".join(map(str, shape)) if shape else "scalar"


def quant_for(rng, dtype):
    """(scale, zero_point) for a quantized dtype, (None, None) for others."""
    if dtype == "int8":
        return float(rng.uniform(0.005, 0.5)), int(rng.integers(-128, 128))
    if dtype == "int16":
        return float(rng.uniform(0.0001, 0.01)), 0
    return None, None


def spec(shape, dtype, q):
    scale, zp = q
    return T(shape, dtype, scale=scale, zero_point=zp if scale is not None else None)


# --------------------------------------------------------------------------------------------- ARG_MAX/MIN

def gen_arg_min_max(w, rng):
    n = 0
    for it in range(160):
        code = "ARG_MAX" if it % 2 == 0 else "ARG_MIN"
        dtype = ["float32", "int8"][(it // 2) % 2]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axis = int(rng.integers(-rank, rank))
        resolved = axis % rank
        out_shape = [d for i, d in enumerate(shape) if i != resolved]
        x = spec(shape, dtype, quant_for(rng, dtype))
        a = T([1], "int32", data=[axis])
        y = T(out_shape, "int32")
        options_type = "ArgMaxOptions" if code == "ARG_MAX" else "ArgMinOptions"
        model = single_op_model(code, [x, a], [y], options_type, {"output_type": "INT32"})
        if it % 3 == 0:  # few distinct values: many ties
            data = rng.integers(-2, 3, size=shape)
            inp = (data * 0.25).astype(np.float32) if dtype == "float32" else data.astype(np.int8)
        else:
            inp = random_input(x, rng)
        w.add_run("%s_%s_%s_ax%d_%d" % (code.lower(), dtype, shape_name(shape), axis, it), model, [inp])
        n += 1
    # Long lines along the axis, and a scalar-like [1] input.
    for code, options_type in (("ARG_MAX", "ArgMaxOptions"), ("ARG_MIN", "ArgMinOptions")):
        for dtype in ("float32", "int8"):
            for shape, axis in (([1, 300], 1), ([1], 0), ([40, 3], 0)):
                out_shape = [d for i, d in enumerate(shape) if i != axis]
                x = spec(shape, dtype, quant_for(rng, dtype))
                model = single_op_model(code, [x, T([1], "int32", data=[axis])], [T(out_shape, "int32")],
                                        options_type, {"output_type": "INT32"})
                w.add_run("%s_%s_long_%s" % (code.lower(), dtype, shape_name(shape)), model, [random_input(x, rng)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_reductions: seed %d" % args.seed)
    for i, group in enumerate(GROUPS):
        if group not in args.only.split(","):
            continue
        rng = np.random.default_rng([args.seed, i])
        w = CaseWriter(group, seed=args.seed, generator=__file__)
        globals()["gen_" + group](w, rng)
        print("%s: %d cases" % (group, len(w.cases)))
        w.write()


if __name__ == "__main__":
    main()
