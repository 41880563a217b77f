"""Oracle cases for the binary math ops: MAXIMUM and MINIMUM (float32, int8, int16, int32, int64; quantized
tensors compared raw, also with input and output quantizations that differ), FLOOR_DIV and FLOOR_MOD (float32,
the only type TFLM's kernels take; FLOOR_DIV with a zero divisor is a refusal case: TFLM's invoke fails with
"Division by 0"), DIV (float32 and int32 with every clamp activation, int8 quantized; int32 division by zero and
INT32_MIN / -1 are refusal cases; float32 zero divisors give TFLM's clamped +-FLT_MAX and NaN; int8 divisors are
never drawn at their zero point, where TFLM's result is undefined and mote refuses), SQUARED_DIFFERENCE
(float32, int32 wrapping, int8 and int16 quantized with outputs that fit, saturate or stay near the zero
point). Broadcasting patterns from
rank 0 to rank 6 (rank-0 inputs are constants), constant second inputs, the same tensor as both inputs, ties and
signed zeros.

Run: .venv/bin/python tools/oracle/gen_binary_math.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/{maximum,minimum,floor_div,floor_mod,div,squared_difference}.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_elementwise import PATTERNS, log_uniform  # noqa: E402
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 1515
OPTIONS = {"MAXIMUM": None, "MINIMUM": None, "FLOOR_DIV": "FloorDivOptions", "FLOOR_MOD": "FloorModOptions",
           "DIV": "DivOptions", "SQUARED_DIFFERENCE": "SquaredDifferenceOptions"}
ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]
TYPES = {
    "MAXIMUM": ["float32", "int8", "int16", "int32", "int64"],
    "MINIMUM": ["float32", "int8", "int16", "int32", "int64"],
    "FLOOR_DIV": ["float32"],
    "FLOOR_MOD": ["float32"],
    "DIV": ["float32", "int32", "int8"],
    "SQUARED_DIFFERENCE": ["float32", "int32", "int8", "int16"],
}


class Gen:
    def __init__(self, op, rng, seed):
        self.op = op
        self.rng = rng
        self.writer = CaseWriter(op.lower(), seed=seed, generator=__file__)
        self.count = 0

    def quantization(self, dtype):
        """Per-tensor (scale, zero point) for a quantized tensor, or None (unquantized int8/int16: TFLM takes both)."""
        rng = self.rng
        if dtype not in ("int8", "int16") or rng.integers(0, 5) == 0:
            return None
        if dtype == "int8":
            return log_uniform(rng, -3, 0), int(rng.integers(-128, 128))
        return log_uniform(rng, -5, -2), 0

    def values(self, dtype, shape, which, mode):
        """Random data for input `which` (0 or 1). mode: 'wide' (the type's range), 'ties' (a few distinct
        values, so that many elements compare equal, signed zeros included for float32)."""
        rng = self.rng
        op = self.op
        if mode == "ties":
            if op in ("FLOOR_DIV", "FLOOR_MOD"):
                # Few distinct values, exact multiples among them; no zero divisor.
                pool = np.array([-3.0, -1.5, 1.5, 2.0, 3.0] + ([] if which else [-0.0, 0.0, 6.0]), np.float32)
            elif dtype == "float32":
                pool = np.array([-0.0, 0.0, 1.5, -2.25, 3.0], np.float32)
            else:
                pool = np.array([-3, 0, 2, 5], np.int64)
            return pool[rng.integers(0, len(pool), size=shape)].astype(dtype)
        if dtype == "float32":
            if op in ("FLOOR_DIV", "FLOOR_MOD") and which == 1:
                # Divisors away from 0 (FLOOR_DIV refuses exact zeros; tiny ones only make huge quotients),
                # either sign, some integral so that exact multiples occur.
                mag = rng.uniform(0.25, 6.0, size=shape)
                mag = np.where(rng.integers(0, 3, size=shape) == 0, np.round(mag) + 1.0, mag)
                sign = np.where(rng.integers(0, 2, size=shape) == 0, -1.0, 1.0)
                return (mag * sign).astype(np.float32)
            scale = 100.0 if mode == "big" else 10.0
            v = rng.uniform(-scale, scale, size=shape)
            if op in ("FLOOR_DIV", "FLOOR_MOD"):
                # Some integral dividends: exact quotients and zero remainders.
                v = np.where(rng.integers(0, 3, size=shape) == 0, np.round(v), v)
            return v.astype(np.float32)
        if dtype == "int64":
            return rng.integers(-(2 ** 62), 2 ** 62, size=shape, dtype=np.int64)
        if dtype == "int32":
            return rng.integers(-(2 ** 31), 2 ** 31, size=shape, dtype=np.int64).astype(np.int32)
        return random_input(T(shape, dtype), rng)

    def quantizations(self, dtype):
        q = [self.quantization(dtype) for _ in range(3)]
        if dtype in ("int8", "int16") and self.rng.integers(0, 3) == 0:
            q = [q[0], q[0], q[0]]  # the same quantization everywhere, as the converter writes it
        return q

    def add(self, dtype, shape1, shape2, tag="", same_tensor=False, const2=False, mode="wide", data2=None,
            refusal="abort", activation=None, q=None, data1=None):
        op = self.op
        out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
        if q is None:
            q = self.quantizations(dtype)
        self.q = q
        self.same_tensor = same_tensor
        kw = [dict() if x is None else dict(scale=x[0], zero_point=x[1]) for x in q]
        a = T(shape1, dtype, **kw[0])
        b = a if same_tensor else T(shape2, dtype, **kw[1])
        y = T(out_shape, dtype, **kw[2])
        for i, t in enumerate([a] if same_tensor else [a, b]):
            if not t.shape or (i == 1 and (const2 or data2 is not None)):
                which = 1 if same_tensor else i
                d = data2 if (i == 1 and data2 is not None) else self.values(dtype, t.shape, which, mode)
                t.data = np.asarray(d, dtype=t.np_dtype).reshape(t.shape)
        options = {} if OPTIONS[op] else None
        if activation is not None:
            options["fused_activation_function"] = activation
        model = single_op_model(op, [a, b], [y], OPTIONS[op], options)
        # The same tensor as both inputs is also the divisor: drawn as one.
        inputs = [data1 if (i == 0 and data1 is not None) else
                  self.values(dtype, t.shape, 1 if same_tensor else i, mode)
                  for i, t in enumerate([a] if same_tensor else [a, b]) if t.data is None]
        inputs = [np.asarray(v, dtype=a.np_dtype).reshape(t.shape) for v, t in
                  zip(inputs, [t for t in ([a] if same_tensor else [a, b]) if t.data is None])]
        self.count += 1
        name = "%s_%s_%s_%s%s%s_%03d" % (op.lower(), dtype, "x".join(map(str, shape1)) or "s",
                                         "x".join(map(str, shape2)) or "s",
                                         ("_" + activation.lower()) if activation else "", ("_" + tag) if tag else "",
                                         self.count)
        self.writer.add_run(name, model, inputs, refusal=refusal)


class DivGen(Gen):
    """DIV: float32 and int32 with every clamp activation, int8 quantized; divisors never zero except in the
    cases that prove a refusal (int32) or TFLM's float result (+-FLT_MAX, NaN)."""

    def quantization(self, dtype):
        raise AssertionError("DIV draws its quantizations in quantizations()")

    def quantizations(self, dtype):
        rng = self.rng
        if dtype != "int8":
            return [None, None, None]
        s1, s2 = log_uniform(rng, -2.5, 0), log_uniform(rng, -2.5, 0)
        z1, z2 = int(rng.integers(-128, 128)), int(rng.integers(-128, 128))
        # Output scale around the quotients' spread: |q| up to 255 s1 / s2 for a divisor one step from its zero
        # point, typically far less; factor spreads from saturating to coarse.
        so = float(np.float32(s1 / s2 * 10.0 ** rng.uniform(-1.0, 1.5) / 127.0))
        zo = int(rng.integers(-100, 101))
        return [(s1, z1), (s2, z2), (so, zo)]

    def values(self, dtype, shape, which, mode):
        rng = self.rng
        if dtype == "float32":
            v = rng.uniform(-10.0, 10.0, size=shape)
            if which == 1:  # away from 0
                v = np.where(np.abs(v) < 0.05, 0.5, v)
            return v.astype(np.float32)
        if dtype == "int32":
            if which == 1:
                lim = 1000 if mode == "wide" else 2 ** 31 - 1
                v = rng.integers(-lim, lim, size=shape, endpoint=True, dtype=np.int64)
                v = np.where(v == 0, 1, v)
                return v.astype(np.int32)
            return rng.integers(-(2 ** 31) + 1, 2 ** 31, size=shape, dtype=np.int64).astype(np.int32)
        v = rng.integers(-128, 128, size=shape)
        if which == 1:  # never at the zero point (a division by zero, refused by mote, undefined in TFLM)
            z2 = self.q[0 if self.same_tensor else 1][1]  # one tensor as both inputs: input 0's zero point
            v = np.where(v == z2, z2 + 1 if z2 < 127 else z2 - 1, v)
        return v.astype(np.int8)


def generate_div(rng, seed):
    g = DivGen("DIV", rng, seed)
    types = TYPES["DIV"]
    for pi, (s1, s2) in enumerate(PATTERNS):
        for ti, dtype in enumerate(types):
            g.add(dtype, s1, s2, activation=ACTIVATIONS[(pi + ti) % 4])
    for dtype in types:
        for act in ACTIVATIONS:
            g.add(dtype, [3, 11], [3, 11], activation=act, tag="act")
            g.add(dtype, [2, 3, 5], [5], activation=act, tag="act")
        g.add(dtype, [2, 3, 4], [1, 3, 1], tag="const", const2=True, activation="NONE")
        g.add(dtype, [3, 5], [3, 5], tag="sametensor", same_tensor=True, activation="NONE")
    # int32: wide divisors (quotients 0 and +-1), exact multiples, negative operands (truncation toward 0).
    g.add("int32", [4, 8], [4, 8], tag="widediv", mode="full", activation="NONE")
    g.add("int32", [8], [8], tag="trunc", activation="NONE", data1=[7, -7, 7, -7, 6, -6, 2 ** 31 - 1, -(2 ** 31)],
          data2=[2, 2, -2, -2, 3, 3, -1, 1])
    # float32: zero divisors give +-inf, clamped to +-FLT_MAX by TFLM's activation range, and 0/0 NaN.
    g.add("float32", [6], [6], tag="zero", activation="NONE", data1=[1, -1, 0, 2, -3, 0],
          data2=[0, 0, 0, -0.0, -0.0, -0.0])
    g.add("float32", [6], [6], tag="zero", activation="RELU", data1=[1, -1, 0, 2, -3, 0], data2=[0, 0, 0, 4, 1, 2])
    # int32 division by zero and INT32_MIN / -1: TFLM fails (invoke error; SIGFPE); mote must refuse.
    g.add("int32", [4], [4], tag="div0", activation="NONE", data2=[3, 0, 1, 2], refusal="expected")
    g.add("int32", [2, 3], [1], tag="div0", activation="NONE", data2=[0], refusal="expected")
    g.add("int32", [2, 2], [2], tag="minover", activation="NONE", data1=[-(2 ** 31), 5, 9, -(2 ** 31)],
          data2=[-1, 3], refusal="expected")
    # int8: zero points at the ends, the same quantization everywhere, inputs near the zero points.
    for _ in range(4):
        q = g.quantizations("int8")
        g.add("int8", [4, 6], [6], tag="zpends", activation="NONE",
              q=[(q[0][0], -128), (q[1][0], 127), (q[2][0], int(rng.choice([-128, 127])))])
        s = log_uniform(rng, -2, 0)
        z = int(rng.integers(-50, 51))
        g.add("int8", [5, 7], [5, 7], tag="samescale", activation=str(rng.choice(ACTIVATIONS)),
              q=[(s, z), (s, z), (s, z)])
    for _ in range(25):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        if rng.integers(0, 2):
            s1, s2 = s2, s1
        g.add(str(rng.choice(types)), s1, s2, tag="mix", const2=bool(rng.integers(0, 4) == 0),
              activation=str(rng.choice(ACTIVATIONS)))
    g.writer.write()


class SquaredDifferenceGen(Gen):
    """SQUARED_DIFFERENCE: float32, int32 (small values, and wide ones that wrap as TFLM's int32 does), int8 and
    int16 quantized (int16 zero points 0, as TFLM requires)."""

    def quantizations(self, dtype, mode="fit"):
        rng = self.rng
        if dtype not in ("int8", "int16"):
            return [None, None, None]
        if dtype == "int8":
            s1, s2 = log_uniform(rng, -2.5, 0), log_uniform(rng, -2.5, 0)
            z1, z2, zo = int(rng.integers(-128, 128)), int(rng.integers(-128, 128)), int(rng.integers(-128, -60))
            qmax, span = 255.0, 255.0
        else:
            s1, s2 = log_uniform(rng, -5, -2), log_uniform(rng, -5, -2)
            z1 = z2 = zo = 0
            qmax, span = 32767.0, 32767.0
        if rng.integers(0, 4) == 0:
            s2 = s1  # equal input scales: both input multipliers 1/2
        real_max = (s1 * span + s2 * span) ** 2
        factor = {"fit": rng.uniform(0.05, 1.0), "saturate": 20.0, "coarse": 1.0 / 50.0}[mode]
        so = float(np.float32(real_max / qmax * factor))
        return [(s1, z1), (s2, z2), (so, zo)]

    def values(self, dtype, shape, which, mode):
        rng = self.rng
        if dtype == "float32":
            return rng.uniform(-10.0, 10.0, size=shape).astype(np.float32)
        if dtype == "int32":
            if mode == "wide":
                return rng.integers(-(2 ** 31), 2 ** 31, size=shape, dtype=np.int64).astype(np.int32)
            return rng.integers(-40000, 40001, size=shape).astype(np.int32)
        return random_input(T(shape, dtype), rng)


def generate_squared_difference(rng, seed):
    g = SquaredDifferenceGen("SQUARED_DIFFERENCE", rng, seed)
    types = TYPES["SQUARED_DIFFERENCE"]
    for s1, s2 in PATTERNS:
        for dtype in types:
            g.add(dtype, s1, s2, mode="small")
    for dtype in types:
        g.add(dtype, [2, 3, 4], [1, 3, 1], tag="const", const2=True, mode="small")
        g.add(dtype, [3, 5], [3, 5], tag="sametensor", same_tensor=True, mode="small")
    g.add("int32", [4, 8], [4, 8], tag="wrap", mode="wide")
    g.add("int32", [4], [4], tag="wrap", data1=[2 ** 20, -(2 ** 31), 46341, -46341], data2=[-(2 ** 20), 2 ** 31 - 1, 0, 0])
    for dtype in ["int8", "int16"]:
        for qmode in ["saturate", "coarse"]:
            for _ in range(2):
                g.add(dtype, [4, 9], [9], tag=qmode, q=g.quantizations(dtype, qmode))
    for _ in range(25):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        if rng.integers(0, 2):
            s1, s2 = s2, s1
        g.add(str(rng.choice(types)), s1, s2, tag="mix", const2=bool(rng.integers(0, 4) == 0), mode="small")
    g.writer.write()


def generate(op, rng, seed):
    g = Gen(op, rng, seed)
    types = TYPES[op]
    # Every broadcasting pattern, every type, both operand orders.
    for s1, s2 in PATTERNS:
        for dtype in types:
            g.add(dtype, s1, s2)
            if s1 != s2 and op in ("FLOOR_DIV", "FLOOR_MOD"):
                g.add(dtype, s2, s1, tag="swap")
    for dtype in types:
        g.add(dtype, [4, 9], [4, 9], tag="ties", mode="ties")
        g.add(dtype, [3, 2, 5], [5], tag="ties", mode="ties")
        g.add(dtype, [2, 3, 4], [1, 3, 1], tag="const", const2=True)
        g.add(dtype, [3, 5], [3, 5], tag="sametensor", same_tensor=True)
    if op in ("FLOOR_DIV", "FLOOR_MOD"):
        g.add("float32", [5, 6], [5, 6], tag="big", mode="big")
        g.add("float32", [8], [8], tag="exact", data2=[1, -1, 2, -2, 4, -4, 0.5, -0.5])
        # Divisors that are not binary fractions: float32 quotients of integers round onto integers that the
        # double-precision quotient stays below (FLOOR_DIV floors in double).
        g.add("float32", [3, 8], [8], tag="inexact", data2=[0.1, 0.2, 0.3, 0.7, -0.1, -0.3, 1.1, 0.6])
    if op == "FLOOR_DIV":
        # A zero divisor anywhere (constant or runtime) makes TFLM's invoke fail: mote must refuse too.
        for s1, s2, k in [([6], [6], 3), ([2, 3], [3], 0), ([4, 2], [1], 0)]:
            d = g.values("float32", s2, 1, "wide")
            d.reshape(-1)[k] = 0.0 if rng.integers(0, 2) else -0.0
            g.add("float32", s1, s2, tag="div0", data2=d, refusal="expected")
    if op == "FLOOR_MOD":
        # A zero divisor: fmod gives NaN (TFLM does not check).
        g.add("float32", [6], [6], tag="mod0", data2=[1, 0, -2, 0, 3, -0.0])
    # Random mix.
    for _ in range(25):
        s1, s2 = PATTERNS[int(rng.integers(0, len(PATTERNS)))]
        if rng.integers(0, 2):
            s1, s2 = s2, s1
        g.add(str(rng.choice(types)), s1, s2, tag="mix", const2=bool(rng.integers(0, 4) == 0))
    g.writer.write()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_binary_math: seed %d" % args.seed)
    for i, op in enumerate(["MAXIMUM", "MINIMUM", "FLOOR_DIV", "FLOOR_MOD", "DIV", "SQUARED_DIFFERENCE"]):
        # One stream per op so that changing one op's cases leaves the others' files unchanged.
        seed = args.seed + i
        if op == "DIV":
            generate_div(np.random.default_rng(seed), seed)
        elif op == "SQUARED_DIFFERENCE":
            generate_squared_difference(np.random.default_rng(seed), seed)
        else:
            generate(op, np.random.default_rng(seed), seed)


if __name__ == "__main__":
    main()
