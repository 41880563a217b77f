"""Oracle cases for the shape/data-movement kernels: RESHAPE, CONCATENATION, PAD, MEAN, STRIDED_SLICE.

Writes tests/oracle/data/{reshape,concatenation,pad,mean,strided_slice}.cases (+ .provenance.txt). Every case
is a random model run once on TFLM's reference kernels; cases TFLM refuses are skipped and counted (printed).

Run: .venv/bin/python tools/oracle/gen_shape_ops.py [--seed N] [--out-dir DIR] [--only reshape,pad,...]
"""

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import (CaseWriter, T, TflmRefused, multi_op_model, parse_args, random_input,  # noqa: E402
                        single_op_model)

DEFAULT_SEED = 20240612
GROUPS = ["reshape", "concatenation", "pad", "mean", "strided_slice"]


class Gen:
    """Adds cases to one writer, skipping (and counting) the ones TFLM refuses with an error; a model TFLM
    aborts on becomes a refusal case (CaseWriter.add_run)."""

    def __init__(self, group, seed, rng):
        self.writer = CaseWriter(group, seed=seed, generator=__file__)
        self.rng = rng
        self.skipped = []

    def add(self, name, model, inputs):
        try:
            self.writer.add_run(name, model, inputs)
        except (TflmRefused, ValueError) as e:  # ValueError: the TFLM runner cannot feed this input
            self.skipped.append((name, str(e).splitlines()[0] if str(e) else "TflmRefused"))
            return False
        return True

    def finish(self):
        for name, why in self.skipped:
            print("  skipped (TFLM refused) %s: %s" % (name, why))
        print("%s: %d cases, %d skipped" % (self.writer.group, len(self.writer.cases), len(self.skipped)))
        self.writer.write()


def rand_shape(rng, rank, lo=1, hi=6):
    return [int(rng.integers(lo, hi + 1)) for _ in range(rank)]


def quant_for(rng, dtype):
    """(scale, zero_point) for a quantized dtype, None for others."""
    if dtype == "int8":
        return float(rng.uniform(0.005, 0.5)), int(rng.integers(-128, 128))
    if dtype == "int16":
        return float(rng.uniform(0.0001, 0.01)), 0
    return None, None


def spec(rng, shape, dtype, data=None, q=None):
    scale, zp = q if q is not None else quant_for(rng, dtype)
    return T(shape, dtype, data=data, scale=scale, zero_point=zp if scale is not None else None)


def const_data(rng, shape, dtype):
    return random_input(T(shape, dtype), rng)


# ------------------------------------------------------------------------------------------------- RESHAPE

def gen_reshape(g):
    rng = g.rng
    dtypes = ["int8", "int16", "int32", "int64", "float32", "bool", "uint8"]
    n = 0
    for it in range(90):
        dtype = dtypes[it % len(dtypes)]
        rank_in = int(rng.integers(1, 6))  # the TFLM Python runner cannot feed rank-0 inputs
        shape_in = rand_shape(rng, rank_in, 1, 5)
        total = int(np.prod(shape_in, dtype=np.int64))
        # A random factorisation of total into 0..5 dims.
        rank_out = int(rng.integers(0 if total == 1 else 1, 6))
        shape_out = []
        rem = total
        for d in range(rank_out - 1):
            divs = [k for k in range(1, rem + 1) if rem % k == 0]
            k = int(rng.choice(divs))
            shape_out.append(k)
            rem //= k
        if rank_out > 0:
            shape_out.append(rem)
        q = quant_for(rng, dtype)
        x = spec(rng, shape_in, dtype, q=q)
        y = spec(rng, shape_out, dtype, q=q)
        mode = it % 5
        requested = list(shape_out)
        if rank_out > 0 and rng.integers(0, 2):
            requested[int(rng.integers(0, rank_out))] = -1
        if mode == 0:    # constant shape input
            s = T([len(requested)], "int32", data=np.array(requested, dtype=np.int32))
            model = single_op_model("RESHAPE", [x, s], [y], "ReshapeOptions", {"new_shape": shape_out})
            kind = "shape_input"
        elif mode == 1:  # new_shape option only
            model = single_op_model("RESHAPE", [x], [y], "ReshapeOptions", {"new_shape": requested})
            kind = "option"
        elif mode == 2:  # neither: the output tensor alone
            model = single_op_model("RESHAPE", [x], [y])
            kind = "bare"
        elif mode == 3:  # shape input without options table
            s = T([len(requested)], "int32", data=np.array(requested, dtype=np.int32))
            model = single_op_model("RESHAPE", [x, s], [y])
            kind = "shape_input_noopt"
        else:            # version 2, shape input and option
            s = T([len(shape_out)], "int32", data=np.array(shape_out, dtype=np.int32))
            model = single_op_model("RESHAPE", [x, s], [y], "ReshapeOptions", {"new_shape": requested}, version=2)
            kind = "v2"
        name = "reshape_%s_%s_%s_to_%s_%d" % (dtype, kind, "x".join(map(str, shape_in)) or "scalar",
                                              "x".join(map(str, shape_out)) or "scalar", it)
        n += g.add(name, model, [random_input(x, rng)])
    # Chains: the planner may alias the intermediate (in-place reshape); also reshape of a graph input twice.
    for it, dtype in enumerate(["int8", "float32", "int16", "int32"]):
        q = quant_for(rng, dtype)
        a = spec(rng, [2, 3, 4], dtype, q=q)
        b = spec(rng, [6, 4], dtype, q=q)
        c = spec(rng, [24], dtype, q=q)
        d = spec(rng, [4, 6], dtype, q=q)
        model = multi_op_model([a, b, c, d], [("RESHAPE", [0], [1]), ("RESHAPE", [1], [2]), ("RESHAPE", [2], [3])])
        g.add("reshape_chain3_%s_%d" % (dtype, it), model, [random_input(a, rng)])
        # Two reshapes of one tensor (both outputs are graph outputs).
        e = spec(rng, [3, 8], dtype, q=q)
        model = multi_op_model([a, b, e], [("RESHAPE", [0], [1]), ("RESHAPE", [0], [2])], outputs=[1, 2])
        g.add("reshape_fanout_%s_%d" % (dtype, it), model, [random_input(a, rng)])
    # A runtime (non-constant) shape input: TFLM ignores its values; so does mote beyond its type and rank.
    x = T([2, 6], "float32")
    s = T([2], "int32")
    y = T([3, 4], "float32")
    model = single_op_model("RESHAPE", [x, s], [y])
    g.add("reshape_runtime_shape_input", model, [random_input(x, rng), np.array([3, 4], dtype=np.int32)])
    # Scalars.
    for dtype in ["int8", "float32", "int32"]:
        q = quant_for(rng, dtype)
        x = spec(rng, [1, 1], dtype, q=q)
        y = spec(rng, [], dtype, q=q)
        g.add("reshape_to_scalar_%s" % dtype, single_op_model("RESHAPE", [x], [y], "ReshapeOptions", {"new_shape": []}),
              [random_input(x, rng)])
        g.add("reshape_to_scalar_bare_%s" % dtype, single_op_model("RESHAPE", [x], [y]), [random_input(x, rng)])
        # The shape tensor of a scalar has zero elements, so it is written as an empty buffer: a tensor with
        # nothing to read, which TFLM runs (and mote's verifier must accept as available).
        s = T([0], "int32", data=np.zeros([0], dtype=np.int32))
        g.add("reshape_to_scalar_empty_shape_tensor_%s" % dtype,
              single_op_model("RESHAPE", [x, s], [y], "ReshapeOptions", {"new_shape": []}),
              [random_input(x, np.random.default_rng(7))])  # its own stream: the group's draws stay as they were


# ------------------------------------------------------------------------------------------- CONCATENATION

def gen_concatenation(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int16", "int32", "int64", "bool"]
    for it in range(110):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 7))
        base = rand_shape(rng, rank, 1, 4 if rank > 3 else 6)
        axis = int(rng.integers(-rank, rank))
        pos_axis = axis % rank
        num_inputs = int(rng.integers(1, 11))
        q = quant_for(rng, dtype)
        ins = []
        for i in range(num_inputs):
            shp = list(base)
            shp[pos_axis] = int(rng.integers(1, 5))
            const = rng.integers(0, 5) == 0
            data = const_data(rng, shp, dtype) if const else None
            ins.append(spec(rng, shp, dtype, data=data, q=q))
        if all(t.is_const for t in ins):
            ins[0] = spec(rng, ins[0].shape, dtype, q=q)
        out_shape = list(base)
        out_shape[pos_axis] = sum(t.shape[pos_axis] for t in ins)
        y = spec(rng, out_shape, dtype, q=q)
        options = {"axis": axis}
        if it % 3 == 0:
            options["fused_activation_function"] = "NONE"
        model = single_op_model("CONCATENATION", ins, [y], "ConcatenationOptions", options)
        name = "concat_%s_r%d_ax%d_n%d_%d" % (dtype, rank, axis, num_inputs, it)
        g.add(name, model, [random_input(t, rng) for t in ins if not t.is_const])
    # The same tensor twice, and a 1-input concatenation (a copy).
    for dtype in ["int8", "float32"]:
        q = quant_for(rng, dtype)
        a = spec(rng, [2, 3], dtype, q=q)
        b = spec(rng, [2, 2], dtype, q=q)
        y = spec(rng, [2, 8], dtype, q=q)
        model = single_op_model("CONCATENATION", [a, b, a], [y], "ConcatenationOptions", {"axis": 1})
        g.add("concat_repeated_input_%s" % dtype, model, [random_input(a, rng), random_input(b, rng)])
    # Typical model shapes: NHWC channel concat.
    for it in range(6):
        q = quant_for(rng, "int8")
        h, w = int(rng.integers(1, 9)), int(rng.integers(1, 9))
        ins = [spec(rng, [1, h, w, int(rng.integers(1, 17))], "int8", q=q) for _ in range(int(rng.integers(2, 5)))]
        y = spec(rng, [1, h, w, sum(t.shape[3] for t in ins)], "int8", q=q)
        model = single_op_model("CONCATENATION", ins, [y], "ConcatenationOptions", {"axis": -1})
        g.add("concat_nhwc_channels_int8_%d" % it, model, [random_input(t, rng) for t in ins])


# ------------------------------------------------------------------------------------------------------ PAD

def gen_pad(g):
    rng = g.rng
    dtypes = ["int8", "int16", "int32", "float32"]
    for it in range(120):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 5)
        pads = rng.integers(0, 4, size=(rank, 2))
        if it % 7 == 0:
            pads[:] = 0
        if rank == 4 and it % 2 == 0:  # TFLM's image-style category: no batch/channel padding
            pads[0] = 0
            pads[3] = 0
        out_shape = [int(s + p[0] + p[1]) for s, p in zip(shape, pads)]
        q = quant_for(rng, dtype)
        x = spec(rng, shape, dtype, q=q)
        y = spec(rng, out_shape, dtype, q=q)
        p = T([rank, 2], "int32", data=pads.astype(np.int32))
        inputs = [x, p]
        kind = "pad"
        if it % 3 == 1:  # PADV2-style constant value through PAD
            cv = spec(rng, [1] if it % 2 else [], dtype, data=const_data(rng, [1] if it % 2 else [], dtype), q=q)
            inputs.append(cv)
            kind = "padcv"
        model = single_op_model("PAD", inputs, [y])
        name = "%s_%s_%s_%d" % (kind, dtype, "x".join(map(str, shape)), it)
        g.add(name, model, [random_input(x, rng)])
    # A runtime constant_values input.
    for dtype in ["float32", "int32"]:
        x = T([2, 3], dtype)
        cv = T([1], dtype)
        p = T([2, 2], "int32", data=np.array([[1, 0], [2, 1]], dtype=np.int32))
        y = T([3, 6], dtype)
        model = single_op_model("PAD", [x, p, cv], [y])
        g.add("padcv_runtime_value_%s" % dtype, model, [random_input(x, rng), random_input(cv, rng)])


# ----------------------------------------------------------------------------------------------------- MEAN

def mean_case(g, name, shape, axes, keep, dtype, same_quant):
    rng = g.rng
    rank = len(shape)
    resolved = sorted(set(a % rank for a in axes)) if rank else []
    out_shape = ([1 if i in resolved else d for i, d in enumerate(shape)] if keep
                 else [d for i, d in enumerate(shape) if i not in resolved])
    q = quant_for(rng, dtype)
    x = spec(rng, shape, dtype, q=q)
    y = spec(rng, out_shape, dtype, q=q if same_quant else None)
    a = T([len(axes)], "int32", data=np.array(axes, dtype=np.int32))
    model = single_op_model("MEAN", [x, a], [y], "ReducerOptions", {"keep_dims": keep})
    return g.add(name, model, [random_input(x, rng)])


def gen_mean(g):
    rng = g.rng
    dtypes = ["int8", "int16", "float32"]
    for it in range(150):
        dtype = dtypes[it % 3]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        n_axes = int(rng.integers(1, rank + 2))
        axes = [int(rng.integers(-rank, rank)) for _ in range(n_axes)]  # may repeat, may be negative
        keep = bool(rng.integers(0, 2))
        same = it % 4 == 0
        name = "mean_%s_%s_ax%s_%s%s_%d" % (dtype, "x".join(map(str, shape)), "_".join(map(str, axes)),
                                              "keep" if keep else "drop", "_sameq" if same else "", it)
        mean_case(g, name, shape, axes, keep, dtype, same)
    # TFLM's historical fast path: 4-D over axes {1, 2} with keep_dims (both orders), as in pooling heads.
    for it in range(24):
        dtype = dtypes[it % 3]
        shape = [int(rng.integers(1, 3)), int(rng.integers(1, 12)), int(rng.integers(1, 12)),
                 int(rng.integers(1, 17))]
        axes = [1, 2] if it % 2 == 0 else [2, 1]
        keep = it % 4 < 3
        mean_case(g, "mean_4d_hw_%s_%s_%s_%d" % (dtype, "x".join(map(str, shape)), "keep" if keep else "drop", it),
                  shape, axes, keep, dtype, it % 5 == 0)
    # Large reductions (multiplier folding with big counts), all axes, a scalar-ish input.
    for it, dtype in enumerate(["int8", "int16", "float32"]):
        mean_case(g, "mean_big_%s" % dtype, [1, 48, 40, 3], [1, 2], True, dtype, False)
        mean_case(g, "mean_all_axes_%s" % dtype, [3, 4, 5], [0, 1, 2], False, dtype, False)
        mean_case(g, "mean_no_reduce_1elem_%s" % dtype, [1], [0], True, dtype, False)


# --------------------------------------------------------------------------------------------- STRIDED_SLICE

def ss_expected_shape(shape, begin, end, strides, bm, em, sm):
    """TFLite's output shape (no ellipsis/new_axis/offset); None if a shrunk index is out of range."""
    out = []
    for i, dim in enumerate(shape):
        s = strides[i]
        st = begin[i]
        if st < 0:
            st += dim
        st = min(max(st, 0), dim) if s > 0 else min(max(st, -1), dim - 1)
        if bm >> i & 1:
            st = 0 if s > 0 else dim - 1
        if sm >> i & 1:
            if st < 0 or st >= dim:
                return None
            continue
        en = end[i]
        if en < 0:
            en += dim
        en = min(max(en, 0), dim) if s > 0 else min(max(en, -1), dim - 1)
        if em >> i & 1:
            en = dim if s > 0 else -1
        out.append(max(0, math.ceil((en - st) / s)))
    return out


def gen_strided_slice(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int16", "int32", "bool"]
    made = 0
    it = 0
    while made < 160 and it < 2000:
        it += 1
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 5))
        shape = rand_shape(rng, rank, 1, 7)
        begin = [int(rng.integers(-d - 2, d + 2)) for d in shape]
        end = [int(rng.integers(-d - 2, d + 2)) for d in shape]
        strides = [int(rng.choice([1, 1, 2, 3, -1, -2])) for _ in shape]
        bm = int(rng.integers(0, 1 << rank)) if rng.integers(0, 2) else 0
        em = int(rng.integers(0, 1 << rank)) if rng.integers(0, 2) else 0
        sm = int(rng.integers(0, 1 << rank)) if rng.integers(0, 3) == 0 else 0
        sm &= ~(1 << int(rng.integers(0, rank)))  # keep at least one axis most of the time
        for i in range(rank):  # shrink needs a positive stride in TFLM (else it writes nothing)
            if sm >> i & 1:
                strides[i] = 1
        out_shape = ss_expected_shape(shape, begin, end, strides, bm, em, sm)
        if out_shape is None:
            continue
        if int(np.prod(out_shape, dtype=np.int64)) == 0:
            continue  # TFLM refuses empty outputs ("dynamic tensor")
        q = quant_for(rng, dtype)
        x = spec(rng, shape, dtype, q=q)
        y = spec(rng, out_shape, dtype, q=q)
        b = T([rank], "int32", data=np.array(begin, dtype=np.int32))
        e = T([rank], "int32", data=np.array(end, dtype=np.int32))
        s = T([rank], "int32", data=np.array(strides, dtype=np.int32))
        model = single_op_model("STRIDED_SLICE", [x, b, e, s], [y], "StridedSliceOptions",
                                {"begin_mask": bm, "end_mask": em, "shrink_axis_mask": sm})
        name = "ss_%s_%s_b%s_e%s_s%s_m%d_%d_%d_%d" % (dtype, "x".join(map(str, shape)), "_".join(map(str, begin)),
                                                     "_".join(map(str, end)), "_".join(map(str, strides)),
                                                     bm, em, sm, it)
        made += g.add(name, model, [random_input(x, rng)])
    # Typical converter patterns: take the last time step, drop a border, reverse a dimension.
    typical = [
        ([1, 5, 8], [0, -1, 0], [0, 0, 0], [1, 1, 1], 5, 5, 2),
        ([1, 10, 10, 4], [0, 1, 1, 0], [1, 9, 9, 4], [1, 1, 1, 1], 0, 0, 0),
        ([2, 6], [0, 0], [0, 0], [1, -1], 3, 3, 0),
        ([4, 4, 3], [1, 0, 0], [3, 4, 3], [2, 2, 1], 0, 0, 0),
        ([7], [-1], [0], [-1], 0, 1, 0),
        ([3, 5], [2, 0], [3, 5], [1, 1], 0, 0, 1),
    ]
    for i, (shape, begin, end, strides, bm, em, sm) in enumerate(typical):
        for dtype in ["int8", "float32"]:
            q = quant_for(rng, dtype)
            out_shape = ss_expected_shape(shape, begin, end, strides, bm, em, sm)
            x = spec(rng, shape, dtype, q=q)
            y = spec(rng, out_shape, dtype, q=q)
            consts = [T([len(shape)], "int32", data=np.array(v, dtype=np.int32)) for v in (begin, end, strides)]
            model = single_op_model("STRIDED_SLICE", [x] + consts, [y], "StridedSliceOptions",
                                    {"begin_mask": bm, "end_mask": em, "shrink_axis_mask": sm})
            g.add("ss_typical%d_%s" % (i, dtype), model, [random_input(x, rng)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_shape_ops: seed %d" % args.seed)
    for i, group in enumerate(GROUPS):
        if group not in args.only.split(","):
            continue
        rng = np.random.default_rng([args.seed, i])
        g = Gen(group, args.seed, rng)
        globals()["gen_" + group](g)
        g.finish()


if __name__ == "__main__":
    main()
