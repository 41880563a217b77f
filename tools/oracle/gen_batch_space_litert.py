"""SPACE_TO_BATCH_ND cases WITH padding, float32 and int8: the outputs come from LiteRT's reference kernels
(TFLite semantics: padding is 0.0, or the output zero point for int8), not from TFLM, and each is also checked
against numpy before it is written.

TFLM never sets the pad value of its SPACE_TO_BATCH_ND (its op data is a persistent buffer it does not
initialise), so its padded positions hold whatever the arena held: garbage that no case can record. The TFLM
group (gen_index_layout.py, batch_space) covers unpadded inputs; this group proves mote's padding. Group:
space_to_batch_litert (the provenance's tflite-micro line is irrelevant; see "outputs from").

Run with a Python that has numpy, flatbuffers and tflite, and LiteRT (ai-edge-litert here, or tensorflow via
$MOTE_LITERT_PYTHON, see litert_oracle.py):
    python tools/oracle/gen_batch_space_litert.py [--seed N] [--out-dir DIR]
Without LiteRT it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litert_oracle  # noqa: E402
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261202


def numpy_space_to_batch(x, block, pads, pad_value):
    """TFLite's SPACE_TO_BATCH_ND on an [n, spatial..., c] array (1 or 2 spatial dimensions)."""
    padded = np.pad(x, [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)], constant_values=pad_value)
    n, c = x.shape[0], x.shape[-1]
    blocked = [padded.shape[1 + i] // b for i, b in enumerate(block)]
    # [n, m0, b0, m1, b1, c] -> [b0, b1, n, m0, m1, c]
    shape = [n]
    for m, b in zip(blocked, block):
        shape += [m, b]
    y = padded.reshape(shape + [c])
    spatial = len(block)
    order = [2 + 2 * i for i in range(spatial)] + [0] + [1 + 2 * i for i in range(spatial)] + [1 + 2 * spatial]
    return y.transpose(order).reshape([n * int(np.prod(block))] + blocked + [c])


def draw(rng, it):
    dtype = ["float32", "int8"][it % 2]
    spatial = 1 if it % 5 == 4 else 2
    block = [int(rng.integers(1, 4)) for _ in range(spatial)]
    n, c = int(rng.integers(1, 3)), int(rng.integers(1, 4))
    pads, sizes, blocked = [], [], []
    for b in block:
        m = int(rng.integers(1, 4))
        total = b * m
        size = int(rng.integers(1, total + 1))
        before = int(rng.integers(0, total - size + 1))
        pads.append([before, total - size - before])
        sizes.append(size)
        blocked.append(m)
    if sum(sum(p) for p in pads) == 0:  # this group is about padding: give the first dimension some
        pads[0][1] += block[0]
        blocked[0] += 1
    q = {}
    if dtype == "int8":
        q = dict(scale=float(np.float32(rng.uniform(0.005, 0.5))), zero_point=int(rng.integers(-128, 128)))
    x = T([n] + sizes + [c], dtype, **q)
    y = T([n * int(np.prod(block))] + blocked + [c], dtype, **q)
    block_t = T([spatial], "int32", data=np.array(block, np.int32))
    pads_t = T([spatial, 2], "int32", data=np.array(pads, np.int32))
    # TFLite's kernel version 1 is 4-D NHWC; 3-D NHC inputs need version 3.
    model = single_op_model("SPACE_TO_BATCH_ND", [x, block_t, pads_t], [y], version=1 if spatial == 2 else 3)
    pad_value = q.get("zero_point", 0)
    name = "space_to_batch_nd_padded_%s_%s_b%s_p%s_%d" % (
        dtype, "x".join(map(str, x.shape)), "x".join(map(str, block)),
        "x".join("%d_%d" % tuple(p) for p in pads), it)
    return name, model, x, block, pads, pad_value


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    if not litert_oracle.available():
        print("gen_batch_space_litert: LiteRT is not available here (see litert_oracle.py); skipped")
        return
    rng = np.random.default_rng(args.seed)
    drawn = []
    for it in range(80):
        name, model, x, block, pads, pad_value = draw(rng, it)
        drawn.append((name, model, random_input(x, rng), block, pads, pad_value))
    origin, results = litert_oracle.run_batch([(m, [xin]) for _, m, xin, _, _, _ in drawn])
    print("gen_batch_space_litert: seed %d, outputs from %s" % (args.seed, origin))
    w = CaseWriter("space_to_batch_litert", seed=args.seed, generator=__file__)
    w.outputs_from = "%s, reference kernels (OpResolverType.BUILTIN_REF)" % origin
    for (name, model, xin, block, pads, pad_value), out in zip(drawn, results):
        if isinstance(out, str):
            raise SystemExit("gen_batch_space_litert: LiteRT refused %s: %s" % (name, out))
        want = numpy_space_to_batch(xin, block, pads, pad_value)
        if not np.array_equal(out[0].reshape(want.shape), want):
            raise SystemExit("gen_batch_space_litert: LiteRT and numpy disagree on %s" % name)
        w.add(name, model, [xin], out)
    w.write()


if __name__ == "__main__":
    main()
