"""Oracle cases for the comparison ops EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS and LESS_EQUAL (one group
per op), on every type TFLM's kernel takes for the op (EQUAL/NOT_EQUAL: bool, float32, int8, int32, int64; the
others: float32, int8, int32, int64). GREATER's int16 path compares with constants TFLM's prepare never sets (its
results follow the previous node's leftovers), so it is recorded as a refusal without running TFLM.

Shapes: same shape from rank 1 to rank 8, broadcasts up to rank 7 (TFLM's broadcast loop is wrong on 8-D, so none
are drawn), scalars either side (rank-0 inputs are constants). Values are drawn from small sets so that ties are
frequent. int8 compares after TFLM's rescaling to a common scale: equal scales and zero points, different scales,
pairs whose real values tie exactly across different scales, scales near 1 and tiny ones, zero points at the ends
of the range. A few refusal cases: an input scale >= 1 (TFLM aborts) and types TFLM refuses.

Run: .venv/bin/python tools/oracle/gen_comparisons.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/{equal,not_equal,greater,greater_equal,less,less_equal}.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 1515
OPS = ["EQUAL", "NOT_EQUAL", "GREATER", "GREATER_EQUAL", "LESS", "LESS_EQUAL"]
TYPES = {
    "EQUAL": ["bool", "float32", "int8", "int32", "int64"],
    "NOT_EQUAL": ["bool", "float32", "int8", "int32", "int64"],
    "GREATER": ["float32", "int8", "int32", "int64"],
    "GREATER_EQUAL": ["float32", "int8", "int32", "int64"],
    "LESS": ["float32", "int8", "int32", "int64"],
    "LESS_EQUAL": ["float32", "int8", "int32", "int64"],
}
# Types TFLM's kernel refuses (in invoke) for each op.
REFUSED_TYPES = {
    "EQUAL": ["int16", "uint8"],
    "NOT_EQUAL": ["int16", "uint8"],
    "GREATER": ["bool", "uint8"],
    "GREATER_EQUAL": ["bool", "int16"],
    "LESS": ["bool", "int16"],
    "LESS_EQUAL": ["bool", "int16"],
}

PATTERNS = [
    ([7], [7]),
    ([2, 5], [2, 5]),
    ([2, 3, 4], [2, 3, 4]),
    ([1, 4, 4, 3], [1, 4, 4, 3]),
    ([2, 1, 3, 2, 2], [2, 1, 3, 2, 2]),
    ([2, 2, 1, 3, 2, 2], [2, 2, 1, 3, 2, 2]),
    ([2, 1, 2, 3, 1, 2, 2], [2, 1, 2, 3, 1, 2, 2]),
    ([1, 2, 1, 2, 3, 1, 2, 2], [1, 2, 1, 2, 3, 1, 2, 2]),
    ([1], [1]),
    ([2, 5], [1]),
    ([1], [3, 4]),
    ([], [4, 3]),
    ([3, 4], []),
    ([1, 4, 4, 3], [3]),
    ([3], [2, 2, 3]),
    ([1, 4, 4, 3], [1, 1, 1, 3]),
    ([1, 5, 5, 2], [1, 5, 5, 1]),
    ([2, 1, 3], [1, 4, 1]),
    ([4, 1], [1, 5]),
    ([2, 3], [1, 2, 3]),
    ([5, 1, 3], [1, 4, 1, 1, 3]),
    ([2, 1, 3, 1, 2], [1, 2, 1, 2, 1]),
    ([2, 3, 1, 4, 1], [3, 1, 4, 5]),
    ([2, 1, 3, 1, 2, 1], [1, 2, 1, 2, 1, 3]),
    ([3, 1, 1, 1, 1, 4], [1, 1, 1, 1, 2, 1]),
    ([2, 1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2, 1]),
    ([1, 1, 1, 1, 1, 1, 3], [2, 1, 1, 1, 1, 2, 1]),
    ([1, 1, 2, 1, 2], [2, 1, 3, 1]),
]

FLOAT_SET = np.array([-2.0, -1.5, -0.5, -0.0, 0.0, 0.25, 0.5, 1.0, 3.0], dtype=np.float32)


def log_uniform(rng, lo_exp, hi_exp):
    return float(np.float32(10.0 ** rng.uniform(lo_exp, hi_exp)))


class Gen:
    def __init__(self, op, rng, seed):
        self.op = op
        self.rng = rng
        self.writer = CaseWriter(op.lower(), seed=seed, generator=__file__)
        self.count = 0

    def values(self, dtype, shape, zero_point=0, spread=None):
        rng = self.rng
        if dtype == "bool":
            return rng.integers(0, 2, size=shape).astype(np.bool_)
        if dtype == "float32":
            if rng.integers(0, 3) == 0:
                return rng.uniform(-4, 4, size=shape).astype(np.float32)
            return rng.choice(FLOAT_SET, size=shape).astype(np.float32)
        if dtype in ("int32", "int64"):
            if rng.integers(0, 3) == 0:
                big = 2 ** 31 - 1 if dtype == "int32" else 2 ** 62
                base = int(rng.integers(-big, big))
                return np.clip(base + rng.integers(-2, 3, size=shape), -big, big).astype(dtype)
            return rng.integers(-3, 4, size=shape).astype(dtype)
        info = np.iinfo(dtype)
        if spread is None:
            return rng.integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)
        return np.clip(zero_point + rng.integers(-spread, spread + 1, size=shape), info.min, info.max).astype(dtype)

    def quant(self, dtype, mode):
        """((s1, z1), (s2, z2)) for int8/int16 inputs."""
        rng = self.rng
        info = np.iinfo(dtype)
        zr = 128 if dtype == "int8" else 300
        z1, z2 = (int(rng.integers(-zr, zr)) for _ in range(2))
        if dtype == "int16" and rng.integers(0, 2):
            z1 = z2 = 0
        s1, s2 = log_uniform(rng, -3, -0.01), log_uniform(rng, -3, -0.01)
        if mode == "same":
            return ((s1, z1), (s1, z1))
        if mode == "samescale":
            return ((s1, z1), (s1, z2))
        if mode == "ratio":  # s2 = k * s1 (exact in float32 for k a power of two)
            k = 2.0 ** int(rng.integers(-3, 4))
            s1 = float(np.float32(min(s1, 0.9 / max(k, 1.0))))
            return ((s1, z1), (float(np.float32(s1 * k)), z2))
        if mode == "near1":
            return ((float(np.float32(1.0 - 2.0 ** -int(rng.integers(2, 24)))), z1), (s2, z2))
        if mode == "tiny":
            return ((log_uniform(rng, -9, -6), z1), (s2, z2))
        if mode == "zpends":
            return ((s1, int(info.min)), (s2, int(info.max)))
        return ((s1, z1), (s2, z2))

    def add(self, dtype, shape1, shape2, tag="", q=None, same_tensor=False, refusal="abort", data=None):
        op = self.op
        out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
        kw = [dict(), dict()]
        if dtype in ("int8", "int16", "uint8"):
            if q is None:
                q = self.quant(dtype, str(self.rng.choice(["same", "samescale", "ratio", "any", "any"])))
            kw = [dict(scale=s, zero_point=z) for (s, z) in q]
        a = T(shape1, dtype, **kw[0])
        b = a if same_tensor else T(shape2, dtype, **kw[1])
        y = T(out_shape, "bool")
        feeds = []
        for i, t in enumerate([a] if same_tensor else [a, b]):
            zp = kw[i].get("zero_point", 0)
            spread = None
            if dtype in ("int8", "int16") and self.rng.integers(0, 2):
                spread = int(self.rng.integers(1, 20))
            v = data[i] if data is not None else self.values(dtype, t.shape, zp, spread)
            if not t.shape:
                t.data = np.asarray(v).reshape([])
            else:
                feeds.append(v)
        model = single_op_model(op, [a, b], [y])
        self.count += 1
        name = "%s_%s_%s_%s%s_%03d" % (op.lower(), dtype, "x".join(map(str, shape1)) or "s",
                                       "x".join(map(str, shape2)) or "s", ("_" + tag) if tag else "", self.count)
        self.writer.add_run(name, model, feeds, refusal=refusal)

    def ties(self, dtype, shape, q):
        """Inputs whose real values tie exactly across the two quantizations where that is possible."""
        rng = self.rng
        (s1, z1), (s2, z2) = q
        info = np.iinfo(dtype)
        x = np.clip(z1 + rng.integers(-40, 41, size=shape), info.min, info.max)
        real = (x.astype(np.float64) - z1) * s1
        y = np.clip(np.rint(real / s2) + z2, info.min, info.max)
        jitter = rng.integers(-1, 2, size=shape) * (rng.integers(0, 3, size=shape) == 0)
        y = np.clip(y + jitter, info.min, info.max)
        return x.astype(dtype), y.astype(dtype)


def generate(op, rng, seed):
    g = Gen(op, rng, seed)
    types = TYPES[op]
    for pi, (s1, s2) in enumerate(PATTERNS):
        for dtype in types:
            g.add(dtype, s1, s2)
    qtypes = [t for t in types if t in ("int8", "int16")]
    for dtype in qtypes:
        for mode in ["same", "samescale", "ratio", "any", "near1", "tiny", "zpends"]:
            for _ in range(2):
                shape1, shape2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
                if not shape1 or not shape2:
                    shape1, shape2 = [3, 5], [5]
                g.add(dtype, shape1, shape2, tag=mode, q=g.quant(dtype, mode))
        for mode in ["ratio", "ratio", "any", "samescale"]:
            q = g.quant(dtype, mode)
            x, y = g.ties(dtype, [4, 6], q)
            g.add(dtype, [4, 6], [4, 6], tag="ties_" + mode, q=q, data=[x, y])
        g.add(dtype, [3, 4], [3, 4], tag="sametensor", same_tensor=True)
        # TFLM's rescaling aborts on an input scale >= 1: mote must refuse.
        z = int(rng.integers(-10, 11))
        g.add(dtype, [2, 3], [2, 3], tag="scale_ge_1", q=((float(rng.choice([1.0, 1.5, 4.0])), z), (0.5, z)),
              refusal="expected")
    for dtype in types:
        g.add(dtype, [3, 4], [3, 4], tag="sametensor", same_tensor=True)
    if "float32" in types:
        nan = np.array([np.nan, 1.0, np.nan, -np.inf, np.inf, 0.0], dtype=np.float32)
        g.add("float32", [6], [6], tag="nan", data=[nan, nan[::-1].copy()])
    for dtype in REFUSED_TYPES[op]:
        g.add(dtype, [2, 3], [2, 3], tag="refused", q=((0.5, 0), (0.5, 0)), refusal="expected")
    if op == "GREATER":
        a, b = T([2, 3], "int16", scale=0.5, zero_point=0), T([2, 3], "int16", scale=0.25, zero_point=0)
        g.writer.add_refusal("greater_int16_2x3_2x3_uninitialized", single_op_model(op, [a, b], [T([2, 3], "bool")]),
                             [g.values("int16", [2, 3]), g.values("int16", [2, 3])],
                             "TFLM's INT16 GREATER reads rescaling constants its prepare never sets")
    for _ in range(25):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        dtype = str(rng.choice(types))
        if rng.integers(0, 2):
            s1, s2 = s2, s1
        g.add(dtype, s1, s2, tag="mix")
    g.writer.write()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_comparisons: seed %d" % args.seed)
    for i, op in enumerate(OPS):
        seed = args.seed + i  # one stream per op: changing one op's cases leaves the others' files unchanged
        generate(op, np.random.default_rng(seed), seed)


if __name__ == "__main__":
    main()
