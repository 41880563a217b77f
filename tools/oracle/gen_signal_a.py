"""Oracle cases for nine of TFLM's signal-library custom ops (signal/micro/kernels/; CUSTOM operators with
FlexBuffers options, registered by the tflite-micro package's interpreter):

  SignalWindow        int16 samples times an int16 window tensor, "shift" 0..20, windows of 1..64 samples
                      applied to rank 1-3 inputs whose size they divide;
  SignalFftAutoScale  int16 vectors of 1..300 samples at random magnitudes (all zeros, -32768 included);
  SignalEnergy        int16 spectra of 1..300 complex bins, [start_index, end_index) anywhere inside;
  SignalRfft          int16 / int32 / float32 ("T"), fft_length 4..512 (powers of two), rows of 1..fft_length
                      samples (zero-padded), 1..3 rows (fft_length 2: TFLM crashes, refusal cases);
  SignalIrfft         the same types and lengths, fft_length / 2 + 1 complex bins per row;
  SignalFramer        frame_size 1..48, frame_step 1..16, prefill or not, 1..2 streams;
  SignalOverlapAdd    int16 / float32, frames of 1..48 samples, frame_step 1..frame_size, 1..2 streams;
  SignalDelay         delay_length 0..40, rows of 1..32 samples, 1..3 streams;
  SignalStacker       1..8 channels, left context 0..4, right context 0..3, step 1..left+right+1.
The stateful four (Framer, OverlapAdd, Delay, Stacker) are sequences: one interpreter invoked 3..10 times
(state carried), with TFLM's reset() before a later invoke in about half of them.

Options are written as TF's converter writes them: a FlexBuffers map with exactly the op's keys (TFLM reads
them by position in the key-sorted map).

Outputs TFLM never writes hold whatever its arena held (the worker's arena is reused, so: earlier cases'
bytes): SignalEnergy's bins outside [start_index, end_index), and SignalFramer's frames and SignalStacker's
stack before they are first ready. mote writes zeros there (what a fresh arena holds), and these cases
expect zeros in exactly those elements (simulated here from the ops' FIFO arithmetic); every other element is
TFLM's. An element TFLM wrote once and then left (a frame not ready after a reset) keeps TFLM's value.

Run: .venv/bin/python tools/oracle/gen_signal_a.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/signal_a.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np
from flatbuffers import flexbuffers

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, run_tflm, run_tflm_sequence, single_op_model  # noqa: E402

DEFAULT_SEED = 1818
# TensorType values of option T.
TENSOR_TYPE = {"float32": 0, "int32": 2, "int16": 7}


def options(ints=(), bools=()):
    """The FlexBuffers map {key: int} + {key: bool}, keys sorted as the converter writes them."""
    fbb = flexbuffers.Builder()
    values = dict(ints)
    values.update(bools)
    with fbb.Map():
        for key in sorted(values):
            if key in dict(bools):
                fbb.Bool(key, bool(values[key]))
            else:
                fbb.Int(key, int(values[key]))
    return bytes(fbb.Finish())


def model(name, inputs, outputs, ints=(), bools=()):
    return single_op_model(None, inputs, outputs, custom_code=name, custom_options=options(ints, bools))


def int16s(rng, n, max_abs=32767):
    return rng.integers(-max_abs - 1 if max_abs == 32767 else -max_abs, max_abs + 1, n).astype(np.int16)


def window_cases(writer, rng, count):
    for i in range(count):
        size = int(rng.integers(1, 65))
        shape = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3)))] + [size]
        shift = int(rng.integers(0, 21))
        weights = int16s(rng, size)
        x = T(shape, "int16")
        w = T([size], "int16", data=weights)
        m = model("SignalWindow", [x, w], [T(shape, "int16")], {"shift": shift})
        writer.add_run("window_%d_n%d_s%d" % (i, size, shift), m, [int16s(rng, int(np.prod(shape)))])


def scaled_int16s(rng, n):
    """Samples whose magnitude needs 0..15 bits, so every scale appears."""
    bits = int(rng.integers(0, 16))
    return int16s(rng, n, max(1, (1 << bits) - 1)) if bits else np.zeros(n, np.int16)


def auto_scale_cases(writer, rng, count):
    for i in range(count):
        n = int(rng.integers(1, 301))
        data = scaled_int16s(rng, n)
        if i % 7 == 3:
            data[int(rng.integers(0, n))] = -32768
        m = single_op_model(None, [T([n], "int16")], [T([n], "int16"), T([], "int32")],
                            custom_code="SignalFftAutoScale", custom_options=b"")
        writer.add_run("fft_auto_scale_%d_n%d" % (i, n), m, [data])


def energy_cases(writer, rng, count):
    for i in range(count):
        bins = int(rng.integers(1, 301))
        start = int(rng.integers(0, bins + 1))
        end = int(rng.integers(start, bins + 1))
        if i % 4 == 0:
            start, end = 0, bins
        m = model("SignalEnergy", [T([2 * bins], "int16")], [T([bins], "uint32")],
                  {"start_index": start, "end_index": end})
        data = [int16s(rng, 2 * bins)]
        out = run_tflm(m, data)
        out[0][:start] = 0  # never written by TFLM (see the module comment)
        out[0][end:] = 0
        writer.add("energy_%d_b%d_%d_%d" % (i, bins, start, end), m, data, out)


def fft_data(rng, dtype, n):
    if dtype == "int16":
        return int16s(rng, n)
    if dtype == "int32":
        return rng.integers(-(1 << 30), 1 << 30, n).astype(np.int32)
    return (rng.uniform(-1, 1, n) * 10 ** rng.uniform(-2, 3)).astype(np.float32)


def fft_cases(writer, rng, count, inverse):
    name = "SignalIrfft" if inverse else "SignalRfft"
    for i in range(count):
        dtype = ["int16", "int32", "float32"][i % 3]
        fft_length = 1 << int(rng.integers(2, 10))
        bins = fft_length // 2 + 1
        rows = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 2)))]
        samples = fft_length if inverse or i % 4 == 0 else int(rng.integers(1, fft_length + 1))
        shape_in = rows + ([2 * bins] if inverse else [samples])
        shape_out = rows + ([fft_length] if inverse else [2 * bins])
        m = model(name, [T(shape_in, dtype)], [T(shape_out, dtype)],
                  {"T": TENSOR_TYPE[dtype], "fft_length": fft_length})
        writer.add_run("%s_%d_%s_n%d_in%d" % (name[6:].lower(), i, dtype, fft_length, shape_in[-1]), m,
                       [fft_data(rng, dtype, int(np.prod(shape_in)))])
    for dtype in ("int16", "float32"):  # a length-1 complex FFT: TFLM crashes
        shape_in, shape_out = ([4], [2]) if inverse else ([2], [4])
        m = model(name, [T(shape_in, dtype)], [T(shape_out, dtype)], {"T": TENSOR_TYPE[dtype], "fft_length": 2})
        writer.add_run("%s_%s_n2_refused" % (name[6:].lower(), dtype), m, [fft_data(rng, dtype, shape_in[0])],
                       refusal="expected")


def steps_for(rng, make_inputs):
    """3..10 invokes, TFLM's reset() before one of the later ones in about half of the sequences."""
    n = int(rng.integers(3, 11))
    reset_at = int(rng.integers(1, n)) if rng.integers(0, 2) else -1
    return [([make_inputs()], k == reset_at) for k in range(n)]


def framer_cases(writer, rng, count):
    for i in range(count):
        step = int(rng.integers(1, 17))
        prefill = bool(rng.integers(0, 2))
        size = int(rng.integers(step if prefill else 1, 49))
        frames = int(rng.integers(1, 4))
        streams = [int(rng.integers(1, 3))] if rng.integers(0, 2) else []
        shape = streams + [frames * step]
        m = model("SignalFramer", [T(shape, "int16")],
                  [T(streams + [frames, size], "int16"), T([], "bool")],
                  {"frame_size": size, "frame_step": step}, {"prefill": prefill})
        steps = steps_for(rng, lambda: int16s(rng, int(np.prod(shape))))
        outs = run_tflm_sequence(m, steps)
        nstreams = streams[0] if streams else 1
        init = size - step if prefill else 0
        avail = [init] * nstreams
        written = np.zeros((nstreams, frames), bool)
        for (_, reset), out in zip(steps, outs):
            if reset:
                avail = [init] * nstreams
            for st in range(nstreams):
                for f in range(frames):
                    avail[st] += step
                    if avail[st] >= size:
                        written[st, f] = True
                        avail[st] -= step
            out[0].reshape(nstreams, frames, size)[~written] = 0  # never written by TFLM yet
        writer.add_sequence("framer_%d_size%d_step%d_%s" % (i, size, step, "prefill" if prefill else "empty"),
                            m, steps, outs)


def overlap_add_cases(writer, rng, count):
    for i in range(count):
        dtype = ["int16", "float32"][i % 2]
        size = int(rng.integers(1, 49))
        step = int(rng.integers(1, size + 1))
        frames = int(rng.integers(1, 4))
        streams = [int(rng.integers(1, 3))] if rng.integers(0, 2) else []
        shape = streams + [frames, size]
        n = int(np.prod(shape))
        m = model("SignalOverlapAdd", [T(shape, dtype)], [T(streams + [frames * step], dtype)],
                  {"T": TENSOR_TYPE[dtype], "frame_step": step})

        def data():
            return int16s(rng, n) if dtype == "int16" else rng.uniform(-1, 1, n).astype(np.float32)

        writer.add_sequence_run("overlap_add_%d_%s_size%d_step%d" % (i, dtype, size, step), m, steps_for(rng, data))


def delay_cases(writer, rng, count):
    for i in range(count):
        delay = int(rng.integers(0, 41))
        shape = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 2)))] + [int(rng.integers(1, 33))]
        m = model("SignalDelay", [T(shape, "int16")], [T(shape, "int16")], {"delay_length": delay})
        writer.add_sequence_run("delay_%d_d%d_n%d" % (i, delay, shape[-1]), m,
                                steps_for(rng, lambda: int16s(rng, int(np.prod(shape)))))


def stacker_cases(writer, rng, count):
    for i in range(count):
        channels = int(rng.integers(1, 9))
        left = int(rng.integers(0, 5))
        right = int(rng.integers(0, 4))
        step = int(rng.integers(1, left + right + 2))
        stack = channels * (left + right + 1)
        m = model("SignalStacker", [T([channels], "int16")], [T([stack], "int16"), T([], "bool")],
                  {"num_channels": channels, "stacker_left_context": left, "stacker_right_context": right,
                   "stacker_step": step})
        steps = steps_for(rng, lambda: int16s(rng, channels))
        outs = run_tflm_sequence(m, steps)
        avail, first, ever = 0, False, False
        for (_, reset), out in zip(steps, outs):
            if reset:
                avail, first = 0, False
            avail += channels
            if not first:
                avail, first = avail + channels * left, True
            if avail >= stack:
                ever = True
                avail -= channels * step
            if not ever:
                out[0][:] = 0  # never written by TFLM yet
        writer.add_sequence("stacker_%d_c%d_l%d_r%d_s%d" % (i, channels, left, right, step), m, steps, outs)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_signal_a: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("signal_a", seed=args.seed, generator=__file__)
    window_cases(writer, rng, 30)
    auto_scale_cases(writer, rng, 30)
    energy_cases(writer, rng, 30)
    fft_cases(writer, rng, 48, inverse=False)
    fft_cases(writer, rng, 48, inverse=True)
    framer_cases(writer, rng, 30)
    overlap_add_cases(writer, rng, 30)
    delay_cases(writer, rng, 24)
    stacker_cases(writer, rng, 30)
    writer.write()


if __name__ == "__main__":
    main()
