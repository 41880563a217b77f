"""Oracle cases for SOFTMAX, LOGISTIC, TANH, RELU and RELU6 run on TFLM's reference kernels.

One case file per op (tests/oracle/data/{softmax,logistic,tanh,relu,relu6}.cases):
  SOFTMAX   float32; int8->int8 (output 1/256, -128); int8->int16 (1/65536, -32768); int16->int16 (1/32768, 0,
            TFLM's LUT path). Ranks 1-4, depths 1..4000, betas 0.1..10, input scales over four decades, random
            zero points, rows of equal values, rows dominated by one value, narrow and full input ranges.
  LOGISTIC  float32 (incl. TFLM's cut-offs at -9 and 16.62); int8 with every input value for many input
  TANH      scales/zero points (incl. scales so large that the input radius is 0), standard and non-standard
            output quantization (TFLM does not check it); int16 with power-of-two scales (TFLM's 3 << shift
            path: 2^-12, and 2^-11 for TANH) and general scales, some with every int16 value.
  RELU      float32; int8/int16 requantization with random input/output scales and zero points (int16: zero
            points 0), every int8 value.
  RELU6     float32; int8/int16 clamp in the input quantization (random scales, incl. 6.0 beyond the type's
            range), output quantization equal to or different from the input's.
Also checks that src/kernels/softmax/softmax_int16_luts.cc is what make_softmax_luts.py generates.

Run: .venv/bin/python tools/oracle/gen_activations.py [--seed N] [--out-dir DIR] [--only softmax,tanh,...]
"""

import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261130
GROUPS = ("softmax", "logistic", "tanh", "relu", "relu6")


def log_uniform(rng, lo, hi):
    return float(np.exp(rng.uniform(np.log(lo), np.log(hi))))


def int_input(rng, spec, mode):
    """Integer input: 'full' range, 'narrow' (a small window at a random place), 'exhaustive' (every value
    of the type, repeated/cut to the shape), 'equal' (one value), 'spike' (low values plus one maximum per
    row)."""
    info = np.iinfo(spec.np_dtype)
    shape = spec.shape
    size = int(np.prod(shape))
    if mode == "exhaustive":
        values = np.arange(info.min, info.max + 1, dtype=np.int64)
        return np.resize(values, size).reshape(shape).astype(spec.np_dtype)
    if mode == "narrow":
        width = int(rng.integers(2, 40)) if info.bits == 8 else int(rng.integers(2, 3000))
        lo = int(rng.integers(info.min, info.max - width + 1))
        return random_input(spec, rng, lo, lo + width)
    if mode == "equal":
        return np.full(shape, rng.integers(info.min, info.max + 1), spec.np_dtype)
    if mode == "spike":
        x = random_input(spec, rng, info.min, info.min + (info.max - info.min) // 4)
        flat = x.reshape(-1, shape[-1])
        flat[np.arange(flat.shape[0]), rng.integers(0, shape[-1], flat.shape[0])] = info.max
        return flat.reshape(shape)
    return random_input(spec, rng)


def float_input(rng, spec, lo, hi):
    return random_input(spec, rng, lo, hi)


# ---------------------------------------------------------------------------------------------------------
# SOFTMAX

SOFTMAX_SHAPES = [[1], [1, 1], [1, 2], [1, 10], [1, 12], [2, 5], [3, 4, 7], [2, 3, 4, 5], [17], [1, 33],
                  [4, 1, 3], [1, 1001], [5, 64], [1, 3, 3, 11]]


# TFLM's INT8 -> INT8 softmax aborts (no message, SIGABRT) on a row whose sum of exponentials reaches 512:
# sum_of_exps is Q12.19, and for a sum in [2^k, 2^(k+1)) the output shift RoundingDivideByPOT gets is k + 23, past
# its limit of 31 from k = 9 on. The sum is at least 1 and at most the depth, so only rows of 512 or more
# elements can reach it, depending on the data and on beta * input scale (a narrow or flat row of 1001 values
# with a small scale sums to ~1001). Such rows are redrawn until every row sums below 511.5 in float64: TFLM's
# fixed-point sum is within ~1e-6 per element of it (each exp rounded to Q12.19), far inside the margin, and 511
# equal values (exactly 511) stay allowed.
INT8_OUTPUT_SUM_LIMIT = 511.5
SOFTMAX_REDRAWS = 1000


def max_row_sum_of_exps(data, in_scale, beta):
    rows = data.astype(np.float64).reshape(-1, data.shape[-1])
    diffs = rows - rows.max(axis=1, keepdims=True)
    return float(np.exp(diffs * (in_scale * beta)).sum(axis=1).max())


def softmax_case(writer, rng, name, in_dtype, out_dtype, shape, beta, mode, in_scale=None, in_zp=None):
    if in_dtype == "float32":
        x = T(shape, "float32")
        y = T(shape, "float32")
        data = float_input(rng, x, *(mode if isinstance(mode, tuple) else (-10.0, 10.0)))
    else:
        given_scale, given_zp = in_scale, in_zp
        for _ in range(SOFTMAX_REDRAWS):
            if in_dtype == "int8":
                in_scale = log_uniform(rng, 0.004, 2.0) if given_scale is None else given_scale
                in_zp = int(rng.integers(-128, 128)) if given_zp is None else given_zp
            else:
                in_scale = log_uniform(rng, 2e-5, 2e-3) if given_scale is None else given_scale
                in_zp = 0 if given_zp is None else given_zp
            x = T(shape, in_dtype, scale=in_scale, zero_point=in_zp)
            data = int_input(rng, x, mode)
            if out_dtype != "int8" or max_row_sum_of_exps(data, in_scale, beta) < INT8_OUTPUT_SUM_LIMIT:
                break
        else:
            raise RuntimeError("softmax case %s: no draw in %d keeps the row sums of exponentials below %g (TFLM "
                               "aborts from 512)" % (name, SOFTMAX_REDRAWS, INT8_OUTPUT_SUM_LIMIT))
        if out_dtype == "int8":
            y = T(shape, "int8", scale=1.0 / 256, zero_point=-128)
        elif in_dtype == "int8":
            y = T(shape, "int16", scale=1.0 / 65536, zero_point=-32768)
        else:
            y = T(shape, "int16", scale=1.0 / 32768, zero_point=0)
    model = single_op_model("SOFTMAX", [x], [y], "SoftmaxOptions", {"beta": beta})
    writer.add_run(name, model, [data])


def gen_softmax(writer, rng):
    pairs = [("int8", "int8"), ("int8", "int16"), ("int16", "int16")]
    for in_dtype, out_dtype in pairs:
        tag = "%s_%s" % (in_dtype, out_dtype)
        for i, shape in enumerate(SOFTMAX_SHAPES):
            for mode in ("full", "narrow"):
                beta = float(rng.choice([1.0, 1.0, 0.5, 2.0, log_uniform(rng, 0.1, 10.0)]))
                softmax_case(writer, rng, "%s_%s_b%.3g_%s" % (tag, "x".join(map(str, shape)), beta, mode),
                             in_dtype, out_dtype, shape, beta, mode)
        for mode in ("equal", "spike", "exhaustive"):
            for shape in ([1, 7], [3, 300]):
                softmax_case(writer, rng, "%s_%s_%s" % (tag, "x".join(map(str, shape)), mode), in_dtype, out_dtype,
                             shape, 1.0, mode)
        # Input scales across the range (int8: up to where the input radius is tiny), random zero points.
        scales = ([1 / 256, 1 / 16, 0.1, 0.25, 1.0, 4.0, 16.0, 0.0008] if in_dtype == "int8" else
                  [1 / 32768, 1 / 4096, 3.0517578125e-05 * 3, 1e-5, 4e-3, 1e-4])
        for scale in scales:
            for beta in (1.0, float(rng.uniform(0.2, 3.0))):
                zp = int(rng.integers(-100, 100)) if in_dtype == "int8" else 0  # TFLM: int16 zero point 0
                softmax_case(writer, rng, "%s_scale%.4g_zp%d_b%.3g" % (tag, scale, zp, beta), in_dtype, out_dtype,
                             [2, 9], beta, "full", scale, zp)
        # Long rows near the limits: TFLM's int8->int8 path aborts once the sum of exps reaches 512 (see
        # INT8_OUTPUT_SUM_LIMIT; 511 equal values sum to just below it), the int8 Q12.19 sum overflows at 4096.
        longest = 511 if out_dtype == "int8" else 4000
        softmax_case(writer, rng, "%s_1x%d_equal" % (tag, longest), in_dtype, out_dtype, [1, longest], 1.0, "equal")
        long_narrow = 500 if out_dtype == "int8" else 2500
        softmax_case(writer, rng, "%s_1x%d_narrow" % (tag, long_narrow), in_dtype, out_dtype, [1, long_narrow], 1.0,
                     "narrow")
    for i, shape in enumerate(SOFTMAX_SHAPES):
        beta = float(rng.choice([1.0, 0.5, 2.0, log_uniform(rng, 0.1, 10.0)]))
        softmax_case(writer, rng, "f32_%s_b%.3g" % ("x".join(map(str, shape)), beta), "float32", "float32", shape,
                     beta, (-10.0, 10.0))
    softmax_case(writer, rng, "f32_2x50_wide", "float32", "float32", [2, 50], 1.0, (-100.0, 100.0))
    softmax_case(writer, rng, "f32_3x8_beta0", "float32", "float32", [3, 8], 0.0, (-5.0, 5.0))
    softmax_refusals(writer)


def softmax_refusals(writer):
    """Models TFLM refuses or aborts on, recorded as refusal cases that mote must refuse cleanly (fixed data, no
    draws from the group's stream, so the cases above stay what they were for every seed)."""
    data = np.arange(-8, 8, dtype=np.int8).reshape(2, 8)
    x = T([2, 8], "int8", scale=0.05, zero_point=0)
    # An int8 output quantized other than (1/256, -128): TFLM's prepare refuses it.
    y = T([2, 8], "int8", scale=1.0 / 256, zero_point=0)
    model = single_op_model("SOFTMAX", [x], [y], "SoftmaxOptions", {"beta": 1.0})
    writer.add_run("refused_int8_output_zero_point_0", model, [data], refusal="expected")
    # beta * input scale so small that the input multiplier underflows: TFLM's prepare aborts.
    x = T([2, 8], "int8", scale=1e-30, zero_point=0)
    y = T([2, 8], "int8", scale=1.0 / 256, zero_point=-128)
    model = single_op_model("SOFTMAX", [x], [y], "SoftmaxOptions", {"beta": 1e-10})
    writer.add_run("refused_int8_beta_times_scale_1e-40", model, [data], refusal="expected")


# ---------------------------------------------------------------------------------------------------------
# LOGISTIC and TANH

def sigmoid_tanh_int8_case(writer, rng, op, name, shape, in_scale, in_zp, out_q, mode):
    x = T(shape, "int8", scale=in_scale, zero_point=in_zp)
    y = T(shape, "int8", scale=out_q[0], zero_point=out_q[1])
    model = single_op_model(op, [x], [y])
    writer.add_run(name, model, [int_input(rng, x, mode)])


def sigmoid_tanh_int16_case(writer, rng, op, name, shape, in_scale, mode):
    x = T(shape, "int16", scale=in_scale, zero_point=0)
    y = T(shape, "int16", scale=2.0 ** -15, zero_point=0)
    model = single_op_model(op, [x], [y])
    writer.add_run(name, model, [int_input(rng, x, mode)])


def gen_sigmoid_tanh(writer, rng, op):
    prefix = op.lower()
    standard_out = (1.0 / 256, -128) if op == "LOGISTIC" else (1.0 / 128, 0)
    # int8: every input value, input scales over the whole useful range and beyond.
    scales = [1 / 256, 1 / 64, 1 / 32, 1 / 16, 0.0235, 0.1, 0.125, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 1e-4]
    scales += [log_uniform(rng, 1e-3, 2.0) for _ in range(16)]
    for scale in scales:
        zp = int(rng.integers(-128, 128))
        sigmoid_tanh_int8_case(writer, rng, op, "%s_int8_all_s%.5g_zp%d" % (prefix, scale, zp), [256], scale, zp,
                               standard_out, "exhaustive")
    for shape in ([1], [1, 1], [2, 3], [3, 4, 5], [1, 6, 6, 7]):
        scale = log_uniform(rng, 0.01, 0.5)
        sigmoid_tanh_int8_case(writer, rng, op, "%s_int8_%s" % (prefix, "x".join(map(str, shape))), shape, scale,
                               int(rng.integers(-128, 128)), standard_out, "full")
    # Output quantization TFLM does not check (LOGISTIC only requires zero point -128).
    odd_outs = [(0.01, -128), (1.0 / 512, -128)] if op == "LOGISTIC" else [(0.01, 3), (1.0 / 256, -20)]
    for i, out_q in enumerate(odd_outs):
        sigmoid_tanh_int8_case(writer, rng, op, "%s_int8_odd_output%d" % (prefix, i), [256], 0.05, -7, out_q,
                               "exhaustive")
    # int16: power-of-two scales (TFLM's 3 << shift path only for 2^-12, and 2^-11 for TANH), general scales.
    pot = [2.0 ** -12, 2.0 ** -11, 2.0 ** -15, 2.0 ** -10, 2.0 ** -8, 1.0]
    for scale in pot:
        sigmoid_tanh_int16_case(writer, rng, op, "%s_int16_pot_s2^%d" % (prefix, int(np.log2(scale))), [3, 517],
                                scale, "full")
    general = [1e-5, 3e-5, 1e-4, 2.5e-4, 1e-3, 0.01, 0.1, 1.0, 2.5, 5.0]
    general += [log_uniform(rng, 1e-5, 1.0) for _ in range(10)]
    for scale in general:
        mode = str(rng.choice(["full", "narrow"]))
        sigmoid_tanh_int16_case(writer, rng, op, "%s_int16_s%.5g_%s" % (prefix, scale, mode), [2, 301], scale, mode)
    for scale in (2.0 ** -12, 3.0 / 32768 * 8):
        sigmoid_tanh_int16_case(writer, rng, op, "%s_int16_all_s%.5g" % (prefix, scale), [65536], scale,
                                "exhaustive")
    # float32, including the LOGISTIC cut-offs.
    for lo, hi in ((-1.0, 1.0), (-10.0, 10.0), (-20.0, 20.0), (-100.0, 100.0), (-9.5, -8.5), (16.0, 17.5)):
        x = T([4, 97], "float32")
        model = single_op_model(op, [x], [T([4, 97], "float32")])
        writer.add_run("%s_f32_%g_%g" % (prefix, lo, hi), model, [float_input(rng, x, lo, hi)])
    x = T([1], "float32")
    writer.add_run("%s_f32_scalar" % prefix, single_op_model(op, [x], [T([1], "float32")]),
                   [np.array([0.25], np.float32)])


# ---------------------------------------------------------------------------------------------------------
# RELU and RELU6

def relu_case(writer, rng, op, name, dtype, shape, in_q, out_q, mode):
    if dtype == "float32":
        x = T(shape, "float32")
        y = T(shape, "float32")
        data = float_input(rng, x, *mode)
    else:
        x = T(shape, dtype, scale=in_q[0], zero_point=in_q[1])
        y = T(shape, dtype, scale=out_q[0], zero_point=out_q[1])
        data = int_input(rng, x, mode)
    writer.add_run(name, single_op_model(op, [x], [y]), [data])


def gen_relu(writer, rng, op):
    prefix = op.lower()
    # int8: every input value, random input/output quantization.
    for i in range(24):
        in_q = (log_uniform(rng, 0.002, 0.5), int(rng.integers(-128, 128)))
        if op == "RELU6" and i % 3 == 0:
            out_q = in_q  # the converter's usual choice
        else:
            out_q = (in_q[0] * log_uniform(rng, 0.1, 10.0), int(rng.integers(-128, 128)))
        relu_case(writer, rng, op, "%s_int8_all_%02d" % (prefix, i), "int8", [256], in_q, out_q, "exhaustive")
    # Equal quantization, 6.0 beyond the int8 range, scales whose ratio is exactly 1 or a power of two.
    for i, (in_q, out_q) in enumerate([((0.1, 0), (0.1, 0)), ((0.05, -128), (0.05, -128)), ((0.01, 0), (0.01, 0)),
                                       ((0.02, -10), (0.04, -128)), ((1.0, 5), (0.5, -5)), ((0.5, 127), (0.5, -128))]):
        relu_case(writer, rng, op, "%s_int8_fixed_%d" % (prefix, i), "int8", [256], in_q, out_q, "exhaustive")
    for shape in ([1], [2, 3], [1, 5, 5, 3], [2, 2, 2, 2]):
        in_q = (log_uniform(rng, 0.01, 0.2), int(rng.integers(-128, 128)))
        out_q = (in_q[0] * log_uniform(rng, 0.5, 2.0), int(rng.integers(-128, 128)))
        relu_case(writer, rng, op, "%s_int8_%s" % (prefix, "x".join(map(str, shape))), "int8", shape, in_q, out_q,
                  "full")
    # int16 (RELU requires zero points 0, as TFLM).
    for i in range(12):
        in_scale = log_uniform(rng, 1e-5, 1e-2)
        in_zp = 0 if op == "RELU" or i % 2 == 0 else int(rng.integers(-1000, 1000))
        out_q = (in_scale * log_uniform(rng, 0.2, 5.0), 0 if op == "RELU" else int(rng.integers(-1000, 1000)))
        if op == "RELU6" and i % 3 == 0:
            out_q = (in_scale, in_zp)
        relu_case(writer, rng, op, "%s_int16_%02d" % (prefix, i), "int16", [3, 211], (in_scale, in_zp), out_q,
                  str(rng.choice(["full", "narrow"])))
    relu_case(writer, rng, op, "%s_int16_all" % prefix, "int16", [65536], (2.0 ** -10, 0), (2.0 ** -9, 0),
              "exhaustive")
    # float32.
    for lo, hi in ((-1.0, 1.0), (-10.0, 10.0), (5.5, 6.5), (-0.1, 0.1)):
        relu_case(writer, rng, op, "%s_f32_%g_%g" % (prefix, lo, hi), "float32", [3, 67], None, None, (lo, hi))


def check_softmax_luts():
    script = os.path.join(HERE, "make_softmax_luts.py")
    if subprocess.call([sys.executable, script, "--check"]) != 0:
        sys.exit("gen_activations: softmax_int16_luts.cc is stale; run make_softmax_luts.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(GROUPS), help="comma-separated subset of: " + ", ".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    groups = [g for g in args.only.split(",") if g]
    for g in groups:
        if g not in GROUPS:
            sys.exit("unknown group %r" % g)
    print("gen_activations: seed %d" % args.seed)
    check_softmax_luts()
    for index, group in enumerate(GROUPS):
        # One RNG per group, derived from the seed, so regenerating one group leaves the others unchanged.
        rng = np.random.default_rng([args.seed, index])
        if group not in groups:
            continue
        writer = CaseWriter(group, seed="%d (group stream %d)" % (args.seed, index), generator=__file__)
        if group == "softmax":
            gen_softmax(writer, rng)
        elif group in ("logistic", "tanh"):
            gen_sigmoid_tanh(writer, rng, group.upper())
        else:
            gen_relu(writer, rng, group.upper())
        writer.write()


if __name__ == "__main__":
    main()
