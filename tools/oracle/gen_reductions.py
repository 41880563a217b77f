"""Oracle cases for the reductions and index reductions: ARG_MAX, ARG_MIN (group arg_min_max), SUM (sum),
REDUCE_MAX and REDUCE_MIN (reduce_max_min), REDUCE_ALL (reduce_all), CUMSUM (cumsum), and every reduction over
axes with a non-constant axis tensor (reduce_runtime_axis). MEAN's constant-axis cases are gen_shape_ops.py's.

Writes tests/oracle/data/<group>.cases (+ .provenance.txt). Every case is a random model run once on TFLM's
reference kernels. Draws only what TFLM accepts and computes in bounds:
  ARG_MAX / ARG_MIN: FLOAT32 or INT8 input (TFLM refuses INT16, INT32, UINT8, BOOL...), a constant INT32 axis of
    one element (negative allowed), an INT32 output (TFLM refuses INT64 outputs and INT64 axes). Inputs are drawn
    from a few values so that ties (the first index wins) are common.
  SUM: FLOAT32, INT8, INT16 with independent input and output quantization (the int32 sum requantized), random
    ranks 1-5, axes negative and repeated, sometimes none, keep_dims both ways.
  REDUCE_MAX / REDUCE_MIN: FLOAT32 and INT8 (TFLM refuses INT16 and an output quantized differently from the
    input), the same shapes and axes; float inputs now and then carry NaN and -inf/+inf.
  REDUCE_ALL: BOOL only (TFLM has no other type), mostly-true inputs so that true results occur.
  CUMSUM: FLOAT32 and INT8 (TFLM refuses INT16, INT32, INT64), exclusive and reverse in every combination, a
    constant INT32 axis of one element; INT8 lines long enough for TFLM's int32 accumulator to wrap.
  reduce_runtime_axis: MEAN, SUM (FLOAT32, INT8, INT16), REDUCE_MAX, REDUCE_MIN (FLOAT32, INT8), REDUCE_ALL
    (BOOL) with the axis tensor a second graph input (INT32, values fed with the case: negative and repeated
    axes, sometimes every axis), so mote plans the reduction at Invoke; shapes and quantization as above. With
    them ARG_MAX, ARG_MIN and CUMSUM (FLOAT32, INT8) whose one-element axis is a graph input the same way.
  Every other axis tensor is a constant INT32 (TFLM refuses INT64 axes).

Run: .venv/bin/python tools/oracle/gen_reductions.py [--seed N] [--out-dir DIR] [--only arg_min_max,...]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261201
GROUPS = ["arg_min_max", "sum", "reduce_max_min", "reduce_all", "cumsum", "reduce_runtime_axis"]


def rand_shape(rng, rank, lo=1, hi=6):
    return [int(rng.integers(lo, hi + 1)) for _ in range(rank)]


def shape_name(shape):
    return "x".join(map(str, shape)) if shape else "scalar"


def quant_for(rng, dtype):
    """(scale, zero_point) for a quantized dtype, (None, None) for others."""
    if dtype == "int8":
        return float(rng.uniform(0.005, 0.5)), int(rng.integers(-128, 128))
    if dtype == "int16":
        return float(rng.uniform(0.0001, 0.01)), 0
    return None, None


def spec(shape, dtype, q):
    scale, zp = q
    return T(shape, dtype, scale=scale, zero_point=zp if scale is not None else None)


# --------------------------------------------------------------------------------------------- ARG_MAX/MIN

def gen_arg_min_max(w, rng):
    n = 0
    for it in range(160):
        code = "ARG_MAX" if it % 2 == 0 else "ARG_MIN"
        dtype = ["float32", "int8"][(it // 2) % 2]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axis = int(rng.integers(-rank, rank))
        resolved = axis % rank
        out_shape = [d for i, d in enumerate(shape) if i != resolved]
        x = spec(shape, dtype, quant_for(rng, dtype))
        a = T([1], "int32", data=[axis])
        y = T(out_shape, "int32")
        options_type = "ArgMaxOptions" if code == "ARG_MAX" else "ArgMinOptions"
        model = single_op_model(code, [x, a], [y], options_type, {"output_type": "INT32"})
        if it % 3 == 0:  # few distinct values: many ties
            data = rng.integers(-2, 3, size=shape)
            inp = (data * 0.25).astype(np.float32) if dtype == "float32" else data.astype(np.int8)
        else:
            inp = random_input(x, rng)
        w.add_run("%s_%s_%s_ax%d_%d" % (code.lower(), dtype, shape_name(shape), axis, it), model, [inp])
        n += 1
    # Long lines along the axis, and a scalar-like [1] input.
    for code, options_type in (("ARG_MAX", "ArgMaxOptions"), ("ARG_MIN", "ArgMinOptions")):
        for dtype in ("float32", "int8"):
            for shape, axis in (([1, 300], 1), ([1], 0), ([40, 3], 0)):
                out_shape = [d for i, d in enumerate(shape) if i != axis]
                x = spec(shape, dtype, quant_for(rng, dtype))
                model = single_op_model(code, [x, T([1], "int32", data=[axis])], [T(out_shape, "int32")],
                                        options_type, {"output_type": "INT32"})
                w.add_run("%s_%s_long_%s" % (code.lower(), dtype, shape_name(shape)), model, [random_input(x, rng)])


# ----------------------------------------------------------------------------- SUM, REDUCE_MAX/MIN, REDUCE_ALL

def random_axes(rng, rank):
    """Random axes for a rank-`rank` input: negative and repeated ones, now and then none at all."""
    if rng.integers(0, 12) == 0:
        return []
    return [int(rng.integers(-rank, rank)) for _ in range(int(rng.integers(1, rank + 2)))]


def reduced_shape(shape, axes, keep):
    resolved = set(a % len(shape) for a in axes)
    if keep:
        return [1 if i in resolved else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in resolved]


def reducer_case(w, rng, code, name, shape, axes, keep, x, y, inputs):
    a = T([len(axes)], "int32", data=np.array(axes, dtype=np.int32))
    model = single_op_model(code, [x, a], [y], "ReducerOptions", {"keep_dims": keep})
    w.add_run("%s_%s_%s_ax%s_%s" % (code.lower(), name, shape_name(shape), "_".join(map(str, axes)) or "none",
                                    "keep" if keep else "drop"), model, inputs)


def random_reduction(rng, it):
    rank = int(rng.integers(1, 6))
    shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
    axes = random_axes(rng, rank)
    keep = bool(rng.integers(0, 2))
    return shape, axes, keep


def gen_sum(w, rng):
    dtypes = ["float32", "int8", "int16"]
    for it in range(150):
        dtype = dtypes[it % 3]
        shape, axes, keep = random_reduction(rng, it)
        q_in = quant_for(rng, dtype)
        # Output scales around the input's times the reduced count, sometimes the input's own (saturation).
        q_out = q_in if it % 5 == 0 else quant_for(rng, dtype)
        if dtype != "float32" and it % 5 != 0:
            q_out = (q_in[0] * float(rng.uniform(0.5, 8.0)), q_out[1])
        x = spec(shape, dtype, q_in)
        y = spec(reduced_shape(shape, axes, keep), dtype, q_out)
        reducer_case(w, rng, "SUM", "%s_%d" % (dtype, it), shape, axes, keep, x, y, [random_input(x, rng)])
    # Large reductions: int32 sums of many elements, and the 4-D axes {1, 2} of pooling heads.
    for dtype in dtypes:
        q = quant_for(rng, dtype)
        x = spec([1, 48, 40, 3], dtype, q)
        y = spec([1, 1, 1, 3], dtype, (q[0] * 200.0, q[1]) if q[0] is not None else q)
        reducer_case(w, rng, "SUM", "%s_big" % dtype, [1, 48, 40, 3], [1, 2], True, x, y, [random_input(x, rng)])


def special_floats(rng, x):
    data = random_input(x, rng)
    flat = data.reshape(-1)
    for _ in range(int(rng.integers(1, 3))):
        flat[int(rng.integers(0, flat.size))] = [np.nan, np.inf, -np.inf][int(rng.integers(0, 3))]
    return data


def gen_reduce_max_min(w, rng):
    for it in range(160):
        code = "REDUCE_MAX" if it % 2 == 0 else "REDUCE_MIN"
        dtype = ["float32", "int8"][(it // 2) % 2]
        shape, axes, keep = random_reduction(rng, it)
        q = quant_for(rng, dtype) if not (dtype == "int8" and it % 8 == 1) else (None, None)
        x = spec(shape, dtype, q)
        y = spec(reduced_shape(shape, axes, keep), dtype, q)
        inp = special_floats(rng, x) if dtype == "float32" and it % 6 == 0 else random_input(x, rng)
        reducer_case(w, rng, code, "%s_%d" % (dtype, it), shape, axes, keep, x, y, [inp])
    for code in ("REDUCE_MAX", "REDUCE_MIN"):
        x = T([2, 3], "float32")
        inf = np.inf if code == "REDUCE_MIN" else -np.inf
        reducer_case(w, rng, code, "float32_all_inf", [2, 3], [1], False, x, T([2], "float32"),
                     [np.full((2, 3), inf, dtype=np.float32)])
        for dtype in ("float32", "int8"):
            q = quant_for(rng, dtype)
            x = spec([1, 30, 20, 4], dtype, q)
            reducer_case(w, rng, code, "%s_big" % dtype, [1, 30, 20, 4], [1, 2], True, x,
                         spec([1, 1, 1, 4], dtype, q), [random_input(x, rng)])


def gen_reduce_all(w, rng):
    for it in range(80):
        shape, axes, keep = random_reduction(rng, it)
        x = T(shape, "bool")
        y = T(reduced_shape(shape, axes, keep), "bool")
        p_false = [0.0, 0.02, 0.1, 0.5][it % 4]
        inp = rng.uniform(size=shape) >= p_false
        reducer_case(w, rng, "REDUCE_ALL", "bool_%d" % it, shape, axes, keep, x, y, [inp])


# ----------------------------------------------------------------------------------- non-constant axis tensor

RUNTIME_AXIS_TYPES = {"MEAN": ["float32", "int8", "int16"], "SUM": ["float32", "int8", "int16"],
                      "REDUCE_MAX": ["float32", "int8"], "REDUCE_MIN": ["float32", "int8"], "REDUCE_ALL": ["bool"]}


def gen_reduce_runtime_axis(w, rng):
    codes = list(RUNTIME_AXIS_TYPES)
    for it in range(200):
        code = codes[it % len(codes)]
        types = RUNTIME_AXIS_TYPES[code]
        dtype = types[(it // len(codes)) % len(types)]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axes = [int(rng.integers(-rank, rank)) for _ in range(int(rng.integers(1, rank + 2)))]
        if it % 10 == 0:
            axes = list(range(rank))
        keep = bool(rng.integers(0, 2))
        q_in = quant_for(rng, dtype)
        q_out = q_in
        if code in ("MEAN", "SUM") and dtype != "float32" and it % 4 != 0:
            q_out = (q_in[0] * float(rng.uniform(0.5, 8.0)), quant_for(rng, dtype)[1])
        x = spec(shape, dtype, q_in)
        a = T([len(axes)], "int32")  # no data: a graph input, not a constant
        y = spec(reduced_shape(shape, axes, keep), dtype, q_out)
        model = single_op_model(code, [x, a], [y], "ReducerOptions", {"keep_dims": keep})
        inp = rng.uniform(size=shape) >= 0.05 if dtype == "bool" else random_input(x, rng)
        w.add_run("%s_runtime_axis_%s_%d_%s_ax%s_%s" % (code.lower(), dtype, it, shape_name(shape),
                                                       "_".join(map(str, axes)), "keep" if keep else "drop"),
                  model, [inp, np.array(axes, dtype=np.int32)])
    for it in range(60):
        code = "ARG_MAX" if it % 2 == 0 else "ARG_MIN"
        dtype = ["float32", "int8"][(it // 2) % 2]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axis = int(rng.integers(-rank, rank))
        x = spec(shape, dtype, quant_for(rng, dtype))
        y = T([d for i, d in enumerate(shape) if i != axis % rank], "int32")
        options_type = "ArgMaxOptions" if code == "ARG_MAX" else "ArgMinOptions"
        model = single_op_model(code, [x, T([1], "int32")], [y], options_type, {"output_type": "INT32"})
        w.add_run("%s_runtime_axis_%s_%d_%s_ax%d" % (code.lower(), dtype, it, shape_name(shape), axis), model,
                  [random_input(x, rng), np.array([axis], dtype=np.int32)])
    for it in range(40):
        dtype = ["float32", "int8"][it % 2]
        exclusive, reverse = bool((it // 2) % 2), bool((it // 4) % 2)
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axis = int(rng.integers(-rank, rank))
        q_in = quant_for(rng, dtype)
        x = spec(shape, dtype, q_in)
        q_out = (x.scale and x.scale[0], x.zero_point and x.zero_point[0])
        if dtype == "int8":  # a few times coarser than the input, as gen_cumsum draws it
            q_out = (q_in[0] * float(rng.uniform(1.0, 1.0 + shape[axis % rank])), int(rng.integers(-128, 128)))
        model = single_op_model("CUMSUM", [x, T([1], "int32")], [spec(shape, dtype, q_out)], "CumsumOptions",
                                {"exclusive": exclusive, "reverse": reverse})
        w.add_run("cumsum_runtime_axis_%s_%d_%s_ax%d" % (dtype, it, shape_name(shape), axis), model,
                  [random_input(x, rng), np.array([axis], dtype=np.int32)])


# -------------------------------------------------------------------------------------------------- CUMSUM

def cumsum_case(w, name, x, axis, exclusive, reverse, inputs, q_out=None):
    y = spec(x.shape, x.dtype, q_out if q_out is not None else (x.scale and x.scale[0],
                                                                 x.zero_point and x.zero_point[0]))
    model = single_op_model("CUMSUM", [x, T([1], "int32", data=[axis])], [y], "CumsumOptions",
                            {"exclusive": exclusive, "reverse": reverse})
    w.add_run("cumsum_%s_%s_ax%d%s%s" % (name, shape_name(x.shape), axis, "_excl" if exclusive else "",
                                         "_rev" if reverse else ""), model, inputs)


def gen_cumsum(w, rng):
    for it in range(140):
        dtype = ["float32", "int8"][it % 2]
        exclusive = bool((it // 2) % 2)
        reverse = bool((it // 4) % 2)
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 7 if rank <= 3 else 4)
        axis = int(rng.integers(-rank, rank))
        q_in = quant_for(rng, dtype)
        x = spec(shape, dtype, q_in)
        q_out = None
        if dtype == "int8":  # outputs a few times coarser than the input: the sums stay mostly in range
            q_out = (q_in[0] * float(rng.uniform(1.0, 1.0 + shape[axis % rank])), int(rng.integers(-128, 128)))
        cumsum_case(w, "%s_%d" % (dtype, it), x, axis, exclusive, reverse, [random_input(x, rng)], q_out)
    # Long lines: TFLM's int8 accumulator (values << 19) wraps after a few dozen extreme elements.
    for exclusive in (False, True):
        for reverse in (False, True):
            x = spec([2, 64], "int8", (0.05, -128))
            cumsum_case(w, "int8_long", x, 1, exclusive, reverse, [np.full((2, 64), 127, dtype=np.int8)],
                        (float(rng.uniform(1.0, 20.0)), 0))
            x = T([3, 50], "float32")
            cumsum_case(w, "float32_long", x, -1, exclusive, reverse, [random_input(x, rng)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_reductions: seed %d" % args.seed)
    for i, group in enumerate(GROUPS):
        if group not in args.only.split(","):
            continue
        rng = np.random.default_rng([args.seed, i])
        w = CaseWriter(group, seed=args.seed, generator=__file__)
        globals()["gen_" + group](w, rng)
        print("%s: %d cases" % (group, len(w.cases)))
        w.write()


if __name__ == "__main__":
    main()
