"""Oracle cases for the indexing and layout kernels: TRANSPOSE, GATHER, GATHER_ND, EMBEDDING_LOOKUP, REVERSE_V2,
PADV2, MIRROR_PAD, DYNAMIC_UPDATE_SLICE, SPACE_TO_DEPTH / DEPTH_TO_SPACE and SPACE_TO_BATCH_ND / BATCH_TO_SPACE_ND (a case group each,
the pairs sharing one), over the types TFLM's kernels take, random shapes
(ranks 1 to the kernel's limit; rank-0 graph inputs cannot be fed to the oracle) and random parameters:
permutations, gather axes / batch_dims / indices, lookup rows (float, int8 and the int8 -> float32 hybrid),
reversed axis runs (constant and runtime axis tensors), paddings and padding values, mirror modes, block
sizes, block shapes with paddings and crops, update blocks at start indices in and out of range (clamped).

Refusal cases (mote must refuse, TFLM refuses at invoke or computes nothing): out-of-range gather and lookup
indices, non-contiguous or repeated reverse axes. (TFLM does not bound-check GATHER_ND indices, so its
out-of-range refusal is tested in gather_nd_test.cc, not here.)

Run: .venv/bin/python tools/oracle/gen_index_layout.py [--seed N] [--out-dir DIR] [--only transpose,gather,...]
  -> tests/oracle/data/<group>.cases (+ .provenance.txt) for each group of GROUPS
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 1616
GROUPS = ["transpose", "gather", "embedding_lookup", "reverse_v2", "padv2", "space_depth", "gather_nd", "mirror_pad",
          "batch_space", "dynamic_update_slice"]


def rand_shape(rng, rank, lo=1, hi=5):
    return [int(rng.integers(lo, hi + 1)) for _ in range(rank)]


def quant(rng, dtype):
    """Keyword arguments of T for a quantized dtype (int8: any zero point; int16: symmetric), else none."""
    if dtype == "int8":
        return dict(scale=float(np.float32(rng.uniform(0.005, 0.5))), zero_point=int(rng.integers(-128, 128)))
    if dtype == "int16":
        return dict(scale=float(np.float32(rng.uniform(0.0001, 0.01))), zero_point=0)
    return {}


def dims(shape):
    return "x".join(map(str, shape))


def i32(values, shape=None):
    arr = np.array(values, dtype=np.int32)
    return T(list(arr.shape) if shape is None else shape, "int32", data=arr)


# ------------------------------------------------------------------------------------------------- TRANSPOSE

def gen_transpose(w, rng):
    dtypes = ["float32", "int8", "int16"]
    for it in range(90):
        dtype = dtypes[it % 3]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 6 if rank <= 3 else 4)
        perm = [int(p) for p in rng.permutation(rank)]
        q = quant(rng, dtype)
        x = T(shape, dtype, **q)
        y = T([shape[p] for p in perm], dtype, **q)
        model = single_op_model("TRANSPOSE", [x, i32(perm)], [y], version=5 if rank == 5 or dtype == "int16" else 1)
        w.add_run("transpose_%s_%s_p%s_%d" % (dtype, dims(shape), "".join(map(str, perm)), it), model,
                  [random_input(x, rng)])
    # NHWC <-> NCHW, the converter's usual pair.
    for dtype in dtypes:
        q = quant(rng, dtype)
        x = T([1, 5, 7, 3], dtype, **q)
        model = single_op_model("TRANSPOSE", [x, i32([0, 3, 1, 2])], [T([1, 3, 5, 7], dtype, **q)])
        w.add_run("transpose_nhwc_to_nchw_%s" % dtype, model, [random_input(x, rng)])


# ---------------------------------------------------------------------------------------------------- GATHER

def gather_case(w, rng, name, dtype, shape, index_shape, axis, batch_dims, indices=None, refusal="abort"):
    rank, index_rank = len(shape), len(index_shape)
    a = axis % rank
    b = batch_dims % index_rank if batch_dims < 0 else batch_dims
    out_shape = shape[:a] + index_shape[b:] + shape[a + 1:]
    q = quant(rng, dtype)
    x = T(shape, dtype, **q)
    idx = T(index_shape, "int32")
    if indices is None:
        indices = rng.integers(0, shape[a], size=index_shape).astype(np.int32)
    model = single_op_model("GATHER", [x, idx], [T(out_shape, dtype, **q)], "GatherOptions",
                            {"axis": axis, "batch_dims": batch_dims})
    w.add_run(name, model, [random_input(x, rng), indices], refusal=refusal)


def gen_gather(w, rng):
    dtypes = ["float32", "int8"]
    for it in range(110):
        dtype = dtypes[it % 2]
        rank = int(rng.integers(1, 5))
        shape = rand_shape(rng, rank, 1, 6)
        batch_dims = int(rng.integers(0, rank)) if it % 3 == 0 else 0
        axis = int(rng.integers(batch_dims, rank))
        index_shape = shape[:batch_dims] + rand_shape(rng, int(rng.integers(0 if batch_dims else 1, 3)), 1, 5)
        if not index_shape:
            index_shape = [int(rng.integers(1, 5))]
        axis_arg = axis - rank if rng.integers(0, 2) else axis
        bd_arg = batch_dims - len(index_shape) if batch_dims and rng.integers(0, 2) else batch_dims
        name = "gather_%s_%s_i%s_ax%d_bd%d_%d" % (dtype, dims(shape), dims(index_shape), axis_arg, bd_arg, it)
        gather_case(w, rng, name, dtype, shape, index_shape, axis_arg, bd_arg)
    # Out-of-range indices: TFLM ends invoke with an error, so must mote.
    for it, bad in enumerate([5, -1, 2 ** 31 - 1]):
        idx = np.array([0, bad, 1], dtype=np.int32)
        gather_case(w, rng, "gather_index_out_of_range_%d" % it, "float32", [5, 3], [3], 0, 0, indices=idx,
                    refusal="expected")


# ------------------------------------------------------------------------------------------ EMBEDDING_LOOKUP

def gen_embedding_lookup(w, rng):
    kinds = [("float32", "float32"), ("int8", "int8"), ("int8", "float32")]
    for it in range(75):
        vtype, otype = kinds[it % 3]
        rank = int(rng.integers(2, 5))
        vshape = rand_shape(rng, rank, 1, 6)
        n = int(rng.integers(1, 8))
        lookup = rng.integers(0, vshape[0], size=[n]).astype(np.int32)
        if vtype == "int8":
            q = dict(scale=float(np.float32(rng.uniform(0.001, 0.2))),
                     zero_point=0 if otype == "float32" else int(rng.integers(-128, 128)))
        else:
            q = {}
        const = it % 4 != 3
        vdata = random_input(T(vshape, vtype), rng) if const else None
        value = T(vshape, vtype, data=vdata, **q)
        out = T([n] + vshape[1:], otype, **(q if otype == "int8" else {}))
        model = single_op_model("EMBEDDING_LOOKUP", [T([n], "int32"), value], [out])
        inputs = [lookup] + ([] if const else [random_input(value, rng)])
        kind = "hybrid" if vtype != otype else vtype
        w.add_run("embedding_lookup_%s_%s_n%d_%s_%d" % (kind, dims(vshape), n, "const" if const else "rt", it), model,
                  inputs)
    for it, bad in enumerate([4, -3]):
        value = T([4, 3], "float32", data=random_input(T([4, 3], "float32"), rng))
        model = single_op_model("EMBEDDING_LOOKUP", [T([2], "int32"), value], [T([2, 3], "float32")])
        w.add_run("embedding_lookup_index_out_of_range_%d" % it, model, [np.array([1, bad], dtype=np.int32)],
                  refusal="expected")


# ------------------------------------------------------------------------------------------------ REVERSE_V2

def gen_reverse_v2(w, rng):
    dtypes = ["float32", "int8", "int16", "int32", "int64", "bool"]
    for it in range(100):
        dtype = dtypes[it % len(dtypes)]
        rank = int(rng.integers(1, 7))
        shape = rand_shape(rng, rank, 1, 6 if rank <= 3 else 3)
        first = int(rng.integers(0, rank))
        count = int(rng.integers(1, rank - first + 1))
        axes = list(range(first, first + count))
        axes = [a - rank if rng.integers(0, 2) else a for a in rng.permutation(axes).tolist()]
        q = quant(rng, dtype)
        x = T(shape, dtype, **q)
        runtime_axis = it % 5 == 4
        axis = T([count], "int32") if runtime_axis else i32(axes)
        model = single_op_model("REVERSE_V2", [x, axis], [T(shape, dtype, **q)])
        inputs = [random_input(x, rng)] + ([np.array(axes, dtype=np.int32)] if runtime_axis else [])
        w.add_run("reverse_v2_%s_%s_ax%s%s_%d" % (dtype, dims(shape), "_".join(map(str, axes)),
                                                 "_rt" if runtime_axis else "", it), model, inputs)
    # TFLM refuses axes that are not one contiguous run (at invoke).
    for it, axes in enumerate([[0, 2], [1, 1]]):
        x = T([2, 3, 4], "float32")
        model = single_op_model("REVERSE_V2", [x, i32(axes)], [T([2, 3, 4], "float32")])
        w.add_run("reverse_v2_bad_axes_%d" % it, model, [random_input(x, rng)], refusal="expected")


# ----------------------------------------------------------------------------------------------------- PADV2

def gen_padv2(w, rng):
    dtypes = ["float32", "int8", "int16", "int32"]
    for it in range(80):
        dtype = dtypes[it % 4]
        rank = int(rng.integers(1, 6))
        shape = rand_shape(rng, rank, 1, 5 if rank <= 3 else 3)
        pads = rng.integers(0, 4 if rank <= 3 else 2, size=(rank, 2))
        q = quant(rng, dtype)
        x = T(shape, dtype, **q)
        const_cv = it % 5 != 0
        cv_shape = [1] if it % 2 or not const_cv else []  # rank-0 graph inputs cannot be fed
        cv = T(cv_shape, dtype, data=random_input(T(cv_shape, dtype), rng) if const_cv else None, **q)
        y = T([int(s + p[0] + p[1]) for s, p in zip(shape, pads)], dtype, **q)
        model = single_op_model("PADV2", [x, i32(pads.tolist()), cv], [y], version=4 if rank > 4 else 1)
        inputs = [random_input(x, rng)] + ([] if const_cv else [random_input(cv, rng)])
        w.add_run("padv2_%s_%s_%s_%d" % (dtype, dims(shape), "const" if const_cv else "rt", it), model, inputs)


# ------------------------------------------------------------------------------ SPACE_TO_DEPTH / DEPTH_TO_SPACE

def gen_space_depth(w, rng):
    dtypes = ["float32", "int8"]
    for it in range(120):
        dtype = dtypes[it % 2]
        block = int(rng.integers(1, 5))
        n, h, wd, c = int(rng.integers(1, 3)), int(rng.integers(1, 4)), int(rng.integers(1, 4)), int(rng.integers(1, 5))
        q = quant(rng, dtype)
        if it % 4 < 2:
            x = T([n, h * block, wd * block, c], dtype, **q)
            y = T([n, h, wd, c * block * block], dtype, **q)
            op, options = "SPACE_TO_DEPTH", "SpaceToDepthOptions"
        else:
            x = T([n, h, wd, c * block * block], dtype, **q)
            y = T([n, h * block, wd * block, c], dtype, **q)
            op, options = "DEPTH_TO_SPACE", "DepthToSpaceOptions"
        model = single_op_model(op, [x], [y], options, {"block_size": block})
        w.add_run("%s_%s_%s_b%d_%d" % (op.lower(), dtype, dims(x.shape), block, it), model, [random_input(x, rng)])


# ------------------------------------------------------------------------------------------------- GATHER_ND

def gen_gather_nd(w, rng):
    dtypes = ["float32", "int8"]
    for it in range(90):
        dtype = dtypes[it % 2]
        rank = int(rng.integers(1, 5))
        shape = rand_shape(rng, rank, 1, 5)
        nd = int(rng.integers(1, rank + 1))
        batch = rand_shape(rng, int(rng.integers(0, 3)), 1, 4)
        rows = int(np.prod(batch, dtype=np.int64))
        idx = np.stack([rng.integers(0, shape[j], size=rows) for j in range(nd)], axis=-1).astype(np.int32)
        idx = idx.reshape(batch + [nd])
        q = quant(rng, dtype)
        x = T(shape, dtype, **q)
        out = T(batch + shape[nd:], dtype, **q)
        model = single_op_model("GATHER_ND", [x, T(batch + [nd], "int32")], [out])
        w.add_run("gather_nd_%s_%s_i%s_%d" % (dtype, dims(shape), dims(batch + [nd]), it), model,
                  [random_input(x, rng), idx])


# ------------------------------------------------------------------------------------------------ MIRROR_PAD

def gen_mirror_pad(w, rng):
    dtypes = ["float32", "int8"]
    for it in range(100):
        dtype = dtypes[it % 2]
        mode = ["REFLECT", "SYMMETRIC"][(it // 2) % 2]
        offset = 1 if mode == "REFLECT" else 0
        rank = int(rng.integers(1, 5))
        shape = rand_shape(rng, rank, 1, 5 if rank <= 2 else 3)
        pads = np.array([[int(rng.integers(0, d - offset + 1)) for _ in range(2)] for d in shape], dtype=np.int32)
        ptype = "int64" if it % 5 == 0 else "int32"
        q = quant(rng, dtype)
        x = T(shape, dtype, **q)
        y = T([int(d + p[0] + p[1]) for d, p in zip(shape, pads)], dtype, **q)
        p = T([rank, 2], ptype, data=pads.astype(np.int64 if ptype == "int64" else np.int32))
        model = single_op_model("MIRROR_PAD", [x, p], [y], "MirrorPadOptions", {"mode": mode})
        w.add_run("mirror_pad_%s_%s_%s_%s_%d" % (mode.lower(), dtype, dims(shape), ptype, it), model,
                  [random_input(x, rng)])


# ------------------------------------------------------------------------- SPACE_TO_BATCH_ND / BATCH_TO_SPACE_ND

def gen_batch_space(w, rng):
    dtypes = ["float32", "int8"]
    for it in range(120):
        dtype = dtypes[(it // 2) % 2]  # it % 2 picks the op: both ops get both types
        spatial = 1 if it % 5 == 4 else 2  # 3-D NHC inputs, too
        block = [int(rng.integers(1, 4)) for _ in range(spatial)]
        n, c = int(rng.integers(1, 3)), int(rng.integers(1, 4))
        q = quant(rng, dtype)
        if it % 2 == 0:
            # SPACE_TO_BATCH_ND: padded sizes that the blocks divide.
            blocked = [int(rng.integers(1, 4)) for _ in range(spatial)]
            pads, sizes = [], []
            for b, m in zip(block, blocked):
                total = b * m
                # TFLM never sets its pad value (the op data is an uninitialised persistent buffer), so its
                # padding is stale arena bytes for both types: these cases have no padding, and the padded
                # ones (mote pads with 0 / the output zero point, as TFLite does) are in gen_batch_space_litert.py.
                size = total
                before = int(rng.integers(0, total - size + 1))
                pads.append([before, total - size - before])
                sizes.append(size)
            x = T([n] + sizes + [c], dtype, **q)
            y = T([n * int(np.prod(block))] + blocked + [c], dtype, **q)
            op = "SPACE_TO_BATCH_ND"
        else:
            # BATCH_TO_SPACE_ND: crops that leave at least one row / column.
            sizes = [int(rng.integers(1, 4)) for _ in range(spatial)]
            pads, out_sizes = [], []
            for b, s in zip(block, sizes):
                full = b * s
                keep = int(rng.integers(1, full + 1))
                before = int(rng.integers(0, full - keep + 1))
                pads.append([before, full - keep - before])
                out_sizes.append(keep)
            x = T([n * int(np.prod(block))] + sizes + [c], dtype, **q)
            y = T([n] + out_sizes + [c], dtype, **q)
            op = "BATCH_TO_SPACE_ND"
        model = single_op_model(op, [x, i32(block), i32(pads)], [y], version=1 if spatial == 2 else 3)
        w.add_run("%s_%s_%s_b%s_%d" % (op.lower(), dtype, dims(x.shape), dims(block), it), model,
                  [random_input(x, rng)])


# -------------------------------------------------------------------------------------- DYNAMIC_UPDATE_SLICE

def gen_dynamic_update_slice(w, rng):
    dtypes = ["float32", "int8", "int32"]
    for it in range(90):
        dtype = dtypes[it % 3]
        rank = int(rng.integers(1, 7))
        shape = rand_shape(rng, rank, 1, 5 if rank <= 3 else 3)
        ushape = [int(rng.integers(0 if it % 17 == 0 else 1, d + 1)) for d in shape]
        itype = "int64" if it % 4 == 0 else "int32"
        starts = np.array([int(rng.integers(-2, d + 2)) for d in shape], dtype=np.int64 if itype == "int64" else np.int32)
        q = quant(rng, dtype)
        x, u = T(shape, dtype, **q), T(ushape, dtype, **q)
        model = single_op_model("DYNAMIC_UPDATE_SLICE", [x, u, T([rank], itype)], [T(shape, dtype, **q)])
        w.add_run("dynamic_update_slice_%s_%s_u%s_%s_%d" % (dtype, dims(shape), dims(ushape), itype, it), model,
                  [random_input(x, rng), random_input(u, rng), starts])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_index_layout: seed %d" % args.seed)
    for i, group in enumerate(GROUPS):
        if group not in args.only.split(","):
            continue
        rng = np.random.default_rng([args.seed, i])
        writer = CaseWriter(group, seed=args.seed, generator=__file__)
        globals()["gen_" + group](writer, rng)
        print("%s: %d cases (%d refusals)" % (group, len(writer.cases), len(writer.refusals)))
        writer.write()


if __name__ == "__main__":
    main()
