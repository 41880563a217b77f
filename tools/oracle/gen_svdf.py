"""Oracle cases for SVDF: float32, int8 with int16 weights_time/state (the full-integer keyword models), and
int8 with int8 weights_time/state (non-zero state zero point).

Each case runs `steps` SVDF nodes in a row that share one weights set and ONE variable state tensor, each
with its own graph input and output: one invoke of the model is `steps` time steps of a single SVDF, so
the state shift and the time convolution over several remembered frames are checked, starting from the
state the interpreter fills at AllocateTensors (0, or the zero point for int8).

A second group, svdf_stream, invokes one interpreter several times on a model of ONE SVDF node: the state
is carried from invoke to invoke (as a keyword model streams frames), and a Reset() before a later invoke must
put it back where AllocateTensors left it.

Run: .venv/bin/python tools/oracle/gen_svdf.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/svdf.cases and svdf_stream.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, multi_op_model, parse_args, random_input  # noqa: E402

DEFAULT_SEED = 20240613
FLOAT_ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH", "SIGN_BIT"]


def svdf_model(xs, wf, wt, bias, state, ys, rank, activation):
    steps = len(xs)
    tensors = list(xs) + [wf, wt] + ([bias] if bias is not None else []) + [state] + list(ys)
    i_wf, i_wt = steps, steps + 1
    i_b = steps + 2 if bias is not None else -1
    i_st = steps + 3 if bias is not None else steps + 2
    first_y = i_st + 1
    ops = [("SVDF", [i, i_wf, i_wt, i_b, i_st], [first_y + i], "SVDFOptions",
            {"rank": rank, "fused_activation_function": activation}) for i in range(steps)]
    return multi_op_model(tensors, ops, inputs=list(range(steps)), outputs=[first_y + i for i in range(steps)])


def float_model(rng, batch, input_size, units, rank, memory, steps, activation, with_bias):
    """(model, graph input specs) for steps float32 SVDF nodes sharing one state."""
    filters = units * rank
    xs = [T([batch, input_size], "float32") for _ in range(steps)]
    wf = T([filters, input_size], "float32", data=rng.uniform(-1, 1, (filters, input_size)))
    wt = T([filters, memory], "float32", data=rng.uniform(-1, 1, (filters, memory)))
    b = T([units], "float32", data=rng.uniform(-1, 1, units)) if with_bias else None
    st = T([batch, memory * filters], "float32", is_variable=True)
    ys = [T([batch, units], "float32") for _ in range(steps)]
    return svdf_model(xs, wf, wt, b, st, ys, rank, activation), xs


def float_case(w, rng, name, *dims_and_options):
    model, xs = float_model(rng, *dims_and_options)
    w.add_run(name, model, [random_input(x, rng) for x in xs])


def int_model(rng, batch, input_size, units, rank, memory, steps, state_type, activation, scales=None):
    """(model, graph input specs) for steps integer SVDF nodes sharing one state (state_type int16 or int8)."""
    filters = units * rank
    if scales is None:
        s_in = float(rng.uniform(0.02, 0.5))
        s_wf = float(rng.uniform(0.002, 0.02))
        s_wt = float(rng.uniform(0.0005, 0.005)) if state_type == "int16" else float(rng.uniform(0.003, 0.02))
        s_st = float(rng.uniform(0.0005, 0.005)) if state_type == "int16" else float(rng.uniform(0.05, 0.9))
        s_out = float(rng.uniform(0.005, 0.2))
    else:
        s_in, s_wf, s_wt, s_st, s_out = scales
    z_in = int(rng.integers(-128, 128))
    z_st = 0 if state_type == "int16" else int(rng.integers(-60, 61))
    z_out = int(rng.integers(-40, 41))
    lim = 32767 if state_type == "int16" else 127
    xs = [T([batch, input_size], "int8", scale=s_in, zero_point=z_in) for _ in range(steps)]
    wf = T([filters, input_size], "int8", data=rng.integers(-127, 128, (filters, input_size)), scale=s_wf)
    wt = T([filters, memory], state_type, data=rng.integers(-lim, lim + 1, (filters, memory)), scale=s_wt)
    bias_scale = float(np.float32(s_st) * np.float32(s_wt))
    b = T([units], "int32", data=rng.integers(-20000, 20000, units), scale=bias_scale)
    st = T([batch, memory * filters], state_type, scale=s_st, zero_point=z_st, is_variable=True)
    ys = [T([batch, units], "int8", scale=s_out, zero_point=z_out) for _ in range(steps)]
    return svdf_model(xs, wf, wt, b, st, ys, rank, activation), xs


def int_case(w, rng, name, *dims_and_options, scales=None):
    model, xs = int_model(rng, *dims_and_options, scales=scales)
    w.add_run(name, model, [random_input(x, rng) for x in xs])


def stream_case(w, rng, name, model, xs, invokes, reset_at):
    """invokes calls of one interpreter, each on fresh random inputs, with a Reset() before invoke reset_at."""
    steps = [([random_input(x, rng) for x in xs], k == reset_at) for k in range(invokes)]
    w.add_sequence_run(name, model, steps)


def multiplier_case(w, rng, name):
    """Int8x16 probe of how scale_1 = input * weights_feature / state is formed (float products or double):
    scale_2 is exactly 1 (power-of-two scales), weights_time 1 and memory 1, so each unit outputs its feature
    stage round(acc * scale_1) plus a bias of -round(acc * scale_1 in double); the feature sums acc (input
    [127, 1] against weights [p, q]) are picked where the two ways of forming scale_1 round apart."""
    while True:
        s_in, s_wf = np.float32(rng.uniform(0.02, 0.5)), np.float32(rng.uniform(0.002, 0.02))
        s_st = np.float32(2.0 ** int(rng.integers(-12, -8)))
        d1 = float(s_in) * float(s_wf) / float(s_st)
        f1 = float(np.float32(np.float32(s_in * s_wf) / s_st))
        accs = np.arange(-16256, 16257)
        accs = accs[np.abs(accs * d1) < 32000]
        lo, hi = np.minimum(accs * d1, accs * f1), np.maximum(accs * d1, accs * f1)
        half = np.floor(hi - 0.5) + 0.5  # the rounding boundary k + 0.5 just below hi
        margin = 1e-9 * np.abs(hi) + 1e-7  # well above the fixed-point multiplier's own error
        straddle = accs[(half - lo > margin) & (hi - half > margin)]
        if len(straddle) > 0:
            break
    accs = rng.choice(straddle, size=min(len(straddle), 8), replace=False)
    units = len(accs)
    p = np.round(accs / 127.0).astype(np.int64)
    q = accs - 127 * p  # |q| <= 63
    s_wt, s_out = np.float32(2.0 ** -3), np.float32(float(s_st) * 2.0 ** -3)  # scale_2 = 1 exactly
    bias = -np.floor(np.abs(accs * d1) + 0.5) * np.sign(accs)  # round half away from zero, as TFLM rounds
    xs = [T([1, 2], "int8", scale=float(s_in), zero_point=0)]
    wf = T([units, 2], "int8", data=np.stack([p, q], axis=1), scale=float(s_wf))
    wt = T([units, 1], "int16", data=np.ones((units, 1)), scale=float(s_wt))
    b = T([units], "int32", data=bias, scale=float(np.float32(s_st * s_wt)))
    st = T([1, units], "int16", scale=float(s_st), zero_point=0, is_variable=True)
    ys = [T([1, units], "int8", scale=float(s_out), zero_point=0)]
    model = svdf_model(xs, wf, wt, b, st, ys, 1, "NONE")
    w.add_run(name, model, [np.array([[127, 1]], np.int8)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_svdf: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("svdf", seed=args.seed, generator=__file__)

    def dims():
        rank = int(rng.integers(1, 4))
        return (int(rng.integers(1, 4)), int(rng.integers(1, 41)), int(rng.integers(1, 9)), rank,
                int(rng.integers(1, 11)), int(rng.integers(1, 5)))

    for i in range(40):
        batch, input_size, units, rank, memory, steps = dims()
        act = FLOAT_ACTIVATIONS[i % len(FLOAT_ACTIVATIONS)]
        bias = True  # TFLM crashes (segfault in prepare) without a bias tensor; mote accepts its absence
        float_case(w, rng, "svdf_f32_b%d_i%d_u%d_r%d_m%d_t%d_%s%s_%d" % (batch, input_size, units, rank, memory, steps,
                                                                        act.lower(), "" if bias else "_nobias", i),
                   batch, input_size, units, rank, memory, steps, act, bias)
    for state_type in ["int16", "int8"]:
        for i in range(45):
            batch, input_size, units, rank, memory, steps = dims()
            act = ["NONE", "RELU", "RELU6"][i % 3]  # TFLM ignores it on the integer path
            int_case(w, rng, "svdf_int8x%s_b%d_i%d_u%d_r%d_m%d_t%d_%s_%d" % (
                state_type[3:], batch, input_size, units, rank, memory, steps, act.lower(), i),
                batch, input_size, units, rank, memory, steps, state_type, act)
    # Keyword-model shaped layers (keyword_scrambled*.tflite): rank 1, RELU, memory 8 and 32.
    for state_type in ["int16", "int8"]:
        for input_size, units, memory in [(96, 64, 8), (16, 64, 8), (16, 32, 32), (32, 32, 32)]:
            int_case(w, rng, "svdf_keyword_like_int8x%s_i%d_u%d_m%d" % (state_type[3:], input_size, units, memory),
                     1, input_size, units, 1, memory, 3, state_type, "RELU")
    # Saturation: a state scale small enough that the feature stage clips (exercises the zero-point order).
    for i, state_type in enumerate(["int8", "int8", "int16"]):
        int_case(w, rng, "svdf_saturating_int8x%s_%d" % (state_type[3:], i), 2, 24, 4, 2, 4, 3, state_type, "NONE",
                 scales=(0.5, 0.02, 0.01, 0.01 if state_type == "int8" else 0.00002, 0.05))
    # The multiplier's derivation: float products would be one off on these (oracle seed 81051 found it).
    for i in range(2):
        multiplier_case(w, rng, "svdf_multiplier_int8x16_%d" % i)
    w.write()

    stream = CaseWriter("svdf_stream", seed=args.seed, generator=__file__)
    for i in range(24):
        batch, input_size, units, rank, memory, _ = dims()
        invokes = int(rng.integers(2, 7))
        reset_at = int(rng.integers(1, invokes + 2))  # == invokes or beyond: no Reset in this case
        kind = ["f32", "int8x16", "int8x8"][i % 3]
        if kind == "f32":
            model, xs = float_model(rng, batch, input_size, units, rank, memory, 1, "RELU", True)
        else:
            model, xs = int_model(rng, batch, input_size, units, rank, memory, 1, "int" + kind[5:], "NONE")
        stream_case(stream, rng, "svdf_stream_%s_b%d_i%d_u%d_r%d_m%d_x%d%s_%d" % (
            kind, batch, input_size, units, rank, memory, invokes,
            "_reset%d" % reset_at if reset_at < invokes else "", i), model, xs, invokes, reset_at)
    stream.write()


if __name__ == "__main__":
    main()
