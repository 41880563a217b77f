"""Oracle cases for FULLY_CONNECTED: float32, int8 (per-tensor and per-channel weights, packed int4 weights),
int16 x int8 (int64 bias, per-tensor and per-channel), with and without bias, every clamp activation,
keep_num_dims, inputs of rank 1..4 flattened into batches, output multipliers below and above 1 (output
scales derived from the accumulators so outputs span the range), edge sizes
(1x1x1, depth 1, one unit, ad01-sized 640-deep rows).

Run: .venv/bin/python tools/oracle/gen_fully_connected.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/fully_connected.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 7301
ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]

def log_uniform(rng, lo_exp, hi_exp):
    return float(np.float32(10.0 ** rng.uniform(lo_exp, hi_exp)))


def output_shape(input_shape, batches, units, keep_num_dims):
    if keep_num_dims:
        return list(input_shape[:-1]) + [units]
    return [batches, units]


def input_shape_for(rng, batches, depth, rank):
    """A shape of `rank` dims whose element count is batches * depth (last dim = depth when it can be)."""
    if rank == 1:
        return [batches * depth]
    if rank == 2:
        return [batches, depth]
    # Split batches over the leading dims.
    lead = [1] * (rank - 1)
    b = batches
    for i in range(rank - 2, -1, -1):
        f = [d for d in range(1, b + 1) if b % d == 0]
        lead[i] = int(rng.choice(f)) if i > 0 else b
        b //= lead[i]
    return lead + [depth]


class Gen:
    def __init__(self, writer, rng):
        self.w = writer
        self.rng = rng
        self.count = 0

    def name(self, kind, batches, depth, units, extra):
        self.count += 1
        return "fc_%s_%dx%dx%d_%s_%03d" % (kind, batches, depth, units, extra, self.count)

    def run(self, name, x, w, b, y, activation, keep_num_dims, inputs):
        opts = {"fused_activation_function": activation, "keep_num_dims": keep_num_dims}
        model = single_op_model("FULLY_CONNECTED", [x, w, b], [y], "FullyConnectedOptions", opts)
        self.w.add_run(name, model, inputs)

    def float_case(self, batches, depth, units, bias, activation, rank=2, keep_num_dims=False):
        rng = self.rng
        in_shape = input_shape_for(rng, batches, depth, rank)
        x = T(in_shape, "float32")
        w = T([units, depth], "float32", data=rng.uniform(-1, 1, (units, depth)).astype(np.float32))
        b = T([units], "float32", data=rng.uniform(-2, 2, units).astype(np.float32)) if bias else None
        y = T(output_shape(in_shape, batches, units, keep_num_dims), "float32")
        name = self.name("f32", batches, depth, units, "%s_%s_r%d%s" % (
            "bias" if bias else "nobias", activation.lower(), rank, "_keep" if keep_num_dims else ""))
        self.run(name, x, w, b, y, activation, keep_num_dims, [random_input(x, rng, -2.0, 2.0)])

    def quant_case(self, kind, batches, depth, units, bias, activation, per_channel, rank=2, keep_num_dims=False,
                   mode="fit", input_zp=None):
        """kind: 'int8', 'int16' or 'int4' (int8 activations with packed int4 weights).

        The output scale is derived from the actual accumulators so that outputs use the output range:
        mode 'fit' (largest output ~ 0.4..1.3 x the type's max), 'saturate' (x10: many clamped), 'small' (/300:
        outputs near the zero point) or 'big' (small inputs and weights, effective multipliers > 1)."""
        rng = self.rng
        act_t = "int16" if kind == "int16" else "int8"
        qmax = 32767 if kind == "int16" else 127
        in_shape = input_shape_for(rng, batches, depth, rank)
        in_scale = log_uniform(rng, -3, -0.5) if kind != "int16" else log_uniform(rng, -5, -2.5)
        if input_zp is None:
            input_zp = int(rng.integers(-128, 128)) if kind != "int16" else 0
        x = T(in_shape, act_t, scale=in_scale, zero_point=input_zp)
        wmax = 7 if kind == "int4" else 127
        if mode == "big":
            wmax = min(wmax, 3)
            lo, hi = max(input_zp - 3, -128 if kind != "int16" else -32768), input_zp + 3
            xv = random_input(x, rng, lo, min(hi, qmax))
        else:
            xv = random_input(x, rng)
        wv = rng.integers(-wmax - (1 if kind == "int4" else 0), wmax + 1, (units, depth))
        n_scales = units if per_channel else 1
        w_scales = [log_uniform(rng, -3, -1) for _ in range(n_scales)]
        bias_scales = [float(np.float32(in_scale) * np.float32(s)) for s in w_scales]
        bv = None
        if bias:
            bmax = 200000 if kind == "int16" else 20000
            if mode == "big":
                bmax = 20
            bv = rng.integers(-bmax, bmax + 1, units)
        # Accumulators (real value / (input_scale * filter_scale[c])).
        rows = xv.reshape(batches, depth).astype(np.int64) - input_zp
        acc = rows @ wv.astype(np.int64).T + (0 if bv is None else bv[None, :])
        ws = np.array(w_scales if per_channel else w_scales * units, dtype=np.float64)
        real_max = max(float(np.max(np.abs(acc) * in_scale * ws[None, :])), 1e-12)
        target = {"fit": rng.uniform(0.4, 1.3) * qmax, "saturate": 10.0 * qmax, "small": qmax / 300.0,
                  "big": rng.uniform(0.3, 1.0) * qmax}[mode]
        out_scale = float(np.float32(real_max / target))
        out_zp = int(rng.integers(-40, 41)) if kind != "int16" else 0
        if kind == "int4":
            w = T([units, depth], "int4", data=wv, scale=w_scales)
        else:
            w = T([units, depth], "int8", data=wv, scale=w_scales, zero_point=[0] * n_scales)
        b = None
        if bias:
            b = T([units], "int64" if kind == "int16" else "int32", data=bv, scale=bias_scales,
                  zero_point=[0] * n_scales)
        y = T(output_shape(in_shape, batches, units, keep_num_dims), act_t, scale=out_scale, zero_point=out_zp)
        m0 = in_scale * w_scales[0] / out_scale
        name = self.name(kind, batches, depth, units, "%s_%s_%s_%s_m%.3g_r%d%s" % (
            "pc" if per_channel else "pt", "bias" if bias else "nobias", activation.lower(), mode, m0, rank,
            "_keep" if keep_num_dims else ""))
        self.run(name, x, w, b, y, activation, keep_num_dims, [xv])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_fully_connected: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("fully_connected", seed=args.seed, generator=__file__)
    g = Gen(writer, rng)

    # Edge sizes, every type.
    for kind in ["int8", "int16", "int4"]:
        for (bt, d, u) in [(1, 1, 1), (1, 1, 7), (3, 1, 2), (1, 13, 1), (2, 640, 3)]:
            g.quant_case(kind, bt, d, u, True, "NONE", False)
    for (bt, d, u) in [(1, 1, 1), (1, 1, 7), (3, 1, 2), (1, 13, 1), (2, 640, 3)]:
        g.float_case(bt, d, u, True, "NONE")

    # Every activation x bias x per-channel, random sizes.
    for kind in ["int8", "int16"]:
        for per_channel in [False, True]:
            for bias in [False, True]:
                for act in ACTIVATIONS:
                    bt, d, u = int(rng.integers(1, 5)), int(rng.integers(1, 70)), int(rng.integers(1, 33))
                    g.quant_case(kind, bt, d, u, bias, act, per_channel)
    for bias in [False, True]:
        for act in ACTIVATIONS:
            g.quant_case("int4", int(rng.integers(1, 5)), int(rng.integers(1, 70)), int(rng.integers(1, 33)), bias,
                         act, False)
            g.float_case(int(rng.integers(1, 5)), int(rng.integers(1, 70)), int(rng.integers(1, 33)), bias, act)

    # Input ranks 1..4 (flattened into batches) and keep_num_dims.
    for rank in [1, 2, 3, 4]:
        for keep in ([False, True] if rank > 1 else [False]):
            bt = 1 if rank == 1 else int(rng.choice([2, 3, 4, 6]))
            d, u = int(rng.integers(2, 24)), int(rng.integers(1, 12))
            g.quant_case("int8", bt, d, u, True, "RELU", bool(rng.integers(0, 2)), rank=rank, keep_num_dims=keep)
            g.quant_case("int16", bt, d, u, True, "NONE", bool(rng.integers(0, 2)), rank=rank, keep_num_dims=keep)
            g.float_case(bt, d, u, True, "NONE", rank=rank, keep_num_dims=keep)

    # Output scales: saturating, tiny outputs, effective multipliers > 1.
    for mode in ["saturate", "small", "big"]:
        for kind in ["int8", "int16", "int4"]:
            for per_channel in ([False, True] if kind != "int4" else [False]):
                g.quant_case(kind, int(rng.integers(1, 4)), int(rng.integers(1, 40)), int(rng.integers(1, 16)),
                             True, "NONE", per_channel, mode=mode)
    for zp in [-128, 127]:
        g.quant_case("int8", 2, 17, 5, True, "RELU6", False, input_zp=zp)
    g.quant_case("int16", 2, 17, 5, True, "NONE", False, input_zp=7)

    # Random mix.
    for _ in range(40):
        kind = str(rng.choice(["int8", "int8", "int16", "int4", "float32"]))
        bt, d, u = int(rng.integers(1, 6)), int(rng.integers(1, 100)), int(rng.integers(1, 40))
        act = str(rng.choice(ACTIVATIONS))
        bias = bool(rng.integers(0, 4) > 0)
        if kind == "float32":
            g.float_case(bt, d, u, bias, act)
        else:
            g.quant_case(kind, bt, d, u, bias, act, kind != "int4" and bool(rng.integers(0, 2)))

    writer.write()


if __name__ == "__main__":
    main()
