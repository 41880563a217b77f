#!/usr/bin/env bash
# Instructions per second of audio of the micro_speech pipeline on Cortex-M4 (docs/micro-speech.md): builds the
# on-target micro_speech images of the cortex-m4 preset (targets/tests/micro_speech_app.cc: the float and the
# int8-features preprocessor, ../shared/audio's WAVs embedded) and runs each under the shared instrument
# (../shared/tools/qemu-cortex-m/run_qemu.sh --count). Each WAV counts three regions per kernel set: the
# preprocessor over its 49 frames (copy-in and feature quantization included), the keyword model's Invoke(), and
# one preprocessor Invoke() alone (the middle frame after a Reset()); the 2-instruction cost of an empty region is subtracted. Prints a markdown table; exit status 1 when an image
# fails (its outputs differ from TFLM's) or the instrument is missing.
#
#   bash bench/cortex_m/micro_speech.sh [float|int8]...      (default: float int8)
set -euo pipefail
cd "$(dirname "$0")/../.."
instrument=${MOTE_QEMU_INSTRUMENT:-../shared/tools/qemu-cortex-m}
[ -x "$instrument/run_qemu.sh" ] || { echo "micro_speech.sh: $instrument/run_qemu.sh not found"; exit 1; }
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(float int8)
cmake --preset cortex-m4 >/dev/null
targets=()
for v in "${variants[@]}"; do targets+=(--target "mote_target_micro_speech_$v"); done
cmake --build --preset cortex-m4 "${targets[@]}" >build/cortex-m4.micro_speech.log 2>&1 ||
  { tail -n 30 build/cortex-m4.micro_speech.log; exit 1; }
out=build/cortex-m4/micro_speech_counts
mkdir -p "$out"
for v in "${variants[@]}"; do
  elf=$(find build/cortex-m4 -name "mote_target_micro_speech_$v.elf" | head -n 1)
  "$instrument/run_qemu.sh" --count m4 "$elf" >"$out/$v.txt" 2>&1 || { cat "$out/$v.txt"; exit 1; }
done
python3 - "$out" "${variants[@]}" <<'PY'
import re, sys
out, variants = sys.argv[1], sys.argv[2:]
print("| preprocessor | kernels | WAV | preprocessor per frame | its Invoke() alone | keyword model per invoke "
      "| total per 1 s WAV |")
print("|---|---|---|---|---|---|---|")
for v in variants:
    text = open("%s/%s.txt" % (out, v)).read()
    names = {int(k): what for k, what in re.findall(r"^region (\d+): (.*)$", text, re.M)}
    counts = {int(k): int(n) - 2 for k, n in re.findall(r"insncount: region (\d+) insns (\d+)", text)}
    if not names or set(names) != set(counts):
        sys.exit("micro_speech.sh: %s: regions and counts do not match" % v)
    rows = {}
    for k in sorted(names):
        pass_, wav, *what = names[k].split()
        r = rows.setdefault((pass_, wav), {})
        if what[0] == "preprocessor":
            r["frames"] = int(what[2])
            r["pre"] = counts[k]
        elif what[0] == "invoke":
            r["invoke"] = counts[k]
        else:
            r["kws"] = counts[k]
    for (pass_, wav), r in rows.items():
        print("| %s | %s | %s | %.1f k | %.1f k | %.3f M | %.3f M |" % (
            v, pass_, wav, r["pre"] / r["frames"] / 1e3, r["invoke"] / 1e3, r["kws"] / 1e6,
            (r["pre"] + r["kws"]) / 1e6))
PY
