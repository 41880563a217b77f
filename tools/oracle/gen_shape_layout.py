"""Oracle cases for the shape-layout kernels: SQUEEZE, EXPAND_DIMS, SHAPE, FILL, ZEROS_LIKE, BROADCAST_TO,
BROADCAST_ARGS, PACK, UNPACK, SPLIT, SPLIT_V, SLICE (one group each).

Every case is a random model run once on TFLM's reference kernels, over every type TFLM's kernel for the op
handles (found by running TFLM: its invoke refuses the others). Shape inputs are constant where TFLM requires
it (EXPAND_DIMS/SPLIT/SPLIT_V axis, FILL dims, BROADCAST_TO shape) and where mote does (SLICE begin/size);
BROADCAST_ARGS and SPLIT_V's size_splits also run as runtime inputs. Cases TFLM refuses are skipped and
counted (printed). The TFLM runner cannot feed rank-0 inputs, so scalars appear as constants only.

Run: .venv/bin/python tools/oracle/gen_shape_layout.py [--seed N] [--out-dir DIR] [--only squeeze,fill,...]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_shape_ops import Gen, const_data, quant_for, rand_shape, spec  # noqa: E402
from oracle_lib import T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261202
GROUPS = ["squeeze", "expand_dims", "shape", "fill", "zeros_like", "broadcast_to", "broadcast_args", "pack",
          "unpack", "split", "split_v", "slice"]
ALL_TYPES = ["float32", "int8", "int16", "int32", "int64", "bool", "uint8"]
SPLIT_TYPES = ["float32", "int8", "int16", "int32"]  # SPLIT, SPLIT_V, UNPACK


def shape_name(shape):
    return "x".join(map(str, shape)) or "scalar"


def ivec(values, dtype="int32"):
    return T([len(values)], dtype, data=np.array(values, dtype=dtype))


def iscalar(value, as_vector):
    return T([1] if as_vector else [], "int32", data=np.array([value] if as_vector else value, dtype=np.int32))


def pair(rng, shape_in, shape_out, dtype, data=None):
    """Input and output specs of one dtype sharing one quantization (the data-movement ops copy bytes)."""
    q = quant_for(rng, dtype)
    return spec(rng, shape_in, dtype, data=data, q=q), spec(rng, shape_out, dtype, q=q)


def feed(g, specs):
    return [random_input(t, g.rng) for t in specs if not t.is_const]


# ---------------------------------------------------------------------------------------------------- SQUEEZE

def gen_squeeze(g):
    rng = g.rng
    for it in range(84):
        dtype = ALL_TYPES[it % len(ALL_TYPES)]
        rank = int(rng.integers(1, 7))
        shape = [1 if rng.random() < 0.45 else int(rng.integers(2, 5)) for _ in range(rank)]
        ones = [d for d in range(rank) if shape[d] == 1]
        mode = it % 3
        if mode == 0 or not ones:  # every size-1 dimension, options table with an empty list or none at all
            dims = []
            squeezed = ones
        else:
            squeezed = sorted(int(d) for d in rng.choice(ones, size=int(rng.integers(1, len(ones) + 1)),
                                                         replace=False))
            dims = [d - rank if rng.integers(0, 2) else d for d in squeezed]
        out_shape = [s for d, s in enumerate(shape) if d not in squeezed]
        x, y = pair(rng, shape, out_shape, dtype)
        if mode == 0 and it % 2:
            model = single_op_model("SQUEEZE", [x], [y])
        else:
            model = single_op_model("SQUEEZE", [x], [y], "SqueezeOptions", {"squeeze_dims": dims})
        g.add("squeeze_%s_%s_d%s_%d" % (dtype, shape_name(shape), "_".join(map(str, dims)), it), model, feed(g, [x]))


# ------------------------------------------------------------------------------------------------ EXPAND_DIMS

def gen_expand_dims(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int16"]
    for it in range(60):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 5)
        axis = int(rng.integers(-rank - 1, rank + 1))
        pos = axis % (rank + 1)
        out_shape = shape[:pos] + [1] + shape[pos:]
        x, y = pair(rng, shape, out_shape, dtype)
        model = single_op_model("EXPAND_DIMS", [x, iscalar(axis, it % 2 == 0)], [y])
        g.add("expand_dims_%s_%s_ax%d_%d" % (dtype, shape_name(shape), axis, it), model, feed(g, [x]))


# ------------------------------------------------------------------------------------------------------ SHAPE

def gen_shape(g):
    rng = g.rng
    for it in range(42):
        dtype = ALL_TYPES[it % len(ALL_TYPES)]
        shape = rand_shape(rng, int(rng.integers(1, 7)), 1, 5)
        x = spec(rng, shape, dtype)
        y = T([len(shape)], "int32")
        if it % 3 == 0:
            model = single_op_model("SHAPE", [x], [y])
        else:
            model = single_op_model("SHAPE", [x], [y], "ShapeOptions", {"out_type": "INT32"})
        g.add("shape_%s_%s_%d" % (dtype, shape_name(shape), it), model, feed(g, [x]))


# ------------------------------------------------------------------------------------------------------- FILL

def gen_fill(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int32"]
    dims_types = ["int8", "int16", "int32", "int64"]
    for it in range(48):
        dtype = dtypes[it % len(dtypes)]
        shape = rand_shape(rng, int(rng.integers(1, 6)), 1, 5)
        dims = ivec(shape, dims_types[int(rng.integers(0, len(dims_types)))])
        value, y = pair(rng, [], shape, dtype, data=const_data(rng, [], dtype))
        model = single_op_model("FILL", [dims, value], [y])
        g.add("fill_%s_%s_dims%s_%d" % (dtype, shape_name(shape), dims.dtype, it), model, [])


# ------------------------------------------------------------------------------------------------- ZEROS_LIKE

def gen_zeros_like(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int32", "int64"]
    for it in range(32):
        dtype = dtypes[it % len(dtypes)]
        shape = rand_shape(rng, int(rng.integers(1, 6)), 1, 5)
        x, y = pair(rng, shape, shape, dtype)
        g.add("zeros_like_%s_%s_%d" % (dtype, shape_name(shape), it), single_op_model("ZEROS_LIKE", [x], [y]),
              feed(g, [x]))


# ----------------------------------------------------------------------------------------------- BROADCAST_TO

def gen_broadcast_to(g):
    rng = g.rng
    for it in range(84):
        dtype = ALL_TYPES[it % len(ALL_TYPES)]
        out_rank = int(rng.integers(1, 6))
        out_shape = rand_shape(rng, out_rank, 1, 4)
        in_rank = int(rng.integers(0 if it % 6 == 0 else 1, out_rank + 1))
        in_shape = [d if rng.random() < 0.5 else 1 for d in out_shape[out_rank - in_rank:]]
        const_input = in_rank == 0 or it % 9 == 0  # scalars only as constants (the runner cannot feed them)
        x, y = pair(rng, in_shape, out_shape, dtype, data=const_data(rng, in_shape, dtype) if const_input else None)
        s = ivec(out_shape, "int64" if it % 4 == 3 else "int32")
        version = 3 if dtype in ("int8", "int16") else 2
        model = single_op_model("BROADCAST_TO", [x, s], [y], version=version)
        g.add("broadcast_to_%s_%s_to_%s_%d" % (dtype, shape_name(in_shape), shape_name(out_shape), it), model,
              feed(g, [x]))


# --------------------------------------------------------------------------------------------- BROADCAST_ARGS

def broadcast_pair(rng):
    """Two compatible shape vectors (aligned on the last element; each pair equal or with a 1)."""
    n = int(rng.integers(1, 6))
    full = rand_shape(rng, n, 2, 6)
    n1 = int(rng.integers(1, n + 1))
    n2 = n if n1 < n else int(rng.integers(1, n + 1))
    a = [d if rng.random() < 0.6 else 1 for d in full[n - n1:]]
    b = [d if rng.random() < 0.6 else 1 for d in full[n - n2:]]
    return a, b


def gen_broadcast_args(g):
    rng = g.rng
    for it in range(44):
        dtype = "int32" if it % 2 == 0 else "int64"
        a, b = broadcast_pair(rng)
        n_out = max(len(a), len(b))
        if it % 11 == 5:
            n_out += 1  # a longer output leads with 1s
        elif it % 11 == 7 and n_out > 1:
            n_out -= 1  # a shorter one keeps the trailing elements
        kinds = it % 3  # 0: both runtime, 1: first constant, 2: both constant
        ta = ivec(a, dtype) if kinds >= 1 else T([len(a)], dtype)
        tb = ivec(b, dtype) if kinds == 2 else T([len(b)], dtype)
        model = single_op_model("BROADCAST_ARGS", [ta, tb], [T([n_out], dtype)])
        inputs = [np.array(v, dtype=dtype) for v, t in ((a, ta), (b, tb)) if not t.is_const]
        g.add("broadcast_args_%s_%s_%s_out%d_%d" % (dtype, shape_name(a), shape_name(b), n_out, it), model, inputs)


# ------------------------------------------------------------------------------------------------------- PACK

def gen_pack(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int16", "int32", "int64"]
    for it in range(70):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 5))
        shape = rand_shape(rng, rank, 1, 4)
        n = int(rng.integers(1, 6))
        axis = int(rng.integers(-rank - 1, rank + 1))
        pos = axis % (rank + 1)
        q = quant_for(rng, dtype)
        ins = [spec(rng, shape, dtype, q=q, data=const_data(rng, shape, dtype) if i > 0 and rng.random() < 0.2
                    else None) for i in range(n)]
        y = spec(rng, shape[:pos] + [n] + shape[pos:], dtype, q=q)
        version = {"int8": 2, "int16": 3}.get(dtype, 1)
        model = single_op_model("PACK", ins, [y], "PackOptions", {"values_count": n, "axis": axis}, version=version)
        g.add("pack_%s_%s_n%d_ax%d_%d" % (dtype, shape_name(shape), n, axis, it), model, feed(g, ins))


# ----------------------------------------------------------------------------------------------------- UNPACK

def gen_unpack(g):
    rng = g.rng
    for it in range(56):
        dtype = SPLIT_TYPES[it % len(SPLIT_TYPES)]
        rank = int(rng.integers(2 if it % 7 else 1, 6))
        shape = rand_shape(rng, rank, 1, 4)
        axis = int(rng.integers(-rank, rank))
        pos = axis % rank
        q = quant_for(rng, dtype)
        x = spec(rng, shape, dtype, q=q)
        outs = [spec(rng, shape[:pos] + shape[pos + 1:], dtype, q=q) for _ in range(shape[pos])]
        version = {"int8": 2, "int16": 4}.get(dtype, 1)
        model = single_op_model("UNPACK", [x], outs, "UnpackOptions", {"num": shape[pos], "axis": axis},
                                version=version)
        g.add("unpack_%s_%s_ax%d_%d" % (dtype, shape_name(shape), axis, it), model, feed(g, [x]))


# ------------------------------------------------------------------------------------------------ SPLIT(_V)

def split_shape(rng, rank):
    shape = rand_shape(rng, rank, 1, 4)
    axis = int(rng.integers(-rank, rank))
    return shape, axis, axis % rank


def gen_split(g):
    rng = g.rng
    for it in range(60):
        dtype = SPLIT_TYPES[it % len(SPLIT_TYPES)]
        shape, axis, pos = split_shape(rng, int(rng.integers(1, 6)))
        n = int(rng.integers(1, 5))
        part = shape[pos]
        shape[pos] = part * n
        q = quant_for(rng, dtype)
        x = spec(rng, shape, dtype, q=q)
        outs = [spec(rng, shape[:pos] + [part] + shape[pos + 1:], dtype, q=q) for _ in range(n)]
        version = {"int8": 2, "int32": 3, "int16": 4}.get(dtype, 1)
        model = single_op_model("SPLIT", [iscalar(axis, it % 3 == 0), x], outs, "SplitOptions", {"num_splits": n},
                                version=version)
        g.add("split_%s_%s_ax%d_n%d_%d" % (dtype, shape_name(shape), axis, n, it), model, feed(g, [x]))


def gen_split_v(g):
    rng = g.rng
    for it in range(60):
        dtype = SPLIT_TYPES[it % len(SPLIT_TYPES)]
        shape, axis, pos = split_shape(rng, int(rng.integers(1, 6)))
        sizes = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(1, 5)))]
        shape[pos] = sum(sizes)
        q = quant_for(rng, dtype)
        x = spec(rng, shape, dtype, q=q)
        outs = [spec(rng, shape[:pos] + [s] + shape[pos + 1:], dtype, q=q) for s in sizes]
        requested = list(sizes)
        if it % 4 == 1:
            requested[int(rng.integers(0, len(sizes)))] = -1  # the converter's "the rest"
        runtime_sizes = it % 5 == 2  # TFLM never reads size_splits: a runtime tensor works too
        sizes_t = T([len(sizes)], "int32") if runtime_sizes else ivec(requested)
        version = 2 if dtype == "int8" else 1
        model = single_op_model("SPLIT_V", [x, sizes_t, iscalar(axis, it % 3 == 0)], outs, "SplitVOptions",
                                {"num_splits": len(sizes)}, version=version)
        inputs = feed(g, [x]) + ([np.array(requested, dtype=np.int32)] if runtime_sizes else [])
        g.add("split_v_%s_%s_ax%d_s%s_%d" % (dtype, shape_name(shape), axis, "_".join(map(str, requested)), it),
              model, inputs)


# ------------------------------------------------------------------------------------------------------ SLICE

def gen_slice(g):
    rng = g.rng
    dtypes = ["float32", "int8", "int16", "int32", "bool"]
    for it in range(84):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 6 if rank <= 3 else 4)
        begin = [int(rng.integers(0, d)) for d in shape]
        size = [int(rng.integers(1, d - b + 1)) for d, b in zip(shape, begin)]
        requested = [-1 if rng.random() < 0.2 else s for s in size]
        out = [d - b if r == -1 else r for d, b, r in zip(shape, begin, requested)]
        x, y = pair(rng, shape, out, dtype)
        itype = "int64" if it % 4 == 3 else "int32"
        version = 5 if rank > 4 else {"int8": 2, "int16": 4}.get(dtype, 1)
        model = single_op_model("SLICE", [x, ivec(begin, itype), ivec(requested, itype)], [y], version=version)
        g.add("slice_%s_%s_b%s_s%s_%d" % (dtype, shape_name(shape), "_".join(map(str, begin)),
                                          "_".join(map(str, requested)), it), model, feed(g, [x]))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_shape_layout: seed %d" % args.seed)
    for i, group in enumerate(GROUPS):
        if group not in args.only.split(","):
            continue
        g = Gen(group, args.seed, np.random.default_rng([args.seed, 100 + i]))
        g.writer.generator = __file__  # Gen names gen_shape_ops.py
        globals()["gen_" + group](g)
        g.finish()


if __name__ == "__main__":
    main()
