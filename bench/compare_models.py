#!/usr/bin/env python3
"""Side-by-side model benchmark: mote vs TFLM vs LiteRT (XNNPACK, 1 thread), interleaved in one session.

For each model, `--rounds` rounds run, one after the other:
  mote    `mote run MODEL --bench --runs N --warmup W` as a subprocess (its own min/median per round parsed
          from the "bench:" line; Invoke() only, inputs refilled between runs outside the timed region)
  TFLM    the tflite_micro Python runtime (`pip install tflite-micro`, reference kernels), invoke() timed
          in-process with time.perf_counter_ns, N times after W warm-up calls
  LiteRT  ai_edge_litert's Interpreter, num_threads=1, default delegates (XNNPACK), timed like TFLM
All three get the golden input (/work/shared/golden/<model>/input0.bin, the bytes `mote run` generates), set
before every invoke outside the timed region. Per runtime: min = the lowest round minimum, median = the
median of the round medians.

Also printed per model: TFLM/mote and LiteRT/mote latency ratios (on min and on median), arena bytes (mote:
`mote inspect --json`'s arena_bytes; TFLM: the golden meta.json's tflm_arena_used_bytes), instructions per
inference from callgrind (mote: instructions inside MicroInterpreter::Invoke over `mote run --bench --runs
N` minus a plain `mote run`'s single Invoke, divided by N; TFLM: the same with its Python runtime, and the
figures issue #6 measured on the lead's TFLM build), and whether mote's output is bit-exact with TFLM's
golden output.

LiteRT refuses person_detect as shipped (quantized_dimension 3 on 1-D bias tensors and single-scale tensors);
the benchmark gives LiteRT an in-memory copy with quantized_dimension reset to 0 there (the only dimension of a
1-D tensor; meaningless with one scale), and says so.

With --xnnpack, a fourth runtime joins every round: mote + XNNPACK (`mote run MODEL --delegate xnnpack --threads 1
--bench`, the mote::XnnpackDelegate), beside LiteRT + XNNPACK; its largest |difference| from the oracle's
output0 (TFLM's golden output; LiteRT's for float16-weight models) is printed too. --float-models benchmarks the
float models (the project's tests/models/*float32*, small_cnn_float16, and ../shared's hello_world_float)
instead of the int8 MLPerf Tiny set; ../shared has no float MLPerf Tiny models. --xnnpack-int8 runs that column with
`mote run --xnnpack-int8` (int8 nodes through XNNPACK as well; its difference is then in quantization steps).

Usage (see docs/benchmarks.md):
  .venv/bin/python bench/compare_models.py --mote build/release/mote [--rounds 5] [--runs 200]
      [--markdown] [--no-callgrind] [--models vww_96_int8,ad01_int8] [--xnnpack | --xnnpack-int8] [--float-models]
Exit status: 0, or 1 when a runtime failed or mote's output differs from TFLM's golden output.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_MODELS = ["vww_96_int8", "pretrainedResnet_quant", "kws_ref_model", "ad01_int8", "person_detect"]

# TFLM reference kernels on this machine, as issue #6 reports them: (million instructions, min ms).
ISSUE_TFLM = {
    "vww_96_int8": (121.1, 9.9),
    "pretrainedResnet_quant": (132.8, 11.9),
    "kws_ref_model": (49.9, 3.8),
    "ad01_int8": (2.5, 0.20),
    "person_detect": (116.4, 9.5),
}

FLOAT_MODELS = ["hello_world_float", "small_cnn_float32", "small_cnn_float16", "mnv2_digits_float32",
                "mnv3_block_float32", "act_mlp_float32", "upsample_seg_float32", "ssd_shapes_float32",
                "attention_tokens_float32", "lstm_classifier_float32", "sensor_anomaly_float32"]
TEST_MODELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "models")
XNNPACK_ARGS = ["--delegate", "xnnpack", "--threads", "1"]

BENCH_RE = re.compile(r"bench: .* min ([0-9.]+) ms, median ([0-9.]+) ms")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---- mote -------------------------------------------------------------------------------------------------

def mote_bench(mote, model, runs, warmup, extra=()):
    out = subprocess.run([mote, "run", model, "--bench", "--runs", str(runs), "--warmup", str(warmup)] + list(extra),
                         capture_output=True, text=True, check=True).stdout
    m = BENCH_RE.search(out)
    if not m:
        raise RuntimeError("no bench line in mote's output:\n" + out)
    return float(m.group(1)), float(m.group(2))


def mote_arena(mote, model):
    out = subprocess.run([mote, "inspect", "--json", model], capture_output=True, text=True, check=True).stdout
    return int(json.loads(out)["arena_bytes"])


def mote_variants(mote, model):
    out = subprocess.run([mote, "inspect", "--json", model], capture_output=True, text=True, check=True).stdout
    variants = sorted({n["variant"] for n in json.loads(out)["nodes"]})
    return variants


def mote_output_matches(mote, model, golden_dir):
    golden = os.path.join(golden_dir, "output0.bin")
    if not os.path.exists(golden):
        return None
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([mote, "run", model, "-o", d], capture_output=True, text=True, check=True)
        produced = os.path.join(d, "output0.bin")
        with open(produced, "rb") as a, open(golden, "rb") as b:
            return a.read() == b.read()


def mote_max_difference(mote, model, golden_dir, extra=(), dtype="FLOAT32"):
    """Largest |mote output0 - oracle output0| (float32 outputs; int8 ones in quantization steps), or None without
    a golden output."""
    import numpy as np
    golden = os.path.join(golden_dir, "output0.bin")
    if not os.path.exists(golden):
        return None
    with tempfile.TemporaryDirectory() as d:
        cmd = [mote, "run", model, "-o", d] + list(extra)
        inp = os.path.join(golden_dir, "input0.bin")
        if os.path.exists(os.path.join(golden_dir, "input1.bin")):
            return None  # several inputs: `mote run` would need every one; not compared
        if os.path.exists(inp):
            cmd += ["-i", inp]
        subprocess.run(cmd, capture_output=True, text=True, check=True)
        np_type = {"FLOAT32": np.float32, "INT8": np.int8}.get(dtype.upper())
        if np_type is None:
            return None
        a = np.fromfile(os.path.join(d, "output0.bin"), dtype=np_type).astype(np.float64)
        b = np.fromfile(golden, dtype=np_type).astype(np.float64)
        return float(np.max(np.abs(a - b))) if a.size == b.size and a.size else None


def callgrind_total(cmd):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                       capture_output=True, text=True, check=True)
        with open(out) as f:
            for line in f:
                if line.startswith("summary:"):
                    return int(line.split()[1])
    raise RuntimeError("callgrind wrote no summary")


def mote_instructions(mote, model, runs):
    toggle = "--toggle-collect=mote::MicroInterpreter::Invoke()"
    base = callgrind_total([toggle, mote, "run", model])  # one Invoke
    more = callgrind_total([toggle, mote, "run", model, "--bench", "--runs", str(runs), "--warmup", "0"])
    return (more - base) / runs


def tflm_instructions(model, runs):
    script = ("import sys\n"
              "from tflite_micro.python.tflite_micro import runtime\n"
              "it = runtime.Interpreter.from_bytes(open(sys.argv[1], 'rb').read())\n"
              "for _ in range(int(sys.argv[2])): it.invoke()\n")
    toggle = "--toggle-collect=tflite::micro::MicroInterpreter::Invoke()"
    base = callgrind_total([toggle, sys.executable, "-c", script, model, "1"])
    more = callgrind_total([toggle, sys.executable, "-c", script, model, str(runs + 1)])
    return (more - base) / runs


# ---- TFLM and LiteRT (in-process) -------------------------------------------------------------------------

def read_input(golden_dir, dtype, shape):
    import numpy as np
    with open(os.path.join(golden_dir, "input0.bin"), "rb") as f:
        return np.frombuffer(f.read(), dtype=dtype).reshape(shape).copy()


def time_calls(prepare, call, runs, warmup):
    for _ in range(warmup):
        prepare()
        call()
    samples = []
    for _ in range(runs):
        prepare()
        t0 = time.perf_counter_ns()
        call()
        samples.append((time.perf_counter_ns() - t0) / 1e6)
    return min(samples), statistics.median(samples)


class Tflm:
    def __init__(self, model_bytes, golden_dir, meta):
        from tflite_micro.python.tflite_micro import runtime
        import numpy as np
        self.it = runtime.Interpreter.from_bytes(model_bytes)
        spec = meta["inputs"][0]
        self.x = read_input(golden_dir, np.dtype(spec["dtype"].lower()), spec["shape"])

    def bench(self, runs, warmup):
        return time_calls(lambda: self.it.set_input(self.x, 0), self.it.invoke, runs, warmup)


def litert_loadable_copy(model_bytes):
    """Returns (bytes, changed): quantized_dimension set to 0 where it names no dimension of the tensor or
    the tensor has a single scale (where it means nothing either way)."""
    import tflite
    buf = bytearray(model_bytes)
    model = tflite.Model.GetRootAsModel(buf, 0)
    changed = 0
    for s in range(model.SubgraphsLength()):
        g = model.Subgraphs(s)
        for t in range(g.TensorsLength()):
            tensor = g.Tensors(t)
            q = tensor.Quantization()
            if q is None or q.QuantizedDimension() == 0:
                continue
            if q.ScaleLength() > 1 and q.QuantizedDimension() < tensor.ShapeLength():
                continue
            o = q._tab.Offset(16)  # QuantizationParameters field 6: quantized_dimension
            pos = q._tab.Pos + o
            buf[pos:pos + 4] = (0).to_bytes(4, "little")
            changed += 1
    return bytes(buf), changed


class LiteRt:
    def __init__(self, model_bytes, golden_dir, meta):
        from ai_edge_litert import interpreter as lr
        import numpy as np
        self.note = ""
        try:
            self.it = lr.Interpreter(model_content=model_bytes, num_threads=1)
        except ValueError:
            patched, changed = litert_loadable_copy(model_bytes)
            self.it = lr.Interpreter(model_content=patched, num_threads=1)
            self.note = ("LiteRT refuses the model as shipped; ran a copy with quantized_dimension reset to 0 on "
                         "%d tensors (1-D or single-scale)" % changed)
        self.it.allocate_tensors()
        d = self.it.get_input_details()[0]
        self.index = d["index"]
        self.x = read_input(golden_dir, d["dtype"], d["shape"])

    def bench(self, runs, warmup):
        return time_calls(lambda: self.it.set_tensor(self.index, self.x), self.it.invoke, runs, warmup)


# ---- report -----------------------------------------------------------------------------------------------

def fmt_ms(v):
    return "—" if v is None else ("%.4f" % v if v < 1 else "%.3f" % v)


def fmt_ratio(a, b):
    return "—" if a is None or b is None or b == 0 else "%.1fx" % (a / b)


def fmt_m(v):
    return "—" if v is None else ("%.2f M" % (v / 1e6) if v < 1e7 else "%.1f M" % (v / 1e6))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mote", default=None, help="mote executable (default: build/release/mote, then PATH)")
    ap.add_argument("--models-dir", default="/work/shared/models")
    ap.add_argument("--golden-dir", default="/work/shared/golden")
    ap.add_argument("--models", default=",".join(DEFAULT_MODELS))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=200, help="timed invokes per runtime per round")
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--tflm-runs", type=int, default=None, help="timed TFLM invokes per round (default: runs/4)")
    ap.add_argument("--callgrind-runs", type=int, default=5)
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--xnnpack", action="store_true", help="add mote + XNNPACK (mote run --delegate xnnpack)")
    ap.add_argument("--xnnpack-int8", action="store_true",
                    help="the mote + XNNPACK column with --xnnpack-int8 (int8 nodes too; not bit-exact)")
    ap.add_argument("--float-models", action="store_true",
                    help="the float models (tests/models/*float*, hello_world_float) instead of --models")
    args = ap.parse_args()
    xnnpack_args = XNNPACK_ARGS + (["--xnnpack-int8"] if args.xnnpack_int8 else [])
    args.xnnpack = args.xnnpack or args.xnnpack_int8

    here = os.path.dirname(os.path.abspath(__file__))
    mote = args.mote or os.path.join(here, "..", "build", "release", "mote")
    if not os.path.exists(mote):
        mote = shutil.which("mote")
    if not mote:
        sys.exit("compare_models.py: mote executable not found (use --mote)")
    tflm_runs = args.tflm_runs or max(10, args.runs // 4)
    callgrind = not args.no_callgrind and shutil.which("valgrind") is not None

    rows, notes, failed = [], [], False
    names = FLOAT_MODELS if args.float_models else [m for m in args.models.split(",") if m]
    for name in names:
        model = os.path.join(args.models_dir, name + ".tflite")
        golden = os.path.join(args.golden_dir, name)
        if os.path.isdir(os.path.join(TEST_MODELS_DIR, name)):  # the project's own models: model + oracle data
            golden = os.path.join(TEST_MODELS_DIR, name)
            model = os.path.join(golden, "model.tflite")
        if not os.path.exists(model):
            notes.append("%s: not found (%s); skipped." % (name, model))
            continue
        with open(model, "rb") as f:
            model_bytes = f.read()
        with open(os.path.join(golden, "meta.json")) as f:
            meta = json.load(f)
        log("== %s" % name)
        tflm = None
        try:
            tflm = Tflm(model_bytes, golden, meta)
        except Exception as e:  # noqa: BLE001 - reported, not fatal
            notes.append("%s: TFLM failed: %s" % (name, str(e).splitlines()[0][:160]))
        litert = None
        try:
            litert = LiteRt(model_bytes, golden, meta)
            if litert.note:
                notes.append("%s: %s." % (name, litert.note))
        except Exception as e:  # noqa: BLE001 - reported, not fatal
            notes.append("%s: LiteRT failed: %s" % (name, str(e).splitlines()[0][:160]))
        res = {"mote": [], "tflm": [], "litert": [], "xnn": []}
        for r in range(args.rounds):
            res["mote"].append(mote_bench(mote, model, args.runs, args.warmup))
            if args.xnnpack:
                res["xnn"].append(mote_bench(mote, model, args.runs, args.warmup, xnnpack_args))
            if tflm is not None:
                res["tflm"].append(tflm.bench(tflm_runs, max(1, args.warmup // 4)))
            if litert is not None:
                res["litert"].append(litert.bench(args.runs, args.warmup))
            log("  round %d: mote %.4f  mote+XNNPACK %s  TFLM %s  LiteRT %s ms (min)" %
                (r + 1, res["mote"][-1][0], "%.4f" % res["xnn"][-1][0] if res["xnn"] else "—",
                 "%.3f" % res["tflm"][-1][0] if res["tflm"] else "—",
                 "%.4f" % res["litert"][-1][0] if res["litert"] else "—"))

        def summary(key):
            if not res[key]:
                return None, None
            return min(m for m, _ in res[key]), statistics.median(md for _, md in res[key])

        row = {"model": name}
        row["mote_min"], row["mote_med"] = summary("mote")
        row["tflm_min"], row["tflm_med"] = summary("tflm")
        row["litert_min"], row["litert_med"] = summary("litert")
        row["xnn_min"], row["xnn_med"] = summary("xnn")
        out_dtype = meta["outputs"][0]["dtype"] if meta.get("outputs") else "FLOAT32"
        row["xnn_diff"] = mote_max_difference(mote, model, golden, xnnpack_args, out_dtype) if args.xnnpack else None
        row["mote_arena"] = mote_arena(mote, model)
        row["tflm_arena"] = meta.get("tflm_arena_used_bytes")
        # Float models are compared within a tolerance (the XNNPACK column's max |difference|), not bit for bit.
        is_float = meta["outputs"][0]["dtype"].upper() == "FLOAT32" if meta.get("outputs") else False
        row["exact"] = None if is_float else mote_output_matches(mote, model, golden)
        if row["exact"] is False:
            failed = True
        row["mote_instr"] = row["tflm_instr"] = None
        if callgrind:
            log("  callgrind ...")
            row["mote_instr"] = mote_instructions(mote, model, args.callgrind_runs)
            try:
                row["tflm_instr"] = tflm_instructions(model, max(1, args.callgrind_runs // 2))
            except Exception as e:  # noqa: BLE001
                notes.append("%s: TFLM callgrind failed: %s" % (name, e))
        row["issue_instr"], row["issue_ms"] = ISSUE_TFLM.get(name, (None, None))
        row["variants"] = mote_variants(mote, model)
        rows.append(row)

    # ---- print --------------------------------------------------------------------------------------------
    header = ["model", "mote min", "mote med", "TFLM min", "TFLM med", "LiteRT min", "LiteRT med",
              "TFLM/mote", "LiteRT/mote", "arena mote", "arena TFLM", "instr/inf mote", "instr/inf TFLM",
              "TFLM (issue)", "bit-exact"]
    if args.xnnpack:
        header[7:7] = ["mote+XNN min", "mote+XNN med", "LiteRT/mote+XNN", "XNN max abs diff"]
    table = []
    for r in rows:
        table.append([
            r["model"], fmt_ms(r["mote_min"]), fmt_ms(r["mote_med"]), fmt_ms(r["tflm_min"]), fmt_ms(r["tflm_med"]),
            fmt_ms(r["litert_min"]), fmt_ms(r["litert_med"]),
            "%s / %s" % (fmt_ratio(r["tflm_min"], r["mote_min"]), fmt_ratio(r["tflm_med"], r["mote_med"])),
            "%s / %s" % (fmt_ratio(r["litert_min"], r["mote_min"]), fmt_ratio(r["litert_med"], r["mote_med"])),
            str(r["mote_arena"]), str(r["tflm_arena"]), fmt_m(r["mote_instr"]), fmt_m(r["tflm_instr"]),
            "%.1f M, %.2f ms" % (r["issue_instr"], r["issue_ms"]) if r["issue_instr"] else "—",
            {True: "yes", False: "NO", None: "—"}[r["exact"]]])
        if args.xnnpack:
            table[-1][7:7] = [fmt_ms(r["xnn_min"]), fmt_ms(r["xnn_med"]),
                              "%s / %s" % (fmt_ratio(r["litert_min"], r["xnn_min"]),
                                           fmt_ratio(r["litert_med"], r["xnn_med"])),
                              "—" if r["xnn_diff"] is None else "%.2g" % r["xnn_diff"]]
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    stamp = datetime.date.today().isoformat()
    print("Measured %s on %s (%d CPUs), %d rounds x %d runs (TFLM %d), latencies in ms; ratios on min / median."
          % (stamp, cpu, os.cpu_count() or 0, args.rounds, args.runs, tflm_runs))
    if args.markdown:
        print()
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for t in table:
            print("| " + " | ".join(t) + " |")
    else:
        widths = [max(len(h), *(len(t[i]) for t in table)) for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for t in table:
            print("  ".join(c.ljust(w) for c, w in zip(t, widths)))
    print()
    for r in rows:
        print("%s: mote variants %s" % (r["model"], ", ".join(r["variants"])))
    for n in notes:
        print("note: " + n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
