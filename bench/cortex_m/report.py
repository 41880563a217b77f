#!/usr/bin/env python3
"""Turns bench/cortex_m/run.sh's raw outputs into markdown tables next to TFLM's figures (issue #7).

    report.py RAW_DIR
RAW_DIR holds count-<core>-<model>.txt (QEMU output of the instruction-count images: insncount regions and
`bench:` lines) and footprint-<config>-<model>_<gen|all>.{txt,map} (the footprint images' output and link maps).
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import footprint  # noqa: E402

MODELS = ["vww_96_int8", "kws_ref_model", "ad01_int8", "pretrainedResnet_quant", "person_detect"]
CORES = ["m4", "m7", "m55"]
# TFLM at commit 90b983c2, Debian gcc 12.2, release build, same QEMU instrument (issue #7): instructions per Invoke,
# reference kernels / with CMSIS-NN, in millions.
TFLM = {
    "vww_96_int8": {"m4": (100.24, 24.10), "m7": (101.21, 24.03), "m55": (95.67, 6.56)},
    "kws_ref_model": {"m4": (43.04, 7.70), "m7": (43.61, 7.64), "m55": (41.92, 1.81)},
    "ad01_int8": {"m4": (1.95, 0.583), "m7": (1.95, 0.583), "m55": (1.69, 0.150)},
    "pretrainedResnet_quant": {"m4": (107.41, 29.86), "m7": (108.69, 30.02), "m55": (97.43, 4.91)},
    "person_detect": {"m4": (95.69, 22.93), "m7": (96.66, 22.72), "m55": (91.50, 6.51)},
}
TFLM_ARENA_M4 = {"vww_96_int8": 100660, "kws_ref_model": 22772, "ad01_int8": 2260, "pretrainedResnet_quant": 54340,
                 "person_detect": 82292}
TFLM_CODE_KB = (29, 38)  # core + kernels for these models, reference kernels (excluding model data and libc)


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def parse_count(path):
    text = read(path)
    regions = [int(n) for n in re.findall(r"insncount: region \d+ insns (\d+)", text)]
    info = {"regions": regions, "match": "DIFFER" not in text}
    m = re.search(r"bench: \S+ reference: arena (\d+) bytes(?: \(planned (\d+), persistent (\d+)\))?", text)
    info["arena"] = int(m.group(1)) if m else None
    info["arena_split"] = (int(m.group(2)), int(m.group(3))) if m and m.group(2) else None
    m = re.search(r"bench: \S+ reference: .*kernels: (.*)", text)
    info["ref_kernels"] = m.group(1).strip() if m else ""
    m = re.search(r"bench: \S+ optimized: arena .*kernels: (.*)", text)
    info["opt_kernels"] = m.group(1).strip() if m else None
    # Region 0 is reference; region 1 exists only when optimized kernels differ. An empty region costs 2.
    info["reference"] = regions[0] - 2 if regions else None
    info["optimized"] = regions[1] - 2 if len(regions) > 1 else None
    return info


def mega(n):
    return "%.2f M" % (n / 1e6) if n >= 1e7 else "%.3f M" % (n / 1e6)


def count_tables(raw):
    rows = []
    have_opt = False
    results = {}
    for model in MODELS:
        for core in CORES:
            path = os.path.join(raw, "count-%s-%s.txt" % (core, model))
            if os.path.exists(path):
                results[(model, core)] = parse_count(path)
                have_opt = have_opt or results[(model, core)]["optimized"] is not None
    if not results:
        return ""
    out = ["### Instructions per Invoke(), reference kernels (QEMU insncount)", "",
           "| model | " + " | ".join("%s mote / TFLM ref" % c.upper() for c in CORES) + " |",
           "|---|" + "---|" * len(CORES)]
    reached = []
    for model in MODELS:
        cells = []
        for core in CORES:
            r = results.get((model, core))
            if r is None or r["reference"] is None:
                cells.append("—")
                continue
            tflm = TFLM[model][core][0] * 1e6
            ratio = r["reference"] / tflm
            reached.append(ratio <= 1.0)
            cells.append("%s / %s (**%.2fx**)%s" % (mega(r["reference"]), mega(tflm), ratio,
                                                    "" if r["match"] else " OUTPUTS DIFFER"))
        out.append("| %s | %s |" % (model, " | ".join(cells)))
    out.append("")
    out.append("Ratio = mote / TFLM reference (below 1 is fewer instructions). Outputs of every counted run are "
               "compared with TFLM's golden outputs bit for bit.")
    if have_opt:
        out += ["", "### Optimized kernels (this build's DSP/Helium variants) vs TFLM + CMSIS-NN", "",
                "| model | " + " | ".join("%s mote opt / TFLM+CMSIS-NN" % c.upper() for c in CORES) + " |",
                "|---|" + "---|" * len(CORES)]
        for model in MODELS:
            cells = []
            for core in CORES:
                r = results.get((model, core))
                if r is None or r["optimized"] is None:
                    cells.append("same as reference" if r else "—")
                    continue
                tflm = TFLM[model][core][1] * 1e6
                cells.append("%s / %s (%.2fx)" % (mega(r["optimized"]), mega(tflm), r["optimized"] / tflm))
            out.append("| %s | %s |" % (model, " | ".join(cells)))
    out += ["", "### Arena (Cortex-M4, bytes)", "", "| model | mote | planned / persistent | TFLM | mote / TFLM |",
            "|---|---|---|---|---|"]
    for model in MODELS:
        r = results.get((model, "m4"))
        if r is None or r["arena"] is None:
            continue
        split = "%d / %d" % r["arena_split"] if r["arena_split"] else "?"
        out.append("| %s | %d | %s | %d | %.2fx |" % (model, r["arena"], split, TFLM_ARENA_M4[model],
                                                      r["arena"] / TFLM_ARENA_M4[model]))
    arena_ok = [results[(m, "m4")]["arena"] <= TFLM_ARENA_M4[m] for m in MODELS
                if (m, "m4") in results and results[(m, "m4")]["arena"] is not None]
    out.append("")
    out.append("Target: arena <= TFLM's: %s (%d of %d)." % ("reached" if arena_ok and all(arena_ok) else "NOT reached",
                                                         sum(arena_ok), len(arena_ok)))
    out.append("")
    out.append("Targets: instruction counts <= TFLM reference on every model and core: %s (%d of %d)." % (
        "reached" if all(reached) else "NOT reached", sum(reached), len(reached)))
    return "\n".join(out)


M0PLUS_TARGET = 2.5  # issue #23: >= 2.5x fewer instructions than mote's reference kernels on the same core


def m0plus_table(raw):
    """Cortex-M0+ (Armv6-M build, run on QEMU's Cortex-M3 board mps2-an385): reference vs the v6m variants."""
    results = {}
    for model in MODELS:
        path = os.path.join(raw, "count-m0plus-%s.txt" % model)
        if os.path.exists(path):
            results[model] = parse_count(path)
    if not results:
        return ""
    out = ["### Cortex-M0+: instructions per Invoke(), reference kernels vs the Armv6-M variants", "",
           "Built with `-mcpu=cortex-m0plus` (Armv6-M), run on QEMU's Cortex-M3 board `mps2-an385`: the same Armv6-M "
           "instruction stream, counted by the shared instrument (instructions, not M0+ cycles).", "",
           "| model | M0+ reference | M0+ v6m variants | reference / v6m |", "|---|---|---|---|"]
    reached = []
    for model in MODELS:
        r = results.get(model)
        if r is None or r["reference"] is None:
            continue
        if r["optimized"] is None:
            out.append("| %s | %s | same as reference | 1.00x |" % (model, mega(r["reference"])))
            reached.append(False)
            continue
        speedup = r["reference"] / r["optimized"]
        reached.append(speedup >= M0PLUS_TARGET)
        out.append("| %s | %s | %s | **%.2fx**%s |" % (model, mega(r["reference"]), mega(r["optimized"]), speedup,
                                                       "" if r["match"] else " OUTPUTS DIFFER"))
    out += ["", "Target: >= %.1fx fewer instructions than the reference on each model: %s (%d of %d)." % (
        M0PLUS_TARGET, "reached" if reached and all(reached) else "NOT reached", sum(reached), len(reached))]
    return "\n".join(out)


def footprint_tables(raw, src):
    members = footprint.op_of_member(src)
    maps = sorted(glob.glob(os.path.join(raw, "footprint-*.map")))
    if not maps:
        return ""
    configs = []
    data = {}
    for path in maps:
        m = re.match(r"footprint-([a-z0-9]+)-(.+)_(gen|all)\.map$", os.path.basename(path))
        if not m:
            continue
        config, model, resolver = m.groups()
        if config not in configs:
            configs.append(config)
        result = footprint.analyse(path, members)
        txt = read(path[:-4] + ".txt") if os.path.exists(path[:-4] + ".txt") else ""
        am = re.search(r"arena_used_bytes (\d+)", txt)
        result["arena_used"] = int(am.group(1)) if am else None
        result["match"] = "outputs match" in txt
        data[(config, model, resolver)] = result
    titles = {"o2": "-O2, error strings kept, reference kernels",
              "o2strip": "-O2, MOTE_STRIP_ERROR_STRINGS, reference kernels",
              "osstrip": "-Os, MOTE_STRIP_ERROR_STRINGS, reference kernels",
              "o2stripdsp": "-O2, MOTE_STRIP_ERROR_STRINGS, with the DSP kernel variants"}
    out = []
    models = [m for m in MODELS + ["digits_int8"] if any(k[1] == m for k in data)]
    code_ok = []
    for config in configs:
        out += ["", "### Footprint on Cortex-M4, %s (bytes)" % titles.get(config, config), "",
                "Flash = text + data, RAM = data + bss. *mote* is libmote.a plus mote templates instantiated in the "
                "application; *libc* is newlib-nano, libm and libgcc; *board+app* is startup, console, printf and "
                "main with its input/expected-output arrays. The arena column is what `arena_used_bytes()` reports on "
                "the target (the image reserves a larger buffer).", "",
                "| model | resolver | model data | mote code (flash) | mote RAM | libc (flash) | board+app (flash) | "
                "arena used | mote code vs TFLM 29-38 KB |",
                "|---|---|---|---|---|---|---|---|---|"]
        for model in models:
            for resolver in ("gen", "all"):
                r = data.get((config, model, resolver))
                if r is None:
                    continue
                c = r["categories"]

                def flash(cat):
                    t = c.get(cat, {})
                    return t.get("text", 0) + t.get("data", 0)

                mote_flash = flash("mote")
                mote_ram = c.get("mote", {}).get("data", 0) + c.get("mote", {}).get("bss", 0)
                verdict = ""
                if resolver == "gen":
                    ok = mote_flash <= TFLM_CODE_KB[1] * 1024
                    verdict = "%.1f KB%s" % (mote_flash / 1024.0, "" if ok else " (above)")
                    if config in ("o2strip", "osstrip"):
                        code_ok.append(ok)
                out.append("| %s | %s | %d | %d | %d | %d | %d | %s | %s |" % (
                    model, "generated" if resolver == "gen" else "all ops", flash("model"), mote_flash, mote_ram,
                    flash("libc"), flash("board") + flash("app") + flash("other"),
                    r["arena_used"] if r["arena_used"] is not None else "?", verdict or "—"))
    # Per-op flash cost from one all-ops image of the stripped -O2 build (the library code is the same for all).
    ref = next((data[k] for k in sorted(data) if k[0] == "o2strip" and k[2] == "all"), None) or \
        next((data[k] for k in sorted(data) if k[2] == "all"), None)
    if ref is not None:
        out += ["", "### Flash per op and per core component (all-ops image, Cortex-M4, -O2, stripped, reference "
                "kernels; bytes)", "",
                "| part | text | data | bss |", "|---|---|---|---|"]
        for g, t in sorted(ref["mote_groups"].items(), key=lambda kv: (not kv[0].startswith("op "), -kv[1]["text"])):
            out.append("| %s | %d | %d | %d |" % (g, t["text"], t["data"], t["bss"]))
    if code_ok:
        out += ["", "Target: mote code with the generated resolver <= TFLM's 38 KB for the same op set (stripped "
                "reference-kernel builds, -O2 and -Os): %s (%d of %d images)." % (
                    "reached" if all(code_ok) else "NOT reached", sum(code_ok), len(code_ok))]
    out += added_code_table(data, models)
    return "\n".join(out)


# What CMSIS-NN adds to TFLM's code for these models' op sets (issue #9), KB.
CMSIS_NN_ADDED_KB = (11, 43)


def added_code_table(data, models):
    """Flash the DSP variants add: the same stripped -O2 image with and without them (generated resolver)."""
    rows = []
    for model in models:
        ref, opt = data.get(("o2strip", model, "gen")), data.get(("o2stripdsp", model, "gen"))
        if ref is None or opt is None:
            continue
        code = lambda r: r["categories"].get("mote", {}).get("text", 0) + r["categories"].get("mote", {}).get("data", 0)
        rows.append((model, code(ref), code(opt)))
    if not rows:
        return []
    out = ["", "### Code the DSP variants add (Cortex-M4, -O2, stripped, generated resolver; bytes)", "",
           "| model | reference kernels | with DSP variants | added | CMSIS-NN adds to TFLM |", "|---|---|---|---|---|"]
    ok = []
    for model, ref, opt in rows:
        added = opt - ref
        ok.append(added <= CMSIS_NN_ADDED_KB[1] * 1024)
        out.append("| %s | %d | %d | %.1f KB | %d-%d KB |" % (model, ref, opt, added / 1024.0, *CMSIS_NN_ADDED_KB))
    out += ["", "Target: added code <= what CMSIS-NN adds: %s (%d of %d models)." % (
        "reached" if all(ok) else "NOT reached", sum(ok), len(ok))]
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    raw = sys.argv[1]
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    print(count_tables(raw))
    print(m0plus_table(raw))
    print(footprint_tables(raw, src))


if __name__ == "__main__":
    main()
