"""Oracle cases for UNIDIRECTIONAL_SEQUENCE_LSTM: float32, int8 activations with int8 weights (int32 bias,
int16 cell state: TFLM's 8x8->16 cell) and int16 activations with int8 weights (int64 bias: 16x8), time-major
and batch-major, with and without cell clipping.

Every case is a multi-invoke sequence on ONE interpreter: the output and cell states (variable tensors) are
carried from invoke to invoke, and most cases call Reset() before a later invoke (the states go back to zero,
or the zero point for an int8 output state). A negative cell_clip means no clipping (TFLM accepts it). A few
cases are refusals (TFLM refuses them: peephole, projection or layer-norm tensors, CIFG); mote must refuse them
in prepare. A cell activation other than TANH is not drawn: TFLM's release build silently applies no
activation (its debug build aborts), mote refuses it (unidirectional_sequence_lstm_test.cc).

Run: .venv/bin/python tools/oracle/gen_lstm.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/lstm.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261202
OP = "UNIDIRECTIONAL_SEQUENCE_LSTM"
OPTIONS = "UnidirectionalSequenceLSTMOptions"


class Spec:
    """The drawn configuration of one LSTM: sizes, types, options."""

    def __init__(self, kind, batch, time, n_input, n_state, time_major, cell_clip):
        self.kind = kind  # "float32", "int8" (8x8->16) or "int16" (16x8->16)
        self.batch, self.time, self.n_input, self.n_state = batch, time, n_input, n_state
        self.time_major = time_major
        self.cell_clip = cell_clip

    def seq_shape(self, width):
        if self.time_major:
            return [self.time, self.batch, width]
        return [self.batch, self.time, width]

    def name(self):
        return "%s_%s_b%d_t%d_i%d_s%d%s" % (self.kind, "tm" if self.time_major else "bm", self.batch, self.time,
                                           self.n_input, self.n_state,
                                           "_clip" if self.cell_clip > 0 else ("_negclip" if self.cell_clip < 0 else ""))


def float_tensors(spec, rng):
    s, i = spec.n_state, spec.n_input
    x = T(spec.seq_shape(i), "float32")
    wx = [T([s, i], "float32", data=rng.uniform(-1, 1, (s, i)) / np.sqrt(i)) for _ in range(4)]
    wh = [T([s, s], "float32", data=rng.uniform(-1, 1, (s, s)) / np.sqrt(s)) for _ in range(4)]
    bias = [T([s], "float32", data=rng.uniform(-0.5, 0.5, s)) for _ in range(4)]
    h = T([spec.batch, s], "float32", is_variable=True)
    c = T([spec.batch, s], "float32", is_variable=True)
    y = T(spec.seq_shape(s), "float32")
    return x, wx, wh, bias, h, c, y


def cell_scale(rng):
    """The cell state's scale: a power of two as the converter picks it, sometimes not one (TFLM rounds its
    log2 and goes on)."""
    scale = 2.0 ** int(rng.integers(-15, -8))
    if rng.random() < 0.15:
        scale *= float(rng.uniform(0.8, 1.25))
    return scale


def int_tensors(spec, rng):
    s, i = spec.n_state, spec.n_input
    act = spec.kind
    bias_type = "int32" if act == "int8" else "int64"
    if act == "int8":
        s_in = float(rng.uniform(0.005, 0.05))
        z_in = int(rng.integers(-128, 128))
        s_h = float(rng.uniform(0.003, 0.012))
        z_h = int(rng.integers(-30, 31))
    else:
        s_in = float(rng.uniform(0.3, 3.0)) / 32768.0
        s_h = float(rng.uniform(0.5, 1.5)) / 32768.0
        # The converter's int16 activations are symmetric; TFLM applies any zero point as an offset.
        z_in, z_h = (0, 0) if rng.random() < 0.8 else (int(rng.integers(-3000, 3001)), int(rng.integers(-3000, 3001)))
    # Weights whose real values are about 1/sqrt(fan-in), so the gates are mostly unsaturated; sometimes 4x
    # larger (saturating adds and LUT ends).
    gain = 4.0 if rng.random() < 0.15 else 1.0
    s_wx = gain / np.sqrt(i) / 127.0 * float(rng.uniform(0.5, 1.5)) / (s_in * (40.0 if act == "int8" else 8000.0))
    s_wh = gain / np.sqrt(s) / 127.0 * float(rng.uniform(0.5, 1.5))
    x = T(spec.seq_shape(i), act, scale=s_in, zero_point=z_in)
    wx = [T([s, i], "int8", data=rng.integers(-127, 128, (s, i)), scale=float(s_wx)) for _ in range(4)]
    wh = [T([s, s], "int8", data=rng.integers(-127, 128, (s, s)), scale=float(s_wh)) for _ in range(4)]
    bias_scale = float(np.float32(s_in) * np.float32(s_wx))
    bias_limit = int(min(0.5 / bias_scale, 2 ** 30))
    bias = [T([s], bias_type, data=rng.integers(-bias_limit, bias_limit + 1, s), scale=bias_scale) for _ in range(4)]
    h = T([spec.batch, s], act, scale=s_h, zero_point=z_h, is_variable=True)
    c = T([spec.batch, s], "int16", scale=cell_scale(rng), zero_point=0, is_variable=True)
    # The converter gives the output the output state's parameters; TFLM ignores the output's, so they may differ.
    if rng.random() < 0.8:
        y = T(spec.seq_shape(s), act, scale=s_h, zero_point=z_h)
    else:
        y = T(spec.seq_shape(s), act, scale=s_h * 2, zero_point=0)
    return x, wx, wh, bias, h, c, y


def lstm_model(spec, tensors, activation="TANH", extra=None):
    """extra: {input index: T} for the variant tensors TFLM refuses (peephole 9-11, projection 16-17, layer
    norm 20-23)."""
    x, wx, wh, bias, h, c, y = tensors
    inputs = [x] + wx + wh + [None] * 3 + bias + [None, None, h, c] + [None] * 4
    for k, t in (extra or {}).items():
        inputs[k] = t
    options = {"fused_activation_function": activation, "cell_clip": spec.cell_clip,
               "proj_clip": 0.0, "time_major": spec.time_major}
    return single_op_model(OP, inputs, [y], OPTIONS, options)


def draw_spec(rng, kind, big=False):
    if big:
        dims = (int(rng.integers(1, 3)), int(rng.integers(3, 7)), int(rng.integers(12, 25)), int(rng.integers(8, 17)))
    else:
        dims = (int(rng.integers(1, 4)), int(rng.integers(1, 6)), int(rng.integers(1, 13)), int(rng.integers(1, 11)))
    clip = 0.0
    if rng.random() < 0.35:
        clip = float(rng.uniform(0.2, 3.0))
    elif rng.random() < 0.1:
        clip = -float(rng.uniform(0.1, 1.0))  # no clipping
    return Spec(kind, *dims, time_major=bool(rng.random() < 0.5), cell_clip=clip)


def steps_for(rng, x, invokes, reset_at):
    return [([random_input(x, rng)], k == reset_at) for k in range(invokes)]


def sequence_case(w, rng, spec, index):
    tensors = float_tensors(spec, rng) if spec.kind == "float32" else int_tensors(spec, rng)
    invokes = int(rng.integers(2, 5))
    reset_at = int(rng.integers(1, invokes + 2))  # >= invokes: no Reset in this case
    name = "lstm_%s_x%d%s_%d" % (spec.name(), invokes, "_reset%d" % reset_at if reset_at < invokes else "", index)
    w.add_sequence_run(name, lstm_model(spec, tensors), steps_for(rng, tensors[0], invokes, reset_at))


def refusal_cases(w, rng):
    """What TFLM refuses: mote refuses each in prepare."""
    for kind in ["float32", "int8"]:
        spec = draw_spec(rng, kind)
        make = float_tensors if kind == "float32" else int_tensors
        s = spec.n_state
        vtype, vscale = ("float32", None) if kind == "float32" else ("int16", 1.0 / 1024)
        variants = {"peephole": {10: T([s], vtype, data=np.zeros(s), scale=vscale)},
                    "layer_norm": {21: T([s], vtype, data=np.ones(s), scale=vscale)},
                    "projection": {16: T([s, s], "float32" if kind == "float32" else "int8", data=np.zeros((s, s)),
                                         scale=vscale)},
                    "cifg": {1: None, 5: None, 12: None}}
        for what, extra in variants.items():
            tensors = make(spec, rng)
            w.add_sequence_run("lstm_refused_%s_%s" % (kind, what), lstm_model(spec, tensors, extra=extra),
                               steps_for(rng, tensors[0], 2, 5), refusal="expected")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_lstm: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("lstm", seed=args.seed, generator=__file__, out_dir=args.out_dir)
    index = 0
    for kind, count in [("float32", 30), ("int8", 50), ("int16", 40)]:
        for k in range(count):
            sequence_case(w, rng, draw_spec(rng, kind, big=k < 2), index)
            index += 1
    refusal_cases(w, rng)
    w.write()


if __name__ == "__main__":
    main()
