"""Oracle cases for TFLM_DECODE (TFLM's custom op "TFLM_DECODE", weight decompression), lookup-table decode
type: the six output types TFLM's kernel takes (BOOL, FLOAT32, INT8, INT16, INT32, INT64), index bit widths
1 to 7, shapes of rank 1 to 4, one value table for the tensor (no quantization, or one scale) or one per channel
of the output's per-channel quantization along axis 0 or the last axis, table strides from the tables' length
(the compressor's layout) up to 128, value tables padded past the last entry, encoded data longer than the
indices need, and one to three outputs per node. The encoded data and the 16-byte header are serialised with
the tflite-micro package's own compression modules (lut.pack_indices, decode.DecodeCommonMetadata,
LutAncillaryData), and a few models come whole from its compressor (compress.compress on a FULLY_CONNECTED
or CONV_2D model whose weights are LUT-compressed, per tensor and per channel: DECODE then the consumer).

Refusal cases: header version 2, LUT version 2, an unknown decode type, a custom decode type, a UINT8 output
(TFLM refuses each), and headers TFLM trusts and reads out of bounds on (mote refuses them in prepare; recorded
without running TFLM): an ancillary tensor shorter than the header, encoded data shorter than the indices, bit
width 0, and a stride or an index past the value tables.

Run: .venv/bin/python tools/oracle/gen_decode.py [--seed N] [--out-dir DIR]
  -> tests/oracle/data/decode.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, multi_op_model, parse_args, random_input, single_op_model  # noqa: E402

from tflite_micro.tensorflow.lite.micro.compression import decode, lut, spec  # noqa: E402
# The package's __init__ exports a function named compress over the module of that name: take the function.
from tflite_micro.tensorflow.lite.micro.compression import compress as compress_model  # noqa: E402

DEFAULT_SEED = 1616
DECODE = "TFLM_DECODE"
TYPES = ["bool", "float32", "int8", "int16", "int32", "int64"]
PER_TENSOR_AXIS = lut.LutAncillaryData.PER_TENSOR_AXIS


def header(bit_width, stride, axis=PER_TENSOR_AXIS, decode_type=0, version=1, lut_version=1):
    """The 16-byte header as the package writes it (bit width 0 and out-of-range fields written by hand)."""
    data = lut.LutAncillaryData(lut_version=1, bitwidth=max(bit_width, 1), axis=axis, value_table_stride=stride)
    user = bytearray(data.to_user_data())
    user[0] = lut_version
    user[1] = (user[1] & 0xF8) | (bit_width & 7)
    return decode.DecodeCommonMetadata(decode_type=decode.DecodeType(int(decode_type)), version=version,
                                       user_data=bytes(user)).to_bytes()


def u8(data):
    return T([len(data)], "uint8", data=np.frombuffer(bytes(data), np.uint8))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_decode: seed %d" % args.seed)
    rng = np.random.default_rng(args.seed)
    writer = CaseWriter("decode", seed=args.seed, generator=__file__)
    count = [0]

    def random_shape(max_elements=600):
        while True:
            rank = int(rng.integers(1, 5))
            limit = [1, 300, 24, 10, 6][rank]
            shape = [int(d) for d in rng.integers(1, limit + 1, rank)]
            if np.prod(shape) <= max_elements:
                return shape

    def fit_shape(dtype, mode, bit_width, max_elements=250):
        """A random shape whose value tables (channels * 2^bit_width entries) stay within 1 KB."""
        while True:
            shape = random_shape(max_elements)
            channels = {"axis0": shape[0], "last": shape[-1]}.get(mode, 1)
            if mode == "last" and len(shape) > 1 and shape[-1] == 1:
                continue  # one scale on the last axis of rank >= 2: TFLM refuses (a refusal case below)
            if channels * (1 << bit_width) * np.dtype(dtype).itemsize <= 1024:
                return shape

    def random_values(dtype, n):
        """n distinct table values of dtype (fewer for bool)."""
        if dtype == "bool":
            return np.array([False, True][: min(n, 2)], np.bool_)
        if dtype == "float32":
            return np.unique(rng.uniform(-100, 100, n).astype(np.float32))[:n]
        info = np.iinfo(dtype)
        lo, hi = max(int(info.min), -(1 << 40)), min(int(info.max), 1 << 40)
        if dtype in ("int32", "int64") and rng.random() < 0.3:
            lo, hi = int(info.min), int(info.max)  # the extremes too
        vals = np.unique(rng.integers(lo, hi, n, endpoint=True, dtype=np.int64))
        return np.asarray(vals, dtype)[:n]

    def draw_output(dtype, shape, mode):
        """(output T, channel count, channel axis) for mode 'none' / 'tensor' / 'axis0' / 'last'."""
        if mode == "none":
            return T(shape, dtype), 1, None
        if mode == "tensor":
            return T(shape, dtype, scale=0.5, zero_point=0), 1, None
        axis = 0 if mode == "axis0" else len(shape) - 1
        channels = shape[axis]
        out = T(shape, dtype, scale=list(np.float32(rng.uniform(0.01, 1, channels))), zero_point=0,
                quantized_dimension=axis)
        return out, channels, axis

    def lut_pair(dtype, shape, mode, bit_width, stride_extra=0, encoded_extra=0, pad_tables=0):
        """(encoded T, ancillary T, output T, expected decode): random tables, random indices into them."""
        out, channels, axis = draw_output(dtype, shape, mode)
        size = int(np.prod(shape))
        used = [max(1, min(1 << bit_width, int(rng.integers(1, (1 << bit_width) + 1)))) for _ in range(channels)]
        tables = [random_values(dtype, n) for n in used]
        used = [len(t) for t in tables]
        stride = min(128, max(used) + stride_extra)
        per_channel = size // channels
        idx = np.empty(size, np.int64)
        for k in range(size):
            c = (k % channels) if (axis is not None and axis == len(shape) - 1 and channels > 1) else k // per_channel
            idx[k] = rng.integers(0, used[c])
        encoded = lut.pack_indices(idx, bit_width) + bytes(rng.integers(0, 256, encoded_extra, dtype=np.uint8))
        np_t = np.dtype(dtype)
        padded = [np.concatenate([t, np.zeros(stride - len(t), np_t)]) for t in tables]
        value_bytes = b"".join(p.astype(np_t.newbyteorder("<")).tobytes() for p in padded)
        value_bytes += bytes(pad_tables * np_t.itemsize)
        anc = header(bit_width, stride, PER_TENSOR_AXIS if axis is None else axis) + value_bytes
        return u8(encoded), u8(anc), out

    def name_of(dtype, shape, mode, bit_width, tag=""):
        count[0] += 1
        return "decode_%s_%s_%s_w%d%s_%03d" % (dtype, "x".join(map(str, shape)), mode, bit_width,
                                               ("_" + tag) if tag else "", count[0])

    def run_pairs(pairs, name, refusal="abort"):
        inputs = [t for e, a, _ in pairs for t in (e, a)]
        model = single_op_model(None, inputs, [o for _, _, o in pairs], custom_code=DECODE)
        writer.add_run(name, model, [], refusal=refusal)

    def one(dtype, shape, mode, bit_width, tag="", **kw):
        run_pairs([lut_pair(dtype, shape, mode, bit_width, **kw)], name_of(dtype, shape, mode, bit_width, tag))

    def modes_for(dtype):
        return ["none", "tensor", "axis0", "last"] if dtype in ("int8", "int16", "int32", "int64") else ["none"]

    for dtype in TYPES:
        for bit_width in range(1, 8):
            for mode in modes_for(dtype):
                one(dtype, fit_shape(dtype, mode, bit_width), mode, bit_width)
        for _ in range(6):
            mode = str(rng.choice(modes_for(dtype)))
            bit_width = int(rng.integers(1, 8))
            one(dtype, fit_shape(dtype, mode, bit_width), mode, bit_width, tag="padded",
                stride_extra=int(rng.integers(0, 40)), encoded_extra=int(rng.integers(0, 9)),
                pad_tables=int(rng.integers(0, 5)))
    # INT8 at the widths TFLM's kernel has fast paths for (2, 3, 4), lengths around their 16/32-element blocks.
    for bit_width in (2, 3, 4):
        for n in (15, 16, 17, 31, 32, 33, 47, 64, 100):
            one("int8", [n], "none", bit_width, tag="block")
            one("int8", [3, n], "axis0", bit_width, tag="block")
    for _ in range(12):  # several outputs per node, types and modes mixed
        pairs = []
        for _ in range(int(rng.integers(2, 4))):
            dtype = str(rng.choice(TYPES))
            mode = str(rng.choice(modes_for(dtype)))
            bit_width = int(rng.integers(1, 8))
            pairs.append(lut_pair(dtype, fit_shape(dtype, mode, bit_width, 200), mode, bit_width))
        count[0] += 1
        run_pairs(pairs, "decode_multi_%d_outputs_%03d" % (len(pairs), count[0]))

    def prune_pair(dtype, shape, mode, density, zero_points=None):
        """(encoded T, ancillary T, output T): a random mask of the given density, random kept values."""
        out, channels, axis = draw_output(dtype, shape, mode)
        if zero_points is not None:
            out.zero_point = [int(z) for z in zero_points(channels)]
        size = int(np.prod(shape))
        mask = (rng.random(size) < density).astype(np.int64)
        np_t = np.dtype(dtype)
        kept = random_values(dtype, max(1, int(mask.sum())))
        kept = rng.choice(kept, int(mask.sum())).astype(np_t)
        anc = header(0, 0, decode_type=decode.DecodeType.PRUNING) + kept.astype(np_t.newbyteorder("<")).tobytes()
        return u8(lut.pack_indices(mask, 1)), u8(anc), out

    def int8_zero_points(channels):
        return rng.integers(-128, 128, channels)

    for dtype in TYPES:
        for mode in modes_for(dtype):
            for density in (0.0, 0.3, 0.7, 1.0):
                shape = fit_shape(dtype, mode, 1, 150)
                zps = int8_zero_points if dtype == "int8" and mode != "none" else None
                count[0] += 1
                run_pairs([prune_pair(dtype, shape, mode, density, zps)],
                          "decode_pruned_%s_%s_%s_d%d_%03d" % (dtype, "x".join(map(str, shape)), mode,
                                                               int(density * 10), count[0]))
    for _ in range(6):  # LUT and pruning outputs on one node
        pairs = []
        for _ in range(int(rng.integers(2, 4))):
            dtype = str(rng.choice(TYPES))
            mode = str(rng.choice(modes_for(dtype)))
            bit_width = int(rng.integers(1, 8))
            shape = fit_shape(dtype, mode, bit_width, 200)
            if rng.random() < 0.5:
                pairs.append(lut_pair(dtype, shape, mode, bit_width))
            else:
                zps = int8_zero_points if dtype == "int8" and mode != "none" else None
                pairs.append(prune_pair(dtype, shape, mode, float(rng.random()), zps))
        count[0] += 1
        run_pairs(pairs, "decode_mixed_%d_outputs_%03d" % (len(pairs), count[0]))
    count[0] += 1
    run_pairs([prune_pair("int16", [3, 4], "axis0", 0.5, lambda c: [0] + [3] * (c - 1))],
              "decode_refused_pruned_int16_zero_point_%03d" % count[0], refusal="expected")
    e, a, o = prune_pair("int32", [6, 5], "none", 1.0)
    count[0] += 1
    writer.add_refusal("decode_hostile_pruned_short_values_%03d" % count[0],
                       single_op_model(None, [e, u8(a.data.tobytes()[:-4])], [o], custom_code=DECODE), [],
                       "TFLM reads out of bounds (mote refuses in prepare)")

    compressed_models(writer, rng, count)
    refusals(writer, rng, count, lut_pair, run_pairs)
    writer.write()


def compressed_models(writer, rng, count):
    """Whole models from the package's compressor: a consumer whose int8 weights it LUT-compresses."""
    for op in ["FULLY_CONNECTED", "CONV_2D"]:
        for per_channel in (False, True):
            bit_width = int(rng.integers(1, 8))
            out_ch = int(rng.integers(1, 9))
            in_ch = int(rng.integers(1, 9))
            wshape = [out_ch, in_ch] if op == "FULLY_CONNECTED" else [out_ch, 3, 3, in_ch]
            levels = np.unique(rng.integers(-127, 128, 1 << bit_width))
            weights = rng.choice(levels, int(np.prod(wshape))).astype(np.int8).reshape(wshape)
            wscale = list(np.float32(rng.uniform(0.005, 0.05, out_ch))) if per_channel else 0.02
            x = T([1, in_ch] if op == "FULLY_CONNECTED" else [1, 5, 5, in_ch], "int8", scale=0.05, zero_point=-3)
            w = T(wshape, "int8", data=weights, scale=wscale, zero_point=0, quantized_dimension=0)
            y = T([1, out_ch] if op == "FULLY_CONNECTED" else [1, 3, 3, out_ch], "int8", scale=0.2, zero_point=5)
            if op == "FULLY_CONNECTED":
                model = multi_op_model([x, w, y], [(op, [0, 1, -1], [2], "FullyConnectedOptions", {})])
            else:
                model = multi_op_model([x, w, y], [(op, [0, 1, -1], [2], "Conv2DOptions",
                                                    {"padding": "VALID", "stride_w": 1, "stride_h": 1})])
            mode = spec.PerChannel(axis=0) if per_channel else spec.PerTensor()
            specs = [spec.Tensor(subgraph=0, tensor=1,
                                 compression=[spec.LookUpTableCompression(index_bitwidth=bit_width, mode=mode)])]
            compressed = compress_model(bytes(model), specs)
            feed = random_input(x, rng).astype(np.int8).reshape(x.shape)
            count[0] += 1
            writer.add_run("decode_compressed_%s_%s_w%d_%03d" % (op.lower(), "per_channel" if per_channel
                                                                   else "per_tensor", bit_width, count[0]),
                           bytes(compressed), [feed])


def refusals(writer, rng, count, lut_pair, run_pairs):
    def model_of(pairs):
        inputs = [t for e, a, _ in pairs for t in (e, a)]
        return single_op_model(None, inputs, [o for _, _, o in pairs], custom_code=DECODE)

    def with_anc(pair, anc_bytes):
        return pair[0], u8(anc_bytes), pair[2]

    def header_variant(tag, **fields):
        e, a, o = lut_pair("int8", [4, 6], "none", 3)
        anc = bytearray(a.data.tobytes())
        for offset, value in fields.items():
            anc[int(offset[1:])] = value
        count[0] += 1
        run_pairs([(e, u8(anc), o)], "decode_refused_%s_%03d" % (tag, count[0]), refusal="expected")

    header_variant("header_version", b1=2)
    header_variant("lut_version", b4=2)
    header_variant("unknown_type", b0=3)
    header_variant("custom_type", b0=200)
    e, a, _ = lut_pair("int8", [4, 6], "none", 3)
    count[0] += 1
    run_pairs([(e, a, T([4, 6], "uint8"))], "decode_refused_uint8_output_%03d" % count[0], refusal="expected")

    e, a, _ = lut_pair("int8", [4, 1], "none", 2)
    count[0] += 1
    run_pairs([(e, a, T([4, 1], "int8", scale=[0.5], zero_point=[0], quantized_dimension=1))],
              "decode_refused_one_scale_on_axis_1_%03d" % count[0], refusal="expected")

    # Headers TFLM trusts and reads past its buffers on: recorded as refusals without running TFLM.
    def hostile(tag, pair):
        count[0] += 1
        writer.add_refusal("decode_hostile_%s_%03d" % (tag, count[0]), model_of([pair]), [],
                           "TFLM reads out of bounds (mote refuses in prepare)")

    e, a, o = lut_pair("int16", [5, 7], "none", 5)
    hostile("short_ancillary", with_anc((e, a, o), a.data.tobytes()[:10]))
    hostile("no_tables", with_anc((e, a, o), a.data.tobytes()[:16]))
    hostile("short_encoded", (u8(e.data.tobytes()[:-1]), a, o))
    anc = bytearray(a.data.tobytes())
    anc[5] &= 0xF8
    hostile("bit_width_0", with_anc((e, a, o), anc))
    e, a, o = lut_pair("int32", [6, 4], "axis0", 2)
    anc = bytearray(a.data.tobytes())
    anc[6] = 120
    hostile("stride_past_tables", with_anc((e, a, o), anc))
    e, a, o = lut_pair("float32", [40], "none", 4)
    hostile("index_past_table", (u8(b"\xff" * len(e.data)), u8(header(4, 16) + bytes(4 * 3)), o))
    # Extra pair given: one output, three inputs.
    e, a, o = lut_pair("int8", [8], "none", 2)
    count[0] += 1
    writer.add_run("decode_refused_odd_inputs_%03d" % count[0],
                   single_op_model(None, [e, a, e], [o], custom_code=DECODE), [], refusal="expected")


if __name__ == "__main__":
    main()
