"""Hybrid (dynamic-range) cases: FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D with FLOAT32 activations and
INT8 weights (per-tensor or per-channel scales, zero point 0), and DEQUANTIZE of FLOAT16 constants. TFLM
refuses these models ("Hybrid models are not supported on TFLite Micro"); the expected outputs come from LiteRT's
reference kernels (tools/oracle/litert_oracle.py), and mote matches them within the oracle test's float32
tolerance. Group: hybrid (the provenance's tflite-micro line is irrelevant here; see "outputs from" below).

    MOTE_LITERT_PYTHON=/path/to/python-with-tensorflow python tools/oracle/gen_hybrid.py [--seed N] [--out-dir DIR]
Without LiteRT it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litert_oracle  # noqa: E402
from oracle_lib import CaseWriter, T, parse_args, single_op_model  # noqa: E402

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


def bias(channels, rng):
    return T([channels], "float32", data=rng.uniform(-1, 1, size=channels).astype(np.float32)) \
        if rng.integers(0, 4) else None


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


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    if not litert_oracle.available():
        print("gen_hybrid: no LiteRT (ai-edge-litert here, or $MOTE_LITERT_PYTHON); skipped (cases unchanged)")
        return
    rng = np.random.default_rng(args.seed)
    drawn = [fully_connected(rng) for _ in range(60)]
    origin, results = litert_oracle.run_batch([(m, i) for _, m, i in drawn])
    print("gen_hybrid: seed %d, outputs from %s (reference kernels)" % (args.seed, origin))
    w = CaseWriter("hybrid", seed=args.seed, generator=__file__)
    for (name, model, inputs), out in zip(drawn, results):
        if isinstance(out, str):
            raise RuntimeError("LiteRT refused %s: %s" % (name, out))
        w.add(name, model, inputs, out)
    w.write()


if __name__ == "__main__":
    main()
