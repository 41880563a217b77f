"""Oracle cases for SELECT_V2: condition (bool) and x, y of every type TFLM's kernel takes (float32, int8, int16),
every input broadcast against the others: same shapes from rank 1 to rank 8, broadcasts up to rank 7 (TFLM's
broadcast loop is wrong on 8-D, so none are drawn), scalar condition / x / y (rank-0 inputs are constants),
x, y and output with different quantizations (TFLM copies the stored values, no requantization), conditions
biased to all-true / all-false, and refusal cases for types TFLM refuses (int32, bool).

Run: .venv/bin/python tools/oracle/gen_select_v2.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/select_v2.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 1523
TYPES = ["float32", "int8", "int16"]

# (condition, x, y) shapes.
PATTERNS = [
    ([7], [7], [7]),
    ([2, 5], [2, 5], [2, 5]),
    ([1, 4, 4, 3], [1, 4, 4, 3], [1, 4, 4, 3]),
    ([2, 1, 3, 2, 2], [2, 1, 3, 2, 2], [2, 1, 3, 2, 2]),
    ([2, 2, 1, 3, 2, 2], [2, 2, 1, 3, 2, 2], [2, 2, 1, 3, 2, 2]),
    ([2, 1, 2, 3, 1, 2, 2], [2, 1, 2, 3, 1, 2, 2], [2, 1, 2, 3, 1, 2, 2]),
    ([1, 2, 1, 2, 3, 1, 2, 2], [1, 2, 1, 2, 3, 1, 2, 2], [1, 2, 1, 2, 3, 1, 2, 2]),
    ([1], [1], [1]),
    ([], [3, 4], [3, 4]),
    ([3, 4], [], [3, 4]),
    ([3, 4], [3, 4], []),
    ([], [], [5]),
    ([3], [2, 3], [1]),
    ([2, 1], [1, 3], [2, 3]),
    ([4, 1, 3], [1, 5, 1], [1, 1, 3]),
    ([1, 4, 4, 3], [3], [1, 1, 1, 3]),
    ([2, 1, 3, 1], [1, 2, 1, 4], [2, 2, 1, 1]),
    ([2, 1, 3, 1, 2], [1, 2, 1, 2, 1], [2, 1, 1, 1, 2]),
    ([2, 3, 1, 4, 1], [3, 1, 4, 5], [5]),
    ([2, 1, 3, 1, 2, 1], [1, 2, 1, 2, 1, 3], [1]),
    ([3, 1, 1, 1, 1, 4], [1, 1, 1, 1, 2, 1], [1, 1, 1, 1, 1, 4]),
    ([2, 1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2, 1], [1]),
    ([1, 1, 1, 1, 1, 1, 3], [2, 1, 1, 1, 1, 2, 1], [2, 1, 1, 1, 1, 1, 1]),
    ([1, 3], [2, 1], [1, 1, 1]),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_select_v2: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("select_v2", seed=args.seed, generator=__file__)
    count = [0]

    def quant(dtype):
        if dtype == "int8":
            return dict(scale=float(np.float32(10 ** rng.uniform(-3, 1))), zero_point=int(rng.integers(-128, 128)))
        if dtype == "int16":
            return dict(scale=float(np.float32(10 ** rng.uniform(-5, -1))), zero_point=0)
        return {}

    def add(dtype, sc, sx, sy, tag="", p_true=0.5, refusal="abort"):
        out_shape = list(np.broadcast_shapes(tuple(sc), tuple(sx), tuple(sy)))
        qx = quant(dtype) if dtype in ("int8", "int16") else {}
        qy = quant(dtype) if dtype in ("int8", "int16") and rng.integers(0, 2) else dict(qx)
        qo = quant(dtype) if dtype in ("int8", "int16") and rng.integers(0, 2) else dict(qx)
        c = T(sc, "bool")
        x = T(sx, dtype, **qx)
        y = T(sy, dtype, **qy)
        feeds = []
        for t in (c, x, y):
            if t.dtype == "bool":
                v = rng.random(size=t.shape) < p_true
            elif t.dtype == "float32":
                v = random_input(t, rng, -10.0, 10.0)
            else:
                v = random_input(t, rng)
            if not t.shape:
                t.data = np.asarray(v).reshape([])
            else:
                feeds.append(np.asarray(v).astype(t.np_dtype))
        model = single_op_model("SELECT_V2", [c, x, y], [T(out_shape, dtype, **qo)])
        count[0] += 1
        name = "select_v2_%s_%s_%s_%s%s_%03d" % (
            dtype, "x".join(map(str, sc)) or "s", "x".join(map(str, sx)) or "s", "x".join(map(str, sy)) or "s",
            ("_" + tag) if tag else "", count[0])
        writer.add_run(name, model, feeds, refusal=refusal)

    for sc, sx, sy in PATTERNS:
        for dtype in TYPES:
            add(dtype, sc, sx, sy)
    for dtype in TYPES:
        for p in [0.0, 1.0]:
            add(dtype, [3, 6], [3, 6], [6], tag="p%d" % int(p * 100), p_true=p)
    for dtype in ["int32", "bool"]:
        add(dtype, [2, 3], [2, 3], [2, 3], tag="refused", refusal="expected")
    for _ in range(30):
        sc, sx, sy = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        order = rng.permutation(3)
        shapes = [(sc, sx, sy)[i] for i in order]
        add(str(rng.choice(TYPES)), *shapes, tag="mix", p_true=float(rng.uniform(0.1, 0.9)))
    writer.write()


if __name__ == "__main__":
    main()
