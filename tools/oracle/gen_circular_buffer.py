"""Oracle cases for CIRCULAR_BUFFER (TFLM's custom op "CIRCULAR_BUFFER"), group circular_buffer.

Every case invokes ONE interpreter several times in a row (a multi-invoke case), on random int8 frames, with
a Reset() before one of the later invokes in some cases:
  - cb_*    one CIRCULAR_BUFFER node; its output, the frames, is a variable tensor (the op's state lives in
            its output, which must keep its bytes between invokes) and the graph output; in some cases the
            node has TFLM's optional second output, a bool that says whether the invoke completed a period
            (the op then never aborts);
  - cbadd_* the frames feed an ADD with a constant whose output is a variable graph output too: on the
            invokes where CIRCULAR_BUFFER returns kTfLiteAbort (all but every cycles_max-th) the ADD does not
            run and its output keeps the previous value, so the abort period is checked through it.
Variables start at their zero point (TFLM's rule), so every output of every invoke is defined.

cycles_max is drawn from 1..4, or left out (no custom options, or cycles_max <= 0) so that TFLM's period rule
applies: 1 for 5, 13 or 25 slots, else 2. Its exception for [.., 2, 96] outputs depends on how many such
prepares the TFLM process has seen, so that shape is never drawn without cycles_max. Refusal cases: int16
frames, and an input of more than one frame (TFLM refuses both in prepare).

Run: .venv/bin/python tools/oracle/gen_circular_buffer.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/circular_buffer.cases (+ .provenance.txt)
"""

import argparse

import flatbuffers.flexbuffers as flexbuffers
import numpy as np

from oracle_lib import CaseWriter, Op, T, multi_op_model, parse_args, random_input, single_op_model

NAME = "CIRCULAR_BUFFER"


def options(cycles):
    """Custom options: None (no options), or the map {cycles_max: cycles}."""
    return None if cycles is None else flexbuffers.Dumps({"cycles_max": int(cycles)})


def draw_geometry(rng):
    """(batch, slots, height, depth); depth <= 8, so never TFLM's [.., 2, 96] exception."""
    slots = int(rng.choice([1, 2, 3, 4, 5, 6, 13, 25]))
    batch = int(rng.integers(1, 3))
    height = int(rng.integers(1, 4))
    depth = int(rng.integers(1, 9 if slots < 13 else 4))
    return batch, slots, height, depth


def draw_cycles(rng):
    kind = int(rng.integers(0, 6))
    if kind == 0:
        return None  # no custom options
    if kind == 1:
        return int(rng.integers(-2, 1))  # cycles_max <= 0: TFLM's rule
    return int(rng.integers(1, 5))


def quant(rng):
    return float(rng.uniform(0.01, 0.5)), int(rng.integers(-20, 21))


def steps_for(rng, x, invokes, reset_at):
    return [([random_input(x, rng)], k == reset_at) for k in range(invokes)]


def cycles_name(cycles):
    return "none" if cycles is None else ("c%d" % cycles if cycles >= 0 else "cm%d" % -cycles)


def single_case(w, rng, i):
    cycles = draw_cycles(rng)
    b, s, h, d = draw_geometry(rng)
    scale, zp = quant(rng)
    x = T([b, 1, h, d], "int8", scale=scale, zero_point=zp)
    y = T([b, s, h, d], "int8", scale=scale, zero_point=zp, is_variable=True)
    outputs = [y]
    valid = rng.integers(0, 4) == 0
    if valid:
        outputs.append(T([1], "bool"))
    model = single_op_model(None, [x], outputs, custom_code=NAME, custom_options=options(cycles))
    invokes = int(rng.integers(2, 9))
    reset_at = int(rng.integers(1, invokes + 2))  # >= invokes: no Reset() in this case
    name = "cb_b%d_s%d_h%d_d%d_%s%s_x%d%s_%d" % (b, s, h, d, cycles_name(cycles), "_valid" if valid else "", invokes,
                                                  "_reset%d" % reset_at if reset_at < invokes else "", i)
    w.add_sequence_run(name, model, steps_for(rng, x, invokes, reset_at))


def add_case(w, rng, i):
    cycles = draw_cycles(rng)
    b, s, h, d = draw_geometry(rng)
    scale, zp = quant(rng)
    c_scale, c_zp = quant(rng)
    z_scale, z_zp = quant(rng)
    shape = [b, s, h, d]
    tensors = [T([b, 1, h, d], "int8", scale=scale, zero_point=zp),
               T(shape, "int8", scale=scale, zero_point=zp, is_variable=True),
               T(shape, "int8", scale=c_scale, zero_point=c_zp, data=rng.integers(-128, 128, shape)),
               T(shape, "int8", scale=z_scale, zero_point=z_zp, is_variable=True)]
    ops = [Op(None, [0], [1], custom_code=NAME, custom_options=options(cycles)),
           Op("ADD", [1, 2], [3], "AddOptions", {})]
    model = multi_op_model(tensors, ops, inputs=[0], outputs=[3, 1])
    invokes = int(rng.integers(3, 9))
    reset_at = int(rng.integers(1, invokes + 2))
    name = "cbadd_b%d_s%d_h%d_d%d_%s_x%d%s_%d" % (b, s, h, d, cycles_name(cycles), invokes,
                                                  "_reset%d" % reset_at if reset_at < invokes else "", i)
    w.add_sequence_run(name, model, steps_for(rng, tensors[0], invokes, reset_at))


def refusal_cases(w, rng):
    x16 = T([1, 1, 2, 3], "int16", scale=0.1)
    y16 = T([1, 4, 2, 3], "int16", scale=0.1, is_variable=True)
    model = single_op_model(None, [x16], [y16], custom_code=NAME, custom_options=options(2))
    w.add_sequence_run("cb_refused_int16", model, steps_for(rng, x16, 2, 2), refusal="expected")
    x = T([1, 2, 2, 3], "int8", scale=0.1)
    y = T([1, 4, 2, 3], "int8", scale=0.1, is_variable=True)
    model = single_op_model(None, [x], [y], custom_code=NAME, custom_options=options(2))
    w.add_sequence_run("cb_refused_two_frames_in", model, steps_for(rng, x, 2, 2), refusal="expected")


def main():
    args = parse_args(argparse.ArgumentParser(description=__doc__), default_seed=3)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("circular_buffer", seed=args.seed, generator=__file__)
    for i in range(40):
        single_case(w, rng, i)
    for i in range(24):
        add_case(w, rng, i)
    refusal_cases(w, rng)
    w.write()


if __name__ == "__main__":
    main()
