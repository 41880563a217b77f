"""Hybrid (dynamic-range) cases: FULLY_CONNECTED, CONV_2D, DEPTHWISE_CONV_2D and BATCH_MATMUL with FLOAT32
activations and INT8 weights (per-tensor or per-channel scales, zero point 0), and DEQUANTIZE of FLOAT16
constants. TFLM refuses these models ("Hybrid models are not supported on TFLite Micro"); the expected outputs
come from LiteRT's reference kernels (tools/oracle/litert_oracle.py). Measured on x86-64 (GCC, no FMA
contraction): mote's outputs equal LiteRT's bit for bit on every case of several seeds; the oracle test's float32
tolerance (1e-5 relative + 1e-6 absolute) only leaves room for compilers that contract a * b + c into an FMA. (LiteRT's default, optimized
kernels are no oracle here: they quantize differently, up to ~1% of the output range apart, and compute some
strided SAME / dilated hybrid convolutions wrongly, far from the dequantized float result the reference kernels
and mote agree with.) Group: hybrid (the provenance's tflite-micro line is irrelevant here; see "outputs from" below).

    MOTE_LITERT_PYTHON=/path/to/python-with-tensorflow python tools/oracle/gen_hybrid.py [--seed N] [--out-dir DIR]
Without LiteRT it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litert_oracle  # noqa: E402
from oracle_lib import CaseWriter, Op, T, multi_op_model, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 20261202
ACTIVATIONS = ["NONE", "RELU", "RELU6", "RELU_N1_TO_1"]


def float_input(shape, rng):
    """Activations with the rows LiteRT's quantizers special-case now and then: all zero, all positive."""
    kind = rng.integers(0, 8)
    x = rng.uniform(-2.0, 2.0, size=shape).astype(np.float32)
    if kind == 0:
        x[...] = 0.0
    elif kind == 1:
        x = np.abs(x)
    elif kind == 2:
        x = -np.abs(x)
    return x


def weights(shape, channels, channel_dim, per_channel, rng):
    """INT8 symmetric weights and their scale(s)."""
    w = rng.integers(-127, 128, size=shape).astype(np.int8)
    scale = [float(s) for s in rng.uniform(0.002, 0.05, size=channels)] if per_channel else \
        float(rng.uniform(0.002, 0.05))
    return T(shape, "int8", data=w, scale=scale, zero_point=0, quantized_dimension=channel_dim)


def bias(channels, rng, optional=True):
    """A float bias, absent now and then when `optional` (LiteRT's hybrid convolutions require one)."""
    if optional and rng.integers(0, 4) == 0:
        return None
    return T([channels], "float32", data=rng.uniform(-1, 1, size=channels).astype(np.float32))


def fully_connected(rng):
    units, depth, batches = int(rng.integers(1, 17)), int(rng.integers(1, 41)), int(rng.integers(1, 5))
    per_channel, asym = bool(rng.integers(0, 2)), bool(rng.integers(0, 2))
    act = ACTIVATIONS[int(rng.integers(0, 4))]
    x = T([batches, depth], "float32")
    b = bias(units, rng)
    model = single_op_model("FULLY_CONNECTED", [x, weights([units, depth], units, 0, per_channel, rng), b],
                            [T([batches, units], "float32")], "FullyConnectedOptions",
                            {"fused_activation_function": act, "asymmetric_quantize_inputs": asym}, version=9)
    name = "fc_%dx%d_u%d_%s_%s_%s%s" % (batches, depth, units, "pc" if per_channel else "pt",
                                        "asym" if asym else "sym", act.lower(), "" if b else "_nobias")
    return name, model, [float_input([batches, depth], rng)]


def window(rng, dilated):
    """A kernel size, stride, dilation and padding, and the input size that gives a non-empty output."""
    k = [int(rng.integers(1, 4)), int(rng.integers(1, 4))]
    stride = [int(rng.integers(1, 3)), int(rng.integers(1, 3))]
    dil = [int(rng.integers(1, 3)), int(rng.integers(1, 3))] if dilated else [1, 1]
    padding = "SAME" if rng.integers(0, 2) else "VALID"
    size = [int(rng.integers((k[i] - 1) * dil[i] + 1, 9)) for i in range(2)]
    if padding == "SAME":
        out = [-(-size[i] // stride[i]) for i in range(2)]
    else:
        out = [(size[i] - (k[i] - 1) * dil[i] - 1) // stride[i] + 1 for i in range(2)]
    opts = {"padding": padding, "stride_h": stride[0], "stride_w": stride[1], "dilation_h_factor": dil[0],
            "dilation_w_factor": dil[1], "fused_activation_function": ACTIVATIONS[int(rng.integers(0, 4))]}
    return k, size, out, opts


def conv(rng):
    """CONV_2D; one weight scale (LiteRT's symmetric path, undilated) or one per output channel (asymmetric)."""
    per_channel = bool(rng.integers(0, 3))
    k, size, out, opts = window(rng, dilated=per_channel)
    batches, cin, cout = int(rng.integers(1, 4)), int(rng.integers(1, 6)), int(rng.integers(2, 7))
    x = T([batches] + size + [cin], "float32")
    b = bias(cout, rng, optional=False)
    f = weights([cout] + k + [cin], cout, 0, per_channel, rng)
    model = single_op_model("CONV_2D", [x, f, b], [T([batches] + out + [cout], "float32")], "Conv2DOptions", opts,
                            version=2)
    name = "conv_%s_k%dx%d_%s_s%d%d_d%d%d_c%d_%d_%s_%s%s" % (
        "x".join(map(str, [batches] + size)), k[0], k[1], opts["padding"].lower(), opts["stride_h"],
        opts["stride_w"], opts["dilation_h_factor"], opts["dilation_w_factor"], cin, cout,
        "pc" if per_channel else "pt", opts["fused_activation_function"].lower(), "" if b else "_nobias")
    return name, model, [float_input(x.shape, rng)]


def depthwise(rng):
    """DEPTHWISE_CONV_2D with one weight scale per output channel (LiteRT refuses fewer)."""
    k, size, out, opts = window(rng, dilated=True)
    batches, cin, mult = int(rng.integers(1, 4)), int(rng.integers(1, 6)), int(rng.integers(1, 3))
    cout = cin * mult
    opts["depth_multiplier"] = mult
    x = T([batches] + size + [cin], "float32")
    b = bias(cout, rng, optional=False)
    f = weights([1] + k + [cout], cout, 3, True, rng)
    model = single_op_model("DEPTHWISE_CONV_2D", [x, f, b], [T([batches] + out + [cout], "float32")],
                            "DepthwiseConv2DOptions", opts, version=2)
    name = "dw_%s_k%dx%d_%s_s%d%d_d%d%d_c%d_m%d_%s%s" % (
        "x".join(map(str, [batches] + size)), k[0], k[1], opts["padding"].lower(), opts["stride_h"],
        opts["stride_w"], opts["dilation_h_factor"], opts["dilation_w_factor"], cin, mult,
        opts["fused_activation_function"].lower(), "" if b else "_nobias")
    return name, model, [float_input(x.shape, rng)]


def batch_matmul(rng):
    """BATCH_MATMUL FLOAT32 x INT8 (one scale), symmetric input quantization: adj_y, at most one batch dimension."""
    m, k, n = int(rng.integers(1, 6)), int(rng.integers(1, 20)), int(rng.integers(1, 7))
    lb = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 2)))]
    adj_x, adj_y, asym = False, bool(rng.integers(0, 2)), False
    rb = list(lb) if rng.integers(0, 3) else []  # a rank-2 rhs broadcasts only over a batch of 1
    if np.prod(lb, dtype=np.int64) > 1:
        rb = list(lb)
    # LiteRT's hybrid BATCH_MATMUL is wrong with adj_x (it quantizes the untransposed lhs in rows of k), with
    # asymmetric_quantize_inputs, with two or more batch dimensions and when the rhs batch broadcasts (measured:
    # errors up to 10 on outputs of 24 against the dequantized float product); mote refuses these
    # (batch_matmul_test.cc), so none is drawn.
    lhs_shape = lb + ([k, m] if adj_x else [m, k])
    rhs_shape = rb + ([n, k] if adj_y else [k, n])
    nb = max(len(lb), len(rb))
    pad = lambda b: [1] * (nb - len(b)) + b  # noqa: E731
    out_shape = [max(a, b) for a, b in zip(pad(lb), pad(rb))] + [m, n]
    x = T(lhs_shape, "float32")
    w = weights(rhs_shape, 1, 0, False, rng)
    model = single_op_model("BATCH_MATMUL", [x, w], [T(out_shape, "float32")], "BatchMatMulOptions",
                            {"adj_x": adj_x, "adj_y": adj_y, "asymmetric_quantize_inputs": asym}, version=1)
    name = "bmm_%s_%s_x%d%d_%s" % ("x".join(map(str, lhs_shape)), "x".join(map(str, rhs_shape)), adj_x, adj_y,
                                   "asym" if asym else "sym")
    return name, model, [float_input(lhs_shape, rng)]


def halves(shape, rng):
    """Random binary16 values: normals of every exponent, subnormals and signed zeros (no infinities or NaNs,
    which the oracle test's tolerance cannot compare)."""
    bits = rng.integers(0, 0x7c00, size=shape, dtype=np.uint16) | (rng.integers(0, 2, size=shape, dtype=np.uint16)
                                                                  << 15)
    return bits.view(np.float16)


def dequantize_float16(rng):
    """DEQUANTIZE FLOAT16 -> FLOAT32 of a graph input."""
    shape = [int(rng.integers(1, 6)) for _ in range(int(rng.integers(1, 4)))]
    model = single_op_model("DEQUANTIZE", [T(shape, "float16")], [T(shape, "float32")], version=3)
    return "dequantize_f16_%s" % "x".join(map(str, shape)), model, [halves(shape, rng)]


def float16_weights(rng):
    """What the converter writes for float16 weights: FLOAT16 constants, DEQUANTIZE, a FLOAT32 FULLY_CONNECTED."""
    units, depth, batches = int(rng.integers(1, 9)), int(rng.integers(1, 17)), int(rng.integers(1, 4))
    w16 = rng.uniform(-1, 1, size=[units, depth]).astype(np.float16)
    tensors = [T([batches, depth], "float32"), T([units, depth], "float16", data=w16), T([units, depth], "float32"),
               T([batches, units], "float32")]
    ops = [Op("DEQUANTIZE", [1], [2], version=3),
           Op("FULLY_CONNECTED", [0, 2, -1], [3], "FullyConnectedOptions", {"fused_activation_function": "NONE"})]
    model = multi_op_model(tensors, ops)
    return "f16_weights_fc_%dx%d_u%d" % (batches, depth, units), model, \
        [rng.uniform(-2, 2, size=[batches, depth]).astype(np.float32)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    if not litert_oracle.available():
        print("gen_hybrid: no LiteRT (ai-edge-litert here, or $MOTE_LITERT_PYTHON); skipped (cases unchanged)")
        return
    rng = np.random.default_rng(args.seed)
    drawn = [make(rng) for make in (fully_connected, conv, depthwise, batch_matmul) for _ in range(40)]
    drawn += [make(rng) for make in (dequantize_float16, float16_weights) for _ in range(8)]
    origin, results = litert_oracle.run_batch([(m, i) for _, m, i in drawn])
    print("gen_hybrid: seed %d, outputs from %s (reference kernels)" % (args.seed, origin))
    w = CaseWriter("hybrid", seed=args.seed, generator=__file__)
    w.outputs_from = "%s, reference kernels (OpResolverType.BUILTIN_REF)" % origin
    for (name, model, inputs), out in zip(drawn, results):
        if isinstance(out, str):
            raise RuntimeError("LiteRT refused %s: %s" % (name, out))
        w.add(name, model, inputs, out)
    w.write()


if __name__ == "__main__":
    main()
