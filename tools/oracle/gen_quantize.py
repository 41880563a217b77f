"""Oracle cases for QUANTIZE and DEQUANTIZE.

QUANTIZE: every conversion TFLM's reference kernel implements (float32 -> int8/int16; int8 -> int8/uint8/
int16/int32; uint8 -> int8; int16 -> int8/int16/int32; int32 -> int8/int16), scale ratios from 1/300 to 300,
zero points across the type ranges, saturation on both sides, exact .5 ties for float rounding (power-of-two
scales), the int8 <-> uint8 "shift by 128" case and identity requantization.
DEQUANTIZE: int8, int16 and uint8 -> float32 with random scales and zero points.

Run: .venv/bin/python tools/oracle/gen_quantize.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/{quantize,dequantize}.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 9090

REQUANTIZE_PAIRS = [
    ("int8", "int8"), ("int8", "uint8"), ("int8", "int16"), ("int8", "int32"),
    ("uint8", "int8"),
    ("int16", "int8"), ("int16", "int16"), ("int16", "int32"),
    ("int32", "int8"), ("int32", "int16"),
]
RANGES = {"int8": (-128, 127), "uint8": (0, 255), "int16": (-32768, 32767), "int32": (-2**31, 2**31 - 1)}


def log_uniform(rng, lo_exp, hi_exp):
    return float(np.float32(10.0 ** rng.uniform(lo_exp, hi_exp)))


def random_shape(rng, max_elements=300):
    rank = int(rng.integers(1, 6))
    while True:
        shape = [int(rng.integers(1, 9)) for _ in range(rank)]
        if int(np.prod(shape)) <= max_elements:
            return shape


def random_zero_point(rng, dtype, spread=None):
    lo, hi = RANGES[dtype]
    if dtype == "int32":
        lo, hi = -1000, 1000
    if dtype == "int16":
        return int(rng.integers(-500, 501)) if rng.integers(0, 3) == 0 else 0
    if spread is not None:
        lo, hi = max(lo, -spread), min(hi, spread)
    return int(rng.integers(lo, hi + 1))


class Gen:
    def __init__(self, group, rng, seed):
        self.writer = CaseWriter(group, seed=seed, generator=__file__)
        self.rng = rng
        self.count = 0

    def run(self, op, tag, x, y, data):
        self.count += 1
        name = "%s_%s_%s_%s_%s_%03d" % (op.lower(), x.dtype, y.dtype, "x".join(map(str, x.shape)), tag, self.count)
        self.writer.add_run(name, single_op_model(op, [x], [y]), [data])


def gen_quantize(rng, seed):
    g = Gen("quantize", rng, seed)

    # float32 -> int8 / int16.
    for out_t in ["int8", "int16"]:
        for _ in range(14):
            shape = random_shape(rng)
            scale = log_uniform(rng, -4, 0) if out_t == "int8" else log_uniform(rng, -6, -2)
            zp = random_zero_point(rng, out_t)
            lo, hi = RANGES[out_t]
            # Cover the representable range and 30% beyond it on both sides (saturation).
            real_lo, real_hi = (lo - zp) * scale * 1.3, (hi - zp) * scale * 1.3
            x = T(shape, "float32")
            y = T(shape, out_t, scale=scale, zero_point=zp)
            g.run("QUANTIZE", "s%.3g_z%d" % (scale, zp), x, y, random_input(x, rng, real_lo, real_hi))
        # Exact .5 ties (power-of-two scale): round half away from zero.
        for e in [-3, -7]:
            scale = 2.0 ** e
            zp = random_zero_point(rng, out_t, spread=20)
            k = rng.integers(-60, 60, 64).astype(np.float64)
            data = ((k + 0.5) * scale).astype(np.float32)
            x = T([64], "float32")
            y = T([64], out_t, scale=scale, zero_point=zp)
            g.run("QUANTIZE", "ties_s2e%d_z%d" % (e, zp), x, y, data)
        # Special values: zeros, exact multiples, far out of range, tiny. Values whose x / scale leaves the int32
        # range are left out: TFLite's float -> int32 cast is undefined there (x86 gives INT32_MIN, so TFLM
        # turns +3e38 into the type's minimum); mote saturates instead.
        scale = log_uniform(rng, -3, -1)
        data = np.array([0.0, -0.0, scale, -scale, 1e6, -1e6, 1e-30, -1e-30], np.float32)
        x = T([8], "float32")
        y = T([8], out_t, scale=scale, zero_point=random_zero_point(rng, out_t, spread=50))
        g.run("QUANTIZE", "special", x, y, data)

    # Requantization pairs: ratios below and above 1.
    for in_t, out_t in REQUANTIZE_PAIRS:
        for ratio_exp in [(-2.5, -0.5), (-0.5, 0.5), (0.5, 2.5)]:
            for _ in range(3):
                shape = random_shape(rng)
                in_scale = log_uniform(rng, -4, 0)
                ratio = 10.0 ** rng.uniform(*ratio_exp)
                out_scale = float(np.float32(in_scale / ratio))
                zin = random_zero_point(rng, in_t)
                zout = random_zero_point(rng, out_t)
                x = T(shape, in_t, scale=in_scale, zero_point=zin)
                y = T(shape, out_t, scale=out_scale, zero_point=zout)
                if in_t == "int32":
                    data = random_input(x, rng, -200000, 200000)
                else:
                    data = random_input(x, rng)
                g.run("QUANTIZE", "r%.3g_zi%d_zo%d" % (ratio, zin, zout), x, y, data)
        # Identity requantization (same scale and zero point).
        s = log_uniform(rng, -3, 0)
        z = 0 if in_t != out_t else random_zero_point(rng, in_t, spread=30)
        x = T([5, 9], in_t, scale=s, zero_point=z if in_t not in ("uint8",) else 128)
        y = T([5, 9], out_t, scale=s, zero_point=z if out_t not in ("uint8",) else 128)
        data = random_input(x, rng, -5000, 5000) if in_t == "int32" else random_input(x, rng)
        g.run("QUANTIZE", "samescale", x, y, data)

    # int8 <-> uint8 with equal scales and zero points 128 apart (TFLite's xor 0x80 fast path).
    for zi in [-128, -3, 0, 60]:
        s = log_uniform(rng, -3, 0)
        x = T([4, 16], "int8", scale=s, zero_point=zi)
        y = T([4, 16], "uint8", scale=s, zero_point=zi + 128)
        g.run("QUANTIZE", "xor80", x, y, random_input(x, rng))
        x = T([4, 16], "uint8", scale=s, zero_point=zi + 128)
        y = T([4, 16], "int8", scale=s, zero_point=zi)
        g.run("QUANTIZE", "xor80", x, y, random_input(x, rng))
    g.writer.write()


def gen_dequantize(rng, seed):
    g = Gen("dequantize", rng, seed)
    for in_t in ["int8", "int16", "uint8"]:
        for _ in range(16):
            shape = random_shape(rng)
            scale = log_uniform(rng, -6, 1)
            zp = random_zero_point(rng, in_t)
            x = T(shape, in_t, scale=scale, zero_point=zp)
            y = T(shape, "float32")
            g.run("DEQUANTIZE", "s%.3g_z%d" % (scale, zp), x, y, random_input(x, rng))
        # Every value of the type (int8/uint8) or its ends (int16).
        lo, hi = RANGES[in_t]
        if in_t == "int16":
            data = np.concatenate([np.arange(-32768, -32768 + 64), np.arange(-64, 64), np.arange(32767 - 63, 32768)])
        else:
            data = np.arange(lo, hi + 1)
        x = T([data.size], in_t, scale=log_uniform(rng, -3, 0), zero_point=random_zero_point(rng, in_t))
        y = T([data.size], "float32")
        g.run("DEQUANTIZE", "allvalues", x, y, data.astype(x.np_dtype))
    g.writer.write()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_quantize: seed %d" % args.seed)
    gen_quantize(np.random.default_rng(args.seed), args.seed)
    gen_dequantize(np.random.default_rng(args.seed + 1), args.seed + 1)


if __name__ == "__main__":
    main()
