"""Oracle cases for CONV_2D and DEPTHWISE_CONV_2D, run on TFLM's reference kernels.

Writes two groups: tests/oracle/data/conv_2d.cases and tests/oracle/data/depthwise_conv_2d.cases.

Covered, per op: int8 (per-channel and per-tensor weights, input/output zero points across [-128, 127],
effective scales below and above 1, int32 bias or none), 16x8 (int16 activations, int8 weights; CONV_2D with
int64 bias, int32 bias or none; DEPTHWISE_CONV_2D with int64 bias or none), float32 (bias or none); kernel sizes
1..5 (independent height/width), strides 1..3, dilations 1..3, SAME/VALID, odd channel counts, batches 1..2,
every clamp activation (NONE, RELU, RELU_N1_TO_1, RELU6); grouped CONV_2D (input channels a multiple of the
filter's); depth multipliers 1..3 (and 8, as in person_detect/micro_speech); packed INT4 weights with int8
activations (dtype 'int4': weights in [-8, 7], per-channel and per-tensor, odd element counts). Plus hand-picked
edge cases:
1x1 images, filters larger than the image (SAME), VALID windows that exactly fit, strides larger than the
filter, the int32 accumulator wrap of 16x8 with int32 bias, a zero filter scale, shapes of the shared models.

What mote refuses on purpose (TFLM computes something meaningless there) is not generated: nonzero filter
zero points, nonzero int16 zero points, fused TANH/SIGN_BIT, int32 bias on 16x8 depthwise, INT4 filters with
int16 activations (TFLM refuses them too).

The int4 cases come after all the others (their own pass over the same generator), so adding them left every
earlier case as it was.

Run: .venv/bin/python tools/oracle/gen_conv.py [--seed N] [--out-dir DIR] [--count N]
"""

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261129
DEFAULT_COUNT = 450  # random cases per op; hand-picked edge cases come on top
INT4_COUNT_DIVISOR = 10  # random int4 cases per op: count / 10 (45 by default)

ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]


# ---------------------------------------------------------------------------------------------------------
# Geometry (TFLite's ComputeOutSize)

def out_size(padding, in_size, k, stride, dilation):
    eff = (k - 1) * dilation + 1
    if padding == "SAME":
        return (in_size + stride - 1) // stride
    return (in_size + stride - eff) // stride


def log_uniform(rng, lo, hi):
    return float(math.exp(rng.uniform(math.log(lo), math.log(hi))))


# ---------------------------------------------------------------------------------------------------------
# Case description -> model + inputs


class Case:
    """Everything one case needs; fields are filled by the random and edge-case builders."""

    def __init__(self, op, dtype, batch, h, w, in_ch, kh, kw, stride, dilation, padding, activation,
                 out_ch=None, filter_in_ch=None, depth_multiplier=1, bias="yes", per_channel=True,
                 regime="normal"):
        self.op = op                      # 'CONV_2D' or 'DEPTHWISE_CONV_2D'
        self.dtype = dtype                # 'int8', 'int16', 'float32', 'int4' (int8 activations, INT4 weights)
        self.batch, self.h, self.w, self.in_ch = batch, h, w, in_ch
        self.kh, self.kw = kh, kw
        self.stride = stride              # (stride_h, stride_w)
        self.dilation = dilation          # (dilation_h, dilation_w)
        self.padding = padding
        self.activation = activation
        self.out_ch = out_ch              # CONV_2D
        self.filter_in_ch = filter_in_ch  # CONV_2D (grouped when < in_ch)
        self.depth_multiplier = depth_multiplier
        self.bias = bias                  # 'yes' (int32/float32, int64 for int16 unless bias_type), 'no'
        self.bias_type = None             # int16 CONV_2D: 'int32' or 'int64'
        self.per_channel = per_channel
        self.regime = regime              # 'normal', 'gain' (effective scale > 1), 'wrap', 'zero_scale'
        self.in_zp = None                 # forced zero points (int8), else random
        self.out_zp = None
        self.two_inputs = False           # absent bias: 2-input operator instead of a -1 index

    @property
    def channels_out(self):
        return self.out_ch if self.op == "CONV_2D" else self.in_ch * self.depth_multiplier

    def out_hw(self):
        return (out_size(self.padding, self.h, self.kh, self.stride[0], self.dilation[0]),
                out_size(self.padding, self.w, self.kw, self.stride[1], self.dilation[1]))

    def name(self, index):
        oh, ow = self.out_hw()
        parts = ["%03d" % index, self.dtype, "n%d" % self.batch, "%dx%dx%d" % (self.h, self.w, self.in_ch),
                 "k%dx%d" % (self.kh, self.kw), "s%d%d" % self.stride, "d%d%d" % self.dilation,
                 self.padding.lower()]
        if self.op == "CONV_2D":
            parts.append("oc%d" % self.out_ch)
            if self.filter_in_ch != self.in_ch:
                parts.append("g%d" % (self.in_ch // self.filter_in_ch))
        else:
            parts.append("dm%d" % self.depth_multiplier)
        if self.dtype != "float32":
            parts.append("pc" if self.per_channel else "pt")
        if self.bias == "no":
            parts.append("nobias")
        elif self.bias_type:
            parts.append("b" + self.bias_type[3:])
        if self.regime != "normal":
            parts.append(self.regime)
        parts.append(self.activation.lower().replace("_", ""))
        return "_".join(parts)


def filter_shape(c):
    if c.op == "CONV_2D":
        return [c.out_ch, c.kh, c.kw, c.filter_in_ch]
    return [1, c.kh, c.kw, c.channels_out]


def taps_per_output(c):
    return c.kh * c.kw * (c.filter_in_ch if c.op == "CONV_2D" else 1)


def build(c, rng):
    """(model bytes, [input arrays]) for case c."""
    oc = c.channels_out
    oh, ow = c.out_hw()
    assert oh >= 1 and ow >= 1, "case geometry gives an empty output"
    fshape = filter_shape(c)
    qdim = 0 if c.op == "CONV_2D" else 3
    taps = taps_per_output(c)

    if c.dtype == "float32":
        x = T([c.batch, c.h, c.w, c.in_ch], "float32")
        f = T(fshape, "float32", data=rng.uniform(-1, 1, fshape))
        b = T([oc], "float32", data=rng.uniform(-1, 1, oc)) if c.bias == "yes" else None
        y = T([c.batch, oh, ow, oc], "float32")
        inputs = [random_input(x, rng)]
    else:
        is16 = c.dtype == "int16"
        act_dtype = "int8" if c.dtype == "int4" else c.dtype
        wmax = 7 if c.dtype == "int4" else 127  # INT4 weights span [-8, 7]
        qmin, qmax = (-32768, 32767) if is16 else (-128, 127)
        in_scale = log_uniform(rng, 0.002, 0.1)
        if is16:
            in_zp = out_zp = 0
        else:
            in_zp = c.in_zp if c.in_zp is not None else int(rng.integers(-128, 128))
            out_zp = c.out_zp if c.out_zp is not None else int(rng.integers(-100, 101))
        n_scales = oc if c.per_channel else 1
        f_scales = np.array([log_uniform(rng, 0.001, 0.05) for _ in range(n_scales)])
        if c.regime == "zero_scale":
            f_scales[int(rng.integers(0, n_scales))] = 0.0

        # Weights and inputs: full range normally; tiny magnitudes in the 'gain' regime so that the
        # accumulators are small and the effective scale (in * filter / out) ends up above 1; all-maximal in
        # the 'wrap' regime (16x8 int32 accumulator overflow).
        x = T([c.batch, c.h, c.w, c.in_ch], act_dtype, scale=in_scale, zero_point=in_zp)
        if c.regime == "gain":
            wdata = rng.integers(-1, 2, fshape)
            inp = random_input(x, rng, low=max(qmin, in_zp - 3), high=min(qmax, in_zp + 3))
        elif c.regime == "wrap":
            wdata = np.full(fshape, 127)
            inp = np.full(x.shape, qmax, dtype=x.np_dtype)
        else:
            wdata = rng.integers(-wmax - (1 if c.dtype == "int4" else 0), wmax + 1, fshape)
            inp = random_input(x, rng)
        bdata = None
        if c.bias == "yes":
            if is16:
                btype = c.bias_type or "int64"
                lim = 2**20 if btype == "int64" else 2**18
            else:
                btype, lim = "int32", 20000
            if c.regime == "gain":
                lim = 20
            bdata = rng.integers(-lim, lim, oc)

        # Output scale from the accumulators' spread: per output channel, |mean + bias| + 2 std of
        # sum(w * (x - zp)) over the window, in real units; the largest channel maps to the output range times
        # a log-uniform factor (some saturation is intended: it exercises the clamps).
        dev = inp.astype(np.float64) - in_zp
        mean_dev, var_dev = float(dev.mean()), float(dev.var())
        w_by_oc = (wdata.reshape(oc, -1) if c.op == "CONV_2D" else wdata.reshape(-1, oc).T).astype(np.float64)
        fs_by_oc = f_scales if c.per_channel else np.full(oc, f_scales[0])
        acc_mean = w_by_oc.sum(axis=1) * mean_dev + (bdata if bdata is not None else 0)
        acc_std = np.sqrt((w_by_oc ** 2).sum(axis=1) * var_dev)
        spread = float(np.max((np.abs(acc_mean) + 2 * acc_std + 1) * in_scale * fs_by_oc))
        if spread <= 0:
            spread = in_scale * 0.01
        out_scale = spread / qmax * log_uniform(rng, 0.5, 2.0)
        act_range = {"RELU6": 6.0, "RELU_N1_TO_1": 2.0}.get(c.activation)
        if act_range is not None and c.regime == "normal" and rng.random() < 0.7:
            # As in real models: the output scale covers the activation's range, and the input scale is
            # adjusted so the pre-activation values spread over it (same effective scales as above).
            target = act_range / (qmax - qmin) * log_uniform(rng, 0.7, 1.4)
            in_scale *= target / out_scale
            out_scale = target
            x = T([c.batch, c.h, c.w, c.in_ch], act_dtype, scale=in_scale, zero_point=in_zp)
        if is16:
            # Keep 16x8 effective scales below 2^7, the range TFLM's 64-bit requantization is specified for.
            out_scale = max(out_scale, in_scale * float(np.max(fs_by_oc)) / 100.0)
        f = T(fshape, "int4" if c.dtype == "int4" else "int8", data=wdata, scale=list(f_scales), zero_point=[0] * n_scales, quantized_dimension=qdim)
        b = None
        if bdata is not None:
            bscales = [in_scale * s for s in f_scales]
            b = T([oc], btype, data=bdata, scale=bscales, zero_point=[0] * len(bscales))
        y = T([c.batch, oh, ow, oc], act_dtype, scale=out_scale, zero_point=out_zp)
        inputs = [inp]

    if c.op == "CONV_2D":
        options_type = "Conv2DOptions"
        options = {"padding": c.padding, "stride_h": c.stride[0], "stride_w": c.stride[1],
                   "dilation_h_factor": c.dilation[0], "dilation_w_factor": c.dilation[1],
                   "fused_activation_function": c.activation}
        version = {"float32": 1, "int8": 3, "int16": 4, "int4": 7}[c.dtype]
        if c.dilation != (1, 1) and version == 1:
            version = 2
    else:
        options_type = "DepthwiseConv2DOptions"
        options = {"padding": c.padding, "stride_h": c.stride[0], "stride_w": c.stride[1],
                   "dilation_h_factor": c.dilation[0], "dilation_w_factor": c.dilation[1],
                   "depth_multiplier": c.depth_multiplier, "fused_activation_function": c.activation}
        version = {"float32": 1, "int8": 3, "int16": 5, "int4": 7}[c.dtype]
        if c.dilation != (1, 1) and version == 1:
            version = 2
    if b is None and (c.op == "DEPTHWISE_CONV_2D" or c.two_inputs):
        # TFLM's DEPTHWISE_CONV_2D crashes on a bias index of -1 (it releases a null temp tensor), so absent
        # biases are written as a 2-input operator there; CONV_2D cases use both forms.
        op_inputs = [x, f]
    else:
        op_inputs = [x, f, b]
    model = single_op_model(c.op, op_inputs, [y], options_type, options, version=version)
    return model, inputs


# ---------------------------------------------------------------------------------------------------------
# Random cases


def random_geometry(rng):
    """(h, w, kh, kw, stride, dilation, padding) with a non-empty output."""
    while True:
        kh, kw = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        stride = (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
        dilation = (1, 1) if rng.random() < 0.5 else (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
        padding = "SAME" if rng.random() < 0.5 else "VALID"
        h, w = int(rng.integers(1, 12)), int(rng.integers(1, 12))
        if padding == "VALID":
            # Grow the image so that at least one window fits, sometimes exactly.
            h = max(h, (kh - 1) * dilation[0] + 1 + int(rng.integers(0, 4)))
            w = max(w, (kw - 1) * dilation[1] + 1 + int(rng.integers(0, 4)))
        if h * w <= 160:
            return h, w, kh, kw, stride, dilation, padding


def pick_dtype(rng):
    r = rng.random()
    return "int8" if r < 0.55 else ("int16" if r < 0.78 else "float32")


def random_case(op, rng, dtype=None):
    dtype = dtype or pick_dtype(rng)
    h, w, kh, kw, stride, dilation, padding = random_geometry(rng)
    batch = 1 if rng.random() < 0.7 else 2
    activation = ACTIVATIONS[int(rng.integers(0, len(ACTIVATIONS)))]
    per_channel = rng.random() < 0.7
    bias = "yes" if rng.random() < 0.8 else "no"
    regime = "gain" if (dtype != "float32" and rng.random() < 0.15) else "normal"
    if op == "CONV_2D":
        groups = 1 if rng.random() < 0.8 else int(rng.integers(2, 4))
        filter_in = int(rng.integers(1, 8))
        in_ch = filter_in * groups
        out_ch = groups * int(rng.integers(1, 8 if groups == 1 else 4))
        c = Case(op, dtype, batch, h, w, in_ch, kh, kw, stride, dilation, padding, activation, out_ch=out_ch,
                 filter_in_ch=filter_in, bias=bias, per_channel=per_channel, regime=regime)
        if dtype == "int16" and bias == "yes":
            c.bias_type = "int64" if rng.random() < 0.6 else "int32"
        c.two_inputs = rng.random() < 0.5
    else:
        in_ch = int(rng.integers(1, 10))
        dm = int(rng.integers(1, 4))
        c = Case(op, dtype, batch, h, w, in_ch, kh, kw, stride, dilation, padding, activation, depth_multiplier=dm,
                 bias=bias, per_channel=per_channel, regime=regime)
    return c


# ---------------------------------------------------------------------------------------------------------
# Hand-picked edge cases


def conv_edges():
    C = lambda *a, **k: Case("CONV_2D", *a, **k)  # noqa: E731
    cases = []
    for dt in ("int8", "int16", "float32"):
        # 1x1 image, 1x1 filter, one channel.
        cases.append(C(dt, 1, 1, 1, 1, 1, 1, (1, 1), (1, 1), "VALID", "NONE", out_ch=1, filter_in_ch=1))
        # Filter larger than the image (SAME): most taps fall outside.
        cases.append(C(dt, 1, 2, 3, 3, 5, 5, (1, 1), (1, 1), "SAME", "RELU", out_ch=3, filter_in_ch=3))
        # VALID window that exactly fits (dilated): 1x1 output.
        cases.append(C(dt, 2, 7, 5, 2, 3, 2, (2, 3), (3, 4), "VALID", "NONE", out_ch=4, filter_in_ch=2))
        # Stride larger than the filter: skipped input pixels; odd padding offset.
        cases.append(C(dt, 1, 8, 9, 3, 2, 2, (3, 3), (1, 1), "SAME", "RELU6", out_ch=5, filter_in_ch=3))
        # Dilation making the effective filter larger than the image (SAME).
        cases.append(C(dt, 1, 4, 4, 2, 3, 3, (1, 1), (3, 3), "SAME", "RELU_N1_TO_1", out_ch=2, filter_in_ch=2))
        # Grouped convolution, batch 2, depthwise-like (filter input depth 1).
        cases.append(C(dt, 2, 5, 5, 6, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=6, filter_in_ch=1))
        # Grouped, 3 groups of 3 channels, 2 filters per group.
        cases.append(C(dt, 1, 6, 5, 9, 3, 2, (2, 1), (1, 2), "VALID", "RELU", out_ch=6, filter_in_ch=3))
    # Shapes of the shared models' hot ops (int8, per-channel).
    cases.append(C("int8", 1, 12, 12, 32, 1, 1, (1, 1), (1, 1), "SAME", "RELU6", out_ch=64, filter_in_ch=32))
    cases.append(C("int8", 1, 16, 16, 3, 3, 3, (2, 2), (1, 1), "SAME", "RELU", out_ch=8, filter_in_ch=3))
    cases.append(C("int8", 1, 20, 10, 1, 10, 4, (2, 2), (1, 1), "SAME", "RELU", out_ch=16, filter_in_ch=1))
    cases.append(C("int8", 1, 1, 1, 64, 1, 1, (1, 1), (1, 1), "VALID", "NONE", out_ch=2, filter_in_ch=64))
    # int8 input zero point -128 (post-ReLU activations) and extreme output zero points.
    for in_zp, out_zp, act, pc in ((-128, -128, "RELU", True), (127, 127, "NONE", True), (127, -128, "RELU6", False)):
        c = C("int8", 1, 6, 6, 8, 3, 3, (1, 1), (1, 1), "SAME", act, out_ch=8, filter_in_ch=8, per_channel=pc)
        c.in_zp, c.out_zp = in_zp, out_zp
        cases.append(c)
    # Effective scale > 1, per-tensor and per-channel.
    cases.append(C("int8", 1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=4, filter_in_ch=3,
                   per_channel=False, regime="gain"))
    cases.append(C("int16", 1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=4, filter_in_ch=3,
                   regime="gain"))
    # A zero filter scale on one channel (multiplier 0: that channel outputs the zero point, clamped).
    cases.append(C("int8", 1, 4, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=5, filter_in_ch=3,
                   regime="zero_scale"))
    # 16x8 bias variants: int64, int32 (TFLM's int32 accumulator), none (int64 accumulator, like int64 bias).
    for bt in ("int64", "int32"):
        c = C("int16", 1, 5, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=4, filter_in_ch=3)
        c.bias_type = bt
        cases.append(c)
    cases.append(C("int16", 1, 5, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "RELU", out_ch=4, filter_in_ch=3, bias="no"))
    for dt in ("int8", "float32"):
        c = C(dt, 1, 5, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", out_ch=4, filter_in_ch=3, bias="no")
        c.two_inputs = True
        cases.append(c)
    # 16x8 with int32 bias: 576 taps of 127 * 32767 overflow TFLM's int32 accumulator (it wraps).
    c = C("int16", 1, 3, 3, 64, 3, 3, (1, 1), (1, 1), "VALID", "NONE", out_ch=2, filter_in_ch=64, regime="wrap")
    c.bias_type = "int32"
    cases.append(c)
    return cases


def depthwise_edges():
    D = lambda *a, **k: Case("DEPTHWISE_CONV_2D", *a, **k)  # noqa: E731
    cases = []
    for dt in ("int8", "int16", "float32"):
        cases.append(D(dt, 1, 1, 1, 1, 1, 1, (1, 1), (1, 1), "VALID", "NONE"))
        cases.append(D(dt, 1, 2, 3, 3, 5, 5, (1, 1), (1, 1), "SAME", "RELU", depth_multiplier=2))
        cases.append(D(dt, 2, 7, 5, 2, 3, 2, (2, 3), (3, 4), "VALID", "NONE", depth_multiplier=3))
        cases.append(D(dt, 1, 8, 9, 3, 2, 2, (3, 3), (1, 1), "SAME", "RELU6"))
        cases.append(D(dt, 1, 4, 4, 2, 3, 3, (1, 1), (3, 3), "SAME", "RELU_N1_TO_1", depth_multiplier=2))
        cases.append(D(dt, 1, 9, 8, 1, 3, 3, (2, 2), (1, 1), "SAME", "RELU", depth_multiplier=8))
    # Shared-model shapes: vww/person_detect 3x3 stride 1 and 2, micro_speech 10x8 dm 8.
    cases.append(D("int8", 1, 12, 12, 32, 3, 3, (1, 1), (1, 1), "SAME", "RELU6"))
    cases.append(D("int8", 1, 12, 12, 16, 3, 3, (2, 2), (1, 1), "SAME", "RELU"))
    cases.append(D("int8", 1, 25, 20, 1, 10, 8, (2, 2), (1, 1), "SAME", "RELU", depth_multiplier=8))
    for in_zp, out_zp, act, pc in ((-128, -128, "RELU", False), (127, 127, "NONE", True), (127, -128, "RELU6", True)):
        c = D("int8", 1, 6, 6, 8, 3, 3, (1, 1), (1, 1), "SAME", act, per_channel=pc)
        c.in_zp, c.out_zp = in_zp, out_zp
        cases.append(c)
    cases.append(D("int8", 1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", per_channel=False, regime="gain"))
    cases.append(D("int16", 1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", depth_multiplier=2, regime="gain"))
    cases.append(D("int8", 1, 4, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", depth_multiplier=2,
                   regime="zero_scale"))
    for dt in ("int8", "int16", "float32"):
        cases.append(D(dt, 1, 5, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "RELU", depth_multiplier=2, bias="no"))
    return cases


# ---------------------------------------------------------------------------------------------------------


def int4_edges(op):
    """Packed INT4 weights: odd and even element counts, per-tensor, the 'gain' regime, extreme zero points."""
    K = lambda *a, **k: Case(op, "int4", *a, **k)  # noqa: E731
    conv = op == "CONV_2D"
    shape = (lambda oc, fic: dict(out_ch=oc, filter_in_ch=fic)) if conv else (lambda oc, fic: dict(depth_multiplier=oc))
    cases = [
        K(1, 1, 1, 1, 1, 1, (1, 1), (1, 1), "VALID", "NONE", **shape(1, 1)),  # one weight: a half-used byte
        K(1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "RELU", **shape(5 if conv else 1, 3)),  # odd count
        K(1, 6, 6, 4, 3, 3, (2, 2), (1, 1), "SAME", "RELU6", **shape(4 if conv else 2, 4), per_channel=False),
        K(2, 7, 6, 2, 2, 3, (1, 2), (2, 1), "VALID", "NONE", **shape(3 if conv else 3, 2)),
        K(1, 5, 5, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", **shape(4 if conv else 2, 3), regime="gain"),
        K(1, 4, 4, 3, 3, 3, (1, 1), (1, 1), "SAME", "NONE", **shape(5 if conv else 2, 3), bias="no"),
    ]
    if conv:  # the shapes the x86 variants take: 1x1 (pointwise) and a first-layer 3x3
        cases.append(K(1, 8, 8, 16, 1, 1, (1, 1), (1, 1), "VALID", "RELU6", out_ch=24, filter_in_ch=16))
        cases.append(K(1, 9, 9, 3, 3, 3, (2, 2), (1, 1), "SAME", "RELU", out_ch=9, filter_in_ch=3))
    else:  # multiplier 1 with 16 channels (the AVX2 path), multiplier 8
        cases.append(K(1, 8, 8, 16, 3, 3, (1, 1), (1, 1), "SAME", "RELU6"))
        cases.append(K(1, 9, 8, 1, 3, 3, (2, 2), (1, 1), "SAME", "RELU", depth_multiplier=8))
    for in_zp, out_zp in ((-128, 127), (127, -128)):
        c = K(1, 6, 6, 8, 3, 3, (1, 1), (1, 1), "SAME", "NONE", **shape(8 if conv else 1, 8))
        c.in_zp, c.out_zp = in_zp, out_zp
        cases.append(c)
    return cases


def generate(group, op, edges, count, rng, seed):
    writer = CaseWriter(group, seed=seed, generator=__file__)
    cases = edges + [random_case(op, rng) for _ in range(count)]
    for i, c in enumerate(cases):
        model, inputs = build(c, rng)
        writer.add_run(("edge_" if i < len(edges) else "rand_") + c.name(i), model, inputs)
    # The int4 pass (see the file comment): its edge cases, then random ones, from a generator of their own so
    # that the next op's cases do not move either.
    rng4 = np.random.default_rng([seed, 4, 0 if op == "CONV_2D" else 1])
    edges4 = int4_edges(op)
    cases4 = edges4 + [random_case(op, rng4, dtype="int4") for _ in range(count // INT4_COUNT_DIVISOR)]
    for j, c in enumerate(cases4):
        model, inputs = build(c, rng4)
        writer.add_run(("edge_" if j < len(edges4) else "rand_") + c.name(len(cases) + j), model, inputs)
    writer.write()
    return len(cases) + len(cases4)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="random cases per op")
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_conv: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    generate("conv_2d", "CONV_2D", conv_edges(), args.count, rng, args.seed)
    generate("depthwise_conv_2d", "DEPTHWISE_CONV_2D", depthwise_edges(), args.count, rng, args.seed)


if __name__ == "__main__":
    main()
