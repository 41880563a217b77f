"""Hybrid (dynamic-range) SVDF cases: FLOAT32 input, state, bias and output with INT8 weights_feature and
weights_time (per-tensor scales, zero point 0), as LiteRT's EvalHybridSVDF runs them. TFLM refuses hybrid
models; the expected outputs come from LiteRT's reference kernels (tools/oracle/litert_oracle.py).

Each case invokes one interpreter several times in a row (the float state carries the last memory_size
feature columns from one invoke to the next), on fresh random inputs, now and then with reset_all_variables()
before an invoke: random batch (1..4), input size (1..40), units (1..8), rank (1..3), memory (1..10),
symmetric or asymmetric input quantization (asymmetric_quantize_inputs), bias or none, fused activation NONE,
RELU, RELU6 or RELU_N1_TO_1, inputs with the rows LiteRT's quantizer special-cases (all zero, one sign), and a
few whole models: a keyword-spotting-style stack FULLY_CONNECTED (hybrid) -> SVDF (hybrid) -> FULLY_CONNECTED
(hybrid) -> SOFTMAX, built with the flatbuffer builder: tensorflow-cpu's converter has no TF op or pattern
that lowers to SVDF (its library holds tfl.svdf only as an op definition), so dynamic-range quantization of
a model never writes one.
Tolerance: the oracle test's float32 one (1e-5 relative + 1e-6 absolute). Measured on x86-64 (GCC, no FMA
contraction) with the tolerance set to 0, seeds 16016 and 7: every single-SVDF case equals LiteRT bit for bit;
one keyword model's SOFTMAX outputs near 4e-21 differ by 7.6e-6 relative (mote's float exp, not the SVDF).

    MOTE_LITERT_PYTHON=/path/to/python-with-tensorflow python tools/oracle/gen_hybrid_svdf.py [--seed N]
        [--out-dir DIR]   -> tests/oracle/data/hybrid_svdf.cases (+ .provenance.txt)
Without LiteRT it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litert_oracle  # noqa: E402
from gen_hybrid import float_input  # noqa: E402
from oracle_lib import CaseWriter, T, multi_op_model, parse_args  # noqa: E402

DEFAULT_SEED = 16016
ACTIVATIONS = ["NONE", "RELU", "RELU6", "RELU_N1_TO_1"]


def int8_weights(shape, rng):
    return T(shape, "int8", data=rng.integers(-127, 128, size=shape).astype(np.int8),
             scale=float(rng.uniform(0.002, 0.05)), zero_point=0)


def steps_for(x_shape, rng):
    """3..6 invokes on fresh inputs; a reset before one of the later ones now and then."""
    invokes = int(rng.integers(3, 7))
    reset_at = int(rng.integers(1, invokes)) if rng.random() < 0.4 else -1
    return [([float_input(x_shape, rng)], k == reset_at) for k in range(invokes)]


def single_svdf(rng):
    batch, input_size = int(rng.integers(1, 5)), int(rng.integers(1, 41))
    units, rank, memory = int(rng.integers(1, 9)), int(rng.integers(1, 4)), int(rng.integers(1, 11))
    filters = units * rank
    asym, with_bias = bool(rng.integers(0, 2)), rng.random() < 0.75
    act = ACTIVATIONS[int(rng.integers(0, 4))]
    x = T([batch, input_size], "float32")
    wf = int8_weights([filters, input_size], rng)
    wt = int8_weights([filters, memory], rng)
    b = T([units], "float32", data=rng.uniform(-1, 1, units).astype(np.float32)) if with_bias else None
    st = T([batch, memory * filters], "float32", is_variable=True)
    y = T([batch, units], "float32")
    tensors = [x, wf, wt] + ([b] if b is not None else []) + [st, y]
    i_st = 4 if b is not None else 3
    ops = [("SVDF", [0, 1, 2, 3 if b is not None else -1, i_st], [i_st + 1], "SVDFOptions",
            {"rank": rank, "fused_activation_function": act, "asymmetric_quantize_inputs": asym})]
    name = "hybrid_svdf_b%d_i%d_u%d_r%d_m%d_%s_%s%s" % (batch, input_size, units, rank, memory,
                                                       "asym" if asym else "sym", act.lower(),
                                                       "" if with_bias else "_nobias")
    return name, multi_op_model(tensors, ops, inputs=[0], outputs=[i_st + 1]), steps_for(x.shape, rng)


def keyword_model(rng):
    """FULLY_CONNECTED -> SVDF -> FULLY_CONNECTED -> SOFTMAX, all hybrid, one input-quantization scheme."""
    batch, features, hidden = int(rng.integers(1, 3)), int(rng.integers(8, 41)), int(rng.integers(4, 17))
    units, rank, memory, classes = int(rng.integers(2, 9)), int(rng.integers(1, 3)), int(rng.integers(2, 9)), 4
    asym = bool(rng.integers(0, 2))
    filters = units * rank
    tensors = [
        T([batch, features], "float32"),                                        # 0 input
        int8_weights([hidden, features], rng),                                  # 1 fc1 weights
        T([hidden], "float32", data=rng.uniform(-1, 1, hidden).astype(np.float32)),  # 2 fc1 bias
        T([batch, hidden], "float32"),                                          # 3 fc1 out
        int8_weights([filters, hidden], rng),                                   # 4 weights_feature
        int8_weights([filters, memory], rng),                                   # 5 weights_time
        T([units], "float32", data=rng.uniform(-1, 1, units).astype(np.float32)),  # 6 svdf bias
        T([batch, memory * filters], "float32", is_variable=True),              # 7 state
        T([batch, units], "float32"),                                           # 8 svdf out
        int8_weights([classes, units], rng),                                    # 9 fc2 weights
        T([classes], "float32", data=rng.uniform(-1, 1, classes).astype(np.float32)),  # 10 fc2 bias
        T([batch, classes], "float32"),                                         # 11 logits
        T([batch, classes], "float32"),                                         # 12 probabilities
    ]
    fc = {"fused_activation_function": "RELU", "asymmetric_quantize_inputs": asym}
    ops = [
        ("FULLY_CONNECTED", [0, 1, 2], [3], "FullyConnectedOptions", fc),
        ("SVDF", [3, 4, 5, 6, 7], [8], "SVDFOptions",
         {"rank": rank, "fused_activation_function": "RELU", "asymmetric_quantize_inputs": asym}),
        ("FULLY_CONNECTED", [8, 9, 10], [11], "FullyConnectedOptions", dict(fc, fused_activation_function="NONE")),
        ("SOFTMAX", [11], [12], "SoftmaxOptions", {"beta": 1.0}),
    ]
    name = "hybrid_svdf_keyword_model_b%d_f%d_h%d_u%d_r%d_m%d_%s" % (batch, features, hidden, units, rank, memory,
                                                                   "asym" if asym else "sym")
    return name, multi_op_model(tensors, ops, inputs=[0], outputs=[12]), steps_for([batch, features], rng)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    if not litert_oracle.available():
        print("gen_hybrid_svdf: no LiteRT (ai-edge-litert here, or $MOTE_LITERT_PYTHON); skipped (cases unchanged)")
        return
    rng = np.random.default_rng(args.seed)
    drawn = [single_svdf(rng) for _ in range(60)] + [keyword_model(rng) for _ in range(4)]
    w = CaseWriter("hybrid_svdf", seed=args.seed, generator=__file__)
    origin = w.add_litert_sequences(drawn)
    print("gen_hybrid_svdf: seed %d, outputs from %s (reference kernels)" % (args.seed, origin))
    w.write()


if __name__ == "__main__":
    main()
