"""Oracle cases for the binary element-wise ops ADD, SUB and MUL: float32, int32, int8 and int16, every clamp
activation, broadcasting patterns from rank 0 to rank 6 (same shape, scalar either side, per-channel,
two-sided, rank mismatch, 5-D and 6-D; rank-0 inputs are constants), the same tensor as both inputs, quantization scales and zero points
spread over their ranges (outputs that fill the range, saturate, or stay near the zero point; MUL multipliers
below and above 1) and int16 with pot_scale_int16 true and false.

Run: .venv/bin/python tools/oracle/gen_elementwise.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/{add,sub,mul}.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 4242
ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]
OPTIONS = {"ADD": "AddOptions", "SUB": "SubOptions", "MUL": "MulOptions"}

# (shape1, shape2) broadcasting patterns.
PATTERNS = [
    ([7], [7]),
    ([2, 5], [2, 5]),
    ([1, 4, 4, 3], [1, 4, 4, 3]),
    ([2, 3, 4, 5], [2, 3, 4, 5]),
    ([2, 1, 3, 2, 2], [2, 1, 3, 2, 2]),
    ([2, 2, 1, 3, 2, 2], [2, 2, 1, 3, 2, 2]),
    ([], []),
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
    ([1, 4, 1, 3], [2, 1, 5, 1]),
    ([4, 1], [1, 5]),
    ([5, 1, 3], [1, 4, 1, 1, 3]),
    ([2, 3], [1, 2, 3]),
    ([2, 1, 3, 1, 2], [1, 2, 1, 2, 1]),
    ([2, 3, 1, 4, 1], [3, 1, 4, 5]),
    ([2, 1, 3, 1, 2, 1], [1, 2, 1, 2, 1, 3]),
    ([1, 2, 1, 1, 3, 2], [2, 1, 2, 2, 1, 1]),
    ([3, 1, 1, 1, 1, 4], [1, 1, 1, 1, 2, 1]),
    ([1, 16, 16, 8], [1, 16, 16, 8]),
]


def log_uniform(rng, lo_exp, hi_exp):
    return float(np.float32(10.0 ** rng.uniform(lo_exp, hi_exp)))


class Gen:
    def __init__(self, op, rng):
        self.op = op
        self.rng = rng
        self.writer = CaseWriter(op.lower(), seed=None, generator=__file__)
        self.count = 0

    def add(self, dtype, shape1, shape2, activation, tag="", same_tensor=False, scales=None, input_ranges=None,
            pot_scale=None):
        """scales: None (derived), or ((s1, z1), (s2, z2), (so, zo)). input_ranges: ((lo1, hi1), (lo2, hi2))."""
        rng = self.rng
        op = self.op
        out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
        if scales is None and dtype in ("int8", "int16"):
            scales = self.derive_scales(dtype)
        q = [dict(), dict(), dict()]
        if dtype in ("int8", "int16"):
            q = [dict(scale=s, zero_point=z) for (s, z) in scales]
        a = T(shape1, dtype, **q[0])
        b = a if same_tensor else T(shape2, dtype, **q[1])
        y = T(out_shape, dtype, **q[2])
        # Rank-0 inputs cannot be fed through TFLM's Python API: they become constants (a model's scalar).
        for t in ([a] if same_tensor else [a, b]):
            if not t.shape:
                t.data = np.asarray(self.random_values(t, 0, input_ranges)).reshape([])
        options = {"fused_activation_function": activation}
        if pot_scale is not None and op != "MUL":
            options["pot_scale_int16"] = pot_scale
        model = single_op_model(op, [a, b], [y], OPTIONS[op], options)
        inputs = [self.random_values(t, i, input_ranges)
                  for i, t in enumerate([a] if same_tensor else [a, b]) if t.data is None]
        self.count += 1
        name = "%s_%s_%s_%s_%s%s_%03d" % (
            op.lower(), dtype, "x".join(map(str, shape1)) or "s", "x".join(map(str, shape2)) or "s",
            activation.lower(), ("_" + tag) if tag else "", self.count)
        self.writer.add_run(name, model, inputs)

    def random_values(self, t, i, input_ranges):
        rng = self.rng
        if t.dtype == "float32":
            return random_input(t, rng, -8.0, 8.0)
        if t.dtype == "int32":
            lim = 1000 if self.op == "MUL" else 1000000
            return random_input(t, rng, -lim, lim)
        if input_ranges is not None:
            return random_input(t, rng, *input_ranges[i])
        return random_input(t, rng)

    def derive_scales(self, dtype, mode="fit"):
        """((s1, z1), (s2, z2), (so, zo)) with the output scale matched to the inputs' range.

        mode: 'fit' (outputs fill the range), 'saturate' (output scale 20x too small), 'coarse' (output scale 50x
        too large: outputs near the zero point)."""
        rng = self.rng
        if dtype == "int8":
            qmax = 127.0
            s1, s2 = log_uniform(rng, -2.5, 0), log_uniform(rng, -2.5, 0)
            z1, z2 = int(rng.integers(-128, 128)), int(rng.integers(-128, 128))
            zo = int(rng.integers(-60, 61))
            span1, span2 = 255.0, 255.0
        else:
            qmax = 32767.0
            s1, s2 = log_uniform(rng, -5, -2), log_uniform(rng, -5, -2)
            nonzero = rng.integers(0, 4) == 0
            z1 = int(rng.integers(-300, 301)) if nonzero else 0
            z2 = int(rng.integers(-300, 301)) if nonzero else 0
            zo = 0
            span1, span2 = 65535.0, 65535.0
        if self.op == "MUL":
            real_max = (s1 * span1) * (s2 * span2)
        else:
            real_max = s1 * span1 + s2 * span2
        factor = {"fit": rng.uniform(0.3, 1.0), "saturate": 20.0, "coarse": 1.0 / 50.0}[mode]
        so = float(np.float32(real_max / (2.0 * qmax) * factor))
        if dtype == "int16" and self.op == "MUL":
            # TFLM's int16 MUL has no zero points.
            z1 = z2 = zo = 0
        return ((s1, z1), (s2, z2), (so, zo))

    def write(self):
        self.writer.seed = self.seed
        self.writer.write()


def generate(op, rng, seed):
    g = Gen(op, rng)
    g.seed = seed
    types = ["float32", "int32", "int8", "int16"]

    # Every broadcasting pattern, every type; activations cycle.
    for pi, (s1, s2) in enumerate(PATTERNS):
        for ti, dtype in enumerate(types):
            act = ACTIVATIONS[(pi + ti) % 4]
            if dtype == "int32" and op == "ADD":
                act = "NONE"  # TFLM ignores a fused activation on INT32 ADD; mote refuses it
            g.add(dtype, s1, s2, act)

    # Every activation on every type, with a broadcast and without.
    for dtype in types:
        for act in ACTIVATIONS:
            if dtype == "int32" and op == "ADD" and act != "NONE":
                continue
            g.add(dtype, [3, 11], [3, 11], act, tag="act")
            g.add(dtype, [2, 3, 5], [5], act, tag="act")

    # Quantization extremes.
    for dtype in ["int8", "int16"]:
        for mode in ["saturate", "coarse"]:
            for _ in range(3):
                g.add(dtype, [4, 9], [4, 9], str(rng.choice(ACTIVATIONS)), tag=mode, scales=g.derive_scales(dtype, mode))
        # Equal scales and zero points everywhere (identity rescaling).
        s = log_uniform(rng, -3, 0) if dtype == "int8" else log_uniform(rng, -5, -3)
        z = int(rng.integers(-20, 21)) if dtype == "int8" and op != "MUL" else 0
        g.add(dtype, [5, 7], [5, 7], "NONE", tag="samescale", scales=((s, z), (s, z), (s, z)))
        # Zero points at the ends of the range.
        if dtype == "int8" and op != "MUL":
            (s1, _), (s2, _), (so, _) = g.derive_scales(dtype)
            g.add(dtype, [6, 6], [6], "NONE", tag="zpends", scales=((s1, -128), (s2, 127), (so, -128)))
            g.add(dtype, [6, 6], [6], "NONE", tag="zpends", scales=((s1, 127), (s2, -128), (so, 127)))
        # Same tensor as both inputs.
        g.add(dtype, [3, 4], [3, 4], "NONE", tag="sametensor", same_tensor=True)
    g.add("float32", [3, 4], [3, 4], "NONE", tag="sametensor", same_tensor=True)
    g.add("int32", [3, 4], [3, 4], "NONE", tag="sametensor", same_tensor=True)

    if op == "MUL":
        # Effective multipliers above 1: small inputs around the zero points.
        for _ in range(4):
            s1, s2 = log_uniform(rng, -2, 0), log_uniform(rng, -2, 0)
            z1, z2 = int(rng.integers(-100, 101)), int(rng.integers(-100, 101))
            m = float(10.0 ** rng.uniform(0.05, 1.0))
            so = float(np.float32(s1 * s2 / m))
            g.add("int8", [4, 8], [8], str(rng.choice(ACTIVATIONS)), tag="mgt1",
                  scales=((s1, z1), (s2, z2), (so, int(rng.integers(-20, 21)))),
                  input_ranges=((z1 - 6, z1 + 6), (z2 - 6, z2 + 6)))
        # int16 multipliers just below 1 (largest TFLM's int16 MUL can take without overflow).
        for _ in range(2):
            s1, s2 = log_uniform(rng, -4, -2), log_uniform(rng, -4, -2)
            so = float(np.float32(s1 * s2 / rng.uniform(0.5, 0.99)))
            g.add("int16", [4, 8], [4, 8], "NONE", tag="mnear1", scales=((s1, 0), (s2, 0), (so, 0)),
                  input_ranges=((-200, 200), (-200, 200)))
    else:
        # int16: pot_scale_int16 true/false (TFLM ignores it: the general rescaling is always used).
        for pot in [True, False]:
            for _ in range(2):
                g.add("int16", [2, 3, 8], [8], "NONE", tag="pot%d" % int(pot), pot_scale=pot)
        # Power-of-two int16 scales, the shape pot_scale_int16 was made for.
        for _ in range(2):
            e1, e2, eo = (int(v) for v in rng.integers(-15, -8, 3))
            g.add("int16", [3, 9], [3, 9], "NONE", tag="potscales", pot_scale=True,
                  scales=((2.0 ** e1, 0), (2.0 ** e2, 0), (2.0 ** eo, 0)))

    # Random mix.
    for _ in range(30):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS) - 1))]
        dtype = str(rng.choice(types))
        act = "NONE" if (dtype == "int32" and op == "ADD") else str(rng.choice(ACTIVATIONS))
        if rng.integers(0, 2):
            s1, s2 = s2, s1
        g.add(dtype, s1, s2, act, tag="mix")
    g.write()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_elementwise: seed %d" % args.seed)
    for i, op in enumerate(["ADD", "SUB", "MUL"]):
        # One stream per op so that changing one op's cases leaves the others' files unchanged.
        seed = args.seed + i
        generate(op, np.random.default_rng(seed), seed)


if __name__ == "__main__":
    main()
