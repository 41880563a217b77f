"""Oracle cases for the element-wise unary ops run on TFLM's reference kernels.

One case file per op (tests/oracle/data/<op>.cases):
  FLOOR, CEIL, ROUND, NEG, SQUARE, SQRT, SIN, COS, LOG, EXP   float32 only (TFLM refuses every other type):
            ranks 1-5, random shapes, inputs drawn over each op's interesting range (ROUND: exact ties k + 0.5,
            which TFLM rounds to even; SQRT/LOG: negatives and zeros, giving NaN and -inf; EXP: overflow to
            +inf and underflow to 0), plus one case of special values (+-0, +-inf, NaN, denormals, 2^23 + 1,
            +-1e30); refusal cases for int8, int16, int32 and bool inputs.
  LOGICAL_NOT bool only; refusal cases for float32 and int8.
  ABS       float32 (random and special values); int8 requantized from random input to output scales (within
            e^+-2 of each other, or equal) and zero points, every int8 value; int16 with zero points 0 (TFLM
            requires them), values over the whole range incl. -32768; int16 without input quantization (TFLM's
            plain integer |x|, -32768 stays). Refusal cases: int32, unquantized int8, int16 zero point != 0.
  RSQRT     float32 (positives over many decades, zeros -> inf, negatives -> NaN, specials); int8 with random
            scales and zero points, inputs from the zero point up (every valid value); int16 with zero points 0,
            inputs over [0, 32767]. Input scales 1e-4..1, output scales 1e-3..1 (multiplier 1/(sqrt(s_in) s_out)
            far from the int32 overflow of TFLM's 2^20-scaled intermediate). Refusal cases: an input below the
            zero point (TFLM fails Invoke: "Rsqrt is only defined for positive values"), int32, int16 zero
            point != 0.
Float tolerance: the oracle test's 1e-5 relative + 1e-6 absolute; SIN, COS, LOG and EXP are the platform
libm's sinf/cosf/logf/expf on both sides, which agree within a few ulps, far inside it.

Run: .venv/bin/python tools/oracle/gen_unary.py [--seed N] [--out-dir DIR] [--only floor,round,...]
"""

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261201
FLOAT_OPS = ("floor", "ceil", "round", "neg", "square", "sqrt", "sin", "cos", "log", "exp")
GROUPS = FLOAT_OPS + ("logical_not", "abs", "rsqrt")
RANDOM_CASES = 24
MAX_ELEMENTS = 1500

SPECIALS = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e-45, -1e-45, 1e-39, -1e-39, 1.17549435e-38,
                     0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1.0, -1.0, 2.0, 8388609.0, -8388609.0, 8388608.5,
                     16777217.0, 1e30, -1e30, 3.4028235e38, -3.4028235e38, 88.7, 89.0, -87.0, -104.0,
                     3.14159265, -3.14159265, 1e-7, 0.1, 100.0, 12345.678], dtype=np.float32)


def random_shape(rng):
    rank = int(rng.integers(1, 6))  # rank 0: the tflite-micro Python wrapper cannot set a 0-d input
    while True:
        shape = [int(rng.integers(1, 9 if rank > 2 else 40)) for _ in range(rank)]
        if int(np.prod(shape, dtype=np.int64)) <= MAX_ELEMENTS:
            return shape


def log_uniform_signed(rng, shape, lo, hi, negative_share):
    """|x| log-uniform in [lo, hi], negative with probability negative_share."""
    mag = np.exp(rng.uniform(np.log(lo), np.log(hi), size=shape))
    sign = np.where(rng.uniform(size=shape) < negative_share, -1.0, 1.0)
    return (mag * sign).astype(np.float32)


def float_data(op, rng, spec, draw):
    """Input for one random case of `op`; `draw` picks one of the op's distributions."""
    shape = spec.shape
    if op in ("floor", "ceil", "round"):
        if draw == 0:
            return random_input(spec, rng, -10.0, 10.0)
        if draw == 1:  # ties and integers, and their neighbours
            base = rng.integers(-1000, 1000, size=shape).astype(np.float32)
            offset = rng.choice(np.array([0.0, 0.5, 0.25, 0.75, 0.4999999, 0.5000001], np.float32), size=shape)
            return (base + offset).astype(np.float32)
        return log_uniform_signed(rng, shape, 1e-3, 1e9, 0.5)
    if op == "neg":
        return log_uniform_signed(rng, shape, 1e-30, 1e30, 0.5) if draw == 2 else random_input(spec, rng, -100, 100)
    if op == "square":
        return log_uniform_signed(rng, shape, 1e-20, 1e20, 0.5) if draw == 2 else random_input(spec, rng, -50, 50)
    if op == "sqrt":
        if draw == 0:
            return random_input(spec, rng, 0.0, 100.0)
        if draw == 1:
            return log_uniform_signed(rng, shape, 1e-38, 1e38, 0.0)
        return random_input(spec, rng, -4.0, 16.0)  # a share of negatives: NaN
    if op in ("sin", "cos"):
        return random_input(spec, rng, *((-7.0, 7.0), (-100.0, 100.0), (-1e4, 1e4))[draw])
    if op == "log":
        if draw == 0:
            return log_uniform_signed(rng, shape, 1e-6, 1e6, 0.0)
        if draw == 1:
            return random_input(spec, rng, 0.5, 2.0)
        return random_input(spec, rng, -1.0, 3.0)  # negatives: NaN
    if op == "exp":
        return random_input(spec, rng, *((-5.0, 5.0), (-20.0, 20.0), (-110.0, 95.0))[draw])
    raise ValueError(op)


def gen_float_op(writer, rng, op):
    code = op.upper()
    for i in range(RANDOM_CASES):
        shape = random_shape(rng)
        x = T(shape, "float32")
        draw = i % 3
        data = float_data(op, rng, x, draw)
        model = single_op_model(code, [x], [T(shape, "float32")])
        writer.add_run("%s_%d_%s_d%d" % (op, i, "x".join(map(str, shape)), draw), model, [data])
    x = T([len(SPECIALS)], "float32")
    writer.add_run("%s_specials" % op, single_op_model(code, [x], [T(x.shape, "float32")]), [SPECIALS.copy()])
    # TFLM refuses every type but float32 (in prepare or in invoke).
    for dtype in ("int8", "int16", "int32", "bool"):
        q = {"scale": 0.05, "zero_point": 0} if dtype in ("int8", "int16") else {}
        x = T([2, 3], dtype, **q)
        model = single_op_model(code, [x], [T([2, 3], dtype, **q)])
        writer.add_run("%s_refused_%s" % (op, dtype), model, [random_input(x, rng)], refusal="expected")


def gen_logical_not(writer, rng):
    for i in range(RANDOM_CASES):
        shape = random_shape(rng)
        x = T(shape, "bool")
        model = single_op_model("LOGICAL_NOT", [x], [T(shape, "bool")])
        writer.add_run("logical_not_%d_%s" % (i, "x".join(map(str, shape))), model,
                       [random_input(x, rng)])
    for dtype in ("float32", "int8"):
        q = {"scale": 0.05, "zero_point": 0} if dtype == "int8" else {}
        x = T([4], dtype, **q)
        model = single_op_model("LOGICAL_NOT", [x], [T([4], dtype, **q)])
        writer.add_run("logical_not_refused_%s" % dtype, model, [random_input(x, rng)], refusal="expected")


def log_uniform(rng, lo, hi):
    return float(np.float32(np.exp(rng.uniform(np.log(lo), np.log(hi)))))


def int_values(rng, dtype, shape, low):
    """Every value of [low, max] of dtype (int8; repeated and shuffled to the shape) or random ones (int16)."""
    info = np.iinfo(dtype)
    size = int(np.prod(shape))
    if dtype == "int8":
        values = np.resize(np.arange(low, info.max + 1), size)
        rng.shuffle(values)
    else:
        values = rng.integers(low, info.max, size=size, endpoint=True)
        values[: min(size, 2)] = [low, info.max][: min(size, 2)]
    return values.astype(dtype).reshape(shape)


def quantized_shape(rng):
    shape = random_shape(rng)
    return shape if int(np.prod(shape)) >= 64 else shape + [int(rng.integers(8, 40))]


def gen_abs(writer, rng):
    for i in range(RANDOM_CASES // 2):
        shape = random_shape(rng)
        x = T(shape, "float32")
        data = log_uniform_signed(rng, shape, 1e-20, 1e20, 0.5) if i % 2 else random_input(x, rng, -10, 10)
        writer.add_run("abs_float32_%d_%s" % (i, "x".join(map(str, shape))),
                       single_op_model("ABS", [x], [T(shape, "float32")]), [data])
    x = T([len(SPECIALS)], "float32")
    writer.add_run("abs_float32_specials", single_op_model("ABS", [x], [T(x.shape, "float32")]), [SPECIALS.copy()])
    for dtype in ("int8", "int16"):
        for i in range(RANDOM_CASES):
            shape = quantized_shape(rng)
            in_scale = log_uniform(rng, 1e-3, 1.0)
            out_scale = in_scale if i % 4 == 0 else float(np.float32(in_scale * np.exp(rng.uniform(-2.0, 2.0))))
            in_zp = int(rng.integers(-128, 128)) if dtype == "int8" else 0
            out_zp = int(rng.integers(-128, 128)) if dtype == "int8" else 0
            x = T(shape, dtype, scale=in_scale, zero_point=in_zp)
            y = T(shape, dtype, scale=out_scale, zero_point=out_zp)
            writer.add_run("abs_%s_%d_%s_s%.4g_%.4g_zp%d_%d" % (dtype, i, "x".join(map(str, shape)), in_scale,
                                                               out_scale, in_zp, out_zp),
                           single_op_model("ABS", [x], [y]), [int_values(rng, dtype, shape, np.iinfo(dtype).min)])
    for i in range(4):  # int16 without input quantization: integer |x| whatever the output's quantization
        shape = quantized_shape(rng)
        x = T(shape, "int16")
        y = T(shape, "int16", scale=0.5) if i % 2 else T(shape, "int16")
        writer.add_run("abs_int16_plain_%d_%s" % (i, "x".join(map(str, shape))), single_op_model("ABS", [x], [y]),
                       [int_values(rng, "int16", shape, -32768)])
    refusals = [("int32", T([4], "int32"), T([4], "int32")),
                ("int8_unquantized", T([4], "int8"), T([4], "int8", scale=0.5)),
                ("int16_zero_point", T([4], "int16", scale=0.5, zero_point=3), T([4], "int16", scale=0.5)),
                ("int16_output_unquantized", T([4], "int16", scale=0.5), T([4], "int16"))]
    for name, x, y in refusals:
        writer.add_run("abs_refused_%s" % name, single_op_model("ABS", [x], [y]), [random_input(x, rng)],
                       refusal="expected")


def gen_rsqrt(writer, rng):
    for i in range(RANDOM_CASES // 2):
        shape = random_shape(rng)
        x = T(shape, "float32")
        data = log_uniform_signed(rng, shape, 1e-30, 1e30, 0.0) if i % 2 else random_input(x, rng, -1.0, 50.0)
        writer.add_run("rsqrt_float32_%d_%s" % (i, "x".join(map(str, shape))),
                       single_op_model("RSQRT", [x], [T(shape, "float32")]), [data])
    x = T([len(SPECIALS)], "float32")
    writer.add_run("rsqrt_float32_specials", single_op_model("RSQRT", [x], [T(x.shape, "float32")]), [SPECIALS.copy()])
    for dtype in ("int8", "int16"):
        for i in range(RANDOM_CASES):
            shape = quantized_shape(rng)
            in_scale = log_uniform(rng, 1e-4, 1.0)
            out_scale = log_uniform(rng, 1e-3, 1.0)
            in_zp = int(rng.integers(-128, 128)) if dtype == "int8" else 0
            out_zp = int(rng.integers(-128, 128)) if dtype == "int8" else 0
            x = T(shape, dtype, scale=in_scale, zero_point=in_zp)
            y = T(shape, dtype, scale=out_scale, zero_point=out_zp)
            writer.add_run("rsqrt_%s_%d_%s_s%.4g_%.4g_zp%d_%d" % (dtype, i, "x".join(map(str, shape)), in_scale,
                                                                 out_scale, in_zp, out_zp),
                           single_op_model("RSQRT", [x], [y]), [int_values(rng, dtype, shape, in_zp)])
    below = T([6], "int8", scale=0.1, zero_point=-20)
    data = np.array([-20, -10, 0, 50, 127, -21], np.int8)
    writer.add_run("rsqrt_refused_int8_below_zero_point",
                   single_op_model("RSQRT", [below], [T([6], "int8", scale=0.05)]), [data], refusal="expected")
    below16 = T([4], "int16", scale=0.001)
    writer.add_run("rsqrt_refused_int16_negative", single_op_model("RSQRT", [below16], [T([4], "int16", scale=0.001)]),
                   [np.array([5, 0, -1, 7], np.int16)], refusal="expected")
    refusals = [("int32", T([4], "int32"), T([4], "int32")),
                ("int16_zero_point", T([4], "int16", scale=0.5, zero_point=3), T([4], "int16", scale=0.5)),
                ("int8_output_unquantized", T([4], "int8", scale=0.5), T([4], "int8"))]
    for name, x, y in refusals:
        writer.add_run("rsqrt_refused_%s" % name, single_op_model("RSQRT", [x], [y]),
                       [np.abs(random_input(x, rng)).astype(x.np_dtype)], refusal="expected")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(GROUPS), help="comma-separated subset of: " + ", ".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    groups = [g for g in args.only.split(",") if g]
    for g in groups:
        if g not in GROUPS:
            sys.exit("unknown group %r" % g)
    print("gen_unary: seed %d" % args.seed)
    for index, group in enumerate(GROUPS):
        # One RNG per group, derived from the seed, so regenerating one group leaves the others unchanged.
        rng = np.random.default_rng([args.seed, index])
        if group not in groups:
            continue
        writer = CaseWriter(group, seed="%d (group stream %d)" % (args.seed, index), generator=__file__)
        if group in FLOAT_OPS:
            gen_float_op(writer, rng, group)
        elif group == "abs":
            gen_abs(writer, rng)
        elif group == "rsqrt":
            gen_rsqrt(writer, rng)
        else:
            gen_logical_not(writer, rng)
        writer.write()


if __name__ == "__main__":
    main()
