"""Whole-graph differential testing: random valid models composed from the ops mote implements, run on TFLM
(the oracle) and on mote, outputs compared. Single-op cases miss what only appears between ops: layouts,
in-place reuse, the memory planner's buffer sharing, broadcasting into a planned buffer, type changes.

    graph_fuzz.py --seed 1 --count 200 --max-ops 10      # 200 models, reproducible from the seed
    graph_fuzz.py --seed 7 --minutes 240                 # until the time budget ends (see docs/graph-fuzz.md)

The fixed regression set tests/oracle/data/graph_fuzz.cases is made from these models by gen_graph_fuzz.py
(regenerate.sh graph_fuzz), like every other oracle group.

How a model is made (every choice from the seed): 1-3 graph inputs of random type (float32, int8, int16) and
shape (mostly NHWC images, ranks 1-4); then ops are appended one at a time, each drawn from SPECS (one
generator spec per op of include/mote/op_table.h) and applied to a random tensor of the pool (every runtime
tensor made so far, so a tensor often feeds several ops: branches). A spec converts its input to a type it
takes (QUANTIZE, DEQUANTIZE or CAST inserted between: float32 <-> int8 <-> int16, int32, bool), draws its
options, constants and output quantization the way TFLM expects (LOGISTIC/TANH/SOFTMAX/LOG_SOFTMAX fixed
output scales, same-scale ops given their input's quantization), and binary ops, CONCATENATION, ADD_N and
SELECT_V2 join it with a second operand: another pool tensor (a join of two branches; broadcast shapes), a
constant, a fresh graph input, or the same tensor. Graph outputs are the tensors nobody consumes plus a few
random intermediates (tensors that are both consumed and outputs).

Every tensor carries a conservative real-value interval (interval arithmetic through each op), so that specs
draw only what TFLM computes meaningfully (LOG/SQRT/RSQRT of positives, divisors away from zero, EXP without
overflow, output scales that fit) and output quantizations from the interval. A float32 tensor is "noisy" once
an op whose float result may differ in the last bits between two correct implementations made it (libm
functions, sums in another order: NOISY_FLOAT_OPS); a noisy float never feeds an op that is discontinuous in
its input (FLOOR, ROUND, CAST to integer, QUANTIZE, comparisons, ARG_MAX...), where one ulp becomes a whole
step and an honest difference would look like a bug.

Comparison (the oracle test's, tests/support/oracle_cases.h): integer and bool outputs bit for bit, float32
within 1e-6 absolute + 1e-5 relative to TFLM's value; NaN matches NaN.

Each batch of models is run on TFLM first (oracle_lib.run_tflm, a child process: an abort kills only it). A
model TFLM refuses or aborts on is a generator bug: counted, shown, and not run on mote (the spec must learn to
avoid it). The others go to mote's build/release/tests/oracle_case_runner ($MOTE_CASE_RUNNER overrides it) in
one temporary .cases file; a case mote refuses or computes differently is a disagreement, appended (with
TFLM's outputs as the expected values) to --found (default tests/oracle/data/graph_fuzz_found.cases, which the
oracle test then runs forever). The exit status is 1 when there was a disagreement or a generator bug.

Every one of the 93 builtins of the op table has a spec. Type limits (TFLM's kernels or mote's documented
refusals): SVDF only float32 (the int8 variant's many tensors and scales are covered by gen_svdf.py's cases);
FLOOR/CEIL/ROUND/NEG/SQUARE/SQRT/SIN/COS/LOG/EXP/FLOOR_DIV/FLOOR_MOD/L2_POOL_2D float32 only; int16 only where
TFLM has it (zero points 0); no int64/uint8 tensors (CAST/QUANTIZE cover the rest in their own cases). The
shape, index and image/matrix ops take the types of their single-op generators (gen_shape_layout.py,
gen_index_layout.py, gen_image_matrix.py), with their index, shape, block and size inputs constant (SHAPE's
runtime output feeds BROADCAST_ARGS, a runtime graph input DYNAMIC_UPDATE_SLICE's start indices now and then);
SPACE_TO_BATCH_ND is drawn without padding (TFLM pads with an output_offset it never sets: stale arena memory,
where mote pads int8 with the zero point and float32 with 0); rank-0 runtime tensors are never made (the
runner cannot feed them).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_lib  # noqa: E402
from oracle_lib import T, Op, build_model, run_tflm, TflmAborted, TflmRefused, CaseWriter  # noqa: E402

DEFAULT_SEED = 15
MAX_ELEMENTS = 768          # per tensor: keeps models fast and case files small
MAX_RANK = 4
FLOAT_LIMIT = 1e4           # specs decline inputs whose interval reaches beyond this
BATCH = 40                  # models per mote runner invocation
QMIN = {"int8": -128, "int16": -32768}
QMAX = {"int8": 127, "int16": 32767}
QUANTIZED = ("int8", "int16")

# Ops whose float32 result may differ in the last bits between two correct implementations (libm, summation
# order, fused multiply-add): their float outputs are noisy (see the module docstring).
NOISY_FLOAT_OPS = {
    "EXP", "LOG", "SIN", "COS", "TANH", "LOGISTIC", "ELU", "SOFTMAX", "LOG_SOFTMAX", "L2_NORMALIZATION", "RSQRT",
    "MEAN", "SUM", "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "AVERAGE_POOL_2D", "SVDF", "HARD_SWISH",
    "CUMSUM", "DEQUANTIZE", "SQUARED_DIFFERENCE", "ADD_N", "DIV", "FLOOR_DIV", "FLOOR_MOD", "LEAKY_RELU", "PRELU",
    "MUL", "L2_POOL_2D", "RESIZE_BILINEAR", "TRANSPOSE_CONV", "BATCH_MATMUL",
}


class Skip(Exception):
    """A spec cannot apply to the tensor it was given; the composer tries another."""


class Info:
    """What the generator knows of a tensor's values: a conservative interval (real values for quantized
    tensors, raw values for int32/bool) and whether float rounding noise may be in them."""

    def __init__(self, lo, hi, noisy=False):
        self.lo = float(lo)
        self.hi = float(hi)
        self.noisy = bool(noisy)

    @property
    def mag(self):
        return max(abs(self.lo), abs(self.hi))


class Graph:
    def __init__(self, rng):
        self.rng = rng
        self.tensors = []
        self.info = []
        self.ops = []
        self.inputs = []
        self.pool = []          # runtime tensors ops may consume
        self.consumed = set()
        self.op_names = []

    # --- tensors -------------------------------------------------------------------------------------------
    def _add(self, t, info):
        self.tensors.append(t)
        self.info.append(info)
        return len(self.tensors) - 1

    def t(self, i):
        return self.tensors[i]

    def runtime(self, shape, dtype, lo, hi, noisy=False, q=None):
        """A new runtime tensor; q: (scale, zero_point) for a quantized one (its interval is then clipped to
        what the quantization represents)."""
        scale, zp = q if q is not None else (None, None)
        if q is not None:
            lo = max(lo, (QMIN[dtype] - zp) * scale)
            hi = min(hi, (QMAX[dtype] - zp) * scale)
            lo, hi = min(lo, hi), max(lo, hi)
        return self._add(T(shape, dtype, scale=scale, zero_point=zp), Info(lo, hi, noisy and dtype == "float32"))

    def const(self, data, dtype, q=None):
        data = np.asarray(data)
        scale, zp = q if q is not None else (None, None)
        t = T(list(data.shape), dtype, data=data, scale=scale, zero_point=zp)
        real = data.astype(np.float64) if q is None else (data.astype(np.float64) - zp) * scale
        lo, hi = (float(real.min()), float(real.max())) if real.size else (0.0, 0.0)
        return self._add(t, Info(lo, hi))

    def new_input(self, shape, dtype):
        """A fresh graph input of dtype: float32 in [-r, r]; quantized over a random real range; int32
        small integers; bool."""
        rng = self.rng
        r = float(rng.choice([0.5, 1.0, 2.0, 4.0]))
        if dtype == "float32":
            i = self.runtime(shape, dtype, -r, r)
        elif dtype in QUANTIZED:
            lo = -r * float(rng.uniform(0.2, 1.0)) if rng.random() < 0.8 else 0.0
            i = self.runtime(shape, dtype, lo, r, q=quant_for(rng, dtype, lo, r))
        elif dtype == "int32":
            i = self.runtime(shape, dtype, -100, 100)
        else:
            i = self.runtime(shape, dtype, 0, 1)
        self.inputs.append(i)
        self.pool.append(i)
        return i

    def draw_input(self, i):
        """Random values inside tensor i's interval."""
        t, info, rng = self.tensors[i], self.info[i], self.rng
        if t.dtype == "float32":
            return rng.uniform(info.lo, info.hi, size=t.shape).astype(np.float32)
        if t.dtype == "bool":
            return rng.integers(0, 2, size=t.shape).astype(np.bool_)
        if t.dtype in QUANTIZED:
            s, z = t.scale[0], t.zero_point[0]
            lo = int(np.clip(np.ceil(info.lo / s + z), QMIN[t.dtype], QMAX[t.dtype]))
            hi = int(np.clip(np.floor(info.hi / s + z), QMIN[t.dtype], QMAX[t.dtype]))
            return rng.integers(lo, max(lo, hi), size=t.shape, endpoint=True).astype(t.np_dtype)
        return rng.integers(int(info.lo), int(info.hi), size=t.shape, endpoint=True).astype(t.np_dtype)

    # --- ops -----------------------------------------------------------------------------------------------
    def emit(self, name, inputs, outputs, options_type=None, options=None):
        self.ops.append(Op(name, inputs, outputs, options_type, options))
        self.op_names.append(name)
        for i in inputs:
            if i >= 0:
                self.consumed.add(i)
        for o in outputs:
            self.pool.append(o)
        return outputs[0]

    # --- conversions ---------------------------------------------------------------------------------------
    def to_type(self, x, dtype):
        """x converted to dtype by QUANTIZE / DEQUANTIZE / CAST (Skip when no exact conversion exists)."""
        src = self.t(x).dtype
        if src == dtype:
            return x
        info, rng = self.info[x], self.rng
        shape = self.t(x).shape
        if dtype == "bool":
            if src == "float32" and info.noisy:
                raise Skip()
            # a threshold in the middle of the interval, so that both results occur
            thr = info.lo + (info.hi - info.lo) * float(rng.uniform(0.35, 0.65))
            if src in QUANTIZED:
                x = self.to_type(x, "float32")
            c = self.const(np.full([1], thr, np.float32 if src != "int32" else np.int32),
                           "float32" if src != "int32" else "int32")
            return self.emit("GREATER", [x, c], [self.runtime(shape, "bool", 0, 1)])
        if src == "bool":
            if dtype in QUANTIZED:
                s = float(rng.uniform(0.01, 0.5))
                return self.emit("CAST", [x], [self.runtime(shape, dtype, 0, s, q=(s, 0))])
            return self.emit("CAST", [x], [self.runtime(shape, dtype, 0, 1)])
        if dtype == "float32":
            if src in QUANTIZED:
                return self.emit("DEQUANTIZE", [x], [self.runtime(shape, dtype, info.lo, info.hi)])
            if info.mag > 2 ** 24:
                raise Skip()
            return self.emit("CAST", [x], [self.runtime(shape, dtype, info.lo, info.hi)])
        if dtype == "int32":
            if src in QUANTIZED:  # raw values
                s, z = self.t(x).scale[0], self.t(x).zero_point[0]
                lo, hi = np.floor(info.lo / s + z) - 1, np.ceil(info.hi / s + z) + 1
                return self.emit("CAST", [x], [self.runtime(shape, dtype, max(lo, QMIN[src]), min(hi, QMAX[src]))])
            if info.noisy or info.mag > 1e6:
                raise Skip()
            x = widen(self, x)
            info = self.info[x]
            return self.emit("CAST", [x], [self.runtime(shape, dtype, np.trunc(info.lo), np.trunc(info.hi))])
        # -> int8 / int16
        if src == "float32":
            if info.noisy or info.mag > FLOAT_LIMIT:
                raise Skip()
            return self.emit("QUANTIZE", [x], [self.runtime(shape, dtype, info.lo, info.hi,
                                                            q=quant_for(rng, dtype, info.lo, info.hi))])
        if src in QUANTIZED:
            return self.requantize(x, dtype, quant_for(rng, dtype, info.lo, info.hi))
        # int32 -> quantized: raw values through CAST when they fit (the result carries a scale CAST ignores)
        if info.lo < QMIN[dtype] or info.hi > QMAX[dtype]:
            raise Skip()
        s = float(rng.uniform(0.005, 0.05))
        return self.emit("CAST", [x], [self.runtime(shape, dtype, info.lo * s, info.hi * s, q=(s, 0))])

    def requantize(self, x, dtype, q):
        """x (quantized) as dtype with quantization q, by QUANTIZE (x itself when it already is)."""
        t = self.t(x)
        if t.dtype == dtype and (t.scale[0], t.zero_point[0]) == (q[0], q[1]):
            return x
        ratio = t.scale[0] / q[0]
        if not 1.0 / 250 < ratio < 250:  # TFLM's requantize multiplier must stay representable
            raise Skip()
        info = self.info[x]
        return self.emit("QUANTIZE", [x], [self.runtime(t.shape, dtype, info.lo, info.hi, q=q)])

    def like(self, y, x):
        """y converted to x's type and (quantized) x's quantization."""
        tx = self.t(x)
        y = self.to_type(y, tx.dtype)
        if tx.dtype in QUANTIZED:
            y = self.requantize(y, tx.dtype, qof(tx))
        return y

    def model(self):
        outs = [i for i in dict.fromkeys(o for op in self.ops for o in op.outputs) if i not in self.consumed]
        extra = [i for i in dict.fromkeys(o for op in self.ops for o in op.outputs)
                 if i in self.consumed and self.rng.random() < 0.12]
        outputs = outs + extra
        return build_model(self.tensors, self.ops, self.inputs, outputs, description="mote graph fuzz")


# ---------------------------------------------------------------------------------------------------------
# Helpers for the specs


def qof(t):
    return (t.scale[0], t.zero_point[0])


def quant_for(rng, dtype, lo, hi, min_scale=0.0):
    """A quantization for real values in [lo, hi]: int8 asymmetric over the range (a little narrower or wider
    at random, so some values saturate), int16 symmetric with zero point 0 (what TFLM's int16 kernels need).
    The scale is at least min_scale."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)  # zero must be representable
    if dtype == "int8":
        span = max(hi - lo, 1e-3)
        s = max(span / 255.0 * float(rng.uniform(0.85, 1.3)), min_scale)
        zp = int(np.clip(np.round(-128 - lo / s), -128, 127))
        return (float(np.float32(s)), zp)
    m = max(abs(lo), abs(hi), 1e-3)
    return (float(np.float32(max(m / 32767.0 * float(rng.uniform(0.85, 1.3)), min_scale))), 0)


# An op's output scale is at least its input's / MAX_SCALE_DROP: a larger requantization multiplier makes TFLM's
# (x - zp) << shift overflow int32, which mote refuses (e.g. "PRELU: output scale ... is too small").
MAX_SCALE_DROP = 1024.0


def shape_of(g, x):
    return list(g.t(x).shape)


def nelem(shape):
    return int(np.prod(shape, dtype=np.int64))


def pick_type(g, x, allowed):
    """One of `allowed`, preferring x's own type (fewer conversions) half the time."""
    src = g.t(x).dtype
    if src in allowed and g.rng.random() < 0.6:
        return src
    return str(g.rng.choice(allowed))


def out_like(g, x, lo, hi, noisy, dtype=None, shape=None, q="derive"):
    """An output tensor for an op on x: dtype/shape default to x's; q 'derive' draws a quantization from
    [lo, hi] (quantized types), 'same' keeps x's, or an explicit (scale, zp)."""
    dtype = dtype or g.t(x).dtype
    shape = shape if shape is not None else shape_of(g, x)
    if dtype not in QUANTIZED:
        qq = None
    elif q == "derive":
        tx = g.t(x)
        floor = tx.scale[0] / MAX_SCALE_DROP if tx.dtype in QUANTIZED and tx.scale else 0.0
        qq = quant_for(g.rng, dtype, lo, hi, floor)
    elif q == "same":
        qq = qof(g.t(x))
    else:
        qq = q
    return g.runtime(shape, dtype, lo, hi, noisy=noisy, q=qq)


def activation(g, allowed=("NONE", "RELU", "RELU6", "RELU_N1_TO_1")):
    return str(g.rng.choice(allowed))


def clamp_interval(act, lo, hi):
    bounds = {"NONE": (-np.inf, np.inf), "RELU": (0, np.inf), "RELU6": (0, 6), "RELU_N1_TO_1": (-1, 1)}[act]
    lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    if lo > hi:
        lo = hi = min(max(lo, bounds[0]), bounds[1])
    return lo, hi


def make_positive(g, x, floor):
    """x's values moved to at least `floor` (float32): ABS then ADD a constant, when they are not already."""
    x = g.to_type(x, "float32")
    if g.info[x].lo >= floor:
        return x
    i = g.info[x]
    a = g.emit("ABS", [x], [g.runtime(shape_of(g, x), "float32", 0, i.mag, i.noisy)])
    c = g.const(np.array([floor], np.float32), "float32")
    return g.emit("ADD", [a, c], [g.runtime(shape_of(g, x), "float32", floor, i.mag + floor, i.noisy)],
                  "AddOptions", {"fused_activation_function": "NONE"})


def broadcast_partner_shape(g, shape):
    """A shape that broadcasts against `shape`: the same, trailing dims only, or some dims set to 1."""
    rng = g.rng
    r = rng.random()
    if r < 0.35:
        return list(shape)
    if r < 0.55:
        k = int(rng.integers(1, len(shape) + 1))
        return list(shape[-k:])
    if r < 0.7:
        return [1]
    return [d if rng.random() < 0.5 else 1 for d in shape]


def partner(g, x, dtype, nonzero=False, same_quant=False):
    """The second operand of a binary op on x (already of dtype): a pool tensor whose shape broadcasts with
    x's (a join of two branches), a constant, a fresh graph input, or x itself. same_quant: a quantized
    partner gets x's quantization (ops that compare or copy raw values)."""
    rng = g.rng
    shape = shape_of(g, x)
    r = rng.random()
    if r < 0.4 and not nonzero:
        cands = [p for p in g.pool if p != x and broadcastable(shape_of(g, p), shape)]
        if cands:
            y = g.to_type(int(rng.choice(cands)), dtype)
            return g.like(y, x) if same_quant else y
    if r < 0.55 and not nonzero:
        return x
    pshape = broadcast_partner_shape(g, shape)
    if r < 0.7 and not nonzero:
        y = g.new_input(pshape, dtype)
        return g.like(y, x) if same_quant else y
    return const_like(g, x, pshape, nonzero)


def const_like(g, x, shape, nonzero=False):
    """A constant of x's type (and quantization) and the given shape, values in x's interval's magnitude."""
    rng, t, info = g.rng, g.t(x), g.info[x]
    m = max(info.mag, 0.1)
    if t.dtype == "float32":
        v = rng.uniform(-m, m, size=shape)
        if nonzero:
            v = np.where(np.abs(v) < 0.25 * m, np.sign(v + 1e-9) * 0.25 * m + v, v)
        return g.const(v.astype(np.float32), "float32")
    if t.dtype in QUANTIZED:
        s, z = qof(t)
        v = rng.integers(QMIN[t.dtype], QMAX[t.dtype] + 1, size=shape)
        if nonzero:
            v = np.where(np.abs(v - z) < 3, np.clip(z + 10, QMIN[t.dtype], QMAX[t.dtype]), v)
            if np.any(v == z):
                raise Skip()
        return g.const(v.astype(t.np_dtype), t.dtype, q=(s, z))
    if t.dtype == "int32":
        v = rng.integers(-20, 21, size=shape)
        if nonzero:
            v = np.where(v == 0, 3, v)
        return g.const(v.astype(np.int32), "int32")
    return g.const(rng.integers(0, 2, size=shape).astype(np.bool_), "bool")


def broadcastable(a, b):
    try:
        s = np.broadcast_shapes(tuple(a), tuple(b))
    except ValueError:
        return False
    return len(s) <= MAX_RANK and nelem(s) <= MAX_ELEMENTS


def bshape(g, a, b):
    return [int(d) for d in np.broadcast_shapes(tuple(shape_of(g, a)), tuple(shape_of(g, b)))]


def ordered(g, x, y):
    """The two operands in random order."""
    return (x, y) if g.rng.random() < 0.5 else (y, x)


def axis_const(g, values):
    return g.const(np.asarray(values, np.int32), "int32")


def choose(g, cands):
    """A random element of cands (Skip when there is none)."""
    if not cands:
        raise Skip()
    return int(g.rng.choice(cands))


def need_float_exact(g, x):
    if g.t(x).dtype == "float32" and g.info[x].noisy:
        raise Skip()


def need_bounded(g, x, limit=FLOAT_LIMIT):
    if g.info[x].mag > limit:
        raise Skip()


# ---------------------------------------------------------------------------------------------------------
# Generator specs: one function per op, (graph, tensor) -> output tensor, raising Skip when it cannot apply.


def float_unary(name, out_range, pre=None, discontinuous=False):
    def spec(g, x):
        x = g.to_type(x, "float32")
        if discontinuous:
            need_float_exact(g, x)
        need_bounded(g, x)
        if pre is not None:
            x = pre(g, x)
        i = g.info[x]
        lo, hi = out_range(i.lo, i.hi)
        return g.emit(name, [x], [out_like(g, x, lo, hi, i.noisy or name in NOISY_FLOAT_OPS)])
    return spec


def exp_pre(g, x):
    if g.info[x].hi > 8:
        raise Skip()
    return x


def square_range(lo, hi):
    return (0.0 if lo <= 0 <= hi else min(lo * lo, hi * hi)), max(lo * lo, hi * hi)


def zp0(g, x):
    """An int16 tensor with zero point 0 (TFLM's int16 kernels), requantized when it is not."""
    t = g.t(x)
    if t.dtype == "int16" and t.zero_point[0] != 0:
        x = g.requantize(x, "int16", quant_for(g.rng, "int16", g.info[x].lo, g.info[x].hi))
    return x


def typed(g, x, allowed):
    """x converted to a type of `allowed` (int16 with zero point 0)."""
    return zp0(g, g.to_type(x, pick_type(g, x, allowed)))


def requant_ratio_ok(sin, sout, lo=1.0 / 64, hi=64.0):
    if not lo < sin / sout < hi:
        raise Skip()


def spec_abs(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    i, t = g.info[x], g.t(x)
    lo, hi = square_range(i.lo, i.hi)
    lo, hi = np.sqrt(lo), np.sqrt(hi)
    y = out_like(g, x, lo, hi, i.noisy)
    if t.dtype in QUANTIZED:
        requant_ratio_ok(t.scale[0], g.t(y).scale[0], 1 / 7.0, 7.0)
    return g.emit("ABS", [x], [y])


def relu_like(name, lo_clip, hi_clip):
    def spec(g, x):
        x = typed(g, x, ["float32", "int8", "int16"])
        i, t = g.info[x], g.t(x)
        lo, hi = min(max(i.lo, lo_clip), hi_clip), max(min(i.hi, hi_clip), lo_clip)
        y = out_like(g, x, lo, hi, i.noisy, q="same" if g.rng.random() < 0.4 else "derive")
        if t.dtype in QUANTIZED:
            requant_ratio_ok(t.scale[0], g.t(y).scale[0])
        return g.emit(name, [x], [y])
    return spec


def spec_leaky_relu(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    i, t = g.info[x], g.t(x)
    alpha = float(np.float32(g.rng.choice([0.0, 0.1, 0.2, 0.5, 1.0, float(g.rng.uniform(-1, 2))])))
    vals = [v if v >= 0 else alpha * v for v in (i.lo, i.hi, min(max(0.0, i.lo), i.hi))]
    y = out_like(g, x, min(vals), max(vals), i.noisy)
    if t.dtype in QUANTIZED:
        requant_ratio_ok(t.scale[0], g.t(y).scale[0])
    return g.emit("LEAKY_RELU", [x], [y], "LeakyReluOptions", {"alpha": alpha})


def spec_prelu(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    i, t, rng = g.info[x], g.t(x), g.rng
    shape = shape_of(g, x)
    ashape = [shape[-1]] if rng.random() < 0.6 else [1] * (len(shape) - 1) + [shape[-1]]
    av = rng.uniform(-0.5, 1.5, size=ashape)
    if t.dtype == "float32":
        a = g.const(av.astype(np.float32), "float32")
    else:
        sa = float(np.float32(1.5 / 127))
        a = g.const(np.clip(np.round(av / sa), -127, 127).astype(np.int8), "int8", q=(sa, 0))
    amin, amax = float(av.min()), float(av.max())
    vals = [v if v >= 0 else a_ * v for v in (i.lo, i.hi) for a_ in (amin, amax)] + [0.0]
    y = out_like(g, x, min(vals), max(vals), i.noisy)
    return g.emit("PRELU", [x, a], [y])


def spec_elu(g, x):
    x = typed(g, x, ["float32", "int8"])
    i = g.info[x]
    need_bounded(g, x)
    lo = np.expm1(i.lo) if i.lo < 0 else i.lo
    return g.emit("ELU", [x], [out_like(g, x, lo, max(i.hi, lo), True)])


def hard_swish_value(v):
    return v * min(max(v + 3, 0), 6) / 6


def spec_hard_swish(g, x):
    x = typed(g, x, ["float32", "int8"])
    i, t = g.info[x], g.t(x)
    need_bounded(g, x)
    vals = [hard_swish_value(v) for v in (i.lo, i.hi)] + ([-0.375] if i.lo < -1.5 < i.hi else [])
    y = out_like(g, x, min(vals), max(vals), True)
    if t.dtype == "int8" and not t.scale[0] / g.t(y).scale[0] < 100:
        raise Skip()
    return g.emit("HARD_SWISH", [x], [y])


def fixed_output(name, float_range, q_by_type, allowed, options_type=None, options=None):
    """An op whose quantized output scale TFLM fixes (LOGISTIC, TANH, L2_NORMALIZATION, LOG_SOFTMAX)."""
    def spec(g, x):
        x = typed(g, x, allowed)
        t, i = g.t(x), g.info[x]
        need_bounded(g, x)
        lo, hi = float_range(g, x)
        q = q_by_type.get(t.dtype)
        y = g.runtime(shape_of(g, x), t.dtype, lo, hi, True, q=q)
        return g.emit(name, [x], [y], options_type, options)
    return spec


def log_softmax_range(g, x):
    i = g.info[x]
    return i.lo - i.hi - np.log(shape_of(g, x)[-1]) - 1e-3, 0.0


def spec_softmax(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    t = g.t(x)
    need_bounded(g, x)
    beta = float(np.float32(g.rng.choice([1.0, 0.5, 2.0, float(g.rng.uniform(0.1, 3))])))
    if t.dtype == "float32":
        q, dtype = None, "float32"
    elif t.dtype == "int16":
        q, dtype = (1.0 / 32768, 0), "int16"
    elif g.rng.random() < 0.25:
        q, dtype = (1.0 / 65536, -32768), "int16"
    else:
        q, dtype = (1.0 / 256, -128), "int8"
        if shape_of(g, x)[-1] >= 500:  # TFLM's int8 -> int8 path aborts when the sum of exps reaches 512
            raise Skip()
    y = g.runtime(shape_of(g, x), dtype, 0.0, 1.0, True, q=q)
    return g.emit("SOFTMAX", [x], [y], "SoftmaxOptions", {"beta": beta})


def spec_rsqrt(g, x):
    dtype = pick_type(g, x, ["float32", "int8"])
    if dtype == "float32":
        x = make_positive(g, g.to_type(x, "float32"), 0.05)
        i = g.info[x]
        need_bounded(g, x)
        return g.emit("RSQRT", [x], [out_like(g, x, 1 / np.sqrt(i.hi), 1 / np.sqrt(i.lo), True)])
    x = g.to_type(x, "int8")
    if g.info[x].lo < 0:
        x = g.emit("RELU", [x], [out_like(g, x, 0.0, max(g.info[x].hi, 0.0), False, q="same")])
    t, i = g.t(x), g.info[x]
    s_in = t.scale[0]
    if not 1e-4 <= s_in <= 1:
        raise Skip()
    hi = 1 / np.sqrt(s_in)
    y = out_like(g, x, 1 / np.sqrt(max(i.hi, s_in)), hi, False, q=quant_for(g.rng, "int8", 0.0, hi))
    if not 1e-3 <= g.t(y).scale[0] <= 1:
        raise Skip()
    return g.emit("RSQRT", [x], [y])


def spec_logical_not(g, x):
    x = g.to_type(x, "bool")
    return g.emit("LOGICAL_NOT", [x], [g.runtime(shape_of(g, x), "bool", 0, 1)])


def interval_op(name, a, b):
    """Interval of a (op) b for ADD, SUB, MUL, MAXIMUM, MINIMUM, SQUARED_DIFFERENCE."""
    if name == "ADD":
        return a.lo + b.lo, a.hi + b.hi
    if name == "SUB":
        return a.lo - b.hi, a.hi - b.lo
    if name == "MUL":
        p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return min(p), max(p)
    if name == "MAXIMUM":
        return max(a.lo, b.lo), max(a.hi, b.hi)
    if name == "MINIMUM":
        return min(a.lo, b.lo), min(a.hi, b.hi)
    d = max(abs(a.hi - b.lo), abs(b.hi - a.lo))
    return 0.0, d * d


def arithmetic(name, allowed, with_activation, same_quant=False):
    """ADD, SUB, MUL, SQUARED_DIFFERENCE, MAXIMUM, MINIMUM: x with a broadcast partner."""
    def spec(g, x):
        x = typed(g, x, allowed)
        dtype = g.t(x).dtype
        need_bounded(g, x, 1e3 if dtype != "int32" else 3e4)
        y = zp0(g, partner(g, x, dtype, same_quant=same_quant))
        need_bounded(g, y, 1e3 if dtype != "int32" else 3e4)
        a, b = ordered(g, x, y)
        lo, hi = interval_op(name, g.info[a], g.info[b])
        act = "NONE"
        options_type, options = None, None
        if with_activation:
            act = activation(g) if dtype != "int32" else "NONE"
            lo, hi = clamp_interval(act, lo, hi)
            options_type, options = name.capitalize() + "Options", {"fused_activation_function": act}
        if dtype == "int32" and max(abs(lo), abs(hi)) > 2 ** 30:
            raise Skip()
        noisy = g.info[a].noisy or g.info[b].noisy or name in NOISY_FLOAT_OPS
        q = "same" if same_quant else "derive"
        if name in ("ADD", "SUB") and dtype in QUANTIZED:
            # TFLM asserts (SIGABRT) on an output multiplier 2 max(s1, s2) / (2^shift s_out) of 1 or more, shift
            # 15 for int16 and 20 for int8
            smax = max(g.t(a).scale[0], g.t(b).scale[0])
            q = quant_for(g.rng, dtype, lo, hi, max(2.02 * smax / 2.0 ** (15 if dtype == "int16" else 20),
                                                    g.t(x).scale[0] / MAX_SCALE_DROP))
        if name == "MUL" and dtype in QUANTIZED:
            # mote refuses a multiplier s1 * s2 / s_out above 1 (int16) or 2^13 (int8): TFLM's shift overflows
            s12 = g.t(a).scale[0] * g.t(b).scale[0]
            q = quant_for(g.rng, dtype, lo, hi, max(s12 * (1.01 if dtype == "int16" else 2.0 ** -13),
                                                    g.t(x).scale[0] / MAX_SCALE_DROP))
        y_out = out_like(g, x, lo, hi, noisy, shape=bshape(g, a, b), q=q)
        return g.emit(name, [a, b], [y_out], options_type, options)
    return spec


def spec_div(g, x):
    dtype = pick_type(g, x, ["float32", "int32", "int8"])
    x = g.to_type(x, dtype)
    need_bounded(g, x, 1e3)
    rng = g.rng
    if dtype == "float32" and rng.random() < 0.5:
        cands = [p for p in g.pool if broadcastable(shape_of(g, p), shape_of(g, x))]
        y = make_positive(g, choose(g, cands), 0.25)
        if rng.random() < 0.5:
            y = g.emit("NEG", [y], [g.runtime(shape_of(g, y), "float32", -g.info[y].hi, -g.info[y].lo,
                                              g.info[y].noisy)])
    else:
        y = const_like(g, x, broadcast_partner_shape(g, shape_of(g, x)), nonzero=True)
    iy = g.info[y]
    if iy.lo <= 0 <= iy.hi:
        raise Skip()
    m = g.info[x].mag / min(abs(iy.lo), abs(iy.hi))
    if dtype == "int32":
        m = g.info[x].mag
    act = activation(g)
    lo, hi = clamp_interval(act, -m, m)
    y_out = out_like(g, x, lo, hi, g.info[x].noisy or iy.noisy, shape=bshape(g, x, y))
    return g.emit("DIV", [x, y], [y_out], "DivOptions", {"fused_activation_function": act})


def floor_binary(name):
    def spec(g, x):
        x = g.to_type(x, "float32")
        need_float_exact(g, x)
        need_bounded(g, x, 1e3)
        y = const_like(g, x, broadcast_partner_shape(g, shape_of(g, x)), nonzero=True)
        iy = g.info[y]
        if name == "FLOOR_DIV":
            m = g.info[x].mag / min(abs(iy.lo), abs(iy.hi)) + 1
        else:
            m = iy.mag
        return g.emit(name, [x, y], [out_like(g, x, -m, m, False, shape=bshape(g, x, y))])
    return spec


def comparison(name, allowed):
    def spec(g, x):
        x = g.to_type(x, pick_type(g, x, allowed))
        need_float_exact(g, x)
        dtype = g.t(x).dtype
        y = partner(g, x, dtype)
        need_float_exact(g, y)
        if dtype == "int8" and (g.t(x).scale[0] >= 1 or g.t(y).scale[0] >= 1):
            raise Skip()
        a, b = ordered(g, x, y)
        return g.emit(name, [a, b], [g.runtime(bshape(g, a, b), "bool", 0, 1)])
    return spec


def logical(name):
    def spec(g, x):
        x = g.to_type(x, "bool")
        y = partner(g, x, "bool")
        a, b = ordered(g, x, y)
        return g.emit(name, [a, b], [g.runtime(bshape(g, a, b), "bool", 0, 1)])
    return spec


def spec_select_v2(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    y = partner(g, x, g.t(x).dtype, same_quant=True)
    rng = g.rng
    cands = [p for p in g.pool if g.t(p).dtype == "bool" and broadcastable(shape_of(g, p), bshape(g, x, y))]
    if cands and rng.random() < 0.6:
        c = int(rng.choice(cands))
    else:
        src = [p for p in g.pool if broadcastable(shape_of(g, p), bshape(g, x, y))]
        c = g.to_type(choose(g, src), "bool")
    a, b = ordered(g, x, y)
    shape = [int(d) for d in np.broadcast_shapes(tuple(shape_of(g, c)), tuple(bshape(g, a, b)))]
    if nelem(shape) > MAX_ELEMENTS:
        raise Skip()
    ia, ib = g.info[a], g.info[b]
    out = out_like(g, x, min(ia.lo, ib.lo), max(ia.hi, ib.hi), ia.noisy or ib.noisy, shape=shape, q="same")
    return g.emit("SELECT_V2", [c, a, b], [out])


def same_shape_operand(g, x):
    """Another tensor of x's exact shape, type and quantization (ADD_N): from the pool, a constant, a fresh
    graph input, or x itself."""
    rng = g.rng
    r = rng.random()
    shape = shape_of(g, x)
    if r < 0.4:
        cands = [p for p in g.pool if p != x and shape_of(g, p) == shape]
        if cands:
            return g.like(int(rng.choice(cands)), x)
    if r < 0.55:
        return x
    if r < 0.75:
        return g.like(g.new_input(shape, g.t(x).dtype), x)
    return const_like(g, x, shape)


def spec_add_n(g, x):
    x = g.to_type(x, pick_type(g, x, ["float32", "int8"]))
    need_bounded(g, x, 1e3)
    ins = [x] + [same_shape_operand(g, x) for _ in range(int(g.rng.integers(1, 4)))]
    infos = [g.info[i] for i in ins]
    lo, hi = sum(i.lo for i in infos), sum(i.hi for i in infos)
    y = out_like(g, x, lo, hi, True)
    if g.t(x).dtype == "int8" and not g.t(y).scale[0] > 2 * g.t(x).scale[0] / 2 ** 18:
        raise Skip()
    g.rng.shuffle(ins)
    return g.emit("ADD_N", ins, [y])


ANY_TYPE = ["float32", "int8", "int16", "int32", "bool"]


def same_values(g, x, shape, name, inputs, options_type=None, options=None):
    """An op that moves values without computing (RESHAPE, PAD, STRIDED_SLICE...): output of x's type and
    quantization, x's interval."""
    i = g.info[x]
    return g.emit(name, [x] + inputs, [out_like(g, x, i.lo, i.hi, i.noisy, shape=shape, q="same")],
                  options_type, options)


def random_shape(rng, n, rank):
    """A shape of rank `rank` with n elements (factors of n spread over the dims)."""
    dims = [1] * rank
    m = n
    for p in range(2, n + 1):
        while m % p == 0:
            dims[int(rng.integers(0, rank))] *= p
            m //= p
        if m == 1:
            break
    return dims


def spec_reshape(g, x):
    x = g.to_type(x, pick_type(g, x, ANY_TYPE))
    n = nelem(shape_of(g, x))
    shape = random_shape(g.rng, n, int(g.rng.integers(1, MAX_RANK + 1)))
    if g.rng.random() < 0.3:
        return same_values(g, x, shape, "RESHAPE", [], "ReshapeOptions", {"new_shape": shape})
    return same_values(g, x, shape, "RESHAPE", [axis_const(g, shape)])


def to_4d(g, x):
    """x as an NHWC tensor (RESHAPE inserted when it is not 4-D)."""
    shape = shape_of(g, x)
    if len(shape) == 4:
        return x
    n = nelem(shape)
    new = [1] + random_shape(g.rng, n, 3) if g.rng.random() < 0.5 else [1, 1, n // shape[-1], shape[-1]]
    return same_values(g, x, new, "RESHAPE", [axis_const(g, new)])


def spec_pad(g, x):
    x = typed(g, x, ["float32", "int8", "int16", "int32"])
    shape = shape_of(g, x)
    pads = g.rng.integers(0, 3, size=(len(shape), 2))
    out = [d + int(p.sum()) for d, p in zip(shape, pads)]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    i = g.info[x]
    y = out_like(g, x, min(i.lo, 0.0), max(i.hi, 0.0), i.noisy, shape=out, q="same")
    return g.emit("PAD", [x, axis_const(g, pads)], [y])


def spec_concatenation(g, x):
    x = zp0(g, g.to_type(x, pick_type(g, x, ANY_TYPE)))  # TFLM refuses int16 zero points other than 0
    rng, shape = g.rng, shape_of(g, x)
    axis = int(rng.integers(0, len(shape)))
    ins = [x]
    for _ in range(int(rng.integers(1, 3))):
        r = rng.random()
        fits = [p for p in g.pool if len(shape_of(g, p)) == len(shape) and
                all(a == b for k, (a, b) in enumerate(zip(shape_of(g, p), shape)) if k != axis)]
        if r < 0.4 and fits:
            ins.append(g.like(int(rng.choice(fits)), x))
        elif r < 0.55:
            ins.append(x)
        else:
            s = list(shape)
            s[axis] = int(rng.integers(1, 4))
            ins.append(g.like(g.new_input(s, g.t(x).dtype), x) if r < 0.75 else const_like(g, x, s))
    out = list(shape)
    out[axis] = sum(shape_of(g, i)[axis] for i in ins)
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    infos = [g.info[i] for i in ins]
    y = out_like(g, x, min(i.lo for i in infos), max(i.hi for i in infos), any(i.noisy for i in infos),
                 shape=out, q="same")
    axis_opt = axis - len(shape) if rng.random() < 0.3 else axis
    return g.emit("CONCATENATION", ins, [y], "ConcatenationOptions",
                  {"axis": axis_opt, "fused_activation_function": "NONE"})


def slice_dim(rng, d, k):
    """(begin, end, stride, begin_mask bit, end_mask bit, size) for one dimension of size d: a random
    forward (stride 1 or 2) or backward (stride -1) range, written with negative indices and masks now and
    then."""
    s = int(rng.choice([1, 1, 2, -1]))
    bm = em = 0
    if s > 0:
        b = int(rng.integers(0, d))
        e = int(rng.integers(b + 1, d + 1))
        if rng.random() < 0.15:
            b, bm = 0, 1 << k
        if rng.random() < 0.15:
            e, em = d, 1 << k
        size = len(range(b, e, s))
        e_lit = e - d if (e < d and rng.random() < 0.3) else e
    else:
        b = int(rng.integers(0, d))
        e = int(rng.integers(-1, b))
        if e == -1:
            em = 1 << k  # "to the start": only the end mask says it (-1 would mean the last element)
        size = len(range(b, e, s))
        e_lit = 0 if e == -1 else (e - d if rng.random() < 0.3 else e)
    b_lit = b - d if (not bm and rng.random() < 0.3) else b
    return b_lit, e_lit, s, bm, em, size


def spec_strided_slice(g, x):
    x = g.to_type(x, pick_type(g, x, ANY_TYPE))
    begin, end, strides, out = [], [], [], []
    bmask = emask = 0
    for k, d in enumerate(shape_of(g, x)):
        b, e, s, bm, em, size = slice_dim(g.rng, d, k)
        begin.append(b)
        end.append(e)
        strides.append(s)
        out.append(size)
        bmask |= bm
        emask |= em
    return same_values(g, x, out, "STRIDED_SLICE", [axis_const(g, begin), axis_const(g, end),
                                                     axis_const(g, strides)],
                       "StridedSliceOptions", {"begin_mask": bmask, "end_mask": emask})


def reduce_axes(g, x):
    """(axes constant values, output shape, reduced element count, keep_dims) for a reduction over x."""
    rng, shape = g.rng, shape_of(g, x)
    rank = len(shape)
    k = int(rng.integers(1, rank + 1))
    axes = sorted(int(a) for a in rng.choice(rank, size=k, replace=False))
    keep = bool(rng.random() < 0.5) or k == rank
    out = [1 if a in axes else d for a, d in enumerate(shape)] if keep else [d for a, d in enumerate(shape)
                                                                            if a not in axes]
    count = nelem([shape[a] for a in axes])
    vals = [a - rank if rng.random() < 0.3 else a for a in axes]
    return vals, out, count, keep


def reduction(name, allowed, scale_by_count=False, same_quant=False):
    def spec(g, x):
        x = typed(g, x, allowed)
        need_bounded(g, x, 1e3)
        axes, out, count, keep = reduce_axes(g, x)
        i = g.info[x]
        lo, hi = (i.lo * count, i.hi * count) if scale_by_count else (i.lo, i.hi)
        if name == "REDUCE_ALL":
            y = g.runtime(out, "bool", 0, 1)
        else:
            y = out_like(g, x, min(lo, 0) if scale_by_count else lo, max(hi, 0) if scale_by_count else hi,
                         i.noisy or name in NOISY_FLOAT_OPS, shape=out, q="same" if same_quant else "derive")
        return g.emit(name, [x, axis_const(g, axes)], [y], "ReducerOptions", {"keep_dims": keep})
    return spec


def arg_min_max(name):
    def spec(g, x):
        x = g.to_type(x, pick_type(g, x, ["float32", "int8"]))
        need_float_exact(g, x)
        shape = shape_of(g, x)
        if len(shape) < 2:
            raise Skip()
        axis = int(g.rng.integers(-len(shape), len(shape)))
        out = [d for k, d in enumerate(shape) if k != axis % len(shape)]
        y = g.runtime(out, "int32", 0, shape[axis] - 1)
        options = "ArgMaxOptions" if name == "ARG_MAX" else "ArgMinOptions"
        return g.emit(name, [x, axis_const(g, [axis])], [y], options, {"output_type": "INT32"})
    return spec


def spec_cumsum(g, x):
    x = g.to_type(x, pick_type(g, x, ["float32", "int8"]))
    need_bounded(g, x, 1e3)
    shape = shape_of(g, x)
    axis = int(g.rng.integers(-len(shape), len(shape)))
    n = shape[axis]
    i = g.info[x]
    y = out_like(g, x, min(i.lo * n, 0.0), max(i.hi * n, 0.0), True)
    opts = {"exclusive": bool(g.rng.random() < 0.5), "reverse": bool(g.rng.random() < 0.5)}
    return g.emit("CUMSUM", [x, axis_const(g, [axis])], [y], "CumsumOptions", opts)


def window_out(rng, h, w, kh, kw, stride, dil):
    """(padding, out_h, out_w) of a 2-D window op; VALID only when the dilated window fits."""
    eh, ew = (kh - 1) * dil + 1, (kw - 1) * dil + 1
    valid_ok = h >= eh and w >= ew
    padding = "VALID" if valid_ok and rng.random() < 0.5 else "SAME"
    if padding == "SAME":
        return padding, -(-h // stride), -(-w // stride)
    return padding, (h - eh) // stride + 1, (w - ew) // stride + 1


def weights(g, x, shape, per_channel_dim, k):
    """Constant weights for a conv / fully connected op on x, their real values ~U(-1, 1) * sqrt(3 / k) so that
    the output has about the input's magnitude: float32 for a float input, int8 (per channel along
    per_channel_dim, or per tensor) otherwise. Returns (tensor, real max, per-channel scales or None)."""
    rng = g.rng
    wmax = float(np.sqrt(3.0 / k))
    real = rng.uniform(-1, 1, size=shape) * wmax
    if g.t(x).dtype == "float32":
        return g.const(real.astype(np.float32), "float32"), wmax, None
    nch = shape[per_channel_dim]
    per_channel = rng.random() < 0.7
    chan = rng.uniform(0.5, 1.5, size=nch if per_channel else 1) * wmax / 127
    scales = [float(np.float32(s)) for s in chan]
    bshape_ = [1] * len(shape)
    bshape_[per_channel_dim] = nch if per_channel else 1
    q = np.clip(np.round(real / np.asarray(scales).reshape(bshape_)), -127, 127).astype(np.int8)
    t = T(shape, "int8", data=q, scale=scales, zero_point=[0] * len(scales), quantized_dimension=per_channel_dim)
    g.tensors.append(t)
    g.info.append(Info(-wmax, wmax))
    return len(g.tensors) - 1, wmax * 1.5, scales


def bias(g, x, n, wscales, mag, optional=True):
    """Bias for n output channels (absent now and then when optional): float32, int32 (int8 input) or int64
    (int16 input), at scale s_in * s_w per channel."""
    rng = g.rng
    if optional and rng.random() < 0.3:
        return -1, 0.0
    real = rng.uniform(-0.2, 0.2, size=n) * max(mag, 0.1)
    t = g.t(x)
    if t.dtype == "float32":
        return g.const(real.astype(np.float32), "float32"), float(np.abs(real).max())
    s_in = t.scale[0]
    ws = np.asarray(wscales if len(wscales) == n else wscales * n)
    bs = [float(np.float32(s_in * w)) for w in ws]
    dtype = "int32" if t.dtype == "int8" else "int64"
    q = np.round(real / np.asarray(bs)).astype(np.int64)
    bt = T([n], dtype, data=q, scale=bs, zero_point=[0] * n)
    g.tensors.append(bt)
    g.info.append(Info(-1, 1))
    return len(g.tensors) - 1, float(np.abs(real).max())


def conv_output(g, x, shape, bound, act):
    """The output of a conv-like op: interval [-bound, bound] clamped by the activation; quantized over a
    typical magnitude (twice the input's), so large sums saturate now and then."""
    i = g.info[x]
    lo, hi = clamp_interval(act, -bound, bound)
    if g.t(x).dtype == "float32":
        return g.runtime(shape, "float32", lo, hi, True)
    typ = 2 * max(i.mag, 1e-2)
    qlo, qhi = clamp_interval(act, -typ, typ)
    return g.runtime(shape, g.t(x).dtype, lo, hi, q=quant_for(g.rng, g.t(x).dtype, qlo, qhi))


def conv_like(name):
    def spec(g, x):
        x = to_4d(g, typed(g, x, ["float32", "int8", "int16"]))
        need_bounded(g, x, 1e3)
        rng = g.rng
        n, h, w, c = shape_of(g, x)
        kh, kw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        stride, dil = int(rng.integers(1, 3)), int(rng.choice([1, 1, 2]))
        padding, oh, ow = window_out(rng, h, w, kh, kw, stride, dil)
        if name == "CONV_2D":
            cout = int(rng.integers(1, 9))
            wt, wmax, ws = weights(g, x, [cout, kh, kw, c], 0, kh * kw * c)
            k = kh * kw * c
            opts = {}
        else:
            mult = int(rng.integers(1, 4))
            cout = c * mult
            wt, wmax, ws = weights(g, x, [1, kh, kw, cout], 3, kh * kw)
            k = kh * kw
            opts = {"depth_multiplier": mult}
        if n * oh * ow * cout > MAX_ELEMENTS:
            raise Skip()
        # TFLM's DEPTHWISE_CONV_2D crashes (SIGSEGV) on a model without bias: always one
        b, bmax = bias(g, x, cout, ws, g.info[x].mag, optional=name == "CONV_2D")
        act = activation(g)
        y = conv_output(g, x, [n, oh, ow, cout], k * wmax * g.info[x].mag + bmax, act)
        opts.update({"padding": padding, "stride_w": stride, "stride_h": stride, "dilation_w_factor": dil,
                     "dilation_h_factor": dil, "fused_activation_function": act})
        options_type = "Conv2DOptions" if name == "CONV_2D" else "DepthwiseConv2DOptions"
        return g.emit(name, [x, wt, b], [y], options_type, opts)
    return spec


def spec_fully_connected(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    need_bounded(g, x, 1e3)
    rng, shape = g.rng, shape_of(g, x)
    depth = shape[-1]
    units = int(rng.integers(1, 9))
    batches = nelem(shape) // depth
    wt, wmax, ws = weights(g, x, [units, depth], 0, depth)
    b, bmax = bias(g, x, units, ws, g.info[x].mag)
    keep = bool(rng.random() < 0.3)
    out = shape[:-1] + [units] if keep else [batches, units]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    act = activation(g)
    y = conv_output(g, x, out, depth * wmax * g.info[x].mag + bmax, act)
    return g.emit("FULLY_CONNECTED", [x, wt, b], [y], "FullyConnectedOptions",
                  {"fused_activation_function": act, "keep_num_dims": keep})


def pool(name):
    def spec(g, x):
        x = to_4d(g, typed(g, x, ["float32", "int8", "int16"]))
        rng = g.rng
        n, h, w, c = shape_of(g, x)
        fh, fw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        stride = int(rng.integers(1, 3))
        padding, oh, ow = window_out(rng, h, w, fh, fw, stride, 1)
        act = activation(g)
        i = g.info[x]
        lo, hi = clamp_interval(act, i.lo, i.hi)
        noisy = i.noisy or name in NOISY_FLOAT_OPS
        y = out_like(g, x, lo, hi, noisy, shape=[n, oh, ow, c], q="same")
        return g.emit(name, [x], [y], "Pool2DOptions",
                      {"padding": padding, "stride_w": stride, "stride_h": stride, "filter_width": fw,
                       "filter_height": fh, "fused_activation_function": act})
    return spec


def spec_svdf(g, x):
    x = g.to_type(x, "float32")
    need_bounded(g, x, 1e3)
    rng, shape = g.rng, shape_of(g, x)
    if len(shape) != 2:
        x = same_values(g, x, [1, nelem(shape)], "RESHAPE", [axis_const(g, [1, nelem(shape)])])
    batch, size = shape_of(g, x)
    units, rank, memory = int(rng.integers(1, 5)), int(rng.integers(1, 3)), int(rng.integers(1, 5))
    filters = units * rank
    wf = g.const((rng.uniform(-1, 1, (filters, size)) / np.sqrt(size)).astype(np.float32), "float32")
    wt = g.const(rng.uniform(-1, 1, (filters, memory)).astype(np.float32), "float32")
    # always a bias: TFLM's float SVDF dereferences it unchecked (SIGSEGV without one)
    b = g.const(rng.uniform(-0.2, 0.2, units).astype(np.float32), "float32")
    state = g._add(T([batch, memory * filters], "float32", is_variable=True), Info(-1, 1))
    act = activation(g, ("NONE", "RELU"))
    bound = rank * memory * np.sqrt(size) * g.info[x].mag + 0.2
    lo, hi = clamp_interval(act, -bound, bound)
    y = g.runtime([batch, units], "float32", lo, hi, True)
    return g.emit("SVDF", [x, wf, wt, b, state], [y], "SVDFOptions", {"rank": rank, "fused_activation_function": act})


def spec_quantize(g, x):
    if g.t(x).dtype not in QUANTIZED:
        return g.to_type(x, str(g.rng.choice(QUANTIZED)))
    dtype = str(g.rng.choice(QUANTIZED))
    i = g.info[x]
    return g.requantize(x, dtype, quant_for(g.rng, dtype, i.lo, i.hi))


def spec_dequantize(g, x):
    x = g.to_type(x, pick_type(g, x, list(QUANTIZED)))
    return g.to_type(x, "float32")


def raw_interval(g, x):
    t, i = g.t(x), g.info[x]
    if t.dtype in QUANTIZED:
        s, z = qof(t)
        return max(np.floor(i.lo / s + z) - 1, QMIN[t.dtype]), min(np.ceil(i.hi / s + z) + 1, QMAX[t.dtype])
    return i.lo, i.hi


CAST_RANGES = {"int8": (-128, 127), "int16": (-32768, 32767), "int32": (-2 ** 31, 2 ** 31 - 1),
               "bool": (0, 1), "float32": (-3e38, 3e38)}


def widen(g, x):
    """A float32 x of small magnitude scaled up (MUL by a constant) so that truncating it to an integer keeps
    some of its values apart (values in [-1, 1] would all become 0)."""
    i = g.info[x]
    if i.mag >= 8:
        return x
    k = float(np.float32(g.rng.uniform(10, 60) / max(i.mag, 0.05)))
    c = g.const(np.array([k], np.float32), "float32")
    return g.emit("MUL", [x, c], [g.runtime(shape_of(g, x), "float32", i.lo * k, i.hi * k, i.noisy)],
                  "MulOptions", {"fused_activation_function": "NONE"})


def spec_cast(g, x):
    rng = g.rng
    src = g.t(x).dtype
    dst = str(rng.choice([d for d in ANY_TYPE if d != src]))
    if src == "float32" and dst != "float32":
        need_float_exact(g, x)
        if dst != "bool":
            x = widen(g, x)
    lo, hi = raw_interval(g, x)
    if dst == "bool":
        lo, hi = 0, 1
    elif src != "float32" and dst != "float32":
        tlo, thi = CAST_RANGES[dst]
        if lo < tlo or hi > thi:
            lo, hi = tlo, thi  # wraps
    else:
        lo, hi = np.trunc(lo), np.trunc(hi)
        if dst != "float32" and (lo < CAST_RANGES[dst][0] or hi > CAST_RANGES[dst][1]):
            raise Skip()
    if dst in QUANTIZED:
        s = float(np.float32(rng.uniform(0.002, 0.05))) if dst == "int8" else float(np.float32(2.0 ** -10))
        y = g.runtime(shape_of(g, x), dst, lo * s, hi * s, q=(s, 0))
    else:
        y = g.runtime(shape_of(g, x), dst, lo, hi)
    return g.emit("CAST", [x], [y])


# --- Shape and layout ops (gen_shape_layout.py's types) -------------------------------------------------------

MOVE_TYPES = ["float32", "int8", "int16", "int32", "bool"]  # ops that copy values of any type mote serves
SPLIT_TYPES = ["float32", "int8", "int16", "int32"]         # SPLIT, SPLIT_V, UNPACK, PACK, PADV2


def moved(g, x, allowed):
    """x converted to a type of `allowed` for an op that only moves its values."""
    return g.to_type(x, pick_type(g, x, allowed))


def spec_squeeze(g, x):
    x = moved(g, x, MOVE_TYPES)
    shape = shape_of(g, x)
    ones = [k for k, d in enumerate(shape) if d == 1]
    if not ones or len(ones) == len(shape):  # no rank-0 runtime tensors
        raise Skip()
    rng = g.rng
    if rng.random() < 0.3:
        dims, squeezed = [], ones
    else:
        squeezed = sorted(int(k) for k in rng.choice(ones, size=int(rng.integers(1, len(ones) + 1)), replace=False))
        dims = [k - len(shape) if rng.random() < 0.3 else k for k in squeezed]
    out = [d for k, d in enumerate(shape) if k not in squeezed]
    if not out:
        raise Skip()
    return same_values(g, x, out, "SQUEEZE", [], "SqueezeOptions", {"squeeze_dims": dims})


def below_max_rank(g, x):
    """x with at most MAX_RANK - 1 dimensions (its first two merged by a RESHAPE when it has more), for the ops
    that add one."""
    shape = shape_of(g, x)
    if len(shape) < MAX_RANK:
        return x
    new = [shape[0] * shape[1]] + shape[2:]
    return same_values(g, x, new, "RESHAPE", [axis_const(g, new)])


def spec_expand_dims(g, x):
    x = below_max_rank(g, moved(g, x, ["float32", "int8", "int16"]))
    shape = shape_of(g, x)
    rank = len(shape)
    axis = int(g.rng.integers(-rank - 1, rank + 1))
    pos = axis % (rank + 1)
    a = g.const(np.array([axis] if g.rng.random() < 0.5 else axis, np.int32), "int32")
    return same_values(g, x, shape[:pos] + [1] + shape[pos:], "EXPAND_DIMS", [a])


def spec_shape(g, x):
    shape = shape_of(g, x)
    y = g.runtime([len(shape)], "int32", min(shape), max(shape))
    return g.emit("SHAPE", [x], [y], "ShapeOptions", {"out_type": "INT32"})


def spec_fill(g, x):
    """A tensor of x's shape (or a random one) filled with a constant scalar of x's type, or with x itself
    when x is a scalar."""
    x = moved(g, x, ["float32", "int8", "int32"])
    rng = g.rng
    shape = shape_of(g, x) if rng.random() < 0.6 else input_shape(rng)
    v = const_like(g, x, [])
    i = g.info[v]
    return g.emit("FILL", [axis_const(g, shape), v], [out_like(g, x, i.lo, i.hi, False, shape=shape, q="same")])


def spec_zeros_like(g, x):
    x = moved(g, x, ["float32", "int8", "int32"])
    return g.emit("ZEROS_LIKE", [x], [out_like(g, x, 0.0, 0.0, False, q="same")])


def broadcast_target(g, shape):
    """A shape `shape` broadcasts to: its 1s grown now and then, leading dimensions added."""
    rng = g.rng
    grown = [int(rng.integers(1, 5)) if d == 1 and rng.random() < 0.6 else d for d in shape]
    lead = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, MAX_RANK - len(shape) + 1)))]
    return lead + grown


def spec_broadcast_to(g, x):
    x = moved(g, x, MOVE_TYPES)
    out = broadcast_target(g, shape_of(g, x))
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    return same_values(g, x, out, "BROADCAST_TO", [axis_const(g, out)])


def spec_broadcast_args(g, x):
    """The broadcast shape of x's runtime SHAPE and a constant shape vector compatible with it."""
    shape = shape_of(g, x)
    s = spec_shape(g, x)
    other = broadcast_partner_shape(g, shape) if g.rng.random() < 0.5 else broadcast_target(g, shape)
    c = axis_const(g, other)
    a, b = ordered(g, s, c)
    out = [int(d) for d in np.broadcast_shapes(tuple(shape), tuple(other))]
    return g.emit("BROADCAST_ARGS", [a, b], [g.runtime([len(out)], "int32", min(out), max(out))])


def spec_pack(g, x):
    x = below_max_rank(g, moved(g, x, SPLIT_TYPES))
    shape = shape_of(g, x)
    ins = [x] + [same_shape_operand(g, x) for _ in range(int(g.rng.integers(0, 4)))]
    axis = int(g.rng.integers(-len(shape) - 1, len(shape) + 1))
    pos = axis % (len(shape) + 1)
    infos = [g.info[i] for i in ins]
    y = out_like(g, x, min(i.lo for i in infos), max(i.hi for i in infos), any(i.noisy for i in infos),
                 shape=shape[:pos] + [len(ins)] + shape[pos:], q="same")
    return g.emit("PACK", ins, [y], "PackOptions", {"values_count": len(ins), "axis": axis})


def split_outputs(g, x, pos, sizes):
    i, shape = g.info[x], shape_of(g, x)
    return [out_like(g, x, i.lo, i.hi, i.noisy, shape=shape[:pos] + [s] + shape[pos + 1:], q="same") for s in sizes]


def random_axis(g, rank):
    """(axis as written, possibly negative; its position)."""
    axis = int(g.rng.integers(-rank, rank))
    return axis, axis % rank


def spec_unpack(g, x):
    x = moved(g, x, SPLIT_TYPES)
    shape = shape_of(g, x)
    if len(shape) < 2:  # rank-0 outputs
        raise Skip()
    axis, pos = random_axis(g, len(shape))
    if shape[pos] > 6:
        raise Skip()
    i = g.info[x]
    outs = [out_like(g, x, i.lo, i.hi, i.noisy, shape=shape[:pos] + shape[pos + 1:], q="same")
            for _ in range(shape[pos])]
    return g.emit("UNPACK", [x], outs, "UnpackOptions", {"num": shape[pos], "axis": axis})


def spec_split(g, x):
    x = moved(g, x, SPLIT_TYPES)
    axis, pos = random_axis(g, len(shape_of(g, x)))
    d = shape_of(g, x)[pos]
    n = int(g.rng.choice([k for k in range(1, min(d, 4) + 1) if d % k == 0]))
    a = g.const(np.array([axis] if g.rng.random() < 0.5 else axis, np.int32), "int32")
    return g.emit("SPLIT", [a, x], split_outputs(g, x, pos, [d // n] * n), "SplitOptions", {"num_splits": n})


def spec_split_v(g, x):
    x = moved(g, x, SPLIT_TYPES)
    rng = g.rng
    axis, pos = random_axis(g, len(shape_of(g, x)))
    d = shape_of(g, x)[pos]
    cuts = sorted(int(c) for c in rng.choice(np.arange(1, d), size=min(int(rng.integers(0, 4)), d - 1),
                                             replace=False)) if d > 1 else []
    sizes = [b - a for a, b in zip([0] + cuts, cuts + [d])]
    written = list(sizes)
    if rng.random() < 0.3:
        written[int(rng.integers(0, len(sizes)))] = -1  # "the rest"
    a = g.const(np.array([axis] if rng.random() < 0.5 else axis, np.int32), "int32")
    return g.emit("SPLIT_V", [x, axis_const(g, written), a], split_outputs(g, x, pos, sizes), "SplitVOptions",
                  {"num_splits": len(sizes)})


def spec_slice(g, x):
    x = moved(g, x, MOVE_TYPES)
    rng, shape = g.rng, shape_of(g, x)
    begin = [int(rng.integers(0, d)) for d in shape]
    size = [int(rng.integers(1, d - b + 1)) for d, b in zip(shape, begin)]
    written = [-1 if rng.random() < 0.2 else s for s in size]
    out = [d - b if w == -1 else w for d, b, w in zip(shape, begin, written)]
    return same_values(g, x, out, "SLICE", [axis_const(g, begin), axis_const(g, written)])


# --- Indexing and layout ops (gen_index_layout.py's types) ----------------------------------------------------


def spec_transpose(g, x):
    x = moved(g, x, ["float32", "int8", "int16"])
    shape = shape_of(g, x)
    perm = [int(p) for p in g.rng.permutation(len(shape))]
    return same_values(g, x, [shape[p] for p in perm], "TRANSPOSE", [axis_const(g, perm)])


def spec_gather(g, x):
    x = moved(g, x, ["float32", "int8"])
    rng, shape = g.rng, shape_of(g, x)
    rank = len(shape)
    batch_dims = int(rng.integers(0, rank)) if rng.random() < 0.3 else 0
    axis = int(rng.integers(batch_dims, rank))
    ishape = shape[:batch_dims] + [int(rng.integers(1, 5)) for _ in range(int(rng.integers(0 if batch_dims else 1,
                                                                                           3)))]
    if not ishape:
        ishape = [int(rng.integers(1, 5))]
    out = shape[:axis] + ishape[batch_dims:] + shape[axis + 1:]
    if len(out) > MAX_RANK or nelem(out) > MAX_ELEMENTS:
        raise Skip()
    idx = g.const(rng.integers(0, shape[axis], size=ishape).astype(np.int32), "int32")
    axis_w = axis - rank if rng.random() < 0.3 else axis
    # negative batch_dims count from the index rank (0 - rank would read as 0)
    bd_w = batch_dims - len(ishape) if 0 < batch_dims < len(ishape) and rng.random() < 0.3 else batch_dims
    return same_values(g, x, out, "GATHER", [idx], "GatherOptions", {"axis": axis_w, "batch_dims": bd_w})


def spec_gather_nd(g, x):
    x = moved(g, x, ["float32", "int8"])
    rng, shape = g.rng, shape_of(g, x)
    nd = int(rng.integers(1, len(shape) + 1))
    batch = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3)))]
    rows = nelem(batch)
    idx = np.stack([rng.integers(0, shape[j], size=rows) for j in range(nd)], axis=-1).astype(np.int32)
    out = batch + shape[nd:]
    if not out or len(out) > MAX_RANK:
        raise Skip()
    return same_values(g, x, out, "GATHER_ND", [g.const(idx.reshape(batch + [nd]), "int32")])


def spec_embedding_lookup(g, x):
    """Rows of x (float32 or int8; int8 with zero point 0 also read as float32, the hybrid form)."""
    x = moved(g, x, ["float32", "int8"])
    rng, shape = g.rng, shape_of(g, x)
    if len(shape) < 2:
        raise Skip()
    n = int(rng.integers(1, 6))
    ids = g.const(rng.integers(0, shape[0], size=[n]).astype(np.int32), "int32")
    t, i = g.t(x), g.info[x]
    out = [n] + shape[1:]
    if t.dtype == "int8" and t.zero_point[0] == 0 and rng.random() < 0.5:
        return g.emit("EMBEDDING_LOOKUP", [ids, x], [g.runtime(out, "float32", i.lo, i.hi)])
    return g.emit("EMBEDDING_LOOKUP", [ids, x], [out_like(g, x, i.lo, i.hi, i.noisy, shape=out, q="same")])


def spec_reverse_v2(g, x):
    x = moved(g, x, MOVE_TYPES)
    rng, rank = g.rng, len(shape_of(g, x))
    first = int(rng.integers(0, rank))
    axes = list(range(first, first + int(rng.integers(1, rank - first + 1))))  # one contiguous run, as TFLM needs
    axes = [a - rank if rng.random() < 0.5 else a for a in rng.permutation(axes).tolist()]
    return same_values(g, x, shape_of(g, x), "REVERSE_V2", [axis_const(g, axes)])


def spec_dynamic_update_slice(g, x):
    x = typed(g, x, ["float32", "int8", "int32"])
    rng, shape = g.rng, shape_of(g, x)
    ushape = [int(rng.integers(1, d + 1)) for d in shape]
    u = g.like(g.new_input(ushape, g.t(x).dtype), x) if rng.random() < 0.5 else const_like(g, x, ushape)
    starts = [int(rng.integers(-2, d + 2)) for d in shape]  # out of range: clamped
    if rng.random() < 0.3:
        s = g.new_input([len(shape)], "int32")
        g.info[s] = Info(-2, max(shape) + 1)
    else:
        s = axis_const(g, starts)
    i, iu = g.info[x], g.info[u]
    y = out_like(g, x, min(i.lo, iu.lo), max(i.hi, iu.hi), i.noisy or iu.noisy, q="same")
    return g.emit("DYNAMIC_UPDATE_SLICE", [x, u, s], [y])


def spec_mirror_pad(g, x):
    x = moved(g, x, ["float32", "int8"])
    mode = str(g.rng.choice(["REFLECT", "SYMMETRIC"]))
    off = 1 if mode == "REFLECT" else 0
    shape = shape_of(g, x)
    pads = [[int(g.rng.integers(0, min(d - off, 2) + 1)) for _ in range(2)] for d in shape]
    out = [d + p[0] + p[1] for d, p in zip(shape, pads)]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    return same_values(g, x, out, "MIRROR_PAD", [axis_const(g, pads)], "MirrorPadOptions", {"mode": mode})


def spec_padv2(g, x):
    x = moved(g, x, SPLIT_TYPES)
    shape = shape_of(g, x)
    pads = g.rng.integers(0, 3, size=(len(shape), 2))
    out = [d + int(p.sum()) for d, p in zip(shape, pads)]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    v = const_like(g, x, [1])
    i, iv = g.info[x], g.info[v]
    y = out_like(g, x, min(i.lo, iv.lo), max(i.hi, iv.hi), i.noisy, shape=out, q="same")
    return g.emit("PADV2", [x, axis_const(g, pads), v], [y])


def divisible_blocks(rng, sizes):
    """A block size per size that divides it (1 when nothing else does)."""
    return [int(rng.choice([b for b in (1, 2, 3) if s % b == 0])) for s in sizes]


def spec_space_to_batch_nd(g, x):
    x = to_4d(g, moved(g, x, ["float32", "int8"]))
    rng = g.rng
    n, h, w, c = shape_of(g, x)
    block = divisible_blocks(rng, (h, w))
    # No padding: TFLM pads with its op data's output_offset, which it never sets (stale arena memory, 0 in a
    # fresh arena, not the int8 zero point mote pads with; float32 garbage)
    pads = [[0, 0], [0, 0]]
    out = [n * block[0] * block[1], h // block[0], w // block[1], c]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    return same_values(g, x, out, "SPACE_TO_BATCH_ND", [axis_const(g, block), axis_const(g, pads)])


def spec_batch_to_space_nd(g, x):
    x = to_4d(g, moved(g, x, ["float32", "int8"]))
    rng = g.rng
    n, h, w, c = shape_of(g, x)
    nb = int(rng.choice([b for b in (1, 2, 3, 4, 6) if n % b == 0]))
    block = [b for b in ((1, nb), (nb, 1), (2, nb // 2)) if b[0] * b[1] == nb][int(rng.integers(0, 2 if nb % 2 else 3))]
    crops, out = [], [n // nb]
    for b, s in zip(block, (h, w)):
        keep = int(rng.integers(1, b * s + 1)) if rng.random() < 0.4 else b * s
        before = int(rng.integers(0, b * s - keep + 1))
        crops.append([before, b * s - keep - before])
        out.append(keep)
    return same_values(g, x, out + [c], "BATCH_TO_SPACE_ND", [axis_const(g, list(block)), axis_const(g, crops)])


def spec_space_to_depth(g, x):
    x = to_4d(g, moved(g, x, ["float32", "int8"]))
    n, h, w, c = shape_of(g, x)
    b = int(g.rng.choice([k for k in (1, 2, 3, 4) if h % k == 0 and w % k == 0]))
    return same_values(g, x, [n, h // b, w // b, c * b * b], "SPACE_TO_DEPTH", [], "SpaceToDepthOptions",
                       {"block_size": b})


def spec_depth_to_space(g, x):
    x = to_4d(g, moved(g, x, ["float32", "int8"]))
    n, h, w, c = shape_of(g, x)
    b = int(g.rng.choice([k for k in (1, 2, 3, 4) if c % (k * k) == 0]))
    return same_values(g, x, [n, h * b, w * b, c // (b * b)], "DEPTH_TO_SPACE", [], "DepthToSpaceOptions",
                       {"block_size": b})


# --- Image and matrix ops (gen_image_matrix.py's types) -------------------------------------------------------


def resize(name, allowed):
    def spec(g, x):
        x = to_4d(g, moved(g, x, allowed))
        rng = g.rng
        n, h, w, c = shape_of(g, x)
        size = [int(rng.integers(1, 13)), int(rng.integers(1, 13))]
        if n * size[0] * size[1] * c > MAX_ELEMENTS:
            raise Skip()
        flags = [(False, False), (True, False), (False, True)] + ([(True, True)] if "NEAREST" in name else [])
        ac, hp = flags[int(rng.integers(0, len(flags)))]  # TFLM's bilinear refuses both at once
        i = g.info[x]
        y = out_like(g, x, i.lo, i.hi, i.noisy or name in NOISY_FLOAT_OPS, shape=[n] + size + [c], q="same")
        options_type = "ResizeBilinearOptions" if "BILINEAR" in name else "ResizeNearestNeighborOptions"
        return g.emit(name, [x, axis_const(g, size)], [y], options_type,
                      {"align_corners": ac, "half_pixel_centers": hp})
    return spec


def spec_l2_pool_2d(g, x):
    x = to_4d(g, g.to_type(x, "float32"))
    need_bounded(g, x, 1e3)
    rng = g.rng
    n, h, w, c = shape_of(g, x)
    fh, fw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    stride = int(rng.integers(1, 3))
    padding, oh, ow = window_out(rng, h, w, fh, fw, stride, 1)
    act = activation(g)
    lo, hi = clamp_interval(act, 0.0, g.info[x].mag)
    y = g.runtime([n, oh, ow, c], "float32", lo, hi, True)
    return g.emit("L2_POOL_2D", [x], [y], "Pool2DOptions",
                  {"padding": padding, "stride_w": stride, "stride_h": stride, "filter_width": fw,
                   "filter_height": fh, "fused_activation_function": act})


def spec_transpose_conv(g, x):
    x = to_4d(g, typed(g, x, ["float32", "int8", "int16"]))
    need_bounded(g, x, 1e3)
    rng = g.rng
    n, h, w, ic = shape_of(g, x)
    fh, fw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    stride = int(rng.integers(1, 3))
    padding = str(rng.choice(["SAME", "VALID"]))
    oh, ow = (h * stride, w * stride) if padding == "SAME" else ((h - 1) * stride + fh, (w - 1) * stride + fw)
    oc = int(rng.integers(1, 6))
    if n * oh * ow * oc > MAX_ELEMENTS:
        raise Skip()
    taps = ic * -(-fh // stride) * -(-fw // stride)  # input elements one output sums at most
    wt, wmax, ws = weights(g, x, [oc, fh, fw, ic], 0, taps)
    b, bmax = bias(g, x, oc, ws, g.info[x].mag)
    act = activation(g)
    y = conv_output(g, x, [n, oh, ow, oc], taps * wmax * g.info[x].mag + bmax, act)
    return g.emit("TRANSPOSE_CONV", [axis_const(g, [n, oh, ow, oc]), wt, x, b], [y], "TransposeConvOptions",
                  {"padding": padding, "stride_w": stride, "stride_h": stride, "fused_activation_function": act})


def matmul_rhs(g, x, shape, k):
    """(BATCH_MATMUL's right operand, its largest magnitude): a constant of values ~U(-1, 1) * sqrt(3 / k) (so
    that the product has about x's magnitude), per-tensor quantized for a quantized x, or a fresh graph input."""
    dtype = g.t(x).dtype
    wmax = float(np.sqrt(3.0 / k))
    if g.rng.random() < 0.3:
        y = g.new_input(shape, dtype)
        return y, g.info[y].mag
    real = g.rng.uniform(-1, 1, size=shape) * wmax
    if dtype == "float32":
        return g.const(real.astype(np.float32), "float32"), wmax
    s, z = quant_for(g.rng, dtype, -wmax, wmax)
    q = np.clip(np.round(real / s) + z, QMIN[dtype], QMAX[dtype]).astype(g.t(x).np_dtype)
    return g.const(q, dtype, q=(s, z)), wmax


def spec_batch_matmul(g, x):
    x = typed(g, x, ["float32", "int8", "int16"])
    need_bounded(g, x, 1e3)
    rng, shape = g.rng, shape_of(g, x)
    if len(shape) < 2:
        raise Skip()
    adj_x, adj_y = bool(rng.random() < 0.3), bool(rng.random() < 0.3)
    m, k = (shape[-1], shape[-2]) if adj_x else (shape[-2], shape[-1])
    nn = int(rng.integers(1, 7))
    batch = shape[:-2]
    rb = [d if rng.random() < 0.7 else 1 for d in batch][len(batch) - int(rng.integers(0, len(batch) + 1)):]
    rhs, wmax = matmul_rhs(g, x, rb + ([nn, k] if adj_y else [k, nn]), k)
    out = batch + [m, nn]
    if nelem(out) > MAX_ELEMENTS:
        raise Skip()
    y = conv_output(g, x, out, k * wmax * g.info[x].mag * 1.01, "NONE")
    return g.emit("BATCH_MATMUL", [x, rhs], [y], "BatchMatMulOptions", {"adj_x": adj_x, "adj_y": adj_y})


def cap(lo, hi):
    return max(lo, -1e30), min(hi, 1e30)


SPECS = {
    "ABS": spec_abs,
    "ADD": arithmetic("ADD", ["float32", "int8", "int16", "int32"], True),
    "ADD_N": spec_add_n,
    "ARG_MAX": arg_min_max("ARG_MAX"),
    "ARG_MIN": arg_min_max("ARG_MIN"),
    "AVERAGE_POOL_2D": pool("AVERAGE_POOL_2D"),
    "BATCH_MATMUL": spec_batch_matmul,
    "BATCH_TO_SPACE_ND": spec_batch_to_space_nd,
    "BROADCAST_ARGS": spec_broadcast_args,
    "BROADCAST_TO": spec_broadcast_to,
    "CAST": spec_cast,
    "CEIL": float_unary("CEIL", lambda lo, hi: (np.ceil(lo), np.ceil(hi)), discontinuous=True),
    "CONCATENATION": spec_concatenation,
    "CONV_2D": conv_like("CONV_2D"),
    "COS": float_unary("COS", lambda lo, hi: (-1.0, 1.0)),
    "CUMSUM": spec_cumsum,
    "DEPTHWISE_CONV_2D": conv_like("DEPTHWISE_CONV_2D"),
    "DEPTH_TO_SPACE": spec_depth_to_space,
    "DEQUANTIZE": spec_dequantize,
    "DIV": spec_div,
    "DYNAMIC_UPDATE_SLICE": spec_dynamic_update_slice,
    "ELU": spec_elu,
    "EMBEDDING_LOOKUP": spec_embedding_lookup,
    "EQUAL": comparison("EQUAL", ["bool", "float32", "int8", "int32"]),
    "EXP": float_unary("EXP", lambda lo, hi: (np.exp(lo), np.exp(hi)), pre=exp_pre),
    "EXPAND_DIMS": spec_expand_dims,
    "FILL": spec_fill,
    "FLOOR": float_unary("FLOOR", lambda lo, hi: (np.floor(lo), np.floor(hi)), discontinuous=True),
    "FLOOR_DIV": floor_binary("FLOOR_DIV"),
    "FLOOR_MOD": floor_binary("FLOOR_MOD"),
    "FULLY_CONNECTED": spec_fully_connected,
    "GATHER": spec_gather,
    "GATHER_ND": spec_gather_nd,
    "GREATER": comparison("GREATER", ["float32", "int8", "int32"]),
    "GREATER_EQUAL": comparison("GREATER_EQUAL", ["float32", "int8", "int32"]),
    "HARD_SWISH": spec_hard_swish,
    "L2_NORMALIZATION": fixed_output("L2_NORMALIZATION", lambda g, x: (-1.0, 1.0), {"int8": (1.0 / 128, 0)},
                                     ["float32", "int8"], "L2NormOptions", {"fused_activation_function": "NONE"}),
    "L2_POOL_2D": spec_l2_pool_2d,
    "LEAKY_RELU": spec_leaky_relu,
    "LESS": comparison("LESS", ["float32", "int8", "int32"]),
    "LESS_EQUAL": comparison("LESS_EQUAL", ["float32", "int8", "int32"]),
    "LOG": float_unary("LOG", lambda lo, hi: (np.log(lo), np.log(hi)), pre=lambda g, x: make_positive(g, x, 0.05)),
    "LOGICAL_AND": logical("LOGICAL_AND"),
    "LOGICAL_NOT": spec_logical_not,
    "LOGICAL_OR": logical("LOGICAL_OR"),
    "LOGISTIC": fixed_output("LOGISTIC", lambda g, x: (0.0, 1.0),
                             {"int8": (1.0 / 256, -128), "int16": (1.0 / 32768, 0)}, ["float32", "int8", "int16"]),
    "LOG_SOFTMAX": fixed_output("LOG_SOFTMAX", log_softmax_range, {"int8": (16.0 / 256, 127)}, ["float32", "int8"]),
    "MAXIMUM": arithmetic("MAXIMUM", ["float32", "int8", "int16", "int32"], False, same_quant=True),
    "MAX_POOL_2D": pool("MAX_POOL_2D"),
    "MEAN": reduction("MEAN", ["float32", "int8", "int16"]),
    "MINIMUM": arithmetic("MINIMUM", ["float32", "int8", "int16", "int32"], False, same_quant=True),
    "MIRROR_PAD": spec_mirror_pad,
    "MUL": arithmetic("MUL", ["float32", "int8", "int16", "int32"], True),
    "NEG": float_unary("NEG", lambda lo, hi: (-hi, -lo)),
    "NOT_EQUAL": comparison("NOT_EQUAL", ["bool", "float32", "int8", "int32"]),
    "PACK": spec_pack,
    "PAD": spec_pad,
    "PADV2": spec_padv2,
    "PRELU": spec_prelu,
    "QUANTIZE": spec_quantize,
    "REDUCE_ALL": lambda g, x: reduction("REDUCE_ALL", ["bool"])(g, g.to_type(x, "bool")),
    "REDUCE_MAX": reduction("REDUCE_MAX", ["float32", "int8"], same_quant=True),
    "REDUCE_MIN": reduction("REDUCE_MIN", ["float32", "int8"], same_quant=True),
    "RELU": relu_like("RELU", 0.0, np.inf),
    "RELU6": relu_like("RELU6", 0.0, 6.0),
    "RESHAPE": spec_reshape,
    "RESIZE_BILINEAR": resize("RESIZE_BILINEAR", ["float32", "int8"]),
    "RESIZE_NEAREST_NEIGHBOR": resize("RESIZE_NEAREST_NEIGHBOR", ["float32", "int8", "int16"]),
    "REVERSE_V2": spec_reverse_v2,
    "ROUND": float_unary("ROUND", lambda lo, hi: (np.round(lo), np.round(hi)), discontinuous=True),
    "RSQRT": spec_rsqrt,
    "SELECT_V2": spec_select_v2,
    "SHAPE": spec_shape,
    "SIN": float_unary("SIN", lambda lo, hi: (-1.0, 1.0)),
    "SLICE": spec_slice,
    "SOFTMAX": spec_softmax,
    "SPACE_TO_BATCH_ND": spec_space_to_batch_nd,
    "SPACE_TO_DEPTH": spec_space_to_depth,
    "SPLIT": spec_split,
    "SPLIT_V": spec_split_v,
    "SQRT": float_unary("SQRT", lambda lo, hi: (np.sqrt(lo), np.sqrt(hi)), pre=lambda g, x: make_positive(g, x, 0.0)),
    "SQUARE": float_unary("SQUARE", square_range),
    "SQUARED_DIFFERENCE": arithmetic("SQUARED_DIFFERENCE", ["float32", "int8", "int16", "int32"], False),
    "SQUEEZE": spec_squeeze,
    "STRIDED_SLICE": spec_strided_slice,
    "SUB": arithmetic("SUB", ["float32", "int8", "int16", "int32"], True),
    "SUM": reduction("SUM", ["float32", "int8", "int16"], scale_by_count=True),
    "SVDF": spec_svdf,
    "TANH": fixed_output("TANH", lambda g, x: (-1.0, 1.0), {"int8": (1.0 / 128, 0), "int16": (1.0 / 32768, 0)},
                         ["float32", "int8", "int16"]),
    "TRANSPOSE": spec_transpose,
    "TRANSPOSE_CONV": spec_transpose_conv,
    "UNPACK": spec_unpack,
    "ZEROS_LIKE": spec_zeros_like,
}


# ---------------------------------------------------------------------------------------------------------
# Composing a model


def input_shape(rng):
    if rng.random() < 0.55:
        return [int(rng.choice([1, 1, 2])), int(rng.integers(1, 9)), int(rng.integers(1, 9)), int(rng.integers(1, 9))]
    rank = int(rng.integers(1, 4))
    return [int(rng.integers(1, 9)) for _ in range(rank)]


class _Snapshot:
    def __init__(self, g):
        self.n = (len(g.tensors), len(g.ops), len(g.inputs), len(g.pool))
        self.consumed = set(g.consumed)

    def restore(self, g):
        nt, no, ni, npool = self.n
        del g.tensors[nt:], g.info[nt:], g.ops[no:], g.op_names[no:], g.inputs[ni:], g.pool[npool:]
        g.consumed = self.consumed


def sane(g, first_new):
    for t, i in zip(g.tensors[first_new:], g.info[first_new:]):
        if nelem(t.shape) > MAX_ELEMENTS or len(t.shape) > MAX_RANK:
            return False
        if not (np.isfinite(i.lo) and np.isfinite(i.hi)) or max(abs(i.lo), abs(i.hi)) > 1e30:
            return False
        if t.scale is not None and not all(1e-9 < s < 1e6 for s in t.scale):
            return False
    return True


def compose(rng, max_ops):
    """A random valid graph of 1..max_ops ops (conversions inserted by the specs count)."""
    g = Graph(rng)
    for _ in range(int(rng.choice([1, 1, 2, 3]))):
        g.new_input(input_shape(rng), str(rng.choice(["float32", "float32", "int8", "int8", "int16"])))
    names = sorted(SPECS)
    target = int(rng.integers(1, max_ops + 1))
    for _ in range(400):
        if len(g.ops) >= target:
            break
        name = str(rng.choice(names))
        x = g.pool[-1] if rng.random() < 0.4 else int(rng.choice(g.pool))
        snap = _Snapshot(g)
        try:
            SPECS[name](g, x)
        except Skip:
            snap.restore(g)
            continue
        if not sane(g, snap.n[0]) or len(g.ops) > max_ops + 4:
            snap.restore(g)
    if not g.ops:
        return None
    g.inputs = [i for i in g.inputs if i in g.consumed]
    return g


# ---------------------------------------------------------------------------------------------------------
# Running


def default_runner():
    return os.environ.get("MOTE_CASE_RUNNER") or os.path.join(oracle_lib.REPO_ROOT, "build", "release", "tests",
                                                              "oracle_case_runner")


def make_case(seed, index, max_ops):
    """(name, model bytes, inputs, op names) of model `index` of a seed (each model has its own RNG stream, so
    one model replays alone: --seed S --first I --count 1)."""
    rng = np.random.default_rng([seed, index])
    g = compose(rng, max_ops)
    if g is None:
        return None
    model = g.model()
    inputs = [g.draw_input(i) for i in g.inputs]
    name = "s%d_m%d_%s" % (seed, index, "-".join(n.lower() for n in g.op_names))
    if len(name) > 200:
        name = name[:200] + "_etc"
    return name, model, inputs, list(g.op_names)


def run_mote(runner, cases, tmpdir):
    """Runs (name, model, inputs, outputs) cases through mote's case runner; returns {name: (verdict, detail)}.
    When the runner dies (mote crashed on a case), the cases it gave no verdict are run again one by one, so
    that only the crashing ones are reported, as CRASH."""
    w = CaseWriter("graph_fuzz_batch", out_dir=tmpdir, generator=__file__)
    for name, model, inputs, outputs in cases:
        w.add(name, model, inputs, outputs)
    path = os.path.join(tmpdir, "batch.cases")
    with open(path, "wb") as f:
        f.write(w.serialize())
    proc = subprocess.run([runner, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    verdicts = {}
    for line in proc.stdout.splitlines():
        parts = line.split("\t")
        if parts[0] != "END" and len(parts) >= 2:
            verdicts[parts[1]] = (parts[0], parts[2] if len(parts) > 2 else "")
    if proc.returncode == 0 and len(verdicts) == len(cases):
        return verdicts
    rest = [c for c in cases if c[0] not in verdicts]
    if len(cases) == 1:
        why = "the case runner exited with status %d: %s" % (proc.returncode, proc.stderr.strip()[-300:])
        return {cases[0][0]: ("CRASH", why)}
    for case in rest:
        verdicts.update(run_mote(runner, [case], tmpdir))
    return verdicts


def keep_found(path, found):
    """Appends disagreements (name, model, inputs, TFLM outputs) to the case file at path."""
    group = os.path.basename(path)[:-len(".cases")]
    w = CaseWriter(group, generator=__file__, out_dir=os.path.dirname(os.path.abspath(path)))
    if os.path.exists(path):
        for name, refused, model, ins, outs in oracle_lib.read_cases(path, with_refusals=True):
            w.cases.append((name, refused, model, ins, outs, []))
            w._names.add(name)
    for name, model, inputs, outputs in found:
        if name not in w._names:
            w.add(name, model, inputs, outputs)
    w.write()


class Stats:
    def __init__(self):
        self.models = 0
        self.ran = 0
        self.matches = 0
        self.ops = {}
        self.gen_bugs = []
        self.disagreements = []
        self.start = time.time()

    def report(self, out=sys.stdout):
        minutes = (time.time() - self.start) / 60
        print("graph_fuzz: %d models (%d ran on TFLM, %d matched mote) in %.1f min: %.0f models/min" %
              (self.models, self.ran, self.matches, minutes, self.models / max(minutes, 1e-9)), file=out)
        covered = sorted(self.ops)
        print("graph_fuzz: %d of %d ops covered; op uses: %s" %
              (len(covered), len(SPECS), ", ".join("%s %d" % (k, self.ops[k]) for k in covered)), file=out)
        missing = sorted(set(SPECS) - set(covered))
        if missing:
            print("graph_fuzz: ops not generated in this run: %s" % ", ".join(missing), file=out)
        print("graph_fuzz: %d generator bugs (TFLM refused or aborted), %d disagreements with mote" %
              (len(self.gen_bugs), len(self.disagreements)), file=out)
        for name, why in self.gen_bugs[:20]:
            print("  generator bug: %s: %s" % (name, why), file=out)
        for name, verdict, detail in self.disagreements[:50]:
            print("  DISAGREEMENT %s %s: %s" % (verdict, name, detail), file=out)


def fuzz(args):
    stats = Stats()
    deadline = stats.start + args.minutes * 60 if args.minutes else None
    runner = args.runner or default_runner()
    if not os.access(runner, os.X_OK):
        sys.exit("graph_fuzz: no case runner at %s (build it: cmake --build --preset release --target "
                 "oracle_case_runner, or set MOTE_CASE_RUNNER)" % runner)
    found = []
    index = args.first
    with tempfile.TemporaryDirectory(prefix="graph_fuzz_") as tmpdir:
        while True:
            if deadline is None and index >= args.first + args.count:
                break
            if deadline is not None and time.time() >= deadline:
                break
            batch = []
            while len(batch) < BATCH and (deadline is not None or index < args.first + args.count):
                case = make_case(args.seed, index, args.max_ops)
                index += 1
                if case is None:
                    continue
                name, model, inputs, op_names = case
                stats.models += 1
                try:
                    outputs = run_tflm(model, inputs)
                except (TflmAborted, TflmRefused) as e:
                    stats.gen_bugs.append((name, str(e).splitlines()[0] if str(e) else repr(e)))
                    continue
                stats.ran += 1
                for n in op_names:
                    stats.ops[n] = stats.ops.get(n, 0) + 1
                batch.append((name, model, inputs, outputs))
            if not batch:
                continue
            verdicts = run_mote(runner, batch, tmpdir)
            for case in batch:
                verdict, detail = verdicts[case[0]]
                if verdict == "MATCH":
                    stats.matches += 1
                else:
                    stats.disagreements.append((case[0], verdict, detail))
                    found.append(case)
            if args.verbose:
                stats.report(sys.stderr)
    if found and args.found:
        keep_found(args.found, found)
    stats.report()
    return 1 if stats.gen_bugs or stats.disagreements else 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="RNG seed (default %(default)s)")
    p.add_argument("--count", type=int, default=200, help="models to make (default %(default)s)")
    p.add_argument("--first", type=int, default=0, help="index of the first model (replay one: --first I --count 1)")
    p.add_argument("--max-ops", type=int, default=10, help="ops per model at most, conversions included "
                   "(default %(default)s)")
    p.add_argument("--minutes", type=float, default=0, help="run until this time budget ends (--count ignored)")
    p.add_argument("--runner", help="mote's oracle_case_runner (default build/release/tests/oracle_case_runner or "
                   "$MOTE_CASE_RUNNER)")
    p.add_argument("--found", default=os.path.join(oracle_lib.DEFAULT_OUT_DIR, "graph_fuzz_found.cases"),
                   help="case file disagreements are appended to (default %(default)s; '' keeps none)")
    p.add_argument("-v", "--verbose", action="store_true", help="print the running totals after every batch")
    args = p.parse_args(argv)
    return fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
