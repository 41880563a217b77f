#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus, fuzz/corpus/seeds/, from the project's own models.

  - models/demo/digits_int8.tflite and tests/models/*/model.tflite (whole models), and
  - small single-op models taken from the TFLM oracle cases, tests/oracle/data/*.cases (format in
    tools/oracle/oracle_lib.py): per group, up to PER_GROUP cases spread over the group's name order (so that
    types, activations and option variants are all represented), smallest models first within each slice.

The corpus is committed; rerun this after adding ops or oracle groups:  python3 fuzz/make_seeds.py
"""
import hashlib
import os
import shutil
import struct
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "fuzz", "corpus", "seeds")
PER_GROUP = 12
MAX_MODEL_BYTES = 16 * 1024


def read_cases(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] not in (b"MOTEORC1", b"MOTEORC2", b"MOTEORC3"):
        raise ValueError("%s: bad magic" % path)
    v3 = data[:8] == b"MOTEORC3"  # as MOTEORC2, with a step count and per invoke: flags, inputs, outputs
    v2 = v3 or data[:8] == b"MOTEORC2"  # each case carries an expectation and a reason after its name
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
        pos += n
        return b

    cases = []
    for _ in range(u32()):
        name = blob().decode("utf-8")
        if v2:
            u32()
            blob()
        model = blob()
        for _ in range(u32() if v3 else 1):
            if v3:
                u32()
            for _ in range(u32()):
                blob()
            for _ in range(u32()):
                blob()
        cases.append((name, model))
    return cases


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    written = 0
    for src, name in [("models/demo/digits_int8.tflite", "model_digits_int8.tflite")] + [
            ("tests/models/%s/model.tflite" % d, "model_%s.tflite" % d)
            for d in sorted(os.listdir(os.path.join(ROOT, "tests", "models")))]:
        shutil.copyfile(os.path.join(ROOT, src), os.path.join(OUT, name))
        written += 1
    data_dir = os.path.join(ROOT, "tests", "oracle", "data")
    for fname in sorted(os.listdir(data_dir)):
        if not fname.endswith(".cases"):
            continue
        group = fname[:-len(".cases")]
        cases = [c for c in read_cases(os.path.join(data_dir, fname)) if len(c[1]) <= MAX_MODEL_BYTES]
        cases.sort(key=lambda c: c[0])
        if not cases:
            continue
        # PER_GROUP slices of the name-ordered cases; the smallest model of each slice.
        picked = []
        for k in range(min(PER_GROUP, len(cases))):
            lo = k * len(cases) // PER_GROUP
            hi = max(lo + 1, (k + 1) * len(cases) // PER_GROUP)
            picked.append(min(cases[lo:hi], key=lambda c: len(c[1])))
        seen = set()
        for name, model in picked:
            digest = hashlib.sha1(model).hexdigest()[:12]
            if digest in seen:
                continue
            seen.add(digest)
            with open(os.path.join(OUT, "%s_%s.tflite" % (group, digest)), "wb") as f:
                f.write(model)
            written += 1
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print("fuzz/corpus/seeds: %d files, %d bytes" % (written, total))


if __name__ == "__main__":
    sys.exit(main())
