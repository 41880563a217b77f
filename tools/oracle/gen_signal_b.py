"""Oracle cases for TFLM's signal library, part B: the filter-bank end of the audio front end, custom ops with
FlexBuffers options that TFLM registers by name (AddFilterBank(), AddFilterBankSquareRoot(),
AddFilterBankSpectralSubtraction(), AddFilterBankLog(), AddPCAN()).

- SignalFilterBank: uint32 spectrum (runtime) of random length, five constant int16 tables (weights,
  unweights, frequency starts, weight starts, widths) drawn in range, random num_channels, the output as long
  as num_channels or shorter; weights sometimes negative (TFLM's uint64 sums wrap).
- SignalFilterBankSquareRoot: uint64 channels around 2^32 (TFLM's 32-bit shortcut and its rounding cap), up
  to 2^64 - 1, and zero; the int32 scale bits as a runtime scalar (0..31, and a few beyond, which mote takes
  modulo 32 as TFLM's shift does on x86) or a constant in [0, 31].
- SignalFilterBankSpectralSubtraction: multi-invoke cases on ONE interpreter (the noise estimate is state),
  a Reset() before a later invoke in most, random coefficients (in the Q-format range and raw int32),
  smoothing_bits / spectral_subtraction_bits over their whole valid range, clamping on and off.
- SignalFilterBankLog: inputs over the whole uint32 range (0, 1 and 2 included), input_correction_bits
  0..31 (shifted bits are lost, as in TFLM), output_scale from small to any int32.
- SignalPCAN: random 125-entry gain tables (the length the largest noise estimate needs), noise estimates
  over the whole uint32 range (0, 1, 2 read the table directly), snr_shift 0..63.
- the chain FilterBank -> SquareRoot -> SpectralSubtraction -> PCAN -> Log as TFLM's front end wires it,
  streamed over several invokes with a Reset() (8 cases).

TFLM's options map is read by position in key order: every map here holds exactly the op's keys, sorted (as
the converter writes them).

Run: .venv/bin/python tools/oracle/gen_signal_b.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/signal_b.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np
from flatbuffers import flexbuffers

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, Op, T, multi_op_model, parse_args, single_op_model  # noqa: E402

DEFAULT_SEED = 1818
PCAN_LUT_SIZE = 125
U32_MAX = 2**32 - 1


def options(**values):
    """The op's FlexBuffers map, keys sorted; bools as Bool, the rest as Int."""
    fbb = flexbuffers.Builder()
    with fbb.Map():
        for key in sorted(values):
            if isinstance(values[key], bool):
                fbb.Bool(key, values[key])
            else:
                fbb.Int(key, int(values[key]))
    return bytes(fbb.Finish())


def model(name, inputs, outputs, **opts):
    return single_op_model(None, inputs, outputs, custom_code=name, custom_options=options(**opts))


def u32(rng, n, top_bits=None):
    """n uint32 values: magnitudes spread over 1..32 bits (or up to top_bits), with 0, 1, 2 mixed in."""
    bits = rng.integers(0, (top_bits or 32) + 1, size=n)
    values = np.array([int(rng.integers(0, 2**int(b))) if b else 0 for b in bits], dtype=np.uint64)
    special = rng.random(n) < 0.1
    values[special] = rng.integers(0, 3, size=int(special.sum()))
    return values.astype(np.uint32)


def filter_bank_tables(rng, channels, bins):
    """The five constant tables (weights, unweights, frequency starts, weight starts, widths), every entry's
    bins and weights in range."""
    weights_len = int(rng.integers(1, 400))
    width = rng.integers(0, 12, size=channels + 1)
    width = np.minimum(width, min(bins, weights_len))
    freq = np.array([rng.integers(0, bins - wd + 1) for wd in width], dtype=np.int16)
    wstart = np.array([rng.integers(0, weights_len - wd + 1) for wd in width], dtype=np.int16)
    if rng.random() < 0.7:
        weights = rng.integers(0, 4097, size=weights_len)
        unweights = 4096 - weights
    else:
        weights = rng.integers(-32768, 32768, size=weights_len)
        unweights = rng.integers(-32768, 32768, size=weights_len)
    return [T([weights_len], "int16", data=weights), T([weights_len], "int16", data=unweights),
            T([channels + 1], "int16", data=freq), T([channels + 1], "int16", data=wstart),
            T([channels + 1], "int16", data=width.astype(np.int16))]


def filter_bank_case(w, rng, i):
    channels = int(rng.integers(1, 41))
    bins = int(rng.integers(2, 300))
    tables = filter_bank_tables(rng, channels, bins)
    outputs = channels if rng.random() < 0.8 else int(rng.integers(1, channels + 1))
    m = model("SignalFilterBank", [T([bins], "uint32")] + tables, [T([outputs], "uint64")], num_channels=channels)
    w.add_run("filter_bank_c%d_b%d_w%d_o%d_%d" % (channels, bins, tables[0].shape[0], outputs, i), m,
              [u32(rng, bins)])


def sqrt_inputs(rng, n):
    kind = rng.integers(0, 4, size=n)
    out = []
    for k in kind:
        if k == 0:
            out.append(int(rng.integers(0, 2**32)))
        elif k == 1:  # around 2^32, where the 32-bit path's cap and the 64-bit path meet
            out.append(int(2**32 + int(rng.integers(-70000, 70000))))
        elif k == 2:
            out.append(int(rng.integers(0, 2**63)) * 2 + int(rng.integers(0, 2)))
        else:
            special = [0, 1, 2, 3, 0xFFFE0001, 0xFFFFFFFF, 2**64 - 1, 2**62]
            out.append(special[int(rng.integers(0, len(special)))])
    return np.array(out, dtype=np.uint64)


def square_root_case(w, rng, i):
    n = int(rng.integers(1, 65))
    shift = int(rng.integers(0, 32)) if rng.random() < 0.85 else [32, 33, 40, -1][int(rng.integers(0, 4))]
    if rng.random() < 0.3 and 0 <= shift <= 31:
        scale = T([], "int32", data=np.array(shift, dtype=np.int32))
        m = model("SignalFilterBankSquareRoot", [T([n], "uint64"), scale], [T([n], "uint32")])
        w.add_run("square_root_n%d_const_shift%d_%d" % (n, shift, i), m, [sqrt_inputs(rng, n)])
        return
    m = model("SignalFilterBankSquareRoot", [T([n], "uint64"), T([], "int32")], [T([n], "uint32")])
    w.add_run("square_root_n%d_shift%d_%d" % (n, shift, i), m,
              [sqrt_inputs(rng, n), np.array(shift, dtype=np.int32)])


def subtraction_options(rng, channels):
    bits = int(rng.integers(0, 64)) if rng.random() < 0.3 else int(rng.integers(8, 17))
    scale = 2**min(bits, 30)
    def coefficient():
        if rng.random() < 0.8:
            return int(rng.integers(0, scale + 1))
        return int(rng.integers(-2**31, 2**31))
    def complement(x):  # 1 - x in the Q format, inside int32 (the options are int32)
        return min(max(scale - x, 0), 2**31 - 1) if rng.random() < 0.8 else coefficient()
    smoothing, alternate = coefficient(), coefficient()
    return dict(num_channels=channels, smoothing=smoothing, one_minus_smoothing=complement(smoothing),
                alternate_smoothing=alternate, alternate_one_minus_smoothing=complement(alternate),
                min_signal_remaining=coefficient(), smoothing_bits=int(rng.integers(0, 32)) if rng.random() < 0.3
                else int(rng.integers(0, 13)), spectral_subtraction_bits=bits, clamping=bool(rng.random() < 0.5))


def spectral_subtraction_case(w, rng, i):
    channels = int(rng.integers(1, 41))
    opts = subtraction_options(rng, channels)
    invokes = int(rng.integers(2, 7))
    reset_at = int(rng.integers(1, invokes + 2))  # >= invokes: no Reset in this case
    top = int(rng.integers(4, 33))
    steps = [([u32(rng, channels, top)], k == reset_at) for k in range(invokes)]
    m = model("SignalFilterBankSpectralSubtraction", [T([channels], "uint32")],
              [T([channels], "uint32"), T([channels], "uint32")], **opts)
    w.add_sequence_run("spectral_subtraction_c%d_sb%d_ssb%d_%s_x%d%s_%d" % (
        channels, opts["smoothing_bits"], opts["spectral_subtraction_bits"],
        "clamp" if opts["clamping"] else "noclamp", invokes, "_reset%d" % reset_at if reset_at < invokes else "",
        i), m, steps)


def log_case(w, rng, i):
    n = int(rng.integers(1, 65))
    bits = int(rng.integers(0, 9)) if rng.random() < 0.8 else int(rng.integers(0, 32))
    r = rng.random()
    scale = int(rng.integers(1, 2048)) if r < 0.7 else int(rng.integers(-2**31, 2**31))
    m = model("SignalFilterBankLog", [T([n], "uint32")], [T([n], "int16")], input_correction_bits=bits,
              output_scale=scale)
    w.add_run("filter_bank_log_n%d_bits%d_scale%d_%d" % (n, bits, scale, i), m, [u32(rng, n)])


def pcan_case(w, rng, i):
    n = int(rng.integers(1, 41))
    shift = int(rng.integers(0, 64)) if rng.random() < 0.3 else int(rng.integers(4, 20))
    lut_len = PCAN_LUT_SIZE if rng.random() < 0.8 else int(rng.integers(PCAN_LUT_SIZE, 140))
    lut = rng.integers(-32768, 32768, size=lut_len) if rng.random() < 0.5 else rng.integers(0, 8192, size=lut_len)
    ins = [T([n], "uint32"), T([n], "uint32"), T([lut_len], "int16", data=lut)]
    m = model("SignalPCAN", ins, [T([n], "uint32")], snr_shift=shift)
    w.add_run("pcan_n%d_shift%d_lut%d_%d" % (n, shift, lut_len, i), m, [u32(rng, n), u32(rng, n)])


def chain_case(w, rng, i):
    """The filter-bank end of TFLM's micro_speech front end as one graph, streamed: spectrum energies and the
    FFT's scale bits -> SignalFilterBank -> SignalFilterBankSquareRoot -> SignalFilterBankSpectralSubtraction
    (state) -> SignalPCAN (its noise estimate output) -> SignalFilterBankLog, invoked several times with a
    Reset() in the middle of most."""
    channels, bins = int(rng.integers(4, 41)), int(rng.integers(64, 258))
    tables = filter_bank_tables(rng, channels, bins)
    lut = T([PCAN_LUT_SIZE], "int16", data=rng.integers(0, 8192, size=PCAN_LUT_SIZE))
    vec = lambda dtype: T([channels], dtype)  # noqa: E731
    tensors = [T([bins], "uint32")] + tables + [T([], "int32"), vec("uint64"), vec("uint32"), vec("uint32"),
                                                vec("uint32"), lut, vec("uint32"), vec("int16")]
    opts = subtraction_options(rng, channels)
    ops = [Op(None, [0, 1, 2, 3, 4, 5], [7], custom_code="SignalFilterBank",
              custom_options=options(num_channels=channels)),
           Op(None, [7, 6], [8], custom_code="SignalFilterBankSquareRoot", custom_options=options()),
           Op(None, [8], [9, 10], custom_code="SignalFilterBankSpectralSubtraction", custom_options=options(**opts)),
           Op(None, [9, 10, 11], [12], custom_code="SignalPCAN", custom_options=options(snr_shift=6)),
           Op(None, [12], [13], custom_code="SignalFilterBankLog",
              custom_options=options(input_correction_bits=3, output_scale=64))]
    m = multi_op_model(tensors, ops, inputs=[0, 6], outputs=[13, 10])
    invokes = int(rng.integers(3, 8))
    reset_at = int(rng.integers(1, invokes + 2))
    steps = [([u32(rng, bins, 24), np.array(rng.integers(0, 9), dtype=np.int32)], k == reset_at)
             for k in range(invokes)]
    w.add_sequence_run("chain_c%d_b%d_x%d%s_%d" % (channels, bins, invokes,
                                                  "_reset%d" % reset_at if reset_at < invokes else "", i), m, steps)


def main():
    args = parse_args(argparse.ArgumentParser(description=__doc__.splitlines()[0]), DEFAULT_SEED)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("signal_b", seed=args.seed, generator=__file__)
    for i in range(30):
        filter_bank_case(w, rng, i)
    for i in range(30):
        square_root_case(w, rng, i)
    for i in range(30):
        spectral_subtraction_case(w, rng, i)
    for i in range(30):
        log_case(w, rng, i)
    for i in range(30):
        pcan_case(w, rng, i)
    for i in range(8):
        chain_case(w, rng, i)
    w.write()


if __name__ == "__main__":
    main()
