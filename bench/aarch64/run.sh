#!/usr/bin/env bash
# AArch64 benchmark: instructions per Invoke() under qemu-aarch64 (user mode) with the shared insncount TCG
# plugin (../shared/tools/qemu-cortex-m) for the five MLPerf Tiny / TFLM example models, at three kernel levels:
# reference, NEON (Armv8.0) and dot product (Armv8.2 SDOT). Prints a markdown table (docs/aarch64.md). Not part
# of CTest.
#
#   bash bench/aarch64/run.sh [--cpu max]     # QEMU core; "max" has every extension (dot product included)
#
# Builds the library with the aarch64 preset (build/aarch64, target mote only), links bench_main.cc against it
# -static -no-pie (fixed marker addresses for the plugin) into build/bench-aarch64/, and keeps the raw plugin
# output there. Needs g++-aarch64-linux-gnu and qemu-user; MOTE_SHARED_DIR overrides ../shared.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
shared="$(realpath -m "${MOTE_SHARED_DIR:-$root/../shared}")"
instrument="${QEMU_CORTEX_M_TOOL:-$shared/tools/qemu-cortex-m}"
cpu=max
while [[ $# -gt 0 ]]; do
  case $1 in
    --cpu) cpu=$2; shift ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=build/bench-aarch64
mkdir -p "$out/raw"

echo "== library (cmake --preset aarch64, target mote)" >&2
cmake --preset aarch64 >/dev/null
cmake --build --preset aarch64 -j2 --target mote >/dev/null
bin="$out/mote_bench_aarch64"
aarch64-linux-gnu-g++ -std=c++17 -O2 -static -no-pie -Isrc -Iinclude -Iinclude/compat -Ibuild/aarch64/generated \
  bench/aarch64/bench_main.cc build/aarch64/libmote.a -o "$bin"

plugin_dir="${QEMU_INSNCOUNT_DIR:-${TMPDIR:-/tmp}/qemu-insncount}"
plugin="$plugin_dir/libinsncount.so"
if [[ ! -f $plugin ]]; then
  mkdir -p "$plugin_dir"
  gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o "$plugin" "$instrument/plugin/insncount.c" \
    -I"$instrument/plugin"
fi
begin=$(aarch64-linux-gnu-nm "$bin" | awk '$3=="insn_region_begin"{print $1}')
end=$(aarch64-linux-gnu-nm "$bin" | awk '$3=="insn_region_end"{print $1}')

models="vww_96_int8 person_detect kws_ref_model ad01_int8 pretrainedResnet_quant"
echo "Instructions per Invoke(), qemu-aarch64 -cpu $cpu (insncount plugin), $(git rev-parse --short HEAD)"
echo
echo "| model | reference | NEON | dot product | reference / NEON | reference / dot product |"
echo "|---|---:|---:|---:|---:|---:|"
failed=0
for m in $models; do
  raw="$out/raw/$m-$cpu.txt"
  if ! qemu-aarch64 -cpu "$cpu" -plugin "$plugin,begin=0x$begin,end=0x$end,mode=insn,hist=0" \
      "$bin" "$shared/models/$m.tflite" "$shared/golden/$m" >"$raw" 2>&1; then
    echo "run.sh: $m failed (outputs differ from TFLM's or the run broke): see $raw" >&2
    failed=1
  fi
  mapfile -t n < <(awk '/^insncount: region/{print $5}' "$raw")
  if [[ ${#n[@]} -ne 3 ]]; then
    echo "run.sh: $m: expected 3 counted regions in $raw" >&2
    exit 1
  fi
  awk -v m="$m" -v r="${n[0]}" -v a="${n[1]}" -v d="${n[2]}" 'BEGIN {
    printf "| %s | %.2f M | %.2f M | %.2f M | %.1fx | %.1fx |\n", m, r / 1e6, a / 1e6, d / 1e6, r / a, r / d }'
done
echo
for m in $models; do grep -h "^bench:" "$out/raw/$m-$cpu.txt" | sed "s/^bench:/$m:/"; done
exit $failed
