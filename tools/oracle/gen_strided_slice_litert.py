"""STRIDED_SLICE cases for the masks TFLM ignores (ellipsis_mask, new_axis_mask, offset) and for begin/end
shorter than the input rank: the outputs come from LiteRT (ai-edge-litert, TFLite's reference semantics),
not from TFLM, and each is also checked against numpy's indexing of the same spec before it is written.

TFLM zeroes ellipsis_mask and new_axis_mask and ignores offset, so it refuses (output shape mismatch) or
misreads such models; mote implements them as TFLite does, and these cases prove it. Group:
strided_slice_litert (the provenance's tflite-micro line is irrelevant here; see "outputs from" below).

Run with a Python that has ai-edge-litert, numpy, flatbuffers and tflite:
    python tools/oracle/gen_strided_slice_litert.py [--seed N] [--out-dir DIR]
Without ai-edge-litert it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20240614


def run_litert(model_bytes, inputs):
    from ai_edge_litert.interpreter import Interpreter
    interp = Interpreter(model_content=bytes(model_bytes))
    interp.allocate_tensors()
    for detail, arr in zip(interp.get_input_details(), inputs):
        interp.set_tensor(detail["index"], arr)
    interp.invoke()
    return [np.array(interp.get_tensor(d["index"]), copy=True) for d in interp.get_output_details()]


def numpy_index(rank, begin, end, strides, bm, em, ellipsis, new_axis, shrink, offset):
    """The spec as a numpy index tuple (TF strided-slice semantics = Python basic indexing)."""
    index = []
    for j in range(len(begin)):
        if ellipsis >> j & 1:
            index.append(Ellipsis)
        elif new_axis >> j & 1:
            index.append(np.newaxis)
        elif shrink >> j & 1:
            # TFLite (unlike TensorFlow) lets begin_mask win on a shrunk axis: the element at 0.
            index.append(0 if bm >> j & 1 else begin[j])
        else:
            b = None if bm >> j & 1 else begin[j]
            # offset: end is relative to the resolved begin (0 under begin_mask; begins here are >= 0, stride > 0).
            e = None if em >> j & 1 else ((0 if b is None else b) + end[j] if offset else end[j])
            index.append(slice(b, e, strides[j]))
    return tuple(index)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    try:
        import ai_edge_litert  # noqa: F401
    except ImportError:
        print("gen_strided_slice_litert: ai-edge-litert is not installed here; skipped (cases unchanged)")
        return
    import importlib.metadata
    print("gen_strided_slice_litert: seed %d, outputs from ai-edge-litert %s" %
          (args.seed, importlib.metadata.version("ai-edge-litert")))
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("strided_slice_litert", seed=args.seed, generator=__file__)
    dtypes = ["float32", "int8", "int16", "int32", "bool"]
    made = tries = 0
    while made < 120 and tries < 5000:
        tries += 1
        dtype = dtypes[tries % len(dtypes)]
        rank = int(rng.integers(1, 5))
        shape = [int(rng.integers(1, 6)) for _ in range(rank)]
        kind = tries % 4  # 0 ellipsis, 1 new axes, 2 offset, 3 short spec
        n = rank
        ellipsis = new_axis = 0
        offset = False
        if kind == 0:
            n = int(rng.integers(1, rank + 1))
            ellipsis = 1 << int(rng.integers(0, n))
            if rng.integers(0, 2):
                new_axis = 1 << int(rng.integers(0, n))  # may coincide with the ellipsis (then ignored)
        elif kind == 1:
            extra = int(rng.integers(1, 3))
            n = rank + extra
            for j in rng.permutation(n)[:extra]:
                new_axis |= 1 << int(j)
        elif kind == 2:
            offset = True
        else:
            n = int(rng.integers(1, rank + 1))
        if n + bin(new_axis).count("1") > 8:
            continue
        named_dims = []  # input dimension per spec entry (None for ellipsis/new axis), for in-range values
        d = 0
        for j in range(n):
            if ellipsis >> j & 1:
                named = n - bin(new_axis & ~ellipsis).count("1") - 1
                d += rank - named
                named_dims.append(None)
            elif new_axis >> j & 1:
                named_dims.append(None)
            else:
                named_dims.append(shape[d] if d < rank else 1)
                d += 1
        if d > rank:
            continue
        begin, end, strides = [], [], []
        for dim in named_dims:
            dim = dim or 1
            if offset:
                b = int(rng.integers(0, dim))
                begin.append(b)
                end.append(int(rng.integers(1, dim - b + 1)))
                strides.append(int(rng.choice([1, 1, 2])))
            else:
                begin.append(int(rng.integers(-dim, dim)))
                end.append(int(rng.integers(-dim - 1, dim + 1)))
                strides.append(int(rng.choice([1, 2, -1, -2])))
        bm = int(rng.integers(0, 1 << n)) if rng.integers(0, 2) else 0
        em = int(rng.integers(0, 1 << n)) if rng.integers(0, 2) else 0
        shrink = int(rng.integers(0, 1 << n)) if rng.integers(0, 3) == 0 else 0
        if offset:  # offset comes from dynamic-slice lowering, without masks; LiteRT mishandles the mixture
            bm = em = shrink = 0
        for j in range(n):
            if shrink >> j & 1:
                strides[j] = 1
                if named_dims[j] is not None and not (-named_dims[j] <= begin[j] < named_dims[j]):
                    shrink &= ~(1 << j)
        x_np = random_input(T(shape, dtype), rng)
        try:
            expected = x_np[numpy_index(rank, begin, end, strides, bm, em, ellipsis, new_axis & ~ellipsis, shrink,
                                        offset)]
        except IndexError:
            continue
        if expected.size == 0:
            continue
        scale = (0.1, 3) if dtype == "int8" else (None, None)
        x = T(shape, dtype, scale=scale[0], zero_point=scale[1] if scale[0] else None)
        y = T(list(expected.shape), dtype, scale=scale[0], zero_point=scale[1] if scale[0] else None)
        consts = [T([n], "int32", data=np.array(v, dtype=np.int32)) for v in (begin, end, strides)]
        model = single_op_model("STRIDED_SLICE", [x] + consts, [y], "StridedSliceOptions",
                                {"begin_mask": bm, "end_mask": em, "ellipsis_mask": ellipsis,
                                 "new_axis_mask": new_axis, "shrink_axis_mask": shrink, "offset": offset})
        try:
            out = run_litert(model, [x_np])[0]
        except Exception as e:  # LiteRT refused: not a case
            print("  litert refused %s %s: %s" % (shape, (begin, end, strides, bm, em, ellipsis, new_axis, shrink),
                                                  str(e).splitlines()[0]))
            continue
        if out.shape != expected.shape or not np.array_equal(out, expected):
            print("  litert and numpy disagree on %s %s; not written" %
                  (shape, (begin, end, strides, bm, em, ellipsis, new_axis, shrink, offset)))
            continue
        name = "ssl_%s_%s_%s_n%d_b%s_e%s_s%s_m%d_%d_%d_%d_%d_%d" % (
            ["ellipsis", "newaxis", "offset", "short"][kind], dtype, "x".join(map(str, shape)), n,
            "_".join(map(str, begin)), "_".join(map(str, end)), "_".join(map(str, strides)),
            bm, em, ellipsis, new_axis, shrink, tries)
        w.add(name, model, [x_np], [out])
        made += 1
    w.write()


if __name__ == "__main__":
    main()
