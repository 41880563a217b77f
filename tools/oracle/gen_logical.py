"""Oracle cases for LOGICAL_AND and LOGICAL_OR (one group each): BOOL inputs, same shapes from rank 1 to rank 8,
broadcasts up to rank 7 (TFLM's broadcast loop is wrong on 8-D, so none are drawn), scalars either side, the
same tensor as both inputs, and inputs biased towards all-true or all-false.

Run: .venv/bin/python tools/oracle/gen_logical.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/{logical_and,logical_or}.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_comparisons import PATTERNS  # noqa: E402
from oracle_lib import CaseWriter, T, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 1516
OPS = ["LOGICAL_AND", "LOGICAL_OR"]


def generate(op, rng, seed):
    writer = CaseWriter(op.lower(), seed=seed, generator=__file__)
    count = [0]

    def add(shape1, shape2, tag="", same_tensor=False, p_true=0.5):
        out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
        a = T(shape1, "bool")
        b = a if same_tensor else T(shape2, "bool")
        feeds = []
        for t in [a] if same_tensor else [a, b]:
            v = rng.random(size=t.shape) < p_true
            if not t.shape:
                t.data = np.asarray(v).reshape([])
            else:
                feeds.append(v.astype(np.bool_))
        model = single_op_model(op, [a, b], [T(out_shape, "bool")])
        count[0] += 1
        name = "%s_%s_%s%s_%03d" % (op.lower(), "x".join(map(str, shape1)) or "s", "x".join(map(str, shape2)) or "s",
                                    ("_" + tag) if tag else "", count[0])
        writer.add_run(name, model, feeds)

    for s1, s2 in PATTERNS:
        add(s1, s2)
        add(s2, s1, tag="swapped")
    for p in [0.0, 0.05, 0.95, 1.0]:
        add([3, 7], [7], tag="p%d" % int(p * 100), p_true=p)
    add([4, 5], [4, 5], tag="sametensor", same_tensor=True)
    for _ in range(20):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        add(s1, s2, tag="mix", p_true=float(rng.uniform(0.1, 0.9)))
    writer.write()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_logical: seed %d" % args.seed)
    for i, op in enumerate(OPS):
        seed = args.seed + i
        generate(op, np.random.default_rng(seed), seed)


if __name__ == "__main__":
    main()
