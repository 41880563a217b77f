#!/usr/bin/env python3
"""Converts models and their test data into C++ constant arrays for the on-target tests (build time, stdlib only).

    embed_data.py --out F.cc --symbol kName [--per-group K] SOURCE...

Each SOURCE adds models to one mote_embed::ModelSet named kName (targets/testing/embedded_data.h):
    golden:NAME=MODEL.tflite,DIR   a model with DIR/input<k>.bin and DIR/output<k>.bin (TFLM's outputs), as in
                                   ../shared/golden/<model>/ and tests/models/<model>/; DIR/meta.json's
                                   tflm_arena_used_bytes is kept when present
    demo:NAME=MODEL.tflite,README  models/demo: one case per row of README's sample table (the sample file and
                                   TFLM's int8 output vector, read from the table)
    model:NAME=MODEL.tflite        a model alone (no cases), for tests that drive it themselves
    speech:NAME=E2E.json,AUDIO_DIR the micro_speech pipeline's expectations (../shared/audio/micro_speech_e2e.json
                                   format): no model; one case per WAV of the json's "cases", input 0 the WAV
                                   file of AUDIO_DIR, output 0 TFLM's int8 scores, output 1 TFLM's label as a
                                   NUL-terminated string
    oracle:FILE.cases              --per-group K cases of a tests/oracle/data file (MOTEORC1, 2 or 3 format, see
                                   tools/oracle/oracle_lib.py), evenly spread over the file; K = 0 takes all. A
                                   case TFLM refuses becomes a Case with expect_refused. Of a MOTEORC3 case only
                                   the first invoke is embedded (a fresh interpreter's): the host oracle test
                                   runs the later, state-carrying invokes
"""
import argparse
import json
import os
import re
import struct
import sys

MAGIC = b"MOTEORC1"  # every case expects outputs
MAGIC_V2 = b"MOTEORC2"  # each case carries an expectation: 0 outputs follow, 1 refused (+ a reason)
MAGIC_V3 = b"MOTEORC3"  # as V2, with a step count and per invoke: flags, inputs, outputs
EXPECT_OUTPUTS, EXPECT_REFUSED = 0, 1


def read(path):
    with open(path, "rb") as f:
        return f.read()


def golden_source(name, model_path, data_dir):
    inputs, outputs = [], []
    k = 0
    while os.path.exists(os.path.join(data_dir, "input%d.bin" % k)):
        inputs.append(read(os.path.join(data_dir, "input%d.bin" % k)))
        k += 1
    k = 0
    while os.path.exists(os.path.join(data_dir, "output%d.bin" % k)):
        outputs.append(read(os.path.join(data_dir, "output%d.bin" % k)))
        k += 1
    if not inputs or not outputs:
        sys.exit("embed_data.py: %s holds no input0.bin/output0.bin" % data_dir)
    arena = -1
    meta = os.path.join(data_dir, "meta.json")
    if os.path.exists(meta):
        with open(meta) as f:
            arena = int(json.load(f).get("tflm_arena_used_bytes", -1) or -1)
    return [dict(group="golden", name=name, model=read(model_path), arena=arena,
                 cases=[dict(name=name, inputs=inputs, outputs=outputs)])]


def demo_source(name, model_path, readme):
    """Rows like: | `samples/digit_0_24.bin` | 0 | 386 | 0 | 0.996 | `127 -128 ... -128` |"""
    base = os.path.dirname(readme)
    cases = []
    row = re.compile(r"^\|\s*`(samples/[^`]+\.bin)`\s*\|.*\|\s*`(-?\d+(?:\s+-?\d+)*)`\s*\|\s*$")
    with open(readme) as f:
        for line in f:
            m = row.match(line.strip())
            if not m:
                continue
            values = [int(v) for v in m.group(2).split()]
            output = struct.pack("%db" % len(values), *values)
            cases.append(dict(name=os.path.basename(m.group(1)), inputs=[read(os.path.join(base, m.group(1)))],
                              outputs=[output]))
    if not cases:
        sys.exit("embed_data.py: no sample rows found in %s" % readme)
    return [dict(group="demo", name=name, model=read(model_path), arena=-1, cases=cases)]


def speech_source(name, json_path, audio_dir):
    with open(json_path) as f:
        spec = json.load(f)
    cases = []
    for wav, c in spec["cases"].items():
        scores = struct.pack("%db" % len(c["scores_int8"]), *c["scores_int8"])
        cases.append(dict(name=wav, inputs=[read(os.path.join(audio_dir, wav))],
                          outputs=[scores, c["label"].encode("utf-8") + b"\0"]))
    if not cases:
        sys.exit("embed_data.py: %s lists no cases" % json_path)
    return [dict(group="e2e", name=name, model=b"", arena=-1, cases=cases)]


def oracle_source(path, per_group):
    data = read(path)
    if data[:8] not in (MAGIC, MAGIC_V2, MAGIC_V3):
        sys.exit("embed_data.py: %s is not a MOTEORC1, 2 or 3 case file" % path)
    v3 = data[:8] == MAGIC_V3
    v2 = v3 or data[:8] == MAGIC_V2
    pos = 8

    def u32():
        nonlocal pos
        (v,) = struct.unpack_from("<I", data, pos)
        pos += 4
        return v

    def blob():
        nonlocal pos
        n = u32()
        b = data[pos:pos + n]
        if len(b) != n:
            sys.exit("embed_data.py: %s is truncated" % path)
        pos += n
        return b

    count = u32()
    cases = []
    for _ in range(count):
        name = blob().decode("utf-8")
        refused = False
        if v2:
            expect = u32()
            blob()  # the reason TFLM refused, for the host test's log only
            if expect not in (EXPECT_OUTPUTS, EXPECT_REFUSED):
                sys.exit("embed_data.py: %s: case %r has unknown expectation %d" % (path, name, expect))
            refused = expect == EXPECT_REFUSED
        model = blob()
        steps = u32() if v3 else 1
        for step in range(steps):
            if v3:
                u32()  # flags: the first step's are 0
            ins = [blob() for _ in range(u32())]
            outs = [blob() for _ in range(u32())]
            if step == 0:
                inputs, outputs = ins, outs
        cases.append((name, model, inputs, outputs, refused))
    group = os.path.basename(path)[:-len(".cases")]
    if per_group and per_group < len(cases):
        picks = sorted({i * len(cases) // per_group for i in range(per_group)})
        cases = [cases[i] for i in picks]
    return [dict(group=group, name=n, model=m, arena=-1, cases=[dict(name=n, inputs=i, outputs=o, refused=r)])
            for n, m, i, o, r in cases]


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_bytes(b):
    if not b:
        return "{0}"
    lines = []
    for i in range(0, len(b), 24):
        lines.append(",".join(str(x) for x in b[i:i + 24]))
    return "{\n" + ",\n".join(lines) + "}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--per-group", type=int, default=0)
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()

    models = []
    for src in args.sources:
        kind, _, rest = src.partition(":")
        if kind == "golden":
            name, _, paths = rest.partition("=")
            model_path, data_dir = paths.split(",")
            models += golden_source(name, model_path, data_dir)
        elif kind == "demo":
            name, _, paths = rest.partition("=")
            model_path, readme = paths.split(",")
            models += demo_source(name, model_path, readme)
        elif kind == "model":
            name, _, model_path = rest.partition("=")
            models.append(dict(group="model", name=name, model=read(model_path), arena=-1, cases=[]))
        elif kind == "speech":
            name, _, paths = rest.partition("=")
            json_path, audio_dir = paths.split(",")
            models += speech_source(name, json_path, audio_dir)
        elif kind == "oracle":
            models += oracle_source(rest, args.per_group)
        else:
            sys.exit("embed_data.py: unknown source %r" % src)

    sym = args.symbol
    out = ["// Generated by targets/tools/embed_data.py; do not edit.", '#include "embedded_data.h"', "",
           "namespace {"]
    total = 0
    for mi, m in enumerate(models):
        out.append("alignas(16) const uint8_t m%d[] __attribute__((section(\".rodata.mote_model.%s_%d\"))) = %s;"
                   % (mi, sym, mi, c_bytes(m["model"])))
        total += len(m["model"])
        for ci, c in enumerate(m["cases"]):
            for kind in ("inputs", "outputs"):
                for k, b in enumerate(c[kind]):
                    out.append("alignas(16) const uint8_t m%d_c%d_%s%d[] __attribute__((section("
                               "\".rodata.mote_data.%s_%d_%d_%s%d\"))) = %s;"
                               % (mi, ci, kind[0], k, sym, mi, ci, kind[0], k, c_bytes(b)))
                    total += len(b)
                out.append("const mote_embed::Blob m%d_c%d_%s[] = {%s};" % (mi, ci, kind, ", ".join(
                    "{m%d_c%d_%s%d, %du}" % (mi, ci, kind[0], k, len(b)) for k, b in enumerate(c[kind]))
                    or "{nullptr, 0}"))
        if not m["cases"]:
            continue
        out.append("const mote_embed::Case m%d_cases[] = {%s};" % (mi, ", ".join(
            "{%s, %du, m%d_c%d_inputs, %du, m%d_c%d_outputs, %s}" % (
                c_string(c["name"]), len(c["inputs"]), mi, ci, len(c["outputs"]), mi, ci,
                "true" if c.get("refused") else "false")
            for ci, c in enumerate(m["cases"]))))
    out.append("const mote_embed::Model kModels[] = {")
    for mi, m in enumerate(models):
        out.append("    {%s, %s, {m%d, %du}, %du, %s, %d}," % (
            c_string(m["group"]), c_string(m["name"]), mi, len(m["model"]), len(m["cases"]),
            "m%d_cases" % mi if m["cases"] else "nullptr", m["arena"]))
    out.append("};")
    out.append("}  // namespace")
    out.append("")
    source = ", ".join(os.path.basename(s.split("=")[0].split(":")[-1]) for s in args.sources)
    out.append("extern const mote_embed::ModelSet %s;" % sym)
    out.append("const mote_embed::ModelSet %s = {kModels, %du, %s};" % (sym, len(models), c_string(
        "%d models, %d bytes (%s%s)" % (len(models), total, source,
                                        ", %d per group" % args.per_group if args.per_group else ""))))
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
