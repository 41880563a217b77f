"""Oracle cases for TFLM_DECODE (TFLM's custom op "TFLM_DECODE", weight decompression), lookup-table decode
type: the six output types TFLM's kernel takes (BOOL, FLOAT32, INT8, INT16, INT32, INT64), index bit widths
1 to 7, shapes of rank 1 to 4, one value table for the tensor (no quantization, or one scale) or one per channel
of the output's per-channel quantization along axis 0 or the last axis, table strides from the tables' length
(the compressor's layout) up to 128, value tables padded past the last entry, encoded data longer than the
indices need, and one to three outputs per node. The encoded data and the 16-byte header are serialised with
the tflite-micro package's own compression modules (lut.pack_indices, decode.DecodeCommonMetadata,
LutAncillaryData), and a few models come whole from its compressor (compress.compress on a FULLY_CONNECTED
or CONV_2D model whose weights are LUT-compressed, per tensor and per channel: DECODE then the consumer).

Huffman (decode type 1; TFLM's DecodeStateHuffman, Xtensa-format tables): the package's compressor has no
Huffman encoder yet (its huffman.py is a stub that raises), so this generator encodes: a random alphabet of
INT8 or INT16 values with random frequencies, Huffman code lengths from them, the codes split into a first
lookup of random width and sub-tables of random widths (16-bit entries for INT8, 32-bit entries for INT8 or
INT16, random bits above the value's width that TFLM drops), the elements' codes back to back MSB first. TFLM
(the pip tflite-micro's DECODE, which registers Huffman) decodes every case and the generator asserts its
output equals the values it encoded before recording it. Refusals TFLM makes: Huffman version 2, a 16-bit
table for an INT16 output, an INT32 output (TFLM in Invoke, mote in prepare); ones where it reads out of
bounds (recorded without running TFLM): a table cut to less than an entry, a bitstream cut short.

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
    huffman_cases(writer, rng, count)
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


def huffman_code_lengths(freqs):
    """Huffman code lengths for symbol frequencies (one symbol: length 1)."""
    import heapq
    if len(freqs) == 1:
        return [1]
    heap = [(f, i, [i]) for i, f in enumerate(freqs)]
    heapq.heapify(heap)
    lengths = [0] * len(freqs)
    tie = len(freqs)
    while len(heap) > 1:
        fa, _, a = heapq.heappop(heap)
        fb, _, b = heapq.heappop(heap)
        for s in a + b:
            lengths[s] += 1
        heapq.heappush(heap, (fa + fb, tie, a + b))
        tie += 1
    return lengths


def canonical_codes(lengths):
    """Canonical Huffman codes (bit strings) for the code lengths."""
    order = sorted(range(len(lengths)), key=lambda s: (lengths[s], s))
    codes, code, prev = [None] * len(lengths), 0, lengths[order[0]]
    for rank, s in enumerate(order):
        if rank:
            code = (code + 1) << (lengths[s] - prev)
        prev = lengths[s]
        codes[s] = format(code, "0%db" % lengths[s])
    return codes


def huffman_tables(codes, values, wide, value_bits, first_bits, rng, max_sub_bits=6):
    """Xtensa-format tables: entries (ints) with the first lookup at entries 0 .. 2^first_bits - 1 and each
    sub-table after the table that points to it. A symbol entry: flag, the bits of its step the code uses,
    the value (its low value_bits bits, random bits above them up to the field). A pointer: the next step's
    bits - 1 and the offset from the pointer to its sub-table."""
    flag, count_shift, field = (1 << 31, 27, 27) if wide else (1 << 15, 11, 11)
    entries = []

    def symbol(value, used):
        junk = int(rng.integers(0, 1 << (field - value_bits))) << value_bits if rng.random() < 0.5 else 0
        return flag | (used << count_shift) | junk | (int(value) & ((1 << value_bits) - 1))

    def build(suffixes, bits):
        """suffixes: {bit string: value} of the codes below this table; returns its start entry."""
        start = len(entries)
        entries.extend([None] * (1 << bits))
        longer = {}
        for code, value in suffixes.items():
            if len(code) <= bits:
                pad = bits - len(code)
                base = int(code, 2) << pad
                for k in range(1 << pad):
                    entries[start + base + k] = symbol(value, len(code))
            else:
                longer.setdefault(code[:bits], {})[code[bits:]] = value
        for k in range(1 << bits):  # prefixes no code has (a one-symbol alphabet): never read
            if entries[start + k] is None and format(k, "0%db" % bits) not in longer:
                entries[start + k] = symbol(int(rng.integers(-100, 100)), 1)
        for prefix, sub in longer.items():
            longest = max(len(c) for c in sub)
            sub_bits = int(rng.integers(1, min(longest, max_sub_bits) + 1))
            at = start + int(prefix, 2)
            entries[at] = 0  # placeholder until the sub-table's place is known
            sub_start = build(sub, sub_bits)
            offset = sub_start - at
            if offset >= (1 << field):
                raise OverflowError("offset past the entry's field")
            entries[at] = ((sub_bits - 1) << count_shift) | offset
        return start

    build({c: v for c, v in zip(codes, values)}, first_bits)
    return entries


def huffman_pair(rng, dtype, wide, count_elements, alphabet, first_bits=None):
    """(encoded T, ancillary T, output T, the values encoded): random values drawn from a random alphabet."""
    value_bits = 8 if dtype == "int8" else 16
    info = np.iinfo(dtype)
    values = np.unique(rng.integers(int(info.min), int(info.max) + 1, alphabet))
    freqs = [int(f) for f in rng.integers(1, 1000, len(values)) ** int(rng.integers(1, 3))]
    lengths = huffman_code_lengths(freqs)
    codes = canonical_codes(lengths)
    longest = max(lengths)
    chosen = first_bits
    while True:  # a 16-bit entry's 11-bit offset can be too short for a big table: draw the widths again
        first_bits = chosen or int(rng.integers(1, min(longest, 10) + 1))
        try:
            entries = huffman_tables(codes, values, wide, value_bits, first_bits, rng)
            break
        except OverflowError:
            continue
    picks = rng.choice(len(values), count_elements, p=np.array(freqs, float) / sum(freqs))
    bits = "".join(codes[i] for i in picks)
    bits += "".join(str(int(b)) for b in rng.integers(0, 2, (-len(bits)) % 32 + 32))  # a whole word more
    stream = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    hdr = bytearray(16)
    hdr[0], hdr[1], hdr[4] = 1, 1, 1
    hdr[5] = ((first_bits - 1) << 4) | (1 if wide else 0)
    table = np.array(entries, np.uint32 if wide else np.uint16).astype("<u4" if wide else "<u2").tobytes()
    expected = values[picks].astype(dtype)
    return u8(stream), u8(bytes(hdr) + table), T([count_elements], dtype), expected


def huffman_cases(writer, rng, count):
    """TFLM decodes each drawn stream; its output must be the values encoded (a wrong encoder fails here)."""
    def check_and_add(name, pairs, shapes):
        outs = []
        for (e, a, o, _), shape in zip(pairs, shapes):
            o.shape = list(shape)
            outs.append(o)
        model = single_op_model(None, [t for e, a, _, _ in pairs for t in (e, a)], outs, custom_code=DECODE)
        got = writer.add_run(name, model, [])
        for g, (_, _, _, want) in zip(got, pairs):
            if not np.array_equal(np.asarray(g).reshape(-1), want):
                raise RuntimeError("%s: TFLM's Huffman decode differs from the encoded values" % name)

    def shape_of(n):
        dims = [n]
        if n % 4 == 0 and rng.random() < 0.5:
            dims = [4, n // 4]
        return dims

    variants = [("int8", False), ("int8", True), ("int16", True)]
    for dtype, wide in variants:
        for _ in range(10):
            n = int(rng.integers(1, 400))
            alphabet = int(rng.choice([1, 2, 3, int(rng.integers(4, 40)), int(rng.integers(40, 200))]))
            pair = huffman_pair(rng, dtype, wide, n, alphabet)
            count[0] += 1
            check_and_add("decode_huffman_%s_%s_n%d_a%d_%03d" % (dtype, "t32" if wide else "t16", n, alphabet,
                                                                 count[0]), [pair], [shape_of(n)])
    for _ in range(4):  # several Huffman outputs, of mixed types and entry widths, on one node
        pairs, shapes = [], []
        for _ in range(int(rng.integers(2, 4))):
            dtype, wide = variants[int(rng.integers(0, 3))]
            n = int(rng.integers(1, 200))
            pairs.append(huffman_pair(rng, dtype, wide, n, int(rng.integers(1, 60))))
            shapes.append([n])
        count[0] += 1
        check_and_add("decode_huffman_multi_%d_outputs_%03d" % (len(pairs), count[0]), pairs, shapes)

    def refusal_model(pair):
        e, a, o, _ = pair
        return single_op_model(None, [e, a], [o], custom_code=DECODE)

    e, a, o, v = huffman_pair(rng, "int8", False, 50, 20)
    anc = bytearray(a.data.tobytes())
    anc[4] = 2
    count[0] += 1
    writer.add_run("decode_refused_huffman_version_%03d" % count[0], refusal_model((e, u8(anc), o, v)), [],
                   refusal="expected")
    count[0] += 1
    writer.add_run("decode_refused_huffman_int16_16bit_table_%03d" % count[0],
                   refusal_model((e, a, T([50], "int16"), v)), [], refusal="expected")
    e, a, o, v = huffman_pair(rng, "int16", True, 80, 30, first_bits=3)
    count[0] += 1  # TFLM fails this one in Invoke (its Huffman Decode has no INT32 case); mote in prepare
    writer.add_run("decode_refused_huffman_int32_output_%03d" % count[0], refusal_model((e, a, T([80], "int32"), v)),
                   [], refusal="expected")
    count[0] += 1
    writer.add_refusal("decode_hostile_huffman_short_table_%03d" % count[0],
                       refusal_model((e, u8(a.data.tobytes()[:16 + 2]), o, v)), [],
                       "TFLM reads out of bounds (mote refuses in prepare)")
    count[0] += 1
    writer.add_refusal("decode_hostile_huffman_short_stream_%03d" % count[0],
                       refusal_model((u8(e.data.tobytes()[:2]), a, o, v)), [],
                       "TFLM reads out of bounds (mote refuses in prepare)")


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
