#!/usr/bin/env python3
"""Flash/RAM footprint of a bare-metal mote image from its GNU ld link map (stdlib only).

    footprint.py [--json] [--src SOURCE_DIR] IMAGE.map [IMAGE.map ...]

Every allocated input section of the map is attributed to one category and to text (code and read-only data,
in flash), data (initialised RAM, also stored in flash) or bss (zeroed RAM):
    model   the model bytes (.rodata.mote_model.*, targets/tools/embed_data.py)
    mote    mote's library (libmote.a members) and mote templates instantiated in the application's objects
    libc    the toolchain's runtime libraries (newlib-nano libc and libm, libgcc, libstdc++/libsupc++)
    board   the board layer (targets/board: startup, console, printf, timer)
    app     the application's own code and data (main, test input and expected output arrays)
    arena   the tensor arena buffer (.bss.mote_arena*; its size is what the image reserves)
    other   alignment padding and linker-generated sections
The mote category is further split per op (src/kernels/<op>/ objects), shared kernel helpers and the core.
"""
import argparse
import glob
import json
import os
import re
import sys

OUTPUT_KIND = {".vectors": "text", ".text": "text", ".ARM.extab": "text", ".ARM.exidx": "text", ".data": "data",
               ".bss": "bss"}
RUNTIME_LIBS = ("libc_nano.a", "libc.a", "libm.a", "libgcc.a", "libstdc++_nano.a", "libstdc++.a",
                "libsupc++_nano.a", "libsupc++.a", "libnosys.a", "libg_nano.a", "librdimon")


def parse_map(path):
    """Yields (output_section, input_section, size, object) for allocated input sections.

    Sizes are taken from the addresses: the linker merges identical strings across .str sections after the map
    lists their original sizes, so an entry's size is capped at the distance to the next entry (and to the end
    of its output section); the totals then equal the output sections' sizes."""
    with open(path, errors="replace") as f:
        lines = f.read().split("\n")
    try:
        start = lines.index("Linker script and memory map")
    except ValueError:
        sys.exit("footprint.py: %s is not a GNU ld map file" % path)
    sections = {}  # output section -> (address, size, [(address, size, input section, object)])
    out_sec = None
    pending = None  # input section name whose address/size are on the next line
    single = re.compile(r"^ (\S+)\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s*(\S.*)?$")
    cont = re.compile(r"^\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s*(\S.*)?$")
    header = re.compile(r"^(\.\S+|/DISCARD/)(?:\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+))?")
    header_pending = None
    for line in lines[start + 1:]:
        if line.startswith("OUTPUT("):
            break
        if header_pending is not None:
            m = cont.match(line)
            if m:
                sections[header_pending] = (int(m.group(1), 16), int(m.group(2), 16), [])
            header_pending = None
            continue
        m = header.match(line)
        if m and not line.startswith(" "):
            out_sec = m.group(1)
            pending = None
            if out_sec in OUTPUT_KIND:
                if m.group(2):
                    sections[out_sec] = (int(m.group(2), 16), int(m.group(3), 16), [])
                else:
                    header_pending = out_sec
            continue
        if out_sec not in sections:
            continue
        entries = sections[out_sec][2]
        if line.startswith(" *fill*"):
            parts = line.split()
            if len(parts) >= 3:
                entries.append((int(parts[1], 16), int(parts[2], 16), "*fill*", ""))
            continue
        m = single.match(line)
        if m and not line.startswith(" *"):
            entries.append((int(m.group(2), 16), int(m.group(3), 16), m.group(1), (m.group(4) or "").strip()))
            pending = None
            continue
        if pending is not None:
            m = cont.match(line)
            if m:
                entries.append((int(m.group(1), 16), int(m.group(2), 16), pending, (m.group(3) or "").strip()))
            pending = None
            continue
        if line.startswith(" ") and not line.startswith("  ") and not line.startswith(" *"):
            name = line.strip()
            if name and " " not in name:
                pending = name
    for out_sec, (base, total, entries) in sections.items():
        entries = [e for e in entries if e[1] > 0]
        entries.sort(key=lambda e: e[0])
        end = base + total
        for i, (addr, size, in_sec, obj) in enumerate(entries):
            limit = entries[i + 1][0] if i + 1 < len(entries) else end  # same address: merged away, 0 bytes
            yield out_sec, in_sec, max(0, min(size, limit - addr)), obj


# The folders of src/kernels/ that are shared code, not ops (docs/adding-an-op.md, section 3).
KERNEL_HELPER_FOLDERS = ("glue", "quantization", "dispatch", "simd")


def op_of_member(src_dir):
    """Archive member name ("conv_2d.cc.obj") -> group ("op conv_2d", "kernel helpers", "core interpreter"...)."""
    table = {}
    for path in glob.glob(os.path.join(src_dir, "src", "**", "*.cc"), recursive=True):
        rel = os.path.relpath(path, os.path.join(src_dir, "src")).split(os.sep)
        base = os.path.basename(path)
        if rel[0] == "kernels" and len(rel) == 3 and rel[1] not in KERNEL_HELPER_FOLDERS:
            group = "op " + rel[1]
        elif rel[0] == "kernels":
            group = "kernel helpers"
        else:
            group = "core " + rel[0]
        table[base + ".obj"] = group
        table[base + ".o"] = group
    return table


def classify(out_sec, in_sec, obj, members):
    if in_sec.startswith(".bss.mote_arena"):
        return "arena", None
    if in_sec.startswith(".rodata.mote_model"):
        return "model", None
    if in_sec == "*fill*" or not obj:
        return "other", None
    m = re.search(r"([^/\s]+\.a)\(([^)]+)\)", obj)
    if m:
        lib, member = m.group(1), m.group(2)
        if lib == "libmote.a":
            return "mote", members.get(member, "core other")
        if lib.startswith(RUNTIME_LIBS) or "newlib" in obj or "gcc/arm-none-eabi" in obj:
            return "libc", None
        return "other", None
    if "/lib/gcc/arm-none-eabi/" in obj or "arm-none-eabi/lib" in obj:
        return "libc", None  # crt objects
    if "mote_board.dir" in obj:
        return "board", None
    if "4mote" in in_sec:  # mote templates and inline functions instantiated in the application's objects
        return "mote", "inline/templates in the application"
    return "app", None


def analyse(path, members):
    totals = {}
    groups = {}
    for out_sec, in_sec, size, obj in parse_map(path):
        if size == 0:
            continue
        kind = OUTPUT_KIND[out_sec]
        cat, group = classify(out_sec, in_sec, obj, members)
        totals.setdefault(cat, {"text": 0, "data": 0, "bss": 0})[kind] += size
        if group:
            groups.setdefault(group, {"text": 0, "data": 0, "bss": 0})[kind] += size
    return {"map": path, "categories": totals, "mote_groups": groups}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("maps", nargs="+")
    args = ap.parse_args()
    members = op_of_member(args.src)
    results = [analyse(m, members) for m in args.maps]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for r in results:
        print("%s" % r["map"])
        for cat in ("model", "mote", "libc", "board", "app", "arena", "other"):
            t = r["categories"].get(cat)
            if t:
                print("  %-6s text %7d  data %6d  bss %8d" % (cat, t["text"], t["data"], t["bss"]))
        for g, t in sorted(r["mote_groups"].items(), key=lambda kv: -sum(kv[1].values())):
            print("    %-40s text %7d  data %6d  bss %6d" % (g, t["text"], t["data"], t["bss"]))


if __name__ == "__main__":
    main()
