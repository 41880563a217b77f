"""Oracle cases for ADD_N: float32 and int8 (the types TFLM's kernel takes), 2 to 12 inputs (and a few with 16
to 20 int8 inputs, where TFLM's int32 accumulator wraps), shapes from rank 1 to rank 6 (rank-0 graph inputs
cannot be fed to the oracle), int8 inputs sharing one random scale / zero point with a random output
quantization (output scales down to a quarter of the input's, far above the 2 * s_in / 2^20 limit where TFLM
aborts), outputs reshaped to the same element count (TFLM only reads the count), and refusal cases: int32 /
int16 (TFLM refuses), one input, inputs of different shapes, types or int8 quantizations, and an output scale
TFLM aborts on.

Run: .venv/bin/python tools/oracle/gen_add_n.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/add_n.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 1515


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_add_n: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("add_n", seed=args.seed, generator=__file__)
    count = [0]

    def random_shape():
        rank = int(rng.integers(1, 7))
        limit = [1, 40, 12, 6, 4, 3, 3][rank]
        return [int(d) for d in rng.integers(1, limit + 1, rank)]

    def int8_quant():
        return dict(scale=float(np.float32(10 ** rng.uniform(-3, 0))), zero_point=int(rng.integers(-128, 128)))

    def add(dtype, n, shape, in_q=None, out_q=None, out_shape=None, tag="", refusal="abort", per_input=None,
            int_range=(None, None)):
        in_q = in_q if in_q is not None else (int8_quant() if dtype == "int8" else {})
        if out_q is None:
            out_q = {}
            if dtype == "int8":
                # Output scale between a quarter of the input's and n times it: sums saturate sometimes, not always.
                ratio = 10 ** rng.uniform(np.log10(0.25), np.log10(n))
                out_q = dict(scale=float(np.float32(in_q["scale"] * ratio)), zero_point=int(rng.integers(-128, 128)))
        specs = [T(shape, dtype, **in_q) for _ in range(n)]
        if per_input:
            specs = [per_input(j, s) for j, s in enumerate(specs)]
        feeds = []
        for s in specs:
            if s.dtype == "float32":
                feeds.append(np.asarray(random_input(s, rng, -10.0, 10.0)).astype(np.float32).reshape(s.shape))
            else:
                feeds.append(np.asarray(random_input(s, rng, *int_range)).astype(s.np_dtype).reshape(s.shape))
        out = T(out_shape if out_shape is not None else shape, dtype, **out_q)
        model = single_op_model("ADD_N", specs, [out])
        count[0] += 1
        name = "add_n_%s_n%d_%s%s_%03d" % (dtype, n, "x".join(map(str, shape)) or "s", ("_" + tag) if tag else "",
                                           count[0])
        writer.add_run(name, model, feeds, refusal=refusal)

    for dtype in ["float32", "int8"]:
        for n in range(2, 13):
            add(dtype, n, random_shape())
        for _ in range(25):
            add(dtype, int(rng.integers(2, 9)), random_shape())
        add(dtype, 3, [2, 3, 4], out_shape=[4, 6], tag="reshaped")
        add(dtype, 2, [1], tag="single")
    for n in [16, 17, 20]:  # values far from the zero point: the int32 accumulator wraps from 16 inputs on
        zp = int(rng.choice([-128, 127]))
        add("int8", n, [4, 8], in_q=dict(scale=0.05, zero_point=zp),
            out_q=dict(scale=float(np.float32(0.05 * n)), zero_point=0), tag="wide",
            int_range=(120, 127) if zp < 0 else (-128, -120))
    for _ in range(8):  # same zero point everywhere, output = input quantization
        q = int8_quant()
        add("int8", int(rng.integers(2, 6)), random_shape(), in_q=q, out_q=dict(q), tag="same_q")
    for dtype in ["int32", "int16"]:
        q = dict(scale=0.01, zero_point=0) if dtype == "int16" else {}
        add(dtype, 2, [2, 3], in_q=q, out_q=q, tag="refused", refusal="expected")
    add("float32", 1, [2, 3], tag="one_input", refusal="expected")
    add("float32", 2, [2, 3], per_input=lambda j, s: T([3, 2] if j else s.shape, s.dtype), tag="shapes",
        refusal="expected")
    add("float32", 2, [2, 3], per_input=lambda j, s: T(s.shape, "int8", scale=0.1, zero_point=0) if j else s,
        tag="types", refusal="expected")
    add("int8", 3, [5], in_q=dict(scale=0.1, zero_point=3),
        per_input=lambda j, s: T(s.shape, "int8", scale=0.1, zero_point=4) if j == 2 else s, tag="zero_points",
        refusal="expected")
    add("int8", 2, [5], in_q=dict(scale=0.1, zero_point=3),
        per_input=lambda j, s: T(s.shape, "int8", scale=0.2, zero_point=3) if j == 1 else s, tag="scales",
        refusal="expected")
    add("int8", 2, [5], in_q=dict(scale=0.1, zero_point=3), out_q=dict(scale=1e-8, zero_point=0), tag="tiny_out",
        refusal="expected")
    writer.write()


if __name__ == "__main__":
    main()
