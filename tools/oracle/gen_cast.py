"""Oracle cases for CAST (group cast).

Writes tests/oracle/data/cast.cases (+ .provenance.txt). Every (input, output) pair of the types TFLM's CAST
accepts: FLOAT32, INT8, INT16, INT32, UINT32, BOOL (TFLM refuses INT64, UINT8, UINT16, FLOAT64). Inputs mix
random values over each type's range with the edges that show TFLM's conversions: float -> integer truncates
toward zero and saturates (NaN -> 0, +-inf -> the bounds), integer -> integer wraps, anything -> BOOL is != 0.
Some tensors carry quantization parameters, which CAST ignores.

Run: .venv/bin/python tools/oracle/gen_cast.py [--seed N] [--out-dir DIR]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 20261201
TYPES = ["float32", "int8", "int16", "int32", "uint32", "bool"]
EDGES = {
    "float32": [0.0, -0.0, 0.5, -0.5, 0.999, -0.999, 127.5, -128.9, 128.0, -129.0, 255.9, 32767.9, -32769.0,
                2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0, 4294967040.0, 4294967296.0, 1e20,
                -1e20, np.inf, -np.inf, np.nan],
    "int8": [-128, -1, 0, 1, 127],
    "int16": [-32768, -129, -128, -1, 0, 127, 128, 255, 256, 32767],
    "int32": [-2147483648, -65536, -32769, -129, -1, 0, 1, 255, 32768, 65535, 16777217, 2147483647],
    "uint32": [0, 1, 127, 128, 255, 256, 32768, 65535, 16777217, 2147483647, 2147483648, 4294967295],
    "bool": [False, True],
}


def random_values(rng, dtype, n):
    if dtype == "bool":
        return rng.integers(0, 2, size=n).astype(np.bool_)
    if dtype == "float32":
        scale = [1.0, 200.0, 40000.0, 3e9, 5e9][int(rng.integers(0, 5))]
        return (rng.uniform(-1, 1, size=n) * scale).astype(np.float32)
    info = np.iinfo(np.dtype(dtype))
    return rng.integers(int(info.min), int(info.max), size=n, endpoint=True, dtype=np.int64).astype(dtype)


def gen_cast(w, rng):
    for src in TYPES:
        for dst in TYPES:
            for k in range(4):
                rank = int(rng.integers(1, 5))
                shape = [int(rng.integers(1, 6)) for _ in range(rank)]
                n = int(np.prod(shape))
                values = random_values(rng, src, n)
                if k == 0:  # the edges first, as many as fit
                    edges = np.array(EDGES[src], dtype=np.dtype(src) if src != "bool" else np.bool_)
                    shape = [len(edges) + int(rng.integers(0, 4))]
                    values = np.concatenate([edges, random_values(rng, src, shape[0] - len(edges))])
                # Quantization parameters on 8/16-bit tensors now and then: CAST ignores them.
                q_in = dict(scale=0.05, zero_point=3) if src in ("int8", "int16") and k == 1 else {}
                q_out = dict(scale=0.25, zero_point=-2) if dst in ("int8", "int16") and k == 1 else {}
                x = T(shape, src, **q_in)
                y = T(shape, dst, **q_out)
                options = {"in_data_type": src.upper(), "out_data_type": dst.upper()} if k != 3 else None
                model = single_op_model("CAST", [x], [y], "CastOptions" if options else None, options)
                w.add_run("cast_%s_to_%s_%s_%d" % (src, dst, "x".join(map(str, shape)), k), model,
                          [values.reshape(shape)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_cast: seed %d" % args.seed)
    rng = np.random.default_rng([args.seed, 0])
    w = CaseWriter("cast", seed=args.seed, generator=__file__)
    gen_cast(w, rng)
    print("cast: %d cases" % len(w.cases))
    w.write()


if __name__ == "__main__":
    main()
