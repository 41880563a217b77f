"""Hybrid (dynamic-range) UNIDIRECTIONAL_SEQUENCE_LSTM cases: FLOAT32 input, biases, states and output with
INT8 gate weights (per-tensor scales, zero point 0), as LiteRT's lstm_eval.cc EvalHybrid runs them. TFLM
refuses hybrid models; the expected outputs come from LiteRT's reference kernels (tools/oracle/litert_oracle.py).

Each case invokes one interpreter several times in a row (the float states carry over), on fresh random
inputs, now and then with reset_all_variables() before an invoke: random batch (1..3), time (1..5), input size
(1..12), units (1..10), batch- or time-major, cell clip or none, symmetric or asymmetric input quantization
(asymmetric_quantize_inputs), inputs with the rows LiteRT's quantizer special-cases (all zero, one sign).
The models are built with the flatbuffer builder: tensorflow-cpu 2.20's converter lowers a Keras 3 LSTM layer
(return_sequences=True, Optimize.DEFAULT) to TRANSPOSE -> WHILE -> TRANSPOSE, not to the fused op (measured
with that version).
Tolerance: the oracle test's float32 one (1e-5 relative + 1e-6 absolute). Measured on x86-64 (GCC, no FMA
contraction, LiteRT 2.3.0) with the tolerance set to 0, seeds 16017, 5 and 99: every output equals LiteRT's bit
for bit (357 invokes, 12890 values), once mote's kernel reproduces Eigen's tanh and logistic as LiteRT's
tensor_utils apply them (unidirectional_sequence_lstm_hybrid_reference.h); with libm's exp and tanh instead
the outputs differed by up to 1.8e-7.

    MOTE_LITERT_PYTHON=/path/to/python-with-tensorflow python tools/oracle/gen_hybrid_lstm.py [--seed N]
        [--out-dir DIR]   -> tests/oracle/data/hybrid_lstm.cases (+ .provenance.txt)
Without LiteRT it prints a note and exits 0 (the checked-in cases stay as they are).
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litert_oracle  # noqa: E402
from gen_hybrid import float_input  # noqa: E402
from gen_lstm import OP, OPTIONS, draw_spec  # noqa: E402
from oracle_lib import CaseWriter, T, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 16017


def int8_weights(shape, fan_in, rng):
    """Real values about 1/sqrt(fan-in) (gates mostly unsaturated), one per-tensor scale, zero point 0."""
    scale = float(rng.uniform(0.5, 1.5)) / np.sqrt(fan_in) / 127.0
    return T(shape, "int8", data=rng.integers(-127, 128, size=shape).astype(np.int8), scale=scale, zero_point=0)


def single_lstm(rng, index):
    spec = draw_spec(rng, "float32")
    spec.cell_clip = max(spec.cell_clip, 0.0)  # LiteRT's prepare checks cell_clip >= 0 (TFLM reads < 0 as none)
    s, i = spec.n_state, spec.n_input
    asym = bool(rng.integers(0, 2))
    x = T(spec.seq_shape(i), "float32")
    wx = [int8_weights([s, i], i, rng) for _ in range(4)]
    wh = [int8_weights([s, s], s, rng) for _ in range(4)]
    bias = [T([s], "float32", data=rng.uniform(-0.5, 0.5, s).astype(np.float32)) for _ in range(4)]
    h = T([spec.batch, s], "float32", is_variable=True)
    c = T([spec.batch, s], "float32", is_variable=True)
    y = T(spec.seq_shape(s), "float32")
    inputs = [x] + wx + wh + [None] * 3 + bias + [None, None, h, c] + [None] * 4
    options = {"fused_activation_function": "TANH", "cell_clip": spec.cell_clip, "proj_clip": 0.0,
               "time_major": spec.time_major, "asymmetric_quantize_inputs": asym}
    model = single_op_model(OP, inputs, [y], OPTIONS, options)
    invokes = int(rng.integers(2, 5))
    reset_at = int(rng.integers(1, invokes)) if rng.random() < 0.4 else -1
    steps = [([float_input(x.shape, rng)], k == reset_at) for k in range(invokes)]
    name = "hybrid_lstm_%s_%s_x%d_%d" % (spec.name().replace("float32_", ""), "asym" if asym else "sym", invokes,
                                        index)
    return name, model, steps


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    if not litert_oracle.available():
        print("gen_hybrid_lstm: no LiteRT (ai-edge-litert here, or $MOTE_LITERT_PYTHON); skipped (cases unchanged)")
        return
    rng = np.random.default_rng(args.seed)
    drawn = [single_lstm(rng, k) for k in range(40)]
    w = CaseWriter("hybrid_lstm", seed=args.seed, generator=__file__)
    origin = w.add_litert_sequences(drawn)
    print("gen_hybrid_lstm: seed %d, outputs from %s (reference kernels)" % (args.seed, origin))
    w.write()


if __name__ == "__main__":
    main()
